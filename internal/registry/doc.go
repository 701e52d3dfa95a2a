// Package registry builds engines by name: it wraps the in-house evaluators
// (the §18.5 reference, as "reference"; the fast evaluator, as "engine" in
// engine.go) and will construct the external adapters, all as oracle.Engine.
//
// The reference wrapper parses with algebra.Parse (a parse or static error
// becomes oracle.ErrRejected), evaluates with reference.Eval over the case's
// Dataset and Sources, and converts the Result into a results.Answer,
// attaching results.Freedom when the query leaves an order, a cardinality
// (REDUCED) or a value (SAMPLE, RAND...) open. Errors are mapped onto the
// typed errors of package oracle: budget → ErrBudget, deadline → ErrTimeout,
// SERVICE → ErrUnsupported, anything else → ErrQueryError. The engine
// wrapper does the same through the same toAnswer (engine.Result has
// reference.Result's fields) but attaches no Freedom: it is under test.
//
// To add an engine: write its constructor (in its own file) and add it to
// the constructors map in registry.go under the name ARCHITECTURE.md gives it;
// Names and New, and so `oracle w3c --engine NAME`, pick it up.
//
// Besides oracle, reference and engine this package imports algebra (to
// parse for the reference), results, rdf and ops (for ops.ErrBudget).
package registry
