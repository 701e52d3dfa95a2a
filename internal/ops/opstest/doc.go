// Package opstest holds the checks both in-house evaluators (the reference
// and the fast engine) must pass, written once and run against each, in
// the manner of a conformance kit: each evaluator's test calls the check
// with its own Eval.
//
// How to change it: a bound that both evaluators share (ops.Options) gets
// its check here, as one more subtest of the function that groups its kind
// (Budget); an evaluator-specific check stays in that evaluator's package.
package opstest
