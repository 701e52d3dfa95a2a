package sweep

import (
	"context"
	"time"

	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/reduce"
	"github.com/sparql-oracle/oracle/internal/report"
	"github.com/sparql-oracle/oracle/internal/store"
	"github.com/sparql-oracle/oracle/internal/triage"
)

// Update cases: a key gen/<profile>/<seed> whose profile is an update
// profile (corpus.Profile.IsUpdate, corpus/profiles/update-*.json) names a
// request and the graph store before it (corpus.GenerateUpdate), an update
// oracle.Case that resolve builds as it builds a query case. The case
// runs through every engine of the spec that applies updates
// (oracle.AsUpdater; the others are left out with a note) with the
// reference as judge (reduce.JudgeUpdate: each store compared with
// diff.CompareWith, so every outcome the Update text permits is accepted),
// and is filed and recorded through a query case's path (run.go: judged):
// one row per engine with its outcome and class, the divergences filed
// (store.FileReport) unreduced when the spec says reduce_calls -1, else
// reduced per engine (reduce.UpdateEngine, within the memo's bound) and,
// where a reduction does not survive, flagged.

// judgeUpdate judges an update case (reduce.JudgeUpdate); judgeCase files
// and records it as it does a query case. An error is the judge rejecting
// the request: a generator bug, recorded as a failed case.
func judgeUpdate(ctx context.Context, s store.Sweep, c *oracle.Case, engines []oracle.Engine) (judged, error) {
	start := time.Now()
	run, err := reduce.JudgeUpdate(ctx, c, engines, time.Duration(s.Spec.DeadlineMS)*time.Millisecond)
	if err != nil {
		return nil, err
	}
	return &updateRun{c: c, engines: engines, run: run, elapsed: time.Since(start)}, nil
}

// updateRun is an update case judged by reduce.JudgeUpdate.
type updateRun struct {
	c       *oracle.Case
	engines []oracle.Engine
	run     *reduce.UpdateRun
	elapsed time.Duration // the judge's run
}

func (u *updateRun) caseName() string { return u.c.Name }

func (u *updateRun) divergences() []triage.Divergence { return u.run.Divergences }

func (u *updateRun) bug(d triage.Divergence) report.Bug { return updateBug(u.run, d, nil, u.engines) }

func (u *updateRun) reduceFor(ctx context.Context, engine string, class diff.Class, lim reduce.Limits) (report.Bug, string) {
	res, err := reduce.UpdateEngine(ctx, u.c, u.engines, engine, class, lim)
	rd, ok := reducedUpdate(res)
	if err != nil || !ok {
		return report.Bug{}, notSurvived(res, err)
	}
	return updateBug(res.Run, rd, &res.Stats, u.engines), ""
}

func (u *updateRun) record(_ context.Context, rec *store.CaseRecord, features map[string]string) error {
	rec.Diverged, rec.Failed = len(u.run.Divergences) > 0, u.run.Expected == nil
	if u.run.Kind == triage.KindUnjudged && u.run.Expected != nil {
		rec.Unjudged = orText(u.run.Reason, "not every engine could be judged")
	}
	rec.Results = updateRows(u.run, u.elapsed, features)
	return nil
}

// updateFeature names the construct of an update divergence the report
// could not name.
const updateFeature = "update"

func orText(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// updateRows is one row per engine that applied the request: the judge's
// ("judge", or "unjudged" when it gave no store) and each verdict.
func updateRows(run *reduce.UpdateRun, elapsed time.Duration, features map[string]string) []store.Result {
	var out []store.Result
	for i, v := range run.Verdicts {
		res := store.Result{Engine: v.Engine, Version: v.Version, Outcome: string(v.Outcome),
			Class: string(v.Class), Feature: features[v.Engine]}
		if i == 0 {
			res.Outcome, res.Class, res.ElapsedMS = "judge", "", ms(elapsed)
			if run.Expected == nil {
				res.Outcome = "unjudged"
			}
		}
		if v.Err != nil {
			res.Error = v.Err.Error()
		}
		out = append(out, res)
	}
	return out
}

func reducedUpdate(res *reduce.UpdateResult) (triage.Divergence, bool) {
	if res == nil || !res.Survived {
		return triage.Divergence{}, false
	}
	return res.Divergence()
}

func notSurvived(res *reduce.UpdateResult, err error) string {
	switch {
	case res != nil && res.Reason != "":
		return res.Reason
	case err != nil:
		return "not reduced: " + err.Error()
	}
	return "the reduced case does not show the divergence when every engine runs"
}

// updateBug writes up a divergence of an update case for filing: the
// report's own write-up (report.UpdateBugFor: the request and the store
// before it as the reproducer, the judge's store, per engine the store
// diff, the basis and the engine-only reproducer), the report.Bug the
// store files.
func updateBug(run *reduce.UpdateRun, d triage.Divergence, st *reduce.Stats, engines []oracle.Engine) report.Bug {
	b, ok := report.UpdateBugFor(run, d.Signature, st, engines...)
	if !ok { // d is one of run's divergences, so this does not happen
		b = report.Bug{Class: d.Signature.Class, Kind: run.Kind, Status: "open", Signature: d.Signature.String(), Feature: updateFeature,
			Reproducer: report.Reproducer{Query: run.Case.Update, Base: run.Case.Base, Commands: map[string]string{}, Update: true}}
	}
	return b
}
