package engine_test

import (
	"flag"
	"testing"

	"github.com/sparql-oracle/oracle/internal/corpus"
	"github.com/sparql-oracle/oracle/internal/engine"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/registry"
)

var genCases = flag.Int("gen", 300, "number of corpus.Generate cases per profile in TestGeneratedEquivalence")

// TestGeneratedEquivalence holds the engine to the reference on the
// project's case generator (corpus.Generate), every profile.
func TestGeneratedEquivalence(t *testing.T) {
	ref := judge(t)
	eng := registry.Engine(engine.Options{Seed: 1})
	for _, name := range []string{"default", "nondet", "large"} {
		p, err := corpus.ProfileByName(name)
		if err != nil {
			t.Fatalf("profile %s: %v", name, err)
		}
		failed := 0
		for seed := int64(1); seed <= int64(*genCases); seed++ {
			gc := corpus.Generate(seed, p)
			c := &oracle.Case{Name: "err_" + gc.Name(), Query: gc.Query, Dataset: gc.Dataset()}
			t.Run(gc.Name(), func(t *testing.T) {
				if compareEngines(t, ref, eng, c, gc.Name(), 0) {
					failed++
				}
				if t.Failed() {
					t.Logf("query:\n%s\ndata:\n%s", gc.Query, gc.NQuads())
				}
			})
		}
		t.Logf("profile %s: %d cases, %d failed in both", name, *genCases, failed)
	}
}
