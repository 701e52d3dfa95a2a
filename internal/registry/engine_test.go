package registry

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/internal/engine"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/reference"
	"github.com/sparql-oracle/oracle/internal/results"
)

// TestInHouseAnswers: both in-house evaluators, built by New, answer the
// three query forms; only the reference (the judge) attaches Freedom, to
// the ordered SELECT and not to ASK. The fast engine is an engine under
// test: its answers carry none.
func TestInHouseAnswers(t *testing.T) {
	for _, tc := range []struct {
		name  string
		judge bool
	}{{"engine", false}, {"reference", true}} {
		t.Run(tc.name, func(t *testing.T) {
			e, err := New(tc.name)
			if err != nil || e.Name() != tc.name {
				t.Fatalf("New(%s) = %v, %v", tc.name, e, err)
			}
			a, err := e.Eval(context.Background(), &oracle.Case{Query: "SELECT ?o { ?s ?p ?o } ORDER BY ?o", Dataset: dataset(3)})
			if err != nil || a.Kind != results.Bindings || len(a.Rows) != 3 {
				t.Fatalf("answer %+v, %v: want 3 rows", a, err)
			}
			if (a.Freedom != nil) != tc.judge || tc.judge && !a.Freedom.Ordered {
				t.Fatalf("Freedom %+v: want ordered Freedom only from the judge (judge=%v)", a.Freedom, tc.judge)
			}
			ask, err := e.Eval(context.Background(), &oracle.Case{Query: "ASK {}"})
			if err != nil || ask.Kind != results.Boolean || !ask.Boolean || ask.Freedom != nil {
				t.Errorf("ASK {} = %+v, %v", ask, err)
			}
			g, err := e.Eval(context.Background(), &oracle.Case{Query: "CONSTRUCT WHERE { ?s ?p ?o }", Dataset: dataset(2)})
			if err != nil || g.Kind != results.Graph || len(g.Triples) != 2 {
				t.Errorf("CONSTRUCT = %+v, %v", g, err)
			}
		})
	}
}

// TestInHouseErrors: both in-house evaluators map their errors alike
// (classify in reference.go): a syntax error is a rejection, the step
// budget ErrBudget, an expired deadline ErrTimeout, SERVICE unsupported,
// and any other failure (a FROM nobody supplies) a query error.
func TestInHouseErrors(t *testing.T) {
	expired, cancel := context.WithTimeout(context.Background(), -time.Second)
	cancel()
	cases := []struct {
		query string
		ctx   context.Context
		want  error
	}{
		{"SELECT WHERE", context.Background(), oracle.ErrRejected},
		{"SELECT * { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i }", context.Background(), oracle.ErrBudget},
		{"SELECT * { ?a ?b ?c . ?d ?e ?f }", expired, oracle.ErrTimeout},
		{"SELECT * { SERVICE <http://x/> { ?a ?b ?c } }", context.Background(), oracle.ErrUnsupported},
		{"SELECT * FROM <http://nowhere/> { ?a ?b ?c }", context.Background(), oracle.ErrQueryError},
	}
	for _, e := range []oracle.Engine{Engine(engine.Options{MaxSteps: 10}), Reference(reference.Options{MaxSteps: 10})} {
		for _, tc := range cases {
			_, err := e.Eval(tc.ctx, &oracle.Case{Query: tc.query, Dataset: dataset(5)})
			if !errors.Is(err, tc.want) {
				t.Errorf("%s: %q: error %v, want %v", e.Name(), tc.query, err, tc.want)
			}
		}
	}
}

// TestInHouseRequestKind: both in-house evaluators apply an update case
// (Update §3.2.2: CLEAR DEFAULT empties the default graph, #clear) and
// answer oracle.ErrRequestKind, not a rejection, for an update case given
// to Eval and a query case given to Update.
func TestInHouseRequestKind(t *testing.T) {
	ctx := context.Background()
	for _, name := range []string{"engine", "reference"} {
		e, err := New(name)
		if err != nil {
			t.Fatal(err)
		}
		u, ok := oracle.AsUpdater(e)
		if !ok {
			t.Fatalf("%s applies no updates", name)
		}
		a, err := u.Update(ctx, &oracle.Case{Name: "clear", Update: "CLEAR DEFAULT", Dataset: dataset(2)})
		if err != nil || a.Store == nil || a.Store.Dataset().Len() != 0 {
			t.Errorf("%s: CLEAR DEFAULT = %+v, %v; want an empty store", name, a, err)
		}
		if _, err := e.Eval(ctx, &oracle.Case{Name: "u", Update: "CLEAR ALL"}); !errors.Is(err, oracle.ErrRequestKind) {
			t.Errorf("%s: Eval of an update case: %v, want ErrRequestKind", name, err)
		}
		if _, err := u.Update(ctx, &oracle.Case{Name: "q", Query: "ASK {}"}); !errors.Is(err, oracle.ErrRequestKind) {
			t.Errorf("%s: Update of a query case: %v, want ErrRequestKind", name, err)
		}
	}
}
