package regress

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/reduce"
	"github.com/sparql-oracle/oracle/internal/triage"
)

// Deadline is each engine's deadline per query in corpus runs.
const Deadline = 30 * time.Second

// Change is one engine whose verdict differs from the recorded one.
type Change struct {
	Engine    string
	Want, Got Expect
}

// Timing reports whether the change involves a timeout on either side:
// whether an engine answers within the deadline depends on the machine's
// load, not on the engine's semantics, so the corpus test only logs it.
func (c Change) Timing() bool {
	return c.Want.Outcome == triage.TimedOut || c.Got.Outcome == triage.TimedOut
}

// Shifted reports a change of classes only, the outcome the same and the
// classes overlapping: an engine free to pick any rows of a tie class
// (ORDER BY ... LIMIT) picks others from run to run, and the row diff then
// names other classes. The corpus test only logs it.
func (c Change) Shifted() bool {
	if c.Want.Outcome != c.Got.Outcome {
		return false
	}
	for _, w := range c.Want.Classes {
		if slices.Contains(c.Got.Classes, w) {
			return true
		}
	}
	return false
}

// Flaky reports a change of an engine the recorder saw answer the case
// otherwise on two runs ("# flaky:" in expect.tsv): the corpus test only
// logs it.
func (c Change) Flaky(cs *Case) bool {
	return slices.Contains(strings.Split(cs.Meta["flaky"], ","), c.Engine)
}

func (c Change) String() string {
	return fmt.Sprintf("%s: recorded %s %s, now %s %s (version %s -> %s)", c.Engine,
		c.Want.Outcome, classList(c.Want.Classes), c.Got.Outcome, classList(c.Got.Classes), c.Want.Version, c.Got.Version)
}

// Check runs the case on engines (the reference among them) with the same
// runner as `oracle diff` and returns the engines whose outcome or classes
// changed. Expected engines absent from engines are not checked.
func Check(ctx context.Context, c *Case, engines []oracle.Engine) ([]Change, *triage.Report) {
	r := triage.Judge(ctx, c.Oracle(), engines, Deadline)
	return changes(c, queryRun{r}), r
}

// changes are the engines of c whose outcome or classes differ in r.
func changes(c *Case, r judgedRun) []Change {
	got := r.expectations()
	var out []Change
	for _, want := range c.Expect {
		g, ok := got[want.Engine]
		if ok && (g.Outcome != want.Outcome || !slices.Equal(g.Classes, want.Classes)) {
			out = append(out, Change{want.Engine, want, g})
		}
	}
	return out
}

// A judgedRun is one case judged on several engines, of either kind: a
// query's triage.Report or an update request's reduce.UpdateRun. The corpus
// reads two things of it, each engine's verdict and what it records of the
// engines on a wrong side; checking, rejudging, the flaky rerun and the
// expect.tsv rows are one path for both kinds.
type judgedRun interface {
	// expectations are the verdicts a corpus records, by engine; the
	// reference is "correct" when it judged.
	expectations() map[string]Expect
	// wrongOf is what the corpus records of each engine on the wrong side
	// of a divergence (st: the reduction whose triggers name the root
	// causes; nil when none ran).
	wrongOf(engines []oracle.Engine, st *reduce.Stats) map[string]wrongVerdict
}

type queryRun struct{ *triage.Report }

type updateRun struct{ *reduce.UpdateRun }

func (r queryRun) expectations() map[string]Expect {
	return byEngine(r.Verdicts, func(v triage.EngineVerdict) Expect {
		return Expect{Engine: v.Engine, Version: v.Version, Outcome: v.Outcome, Classes: v.Classes}
	})
}

func (r updateRun) expectations() map[string]Expect {
	return byEngine(r.Verdicts, func(v reduce.UpdateVerdict) Expect {
		return Expect{Engine: v.Engine, Version: v.Version, Outcome: v.Outcome, Classes: v.Classes}
	})
}

func byEngine[V any](vs []V, expect func(V) Expect) map[string]Expect {
	out := map[string]Expect{}
	for _, v := range vs {
		e := expect(v)
		out[e.Engine] = e
	}
	return out
}

// judge runs c on engines as its kind is judged: triage.Judge for a query,
// reduce.JudgeUpdate for an update request (an error: the judge rejected
// it).
func judge(ctx context.Context, c *Case, engines []oracle.Engine) (judgedRun, error) {
	if !c.Update {
		return queryRun{triage.Judge(ctx, c.Oracle(), engines, Deadline)}, nil
	}
	run, err := reduce.JudgeUpdate(ctx, c.Oracle(), engines, Deadline)
	if err != nil {
		return nil, err
	}
	return updateRun{run}, nil
}

// expectList is r's verdicts in the order of engines.
func expectList(r judgedRun, engines []oracle.Engine) []Expect {
	got := r.expectations()
	var out []Expect
	for _, e := range engines {
		if x, ok := got[e.Name()]; ok {
			out = append(out, x)
		}
	}
	return out
}

// reductionText is the header form of the reduction figures: the engine
// reduced for, then its figures and verification.
func reductionText(engine string, st reduce.Stats) string {
	s := fmt.Sprintf("engine=%s oracle_calls=%d seconds=%.2f quads=%d->%d nodes=%d->%d",
		engine, st.Calls, st.Elapsed.Seconds(), st.QuadsBefore, st.QuadsAfter, st.NodesBefore, st.NodesAfter)
	switch {
	case st.Minimal:
		s += fmt.Sprintf(" minimal=verified tried=%d", st.Tried)
	case st.Stopped:
		s += " stopped"
	}
	return s
}

func classList(cs []diff.Class) string {
	if len(cs) == 0 {
		return "-"
	}
	return diff.JoinClasses(cs, ",")
}
