// Package registrytest builds, for tests, the engines a test runs on as
// the registry builds them: the in-house evaluators with the options a
// test sets (Fast, Reference), and any engine by name as oracle diff
// builds it (Built: registry.New, which follows the active config, each
// engine closed when the test ends). Tests of other packages take their
// engines here instead of wiring registry, reference and engine options
// each time.
//
// How to change it: a new way a test gets an engine (another option of
// an in-house evaluator, a skip when it is not installed) is a function
// here, used by the tests that wanted it.
package registrytest
