package triage_test

import (
	"testing"

	"github.com/sparql-oracle/oracle/internal/engine"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/reference"
	"github.com/sparql-oracle/oracle/internal/registry"
)

// fast is the fast engine as the registry builds it ("engine").
func fast() oracle.Engine { return registry.Engine(engine.Options{}) }

// ref is the reference as the registry builds it, within maxSteps
// (reference.Options; 0 is its default budget).
func ref(maxSteps int64) oracle.Engine {
	return registry.Reference(reference.Options{MaxSteps: maxSteps})
}

// built is the engines of names, each built as oracle diff builds it
// (registry.New, which follows the active config) and closed when t ends;
// a name the registry cannot build fails t.
func built(t *testing.T, names ...string) []oracle.Engine {
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
