package large_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/engine"
	"github.com/sparql-oracle/oracle/internal/large"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/registry/registrytest"
	"github.com/sparql-oracle/oracle/internal/results"
	"github.com/sparql-oracle/oracle/internal/triage"
)

var (
	bsbmOnce sync.Once
	bsbm5k   *rdf.Dataset
)

// largeCase is a BSBM query over 5,000 generated triples (generated once).
func largeCase(name string) *oracle.Case {
	bsbmOnce.Do(func() { bsbm5k = engine.GenerateBSBM(5000, 1) })
	for _, q := range engine.BSBMQueries {
		if q.Name == name {
			return &oracle.Case{Name: name, Query: engine.BSBMPrefixes + q.Query, Dataset: bsbm5k}
		}
	}
	panic("no BSBM query " + name)
}

// tight makes 5,000 triples "large" and gives the reference 1% of a 10 s
// deadline on them: the chain join needs seconds, a sample milliseconds.
var tight = large.Options{Samples: 3, SampleQuads: 256, Seed: 1, SampleTime: 5 * time.Second, LargeQuads: 1000, RefShare: 0.01}

// The reference runs out of its share; the fast engine agrees with it on
// three samples and judges: an external engine that loses a row is wrong,
// with the fast engine on the right side, and every field says who judged.
func TestLargeJudgedByTheFastEngine(t *testing.T) {
	engines := []oracle.Engine{registrytest.Reference(0), registrytest.Fast(), lossy(registrytest.Fast(), "lossy", nil)}
	r := triage.JudgeWith(context.Background(), largeCase("chain"), engines, 10*time.Second, tight)
	if r.Judge != oracle.TwinName || r.Kind != triage.KindEngineBug {
		t.Fatalf("judge %q kind %s (%s; %v), want the fast engine judging an engine bug", r.Judge, r.Kind, r.Reason, r.Notes)
	}
	if !strings.HasPrefix(r.JudgedBy, "judged by the fast engine; the reference ran out of time after ") {
		t.Errorf("JudgedBy %q", r.JudgedBy)
	}
	if r.Large == nil || r.Large.Agree != 3 || r.Large.NonEmpty == 0 || !r.Large.Judged {
		t.Fatalf("evidence %+v", r.Large)
	}
	for _, s := range r.Large.Samples {
		if s.Quads == 0 || s.Quads > 256 || s.Outcome != large.SampleAgree {
			t.Errorf("sample %d: %d triples, %s (%s)", s.Seed, s.Quads, s.Outcome, s.Why)
		}
	}
	if v := r.Verdict("lossy"); v == nil || v.Outcome != triage.Wrong || v.Class != diff.ClassMissingRows {
		t.Errorf("lossy: %+v", v)
	}
	if len(r.Divergences) != 1 || r.Divergences[0].Signature.String() != "missing-rows: lossy | engine" {
		t.Errorf("divergences %+v", r.Divergences)
	}
	if r.Verdict(oracle.TwinName) != nil || !strings.HasPrefix(r.Notes[0], "JUDGED BY THE FAST ENGINE: ") {
		t.Errorf("the judging fast engine has a verdict of its own, or the notes do not say who judged: %v", r.Notes)
	}
}

// A fast engine that loses a row on every sample disagrees with the
// reference there: no verdict, and the first disagreeing sample (query
// and data) is the evidence.
func TestLargeSampleDisagreementLeavesUnjudged(t *testing.T) {
	bad := lossy(registrytest.Fast(), oracle.TwinName, func(c *oracle.Case) bool { return c.Dataset.Len() <= 256 })
	engines := []oracle.Engine{registrytest.Reference(0), bad, registrytest.Fast()}
	r := triage.JudgeWith(context.Background(), largeCase("chain"), engines, 10*time.Second, tight)
	if r.Kind != triage.KindUnjudged || r.Judge != "" || r.JudgedBy != "" {
		t.Fatalf("kind %s judge %q by %q, want unjudged", r.Kind, r.Judge, r.JudgedBy)
	}
	last := r.Large.Samples[len(r.Large.Samples)-1]
	if last.Outcome != large.SampleDisagree || last.Case == nil || last.Case.Dataset.Len() == 0 || last.Verdict == nil {
		t.Fatalf("last sample %+v, want the disagreement with its data", last)
	}
	if !strings.Contains(r.Reason, "INTERNAL BUG") || !strings.Contains(r.Reason, "the sample is the evidence") {
		t.Errorf("reason %q", r.Reason)
	}
}

// A reference that runs out on the samples too gives no evidence: the
// case stays unjudged, and the real figure of its budget is named.
func TestLargeNoEvidenceNoVerdict(t *testing.T) {
	engines := []oracle.Engine{registrytest.Reference(1000), registrytest.Fast()}
	opt := tight
	opt.RefShare = 1
	r := triage.JudgeWith(context.Background(), largeCase("chain"), engines, 10*time.Second, opt)
	if r.Kind != triage.KindUnjudged || r.Judge != "" {
		t.Fatalf("kind %s judge %q, want unjudged", r.Kind, r.Judge)
	}
	if r.Large == nil || r.Large.Why != "the reference ran out of budget at 1,000 steps" {
		t.Fatalf("evidence %+v", r.Large)
	}
	if !strings.Contains(r.Reason, "no evidence: the reference answered none of the 3 samples") {
		t.Errorf("reason %q", r.Reason)
	}
}

