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
