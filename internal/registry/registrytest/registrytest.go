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

import (
	"testing"

	"github.com/sparql-oracle/oracle/internal/engine"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/reference"
	"github.com/sparql-oracle/oracle/internal/registry"
)

// Fast is the fast evaluator as the registry builds it ("engine").
func Fast() oracle.Engine { return registry.Engine(engine.Options{}) }

// Reference is the reference as the registry builds it (the judge),
// within maxSteps (reference.Options.MaxSteps; 0 is its default budget).
func Reference(maxSteps int64) oracle.Engine {
	return registry.Reference(reference.Options{MaxSteps: maxSteps})
}

// Built is the engines of names, each built as oracle diff builds it
// (registry.New) and closed when t ends; a name the registry cannot build
// fails t.
func Built(t testing.TB, names ...string) []oracle.Engine {
	t.Helper()
	out := make([]oracle.Engine, 0, len(names))
	for _, n := range names {
		e, err := registry.New(n)
		if err != nil {
			t.Fatalf("%s: %v", n, err)
		}
		t.Cleanup(func() { registry.Close(e) })
		out = append(out, e)
	}
	return out
}