// A fast engine that fails the TLP check on the full data may not judge,
// however well it does on the samples.
func TestLargeJudgeMustPassItsChecks(t *testing.T) {
	bad := negationBug(registrytest.Fast())
	twin := named{bad, oracle.TwinName}
	engines := []oracle.Engine{outOfReach{registrytest.Reference(0)}, twin}
	r := triage.JudgeWith(context.Background(), largeCase("filter_string"), engines, 10*time.Second, tight)
	if r.Kind != triage.KindUnjudged || r.Judge != "" {
		t.Fatalf("kind %s judge %q (%v), want unjudged", r.Kind, r.Judge, r.Notes)
	}
	if !strings.Contains(r.Reason, "the fast engine fails the tlp check") {
		t.Errorf("reason %q", r.Reason)
	}
}

// outOfReach is the reference running out of budget on anything larger than
// a sample, whatever the machine's speed: filter_string over 5,000 triples
// takes the reference under its 1% of 10 s on a quiet machine.
type outOfReach struct{ oracle.Engine }

func (o outOfReach) Eval(ctx context.Context, c *oracle.Case) (*results.Answer, error) {
	if c.Dataset != nil && c.Dataset.Len() > tight.LargeQuads {
		return nil, fmt.Errorf("%w: 50000000 steps (test: out of reach past %d quads)", oracle.ErrBudget, tight.LargeQuads)
	}
	return o.Engine.Eval(ctx, c)
}

// named renames an engine.
type named struct {
	oracle.Engine
	name string
}

func (n named) Name() string { return n.name }

// A query with LIMIT leaves the kept rows open: the fast engine judging
// cannot tell another choice from a wrong one, so an external's other
// answer is undecided, never wrong.
func TestLargeOpenQueryIsUndecided(t *testing.T) {
	engines := []oracle.Engine{outOfReach{registrytest.Reference(0)}, registrytest.Fast(), lossy(registrytest.Fast(), "lossy", nil)}
	r := triage.JudgeWith(context.Background(), largeCase("subselect_limit"), engines, 10*time.Second, tight)
	if r.Judge != oracle.TwinName {
		t.Fatalf("judge %q (%s)", r.Judge, r.Reason)
	}
	if v := r.Verdict("lossy"); v.Outcome != triage.Unjudged || v.Class != diff.ClassUndecided {
		t.Errorf("lossy: %s/%s, want unjudged/undecided", v.Outcome, v.Class)
	}
	if !strings.Contains(r.Large.Open, "LIMIT/OFFSET") {
		t.Errorf("open %q", r.Large.Open)
	}
}

// Every query of the BSBM mix over 5,000 triples, the reference given
// 0.1% of 10 s: the fast engine judges each one on samples of which at
// least one has a non-empty answer (the samples follow the query's joins),
// or the reference still judges it.
func TestLargeJudgesTheMix(t *testing.T) {
	if testing.Short() {
		t.Skip("16 queries over 5,000 triples")
	}
	opt := tight
	opt.RefShare = 0.001
	engines := []oracle.Engine{registrytest.Reference(0), registrytest.Fast()}
	for _, q := range engine.BSBMQueries {
		r := triage.JudgeWith(context.Background(), largeCase(q.Name), engines, 10*time.Second, opt)
		switch {
		case r.Judge == oracle.JudgeName:
			t.Logf("%s: judged by the reference", q.Name)
		case r.Judge != oracle.TwinName || r.Large == nil || r.Large.NonEmpty == 0:
			t.Errorf("%s: judge %q (%s)", q.Name, r.Judge, r.Reason)
		}
	}
}

// The reference runs out of its budget on a small case: no judge, but the
// TLP check still catches an engine that breaks it (FILTER(!p) keeps
// nothing) while the fast engine passes it and stays unjudged.
func TestJudgeFallsBackToTLP(t *testing.T) {
	ds := rdf.NewDataset()
	for _, v := range []string{"0", "1", "2", "3"} {
		ds.Add(rdf.Quad{S: rdf.IRI("http://e/s" + v), P: rdf.IRI("http://e/p"), O: rdf.Literal(v, rdf.XSDInteger)})
	}
	ds.Add(rdf.Quad{S: rdf.IRI("http://e/t"), P: rdf.IRI("http://e/p"), O: rdf.String("not a number")})
	engines := []oracle.Engine{registrytest.Reference(2), registrytest.Fast(), negationBug(registrytest.Fast())}
	c := &oracle.Case{Query: "SELECT ?s ?o { ?s ?p ?o FILTER(?o > 1) }", Dataset: ds}
	r := triage.Judge(context.Background(), c, engines, 10*time.Second)
	if r.Kind != triage.KindUnjudged || r.Judge != "" {
		t.Fatalf("want an unjudged case, got %s (judge error %v)", r.Kind, r.JudgeErr)
	}
	if v := r.Verdict("engine"); v.Outcome != triage.Unjudged {
		t.Errorf("engine: %s, want unjudged (it passes TLP)", v.Outcome)
	}
	if v := r.Verdict("negbug"); v.Outcome != triage.Wrong || v.Class != diff.ClassMissingRows {
		t.Errorf("negbug: %s/%s, want wrong/missing-rows", v.Outcome, v.Class)
	}
	if len(r.Divergences) != 1 || r.Divergences[0].Signature.String() != "missing-rows: negbug | engine" {
		t.Errorf("divergences %+v", r.Divergences)
	}
	var tlp []large.Check
	for _, ch := range r.Metamorphic {
		if ch.Name == "tlp" {
			tlp = append(tlp, ch)
		}
	}
	if len(tlp) != 2 || !tlp[0].OK || tlp[1].OK {
		t.Errorf("TLP checks %+v", tlp)
	}
}
