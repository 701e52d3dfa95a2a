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
