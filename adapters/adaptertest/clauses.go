package adaptertest

import (
	"context"
	"slices"
	"testing"

	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// ClauseCase is one query of a dataset check: the values it binds to ?o or
// ?g, in order, or the class of its error (oracle.Classify: "rejected",
// "unsupported"; "" for an answer).
type ClauseCase struct {
	Query string
	Want  []string
	Err   string
}

// SourceClauses are the dataset-clause cases every sidecar adapter answers
// alike over Dataset() and Source("src") (#specifyingDataset): FROM a
// source and FROM a named graph of the case are the default graph, FROM
// an IRI naming nothing is an empty one, two LIMITs are a syntax error,
// and SERVICE (never sent) is unsupported. An adapter's test adds its own.
var SourceClauses = []ClauseCase{
	{Query: "SELECT ?o FROM <http://example/src> WHERE { ?s ?p ?o }", Want: []string{"src"}},
	{Query: "SELECT ?o FROM <http://example/g> WHERE { ?s ?p ?o }", Want: []string{"named"}},
	{Query: "SELECT ?o FROM <http://example/none> WHERE { ?s ?p ?o }"},
	{Query: "SELECT * WHERE { ?s ?p ?o } LIMIT 1 OFFSET 1 LIMIT 2", Err: "rejected"},
	{Query: "SELECT * WHERE { SERVICE <http://example/sparql> { ?s ?p ?o } }", Err: "unsupported"},
}

// CheckClauses runs each case on e over ds, with src the documents FROM
// and FROM NAMED may name beyond ds's graphs (oracle.Case.Sources): how an
// adapter resolves its dataset clauses (§13.2, #specifyingDataset).
func CheckClauses(t *testing.T, e oracle.Engine, ds *rdf.Dataset, src map[string]*rdf.Graph, cases []ClauseCase) {
	t.Helper()
	for _, c := range cases {
		a, err := e.Eval(context.Background(), &oracle.Case{Query: c.Query, Dataset: ds, Sources: src})
		if got := oracle.Classify(err); got != c.Err {
			t.Errorf("%s: outcome %q (%v), want %q", c.Query, got, err, c.Err)
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
		if !slices.Equal(got, c.Want) && len(got)+len(c.Want) > 0 {
			t.Errorf("%s: %v, want %v", c.Query, got, c.Want)
		}
	}
}
