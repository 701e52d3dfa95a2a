package sweep

import (
	"context"
	"errors"
	"time"

	"github.com/sparql-oracle/oracle/internal/filing"
	"github.com/sparql-oracle/oracle/internal/large"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/reduce"
	"github.com/sparql-oracle/oracle/internal/report"
	"github.com/sparql-oracle/oracle/internal/store"
	"github.com/sparql-oracle/oracle/internal/triage"
)

// A relation's violation on a realistic case is reduced before it is
// filed (reduce.Large: the data by subject neighbourhoods, then quads,
// then the query), keeping the engine's violation of the same relation in
// the same class group, within the spec's reduce bounds. The reduced case
// is the reproducer; the realistic query and the data's size before and
// after are kept beside it (report.Bug.OriginalQuery, OriginalTriples,
// ReducedTriples). A violation the reduction cannot show again on the
// original case is flagged, not filed, as a divergence that does not
// survive is.

// violationBug writes up one violated check: reduced when the spec
// reduces (ReduceCalls >= 0), unreduced otherwise or when the reduction
// could not start. why is set, and the bug zero, when the violation is
// flagged instead.
func violationBug(ctx context.Context, spec store.SweepSpec, c *oracle.Case, run []oracle.Engine, rep *triage.Report, ch large.Check) (b report.Bug, ok bool, why string) {
	q, _ := c.Tree()
	e := engineOf(run, ch.Engine)
	if spec.ReduceCalls < 0 || e == nil {
		b, ok = filing.Violation(c, ch, versionOf(run, ch.Engine), judgedNote(rep, ch.Engine), filing.RelationTrigger(q, ch.Name))
		return b, ok, ""
	}
	res, err := reduceViolation(ctx, spec, c, e, judgesOf(run), ch)
	switch {
	case errors.Is(err, reduce.ErrLargeInput):
		b, ok = filing.Violation(c, ch, e.Version(), judgedNote(rep, ch.Engine), filing.RelationTrigger(q, ch.Name))
		return b, ok, ""
	case res == nil || !res.Survived:
		return report.Bug{}, false, "relation " + ch.Name + " not reduced: " + reasonOf(res, err)
	}
	red := recheck(ctx, spec, res.Case, e, ch)
	if red == nil {
		return report.Bug{}, false, "relation " + ch.Name + ": the reduced case does not show the violation when run again"
	}
	rq, _ := res.Case.Tree()
	b, ok = filing.Violation(res.Case, *red, e.Version(), judgedNote(rep, ch.Engine), filing.RelationTrigger(rq, ch.Name))
	if ok {
		b.OriginalQuery, b.OriginalTriples, b.ReducedTriples = c.Query, res.OriginalTriples, res.Triples
		b.Reduction = report.Figure(res.Stats)
	}
	return b, ok, ""
}

// reduceViolation runs reduce.Large for one violated check.
func reduceViolation(ctx context.Context, spec store.SweepSpec, c *oracle.Case, e oracle.Engine, judges []oracle.Engine, ch large.Check) (*reduce.LargeResult, error) {
	deadline := time.Duration(spec.DeadlineMS) * time.Millisecond
	lim := largeLimits(reduce.Limits{MaxCalls: orDefault(spec.ReduceCalls, DefaultReduceCalls),
		MaxTime:  time.Duration(orDefault(spec.ReduceSeconds, DefaultReduceSeconds)) * time.Second,
		Deadline: deadline})
	keep := func(ctx context.Context, cand *oracle.Case) bool {
		return recheck(ctx, spec, cand, e, ch) != nil
	}
	return reduce.Large(ctx, c, e, judges, keep, lim)
}

// recheck runs ch's relation on c and returns the check when e still
// violates it in the class group of ch's verdict.
func recheck(ctx context.Context, spec store.SweepSpec, c *oracle.Case, e oracle.Engine, ch large.Check) *large.Check {
	rel, ok := large.RelationByName(ch.Name)
	if !ok {
		return nil
	}
	group := ch.Verdict.Classes[0].Group()
	for _, got := range large.RunRelations(ctx, c, []oracle.Engine{e}, []large.Relation{rel}, time.Duration(spec.DeadlineMS)*time.Millisecond) {
		if got.Engine == e.Name() && got.Skipped == "" && !got.OK && got.Verdict != nil && len(got.Verdict.Classes) > 0 &&
			got.Verdict.Classes[0].Group() == group {
			return &got
		}
	}
	return nil
}

func reasonOf(res *reduce.LargeResult, err error) string {
	switch {
	case res != nil && res.Reason != "":
		return res.Reason
	case err != nil:
		return err.Error()
	}
	return "the reduction lost the violation"
}

// engineOf is the engine of run named name, unwrapped from the judge's
// timing (a reduction runs it on other data).
func engineOf(run []oracle.Engine, name string) oracle.Engine {
	for _, e := range run {
		if e.Name() == name {
			if t, ok := e.(*timed); ok {
				return t.Engine
			}
			return e
		}
	}
	return nil
}

// judgesOf are the engines of run that may judge a reduced case: the
// reference and the fast engine.
func judgesOf(run []oracle.Engine) []oracle.Engine {
	var out []oracle.Engine
	for _, n := range []string{oracle.JudgeName, oracle.TwinName} {
		if e := engineOf(run, n); e != nil {
			out = append(out, e)
		}
	}
	return out
}
