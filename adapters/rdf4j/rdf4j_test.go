package rdf4j

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/sparql-oracle/oracle/adapters/adaptertest"
	"github.com/sparql-oracle/oracle/adapters/sidecar"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

func engine(t *testing.T) *sidecar.Engine {
	t.Helper()
	dir, _ := filepath.Abs(".")
	adaptertest.Require(t, filepath.Join(dir, Jar), "the RDF4J sidecar jar")
	e := New(dir, 1)
	t.Cleanup(e.Close)
	return e
}

// TestRealEngine: the checks every adapter runs (dataset, forms,
// rejection, no network, no file) on the real MemoryStore.
func TestRealEngine(t *testing.T) {
	adaptertest.Run(t, engine(t), Version)
}

// TestDatasetClauses: FROM and FROM NAMED resolve against the case's
// graphs and sources only, without FROM the default graph is the null
// context alone (RDF4J's own default is the union of all), SERVICE is
// unsupported, and a parse error is a refusal.
func TestDatasetClauses(t *testing.T) {
	e := engine(t)
	src := map[string]*rdf.Graph{"http://example/src": rdf.NewGraph(rdf.Triple{
		S: rdf.IRI("http://example/s"), P: rdf.IRI("http://example/p"), O: rdf.String("src")})}
	cases := []struct {
		query string
		want  []string // the ?o or ?g values, sorted
		err   string   // oracle.Classify of the error
	}{
		{query: "SELECT ?o WHERE { ?s ?p ?o }", want: []string{"default"}},
		{query: "SELECT ?o FROM <http://example/src> WHERE { ?s ?p ?o }", want: []string{"src"}},
		{query: "SELECT ?o FROM <http://example/g> WHERE { ?s ?p ?o }", want: []string{"named"}},
		{query: "SELECT ?o FROM <http://example/none> WHERE { ?s ?p ?o }"},
		{query: "SELECT ?g FROM NAMED <http://example/src> WHERE { GRAPH ?g { ?s ?p ?o } }", want: []string{"http://example/src"}},
		{query: "SELECT ?g WHERE { GRAPH ?g { ?s ?p ?o } }", want: []string{"http://example/g"}},
		{query: "SELECT * WHERE { ?s ?p ?o } LIMIT 1 OFFSET 1 LIMIT 2", err: "rejected"},
		{query: "SELECT * WHERE { SERVICE <http://example/sparql> { ?s ?p ?o } }", err: "unsupported"},
	}
	for _, c := range cases {
		a, err := e.Eval(context.Background(), &oracle.Case{Query: c.query, Dataset: adaptertest.Dataset(), Sources: src})
		if got := oracle.Classify(err); got != c.err {
			t.Errorf("%s: outcome %q (%v), want %q", c.query, got, err, c.err)
			continue
		}
		if err != nil {
			continue
		}
		var got []string
		for _, r := range a.Rows {
			for _, v := range []string{"o", "g"} {
				if x, ok := r[v]; ok {
					got = append(got, x.Value)
				}
			}
		}
		if len(got) != len(c.want) || len(got) > 0 && got[0] != c.want[0] {
			t.Errorf("%s: %v, want %v", c.query, got, c.want)
		}
	}
}
