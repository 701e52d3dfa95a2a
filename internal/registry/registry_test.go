package registry

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/reference"
	"github.com/sparql-oracle/oracle/internal/results"
)

func TestNames(t *testing.T) {
	names := Names()
	if !slices.IsSorted(names) || !slices.Contains(names, "engine") || !slices.Contains(names, "reference") {
		t.Errorf("Names() = %q: want sorted, with engine and reference", names)
	}
	e, err := New("reference")
	if err != nil || e.Name() != "reference" || e.Version() == "" {
		t.Errorf("New(reference) = %v, %v", e, err)
	}
	if _, err := New("nope"); err == nil || !strings.Contains(err.Error(), "reference") {
		t.Errorf("New(nope): want an error listing the known engines, got %v", err)
	}
}

func dataset(n int) *rdf.Dataset {
	ds := rdf.NewDataset()
	for i := 0; i < n; i++ {
		ds.Add(rdf.Quad{S: rdf.IRI("http://e/s"), P: rdf.IRI("http://e/p"), O: rdf.Literal(string(rune('a'+i)), "")})
	}
	return ds
}

func TestReferenceAnswers(t *testing.T) {
	e := Reference(reference.Options{})
	c := &oracle.Case{Query: "SELECT ?o { ?s ?p ?o } ORDER BY ?o", Dataset: dataset(3)}
	a, err := e.Eval(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	if a.Kind != results.Bindings || len(a.Rows) != 3 || a.Freedom == nil || !a.Freedom.Ordered {
		t.Fatalf("answer %+v: want 3 ordered rows with Freedom", a)
	}
	ask, err := e.Eval(context.Background(), &oracle.Case{Query: "ASK {}"})
	if err != nil || ask.Kind != results.Boolean || !ask.Boolean || ask.Freedom != nil {
		t.Errorf("ASK {} = %+v, %v", ask, err)
	}
	g, err := e.Eval(context.Background(), &oracle.Case{Query: "CONSTRUCT WHERE { ?s ?p ?o }", Dataset: dataset(2)})
	if err != nil || g.Kind != results.Graph || len(g.Triples) != 2 {
		t.Errorf("CONSTRUCT = %+v, %v", g, err)
	}
}

func TestReferenceErrors(t *testing.T) {
	e := Reference(reference.Options{MaxSteps: 10})
	cases := []struct {
		query string
		ctx   func() context.Context
		want  error
	}{
		{"SELECT WHERE", context.Background, oracle.ErrRejected},
		{"SELECT * { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i }", context.Background, oracle.ErrBudget},
		{"SELECT * { ?a ?b ?c . ?d ?e ?f }", func() context.Context {
			ctx, cancel := context.WithTimeout(context.Background(), -time.Second)
			cancel()
			return ctx
		}, oracle.ErrTimeout},
	}
	for _, tc := range cases {
		_, err := e.Eval(tc.ctx(), &oracle.Case{Query: tc.query, Dataset: dataset(5)})
		if !errors.Is(err, tc.want) {
			t.Errorf("%q: error %v, want %v", tc.query, err, tc.want)
		}
	}
}
