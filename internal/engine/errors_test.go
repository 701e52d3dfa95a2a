package engine_test

import (
	"context"
	"errors"
	"testing"

	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/engine"
	"github.com/sparql-oracle/oracle/internal/ops"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

func smallData(n int) *rdf.Dataset {
	ds := rdf.NewDataset()
	for i := 0; i < n; i++ {
		ds.Add(rdf.Quad{S: rdf.IRI("http://e/s" + string(rune('a'+i))), P: rdf.IRI("http://e/p"), O: rdf.Literal(string(rune('a'+i)), "")})
	}
	return ds
}

func run(t *testing.T, ctx context.Context, query string, ds *rdf.Dataset, opt engine.Options) (*engine.Result, error) {
	t.Helper()
	q, err := algebra.Parse(query, "http://e/")
	if err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return engine.Eval(ctx, q, ds, nil, opt)
}

// TestErrors: budgets end in ops.ErrBudget, a done context in its error,
// SERVICE in ErrService, an unknown FROM graph in an error; never a panic.
func TestErrors(t *testing.T) {
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	cases := []struct {
		name, query string
		ctx         context.Context
		opt         engine.Options
		want        error
	}{
		{"steps", "SELECT * { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i }", context.Background(), engine.Options{MaxSteps: 100}, ops.ErrBudget},
		{"solutions", "SELECT * { ?a ?b ?c . ?d ?e ?f } ORDER BY ?a", context.Background(), engine.Options{MaxSolutions: 10}, ops.ErrBudget},
		{"fuel", "ASK { FILTER EXISTS { FILTER EXISTS { FILTER EXISTS { } } } }", context.Background(), engine.Options{Fuel: 2}, ops.ErrBudget},
		{"cancelled", "SELECT * { ?a ?b ?c }", cancelled, engine.Options{}, context.Canceled},
		{"service", "SELECT * { SERVICE <http://e/x> { ?a ?b ?c } }", context.Background(), engine.Options{}, engine.ErrService},
	}
	for _, tc := range cases {
		_, err := run(t, tc.ctx, tc.query, smallData(5), tc.opt)
		if !errors.Is(err, tc.want) {
			t.Errorf("%s: error %v, want %v", tc.name, err, tc.want)
		}
	}
	if _, err := run(t, context.Background(), "SELECT * FROM <http://e/none> { ?a ?b ?c }", smallData(1), engine.Options{}); err == nil {
		t.Errorf("FROM an unknown graph: no error")
	}
	if _, err := engine.Eval(context.Background(), nil, nil, nil, engine.Options{}); err == nil {
		t.Errorf("nil query: no error")
	}
}

// TestStreaming: LIMIT and ASK stop pulling, so a huge Cartesian product
// under a small step budget still answers.
func TestStreaming(t *testing.T) {
	opt := engine.Options{MaxSteps: 1000}
	res, err := run(t, context.Background(), "SELECT * { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i . ?j ?k ?l } LIMIT 3", smallData(20), opt)
	if err != nil || len(res.Rows) != 3 || res.Limit != 3 {
		t.Errorf("LIMIT 3: %v, %+v", err, res)
	}
	res, err = run(t, context.Background(), "ASK { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i . ?j ?k ?l }", smallData(20), opt)
	if err != nil || !res.Boolean {
		t.Errorf("ASK: %v, %+v", err, res)
	}
}

// TestStore: a loaded store answers many queries, FROM included.
func TestStore(t *testing.T) {
	ds := smallData(3)
	ds.Add(rdf.Quad{S: rdf.IRI("http://e/x"), P: rdf.IRI("http://e/p"), O: rdf.IRI("http://e/y"), G: rdf.IRI("http://e/g")})
	s := engine.Load(ds)
	for query, want := range map[string]int{
		"SELECT * { ?s ?p ?o }":                                  3,
		"SELECT * { GRAPH ?g { ?s ?p ?o } }":                     1,
		"SELECT * FROM <http://e/g> { ?s ?p ?o }":                1,
		"SELECT * FROM NAMED <http://e/g> { ?s ?p ?o }":          0,
		"SELECT ?o { ?s <http://e/p> ?o } ORDER BY ?o":           3,
		"SELECT DISTINCT ?p { { ?s ?p ?o } UNION { ?s ?p ?o } }": 1,
	} {
		q, err := algebra.Parse(query, "")
		if err != nil {
			t.Fatal(err)
		}
		res, err := s.Eval(context.Background(), q, engine.Options{})
		if err != nil || len(res.Rows) != want {
			t.Errorf("%s: %v, %d rows, want %d", query, err, len(res.Rows), want)
		}
	}
}

// TestConcurrentQueries: a Store is read-only after Load; run with -race.
func TestConcurrentQueries(t *testing.T) {
	s := engine.Load(engine.GenerateBSBM(2000, 2))
	errs := make(chan error, len(bsbmQueries))
	for _, bq := range bsbmQueries {
		go func() {
			q, err := algebra.Parse(bsbmPrefixes+bq.query, "")
			if err == nil {
				_, err = s.Eval(context.Background(), q, engine.Options{})
			}
			errs <- err
		}()
	}
	for range bsbmQueries {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}
