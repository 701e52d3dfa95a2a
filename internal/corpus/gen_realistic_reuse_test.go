package corpus_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/internal/corpus"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/registry"
)

// TestRealisticBlockLoadsOnce runs the four cases of one block of
// realistic seeds, one after the other as a sweep's worker does, through
// a real sidecar engine that keeps the store of the last dataset
// (adapters/sidecar doc.go): it loads the block's data for the first and
// answers the other three on the store it holds (Reused). -short, or no
// such engine installed, skips it.
func TestRealisticBlockLoadsOnce(t *testing.T) {
	p, err := corpus.LoadProfile(strings.NewReader(`{"name": "rb", "realistic": {"shape": "kg", "triples": 3000, "block": 4}}`))
	if err != nil {
		t.Fatal(err)
	}
	e := installedReuser(t, "oxigraph", "pyoxigraph", "rdflib")
	defer registry.Close(e)
	r := reuserOf(e)
	was := r.Reused()
	for seed := int64(8); seed < 12; seed++ {
		g := corpus.Generate(seed, p)
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		_, err := e.Eval(ctx, &oracle.Case{Name: g.Name(), Query: g.Query, Dataset: g.Dataset()})
		cancel()
		if err != nil {
			t.Logf("%s (%s): %v", g.Name(), g.Template, err) // an engine's error on a query is not this test's concern
		}
	}
	if got := r.Reused() - was; got != 3 {
		t.Errorf("%s answered %d of the block's last three cases on its held store, want 3", e.Name(), got)
	}
}

// installedReuser is the first of names installed here that counts the
// queries it answered on a held store.
func installedReuser(t *testing.T, names ...string) oracle.Engine {
	if testing.Short() {
		t.Skip("-short: starts an engine")
	}
	for _, n := range names {
		if !registry.Installed(n) {
			continue
		}
		e, err := registry.New(n)
		if err != nil {
			t.Fatalf("%s: %v", n, err)
		}
		if reuserOf(e) != nil {
			return e
		}
		registry.Close(e)
	}
	t.Skipf("none of %v installed", names)
	return nil
}

type reuser interface{ Reused() int64 }

// reuserOf finds the Reused counter through the registry's wrappers.
func reuserOf(e oracle.Engine) reuser {
	if r, ok := e.(reuser); ok {
		return r
	}
	if u, ok := e.(oracle.Unwrapper); ok {
		return reuserOf(u.Unwrap())
	}
	return nil
}
