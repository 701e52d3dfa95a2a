package reduce_test

import (
	"context"
	"errors"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/reduce"
	"github.com/sparql-oracle/oracle/internal/reference"
	"github.com/sparql-oracle/oracle/internal/registry"
	"github.com/sparql-oracle/oracle/internal/results"
	"github.com/sparql-oracle/oracle/internal/triage"
)

const deadline = 20 * time.Second

// TestBystanderDoesNotBlock reduces Oxigraph's numeric-datatype divergence
// with Jena as a bystander. Jena is wrong (missing-rows) on the original
// case and correct on the reduced one: the old rule, which kept a candidate
// only when the whole signature survived, refuses every step that makes
// Jena correct and stops at a larger case.
func TestBystanderDoesNotBlock(t *testing.T) {
	engines := installed(t, "oxigraph", "jena")
	c := loadCase(t, filepath.Join("testdata", "bystander"))
	ctx := context.Background()
	orig := triage.Judge(ctx, c, engines, deadline)
	d, ok := divergenceOf(orig, "oxigraph", diff.ClassNumericDatatype)
	if !ok || verdictOf(orig, "jena") == triage.Correct {
		t.Fatalf("the case no longer shows what this test needs:\n%+v", orig.Divergences)
	}
	res, err := reduce.Engine(ctx, c, engines, "oxigraph", diff.ClassNumericDatatype, reduce.Limits{Deadline: deadline})
	if err != nil {
		t.Fatal(err)
	}
	old := func(cand *oracle.Case) bool { return triage.Judge(ctx, cand, engines, deadline).Has(d.Signature) }
	oldOut, _ := reduce.Shrink(c, old, nil)
	newNodes, oldNodes := res.Stats.NodesAfter, reduce.NodeCount(oldOut.Query, "")
	t.Logf("per engine: %d nodes\n%s\nold two-sided rule: %d nodes\n%s", newNodes, res.Case.Query, oldNodes, oldOut.Query)
	if newNodes >= oldNodes {
		t.Errorf("per-engine reduction (%d nodes) is not smaller than the old rule's (%d)", newNodes, oldNodes)
	}
	if verdictOf(res.Report, "jena") != triage.Correct || old(res.Case) {
		t.Errorf("jena should be correct on the reduced case and the old signature lost: %s", verdictOf(res.Report, "jena"))
	}
	if _, ok := res.Divergence(); !ok || len(res.Others()) != 1 || res.Others()[0].Engine != "jena" {
		t.Errorf("result: divergence %v, others %+v", ok, res.Others())
	}
	if !res.Survived || !res.Stats.Minimal || res.Stats.Tried == 0 {
		t.Errorf("not verified: %+v", res.Stats)
	}
}

// TestEngineResultIsOneMinimal checks a real engine's reduction
// independently: every quad removal and every smaller single edit loses
// Oxigraph's divergence against the judge.
func TestEngineResultIsOneMinimal(t *testing.T) {
	engines := installed(t, "oxigraph")
	c := loadCase(t, filepath.Join("testdata", "bystander"))
	ctx := context.Background()
	res, err := reduce.Engine(ctx, c, engines, "oxigraph", diff.ClassNumericDatatype, reduce.Limits{Deadline: deadline})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Stats.Minimal || res.Stats.Tried == 0 || len(res.Stats.Kept) > 0 {
		t.Fatalf("not verified 1-minimal: %+v", res.Stats)
	}
	still := func(cand *oracle.Case) bool {
		_, ok := divergenceOf(triage.Judge(ctx, cand, engines, deadline), "oxigraph", diff.ClassNumericDatatype)
		return ok
	}
	if !still(res.Case) {
		t.Fatal("the reduced case lost the divergence")
	}
	checkOneMinimal(t, res.Case, still)
}

// TestNotSurvivedIsFlagged: an engine that is not wrong in the class on
// the original case gives ErrNotSurvived and an unfiled result; so does an
// engine whose divergence does not come back when the result is re-run.
func TestNotSurvivedIsFlagged(t *testing.T) {
	engines := installed(t, "oxigraph")
	c := &oracle.Case{Query: "SELECT * { ?s ?p ?o }", Dataset: reduceData()}
	res, err := reduce.Engine(context.Background(), c, engines, "oxigraph", diff.ClassMissingRows, reduce.Limits{Deadline: deadline})
	if !errors.Is(err, reduce.ErrNotSurvived) || res == nil || res.Survived || res.Reason == "" || res.Case != c {
		t.Fatalf("want a flagged result, got %v, %+v", err, res)
	}
	t.Log(err)

	ref := registry.Reference(reference.Options{})
	flaky := &onceWrong{dropsDecimals: dropsDecimals{ref}, seen: map[string]bool{}}
	c = &oracle.Case{Query: reduceQuery, Dataset: reduceData()}
	res, err = reduce.Engine(context.Background(), c, []oracle.Engine{ref, flaky}, "buggy", diff.ClassMissingRows, reduce.Limits{})
	if !errors.Is(err, reduce.ErrNotSurvived) || res.Survived || !res.Stats.Flaky || res.Stats.Minimal {
		t.Fatalf("want the flaky result flagged, got %v, %+v", err, res.Stats)
	}
	t.Log(err)
}

// onceWrong has dropsDecimals' bug the first time it sees a case and
// answers correctly when asked again: a bug that does not reproduce.
type onceWrong struct {
	dropsDecimals
	mu   sync.Mutex
	seen map[string]bool
}

func (o *onceWrong) Eval(ctx context.Context, c *oracle.Case) (*results.Answer, error) {
	key := c.Query + "\x00" + datasetText(c)
	o.mu.Lock()
	again := o.seen[key]
	o.seen[key] = true
	o.mu.Unlock()
	if again {
		return o.ref.Eval(ctx, c)
	}
	return o.dropsDecimals.Eval(ctx, c)
}

func divergenceOf(r *triage.Report, engine string, class diff.Class) (triage.Divergence, bool) {
	for _, d := range r.Divergences {
		if d.Signature.Class != class {
			continue
		}
		for _, w := range d.Signature.Wrong {
			if w == engine {
				return d, true
			}
		}
	}
	return triage.Divergence{}, false
}

func verdictOf(r *triage.Report, engine string) triage.Outcome {
	if v := r.Verdict(engine); v != nil {
		return v.Outcome
	}
	return ""
}
