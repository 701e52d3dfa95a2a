package sparqlhttp_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// sharedBlank is a dataset whose blank node _:b is in the default graph
// and in the named graph <g>, while <h> has a node of its own (RDF 1.1
// Concepts #section-dataset: blank nodes can be shared between graphs of
// a dataset).
const sharedBlank = `_:b <http://example/p> "d" .
_:b <http://example/q> "n" <http://example/g> .
_:c <http://example/q> "n" <http://example/h> .
`

// TestSharedBlankNodeLive: each server, loaded as the adapter loads it
// (endpoints.go: one N-Quads document), keeps a blank node in two graphs
// one node: joining the default graph with GRAPH ?g finds <g> alone.
// Loaded graph by graph, the node would split and the join find nothing.
func TestSharedBlankNodeLive(t *testing.T) {
	quads, err := rdf.ParseNQuads(strings.NewReader(sharedBlank), "sharedBlank")
	if err != nil {
		t.Fatal(err)
	}
	ds := rdf.NewDataset()
	for _, q := range quads {
		ds.Add(q)
	}
	c := &oracle.Case{Name: "shared-blank", Dataset: ds,
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
