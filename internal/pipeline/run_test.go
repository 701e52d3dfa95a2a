package pipeline

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/registry/registrytest"
	"github.com/sparql-oracle/oracle/internal/results"
	"github.com/sparql-oracle/oracle/internal/triage"
)

// buggy is an engine with two real bugs: it answers a query with the
// reference, then leaves the last row out; it applies an update with the
// reference, then leaves every named graph out of the store it answers.
type buggy struct{ ref oracle.Engine }

func (buggy) Name() string    { return "buggy" }
func (buggy) Version() string { return "0.1" }
func (d buggy) Eval(ctx context.Context, c *oracle.Case) (*results.Answer, error) {
	a, err := d.ref.Eval(ctx, c)
	if err != nil || a.Kind != results.Bindings || len(a.Rows) == 0 {
		return a, err
	}
	b := *a
	b.Rows = b.Rows[:len(b.Rows)-1]
	b.Freedom = nil
	return &b, nil
}

func (d buggy) Update(ctx context.Context, c *oracle.Case) (*results.Answer, error) {
	u, _ := oracle.AsUpdater(d.ref)
	a, err := u.Update(ctx, c)
	if err != nil || a.Store == nil {
		return a, err
	}
	return results.StoreAnswer(&results.Store{Default: a.Store.Default, Err: a.Store.Err}), nil
}

// TestRunStages: judged, then reduced, then written up: without Reduce the
// bug is the original case's; with it, the reduced case's (verified
// 1-minimal, smaller than the original).
func TestRunStages(t *testing.T) {
	ref := registrytest.Reference(0)
	engines := []oracle.Engine{ref, buggy{ref}}
	data := rdf.NewDataset()
	for _, o := range []string{"a", "b", "c"} {
		data.Add(rdf.Quad{S: rdf.IRI("http://e/" + o), P: rdf.IRI("http://e/p"), O: rdf.String(o)})
	}
	query := "SELECT ?s ?o WHERE { ?s <http://e/p> ?o FILTER(?o != \"z\") }"
	c := (&oracle.Case{Name: "t", Query: query, Dataset: data}).Prepare()
	r, bugs := Run(context.Background(), c, engines, Options{Deadline: 10 * time.Second})
	if r.Kind != triage.KindEngineBug || len(bugs) != 1 || bugs[0].Reproducer.Query != query {
		t.Fatalf("judged and written up: kind %s, %d bugs", r.Kind, len(bugs))
	}
	r, bugs = Run(context.Background(), c, engines, Options{Deadline: 10 * time.Second, Reduce: true})
	if r.Kind != triage.KindEngineBug || len(bugs) != 1 {
		t.Fatalf("reduced: kind %s, %d bugs", r.Kind, len(bugs))
	}
	b := bugs[0]
	if b.Reduction == nil || !b.Reduction.Verified || len(b.Reproducer.Query) >= len(query) {
		t.Errorf("not reduced: %+v\n%s", b.Reduction, b.Reproducer.Query)
	}
}

// TestRunUpdateReduced: with Reduce, the bug written up is the reduced
// case's, verified 1-minimal, its per-graph diff naming the graph the
// engine lost.
func TestRunUpdateReduced(t *testing.T) {
	ref := registrytest.Reference(0)
	engines := []oracle.Engine{ref, buggy{ref}}
	store := rdf.NewDataset()
	store.Add(rdf.Quad{S: rdf.IRI("http://e/s"), P: rdf.IRI("http://e/p"), O: rdf.String("a")})
	c := &oracle.Case{Name: "t", Dataset: store,
		Update: "PREFIX e: <http://e/>\nINSERT DATA { e:s e:q 1 } ;\nINSERT { GRAPH e:g { ?s e:copy ?o } } WHERE { ?s e:p ?o }"}
	run, bugs, err := RunUpdate(context.Background(), c, engines, Options{Deadline: 10 * time.Second, Reduce: true})
	if err != nil {
		t.Fatal(err)
	}
	if run.Kind != triage.KindEngineBug || len(bugs) != 1 {
		t.Fatalf("kind %s, %d bugs", run.Kind, len(bugs))
	}
	b := bugs[0]
	if b.Reduction == nil || !b.Reduction.Verified || strings.Contains(b.Reproducer.Query, ";") {
		t.Errorf("not reduced to one verified operation: %+v\n%s", b.Reduction, b.Reproducer.Query)
	}
	gs := b.Reports[0].Graphs
	if len(gs) == 0 || !strings.HasPrefix(gs[0].Graph, "<http://e/") || len(gs[0].Missing) != 1 {
		t.Errorf("per-graph diff %+v", gs)
	}
	t.Logf("%s\n%s%s", b.Title, b.Reproducer.Query, b.Reproducer.Data)
}
