package triage_test

import (
	"context"
	"fmt"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/internal/large"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/registry"
	"github.com/sparql-oracle/oracle/internal/registry/registrytest"
	"github.com/sparql-oracle/oracle/internal/results"
	"github.com/sparql-oracle/oracle/internal/triage"
)

// counting wraps an engine and counts its evaluations. On the query slow
// it waits for its deadline, or with quit it gives up at once with its own
// timeout (as Jena does a little before ours).
type counting struct {
	oracle.Engine
	name  string
	calls atomic.Int32
	slow  string // a query it never answers in time
	quit  bool
}

func (c *counting) Name() string { return c.name }

func (c *counting) Eval(ctx context.Context, cs *oracle.Case) (*results.Answer, error) {
	c.calls.Add(1)
	if c.slow != "" && cs.Query == c.slow {
		if c.quit {
			return nil, fmt.Errorf("%w: its own deadline", oracle.ErrTimeout)
		}
		<-ctx.Done()
		return nil, ctx.Err()
	}
	return c.Engine.Eval(ctx, cs)
}

func tlpCase() *oracle.Case {
	ds := rdf.NewDataset()
	for _, v := range []string{"0", "1", "2", "3"} {
		ds.Add(rdf.Quad{S: rdf.IRI("http://e/s" + v), P: rdf.IRI("http://e/p"), O: rdf.Literal(v, rdf.XSDInteger)})
	}
	return &oracle.Case{Query: "SELECT ?s ?o { ?s ?p ?o FILTER(?o > 1) }", Dataset: ds}
}

// An engine that timed out on the case is not asked the metamorphic
// queries; the others are, within the case's deadline.
func TestJudgeAsksNoTimedOutEngine(t *testing.T) {
	c := tlpCase()
	fe := registrytest.Fast()
	slow := &counting{Engine: fe, name: "slow", slow: c.Query, quit: true}
	quick := &counting{Engine: fe, name: "quick"}
	engines := []oracle.Engine{registrytest.Reference(2), slow, quick}
	r := triage.Judge(context.Background(), c, engines, 10*time.Second)
	if n := slow.calls.Load(); n != 1 {
		t.Errorf("the engine that timed out was asked %d times, want once", n)
	}
	if n := quick.calls.Load(); n != 6 {
		t.Errorf("the quick engine was asked %d times, want 6 (the case, four TLP parts, the DISTINCT form)", n)
	}
	if r.Kind != triage.KindUnjudged || r.Verdict("slow").Outcome != triage.TimedOut || len(r.Metamorphic) != 2 || !r.Metamorphic[0].OK || !r.Metamorphic[1].OK {
		t.Errorf("kind %s, slow %s, checks %+v; want unjudged, timeout, quick's TLP passed", r.Kind, r.Verdict("slow").Outcome, r.Metamorphic)
	}
}

// An engine that holds the case to its deadline leaves no time for the
// metamorphic queries: they are skipped, and the whole judgement ends
// within the deadline plus a small grace.
func TestJudgeEndsAtTheCaseDeadline(t *testing.T) {
	c := tlpCase()
	fe := registrytest.Fast()
	slow := &counting{Engine: fe, name: "slow", slow: c.Query}
	quick := &counting{Engine: fe, name: "quick"}
	engines := []oracle.Engine{registrytest.Reference(2), slow, quick}
	const deadline = 300 * time.Millisecond
	start := time.Now()
	r := triage.Judge(context.Background(), c, engines, deadline)
	if took := time.Since(start); took > deadline+200*time.Millisecond {
		t.Errorf("Judge took %v, past the deadline %v plus grace", took, deadline)
	}
	if n := slow.calls.Load(); n != 1 {
		t.Errorf("the engine that timed out was asked %d times, want once", n)
	}
	if r.Verdict("slow").Outcome != triage.TimedOut || len(r.Metamorphic) != 2 || !strings.Contains(r.Metamorphic[0].Skipped, "deadline") ||
		!strings.Contains(r.Metamorphic[1].Skipped, "deadline") {
		t.Errorf("slow %s, checks %+v; want a timeout and quick's check skipped at the deadline", r.Verdict("slow").Outcome, r.Metamorphic)
	}
}

