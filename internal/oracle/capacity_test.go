package oracle_test

import (
	"context"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/adapters/adaptertest/stub"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
	"github.com/sparql-oracle/oracle/internal/triage"
)

// asked is a real engine that notes the size of every case it evaluates.
type asked struct {
	oracle.Engine
	mu    sync.Mutex
	sizes []int
}

func (a *asked) Eval(ctx context.Context, c *oracle.Case) (*results.Answer, error) {
	a.mu.Lock()
	a.sizes = append(a.sizes, c.Dataset.Len())
	a.mu.Unlock()
	return a.Engine.Eval(ctx, c)
}

// TestOverCapacityIsNotGiven: an engine described with a capacity of 3
// quads (the stub engine, which evaluates with the reference, judged by
// the stub named as the judge) is not given a case of 4: its verdict is
// unsupported, with a message naming both sizes and the note's
// measurement, it is never called and takes no turn (Given); a case of 3
// it answers, judged correct.
func TestOverCapacityIsNotGiven(t *testing.T) {
	const name = "stub-capped"
	oracle.Register(oracle.Descriptor{Name: name, Capacity: 3,
		Note: "The stub under another name. Capacity 3 quads: set by this test, measured nowhere."})
	build := func(as string) oracle.Engine {
		d, _ := oracle.Describe(stub.Name)
		e, err := d.Build(oracle.BuildSettings{Name: as})
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	capped, judge := &asked{Engine: build(name)}, build(oracle.JudgeName)
	for _, n := range []int{4, 3} {
		ds := rdf.NewDataset()
		for i := range n {
			ds.Add(rdf.Quad{S: rdf.IRI("http://e/s" + string(rune('a'+i))), P: rdf.IRI("http://e/p"), O: rdf.String("o"), G: rdf.DefaultGraph})
		}
		c := &oracle.Case{Query: "SELECT ?s WHERE { ?s <http://e/p> ?o }", Dataset: ds}
		r := triage.Judge(context.Background(), c, []oracle.Engine{judge, capped}, 10*time.Second)
		v, want, given := r.Verdict(name), triage.Correct, 2
		if n > 3 {
			want, given = triage.Unsupported, 1
		}
		if v == nil || v.Outcome != want {
			t.Fatalf("%d quads: verdict %+v, want %s", n, v, want)
		}
		if got := oracle.Given(c, []oracle.Engine{judge, capped}); got != given {
			t.Errorf("%d quads: Given %d, want %d", n, got, given)
		}
		if want == triage.Unsupported {
			for _, part := range []string{"stub-capped is not given cases over 3 quads (4 here)", "within its default deadline", "Capacity 3 quads: set by this test, measured nowhere"} {
				if !strings.Contains(v.Err.Error(), part) {
					t.Errorf("message %q lacks %q", v.Err, part)
				}
			}
		}
	}
	if !slices.Equal(capped.sizes, []int{3}) {
		t.Errorf("the capped engine evaluated cases of %v quads, want only the one of 3", capped.sizes)
	}
	if err := oracle.OverCapacity(&oracle.Case{Dataset: rdf.NewDataset()}, stub.Name); err != nil {
		t.Errorf("an engine with no capacity known is given every case: %v", err)
	}
}
