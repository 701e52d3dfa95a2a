package sparqlhttp

import (
	"context"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/realistic"
	"github.com/sparql-oracle/oracle/internal/results"
)

// countAll counts every quad of the case's dataset, default graph and
// named graphs: what a load must have put in the store.
const countAll = "SELECT (COUNT(*) AS ?n) WHERE { { ?s ?p ?o } UNION { GRAPH ?g { ?s ?p ?o } } }"

// TestMeasureLoad times one realistic dataset (ORACLE_LOAD_TRIPLES
// triples of ORACLE_LOAD_SHAPE, kg12 by default) loaded into each server
// by one INSERT (LoadUpdate) and by one N-Quads POST (LoadNQuads), on a
// server started before the clock: the case's wall time is its load
// and a COUNT over it. Times are logged, never asserted; both loads must
// count every quad of the dataset.
func TestMeasureLoad(t *testing.T) {
	n, err := strconv.Atoi(os.Getenv("ORACLE_LOAD_TRIPLES"))
	if err != nil {
		t.Skip("ORACLE_LOAD_TRIPLES=100000 measures loading a realistic dataset into the servers")
	}
	shape := realistic.Shape(os.Getenv("ORACLE_LOAD_SHAPE"))
	if shape == "" {
		shape = realistic.KG12
	}
	ds, _, err := realistic.Dataset(realistic.Spec{Shape: shape, Triples: n, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	c := &oracle.Case{Name: "count", Query: countAll, Dataset: ds}
	want := strconv.Itoa(len(ds.Quads()))
	t.Logf("%s, %s quads", shape, want)
	for name, m := range liveServers(t) {
		for _, mode := range []Load{LoadUpdate, LoadNQuads} {
			d, got, err := timedLoad(m, mode, c)
			if err != nil || got != want {
				t.Errorf("%s load mode %d: %s quads counted, want %s (%v)", name, mode, got, want, err)
			}
			t.Logf("%-16s load mode %d: %6.1f s", name, mode, d.Seconds())
		}
	}
}

// liveServers are the installed servers, unstarted.
func liveServers(t *testing.T) map[string]*Managed {
	jar := installed(t, FusekiJar)
	return map[string]*Managed{
		OxigraphServerName: OxigraphServer(oxigraphBin(t)),
		FusekiName:         Fuseki(FusekiJava(jar), jar),
	}
}

// timedLoad runs c on a fresh server of m's loading by mode and returns
// the case's wall time (the server's start excluded) and the count.
func timedLoad(m *Managed, mode Load, c *oracle.Case) (time.Duration, string, error) {
	protocol := m.srv.Protocol
	m.srv.Protocol = func(root string) Config { cfg := protocol(root); cfg.Load = mode; return cfg }
	defer func() { m.srv.Protocol = protocol }()
	defer m.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	if _, err := m.Start(ctx); err != nil {
		return 0, "", err
	}
	began := time.Now()
	a, err := m.Eval(ctx, c)
	return time.Since(began), firstValue(a), err
}

// firstValue is the answer's first row's first value ("" when none).
func firstValue(a *results.Answer) string {
	if a == nil || len(a.Rows) == 0 || len(a.Vars) == 0 {
		return ""
	}
	return a.Rows[0][a.Vars[0]].Value
}