// A TLP part that would start after the case's deadline is not run: the
// check is skipped, not failed.
func TestTLPStopsAtTheDeadline(t *testing.T) {
	c := tlpCase()
	quick := &counting{Engine: registrytest.Fast(), name: "quick"}
	ctx, cancel := context.WithTimeout(context.Background(), time.Millisecond)
	defer cancel()
	<-ctx.Done()
	checks := large.TLP(ctx, c, []oracle.Engine{quick}, time.Second)
	if len(checks) != 1 || checks[0].OK || !strings.Contains(checks[0].Skipped, "deadline") {
		t.Errorf("checks %+v, want one skipped at the deadline", checks)
	}
	if n := quick.calls.Load(); n != 0 {
		t.Errorf("the engine was asked %d times after the deadline", n)
	}
}

// A FROM the catalogue does not hold makes the case unjudged for every
// engine, naming the IRI, and no engine runs.
func TestUnresolvedFromRunsNothing(t *testing.T) {
	ds := rdf.NewDataset()
	ds.Add(rdf.Quad{S: rdf.IRI("http://e/s"), P: rdf.IRI("http://e/p"), O: rdf.IRI("http://e/o")})
	fe := registrytest.Fast()
	ref := &counting{Engine: registrytest.Reference(0), name: oracle.JudgeName}
	x := &counting{Engine: fe, name: "x"}
	for _, q := range []string{
		"SELECT * FROM <http://e/missing> { ?s ?p ?o }",
		"SELECT * FROM NAMED <http://e/missing> { GRAPH ?g { ?s ?p ?o } }",
	} {
		c := &oracle.Case{Query: q, Dataset: ds, Sources: map[string]*rdf.Graph{"http://e/other": rdf.NewGraph()}}
		r := triage.Judge(context.Background(), c, []oracle.Engine{ref, x}, time.Second)
		if r.Kind != triage.KindUnjudged || !strings.Contains(r.Reason, "<http://e/missing>") {
			t.Errorf("%s: kind %s reason %q, want unjudged naming the IRI", q, r.Kind, r.Reason)
		}
		if v := r.Verdict("x"); v == nil || v.Outcome != triage.Unjudged || len(r.Divergences) != 0 {
			t.Errorf("%s: verdict %+v, divergences %v", q, v, r.Divergences)
		}
	}
	if ref.calls.Load()+x.calls.Load() != 0 {
		t.Errorf("engines ran: reference %d, x %d", ref.calls.Load(), x.calls.Load())
	}
	c := &oracle.Case{Query: "SELECT * FROM <http://e/other> { ?s ?p ?o }", Dataset: ds, Sources: map[string]*rdf.Graph{"http://e/other": rdf.NewGraph()}}
	if r := triage.Judge(context.Background(), c, []oracle.Engine{ref, x}, time.Second); r.Kind != triage.KindAllCorrect {
		t.Errorf("a resolved FROM: kind %s (%s)", r.Kind, r.Reason)
	}
}

// slowTurn answers as its engine does after taking most of its deadline.
type slowTurn struct {
	oracle.Engine
	name string
	took time.Duration
}

func (s slowTurn) Name() string { return s.name }

func (s slowTurn) Eval(ctx context.Context, c *oracle.Case) (*results.Answer, error) {
	select {
	case <-time.After(s.took):
		return s.Engine.Eval(ctx, c)
	case <-ctx.Done():
		return nil, fmt.Errorf("%w: %v", oracle.ErrTimeout, ctx.Err())
	}
}

