package pipeline

import (
	"context"
	"time"

	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/reduce"
	"github.com/sparql-oracle/oracle/internal/report"
	"github.com/sparql-oracle/oracle/internal/triage"
)

// Options configure a run: the one-case pipeline shared by `oracle diff`
// and the service's POST /v1/diff.
type Options struct {
	Deadline time.Duration // per engine and query
	Reduce   bool          // reduce every engine's divergence (reduce.All)
	Limits   reduce.Limits // bounds of each reduction (when Reduce); Deadline defaults to the run's
}

// Run judges c on engines (the judge among them), with Reduce reduces
// every (engine, class) of its divergences, and writes them up: every
// divergence (report.Bugs), or with Reduce the reduced ones whose
// divergence survived (report.Reduced). A run without the judge among the
// engines is not reduced (reduce.All says why, in the notes).
func Run(ctx context.Context, c *oracle.Case, engines []oracle.Engine, opt Options) (*triage.Report, []report.Bug) {
	r := triage.Judge(ctx, c, engines, opt.Deadline)
	if !opt.Reduce {
		return r, report.Bugs(r, engines...)
	}
	if r.Judge == oracle.TwinName { // large.go: the reference ran out, the fast engine judged
		return r, reduceLarge(ctx, c, engines, r, opt.limits())
	}
	reduced, err := reduce.All(ctx, c, engines, r, opt.limits())
	r.Notes = notReduced(r.Notes, err)
	return r, report.Reduced(reduced, engines...)
}

// RunUpdate is Run for an update case: the stores after the request
// judged against the judge's (reduce.JudgeUpdate), reduced with Reduce
// (reduce.UpdateAll), written up (report.UpdateBugs, report.UpdateReduced).
// A request the judge rejects is an error.
func RunUpdate(ctx context.Context, c *oracle.Case, engines []oracle.Engine, opt Options) (*reduce.UpdateRun, []report.Bug, error) {
	run, err := reduce.JudgeUpdate(ctx, c, engines, opt.Deadline)
	if err != nil {
		return nil, nil, err
	}
	if !opt.Reduce {
		return run, report.UpdateBugs(run, engines...), nil
	}
	reduced, err := reduce.UpdateAll(ctx, c, engines, run, opt.limits())
	run.Notes = notReduced(run.Notes, err)
	return run, report.UpdateReduced(reduced, engines...), nil
}

// limits are the bounds of each reduction of a run: Limits, with the
// run's deadline unless they set their own.
func (o Options) limits() reduce.Limits {
	lim := o.Limits
	if lim.Deadline == 0 {
		lim.Deadline = o.Deadline
	}
	return lim
}

// notReduced notes why a run's divergences were not reduced.
func notReduced(notes []string, err error) []string {
	if err == nil {
		return notes
	}
	return append(notes, "not reduced: "+err.Error())
}
