package sparqlhttp_test

import (
	"context"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// sharedBlank is a dataset whose blank node _:b is in the default graph
// and in the named graph <g>, while <h> has a node of its own (RDF 1.1
// Concepts #section-dataset: blank nodes can be shared between graphs of
// a dataset).
func sharedBlank() *rdf.Dataset {
	ds := rdf.NewDataset()
	p, q, n := rdf.IRI("http://example/p"), rdf.IRI("http://example/q"), rdf.String("n")
	ds.Add(rdf.Quad{S: rdf.Blank("b"), P: p, O: rdf.String("d")})
	ds.Add(rdf.Quad{S: rdf.Blank("b"), P: q, O: n, G: rdf.IRI("http://example/g")})
	ds.Add(rdf.Quad{S: rdf.Blank("c"), P: q, O: n, G: rdf.IRI("http://example/h")})
	return ds
}

// TestSharedBlankNodeLive: each server, loaded as the adapter loads it
// (endpoints.go: one N-Quads document), keeps a blank node in two graphs
// one node: joining the default graph with GRAPH ?g finds <g> alone.
// Loaded graph by graph, the node would split and the join find nothing.
func TestSharedBlankNodeLive(t *testing.T) {
	c := &oracle.Case{Name: "shared-blank", Dataset: sharedBlank(),
		Query: `SELECT ?g WHERE { ?x <http://example/p> "d" GRAPH ?g { ?x <http://example/q> "n" } }`}
	for name, m := range endpoints(t) {
		t.Run(name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			a, err := m.Eval(ctx, c)
			if err != nil {
				t.Fatal(err)
			}
			if len(a.Rows) != 1 || a.Rows[0]["g"] != rdf.IRI("http://example/g") {
				t.Errorf("rows %v, want one: ?g = <http://example/g>", a.Rows)
			}
		})
	}
}