// TestLargeCaseGivesEveryEngineItsTurn: on data of oracle.LargeQuads the
// external engines take turns (one per core; one here), each deadline
// from its turn, and the case lasts as long as their turns (oracle.Span):
// six engines that each need 60% of the deadline all answer. Cut at one
// deadline, the case gave the last four "no turn before the case ended".
func TestLargeCaseGivesEveryEngineItsTurn(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	ds := rdf.NewDataset()
	for i := range oracle.LargeQuads {
		ds.Add(rdf.Quad{S: rdf.IRI(fmt.Sprintf("http://ex/s%d", i)), P: rdf.IRI("http://ex/p"), O: rdf.String(fmt.Sprint(i)), G: rdf.DefaultGraph})
	}
	const deadline = time.Second
	fe := registrytest.Fast()
	engines := []oracle.Engine{registrytest.Reference(0), fe}
	for i := range 6 {
		engines = append(engines, slowTurn{fe, fmt.Sprintf("slow%d", i), deadline * 6 / 10})
	}
	r := triage.Judge(context.Background(), &oracle.Case{Query: "ASK { ?s <http://ex/p> \"7\" }", Dataset: ds}, engines, deadline)
	for _, v := range r.Verdicts {
		if v.Err != nil && strings.HasPrefix(v.Engine, "slow") {
			t.Errorf("%s: %v", v.Engine, v.Err)
		}
	}
}

// nestedExists is SELECT * { ?s ?p ?o FILTER EXISTS { ... } } with n
// EXISTS, each inside the last: the judge runs out of fuel, some engines
// out of time, and the case falls back to the TLP check.
func nestedExists(n int) string {
	q := "?s ?p ?o"
	for i := 0; i < n; i++ {
		q = "?s ?p ?o FILTER EXISTS { " + q + " }"
	}
	return "SELECT * { " + q + " }"
}

// TestNestedExistsEndsAtTheDeadline (a slot was once held for 44 s): on
// every installed engine, already started, a 50-deep EXISTS is judged
// within the case's deadline plus a small grace, and no engine that timed
// out is asked a metamorphic query.
func TestNestedExistsEndsAtTheDeadline(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every installed engine")
	}
	names := []string{oracle.JudgeName, oracle.TwinName}
	for _, n := range registry.External() {
		if registry.Installed(n) {
			names = append(names, n)
		}
	}
	engines := registrytest.Built(t, names...)
	ds := rdf.NewDataset()
	for _, s := range []string{"a", "b", "c"} {
		ds.Add(rdf.Quad{S: rdf.IRI("http://e/" + s), P: rdf.IRI("http://e/p"), O: rdf.IRI("http://e/a")})
	}
	// Start every engine first (a JVM, a Virtuoso server): a start is not
	// the case's time.
	triage.Judge(context.Background(), &oracle.Case{Query: "ASK {}", Dataset: ds}, engines, time.Minute)
	// The grace covers stopping 15 engines' runaway evaluations on two
	// loaded cores (6.5 s seen beside two running sweeps); the fault this
	// test keeps out held a slot for 44 s.
	const deadline, grace = 4 * time.Second, 5 * time.Second
	start := time.Now()
	r := triage.Judge(context.Background(), &oracle.Case{Query: nestedExists(50), Dataset: ds}, engines, deadline)
	took := time.Since(start)
	t.Logf("%d engines, %v: %s; %s", len(engines), took.Round(time.Millisecond), r.Kind, strings.Join(r.Notes, "; "))
	if took > deadline+grace {
		t.Errorf("the case took %v, past its deadline %v plus %v", took, deadline, grace)
	}
	if r.Kind != triage.KindUnjudged {
		t.Errorf("kind %s, want unjudged (the judge runs out of fuel)", r.Kind)
	}
	for _, ch := range r.Metamorphic {
		if v := r.Verdict(ch.Engine); v != nil && v.Err != nil && ch.Skipped == "" {
			t.Errorf("%s failed the case (%v) and was still given the TLP queries", ch.Engine, v.Err)
		}
	}
}
