package sweep

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/riverqueue/river"

	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/reduce"
	"github.com/sparql-oracle/oracle/internal/report"
	"github.com/sparql-oracle/oracle/internal/results"
	"github.com/sparql-oracle/oracle/internal/store"
)

// Reduction defaults for a sweep's divergences (store.SweepSpec.ReduceCalls
// and ReduceSeconds override them).
const (
	DefaultReduceCalls   = 200
	DefaultReduceSeconds = 20
)

// runCase runs one case on the sweep's engines, reduces and files its
// divergences, and records everything. A store error is returned, so River
// retries the job; the writes are idempotent, so a retry adds nothing twice.
func (r *Runner) runCase(ctx context.Context, a CaseArgs) error {
	s, err := r.st.Sweep(ctx, a.SweepID)
	if errors.Is(err, store.ErrNotFound) {
		return river.JobCancel(err)
	}
	if err != nil || Final(s.State) {
		return err
	}
	rec, err := r.judgeCase(ctx, s, a.Case)
	if err != nil {
		return err
	}
	if err := r.st.RecordCase(ctx, rec); err != nil {
		return err
	}
	return r.maybeFinish(ctx, a.SweepID)
}

// judgeCase builds the record of one case. A case that cannot be built or
// an engine that cannot be started is recorded as a failed case, not
// retried: it would fail the same way again.
func (r *Runner) judgeCase(ctx context.Context, s store.Sweep, key string) (store.CaseRecord, error) {
	rec := store.CaseRecord{SweepID: s.ID, Case: key}
	engines, err := r.enginesFor(s.Spec.Engines)
	var c *oracle.Case
	if err == nil {
		c, err = r.cor.resolve(key)
	}
	if err != nil {
		rec.Failed = true
		rec.Results = []store.Result{{Engine: diff.JudgeName, Outcome: "error", Error: err.Error()}}
		return rec, nil
	}
	judge := &timed{Engine: engines[0]}
	run := append([]oracle.Engine{judge}, engines[1:]...)
	deadline := time.Duration(s.Spec.DeadlineMS) * time.Millisecond
	rep := diff.Judge(ctx, c, run, deadline)
	if ctx.Err() != nil {
		return rec, ctx.Err() // the job was stopped: run it again later
	}
	if r.opts.Observe != nil {
		r.opts.Observe(rep)
	}
	features, err := r.file(ctx, s, c, engines, rep, &rec)
	if err != nil {
		return rec, err
	}
	rec.Diverged, rec.Failed = rep.Diverges(), rep.Judge == ""
	rec.Results = resultRows(rep, judge, features)
	rec.TestCase, rec.Tests = r.testResults(ctx, s, key, c, rep) // w3c.go: per-test statuses
	return rec, nil
}

// file reduces each divergence (within the spec's bounds and the memo's,
// memo.go), files the bug, and returns the feature of each diverging
// engine's first bug.
func (r *Runner) file(ctx context.Context, s store.Sweep, c *oracle.Case, engines []oracle.Engine, rep *diff.Report, rec *store.CaseRecord) (map[string]string, error) {
	features := map[string]string{}
	for _, d := range rep.Divergences {
		b, id, err := r.fileDivergence(ctx, s, c, engines, rep, d)
		if err != nil {
			return nil, err
		}
		rec.Reports = append(rec.Reports, id)
		for _, e := range d.Signature.Wrong {
			if _, ok := features[e]; !ok {
				features[e] = b.Feature
			}
		}
	}
	return features, nil
}

// fileDivergence files one divergence: unreduced when the spec says so,
// as an occurrence of an earlier reduction when the memo has K of its
// pre-reduction key, else reduced now.
func (r *Runner) fileDivergence(ctx context.Context, s store.Sweep, c *oracle.Case, engines []oracle.Engine, rep *diff.Report, d diff.Divergence) (report.Bug, int64, error) {
	raw, _ := report.BugFor(rep, d.Signature, nil, engines...)
	if s.Spec.ReduceCalls < 0 {
		return r.fileBug(ctx, s.ID, c.Name, raw)
	}
	key := memoKey(r.opts.ReduceKey, raw)
	prev, reduce, err := r.memo.acquire(ctx, s.ID, key, reducePerKey(s.Spec))
	if err != nil {
		return report.Bug{}, 0, err
	}
	if !reduce {
		r.reused.Add(1)
		return r.fileBug(ctx, s.ID, c.Name, prev)
	}
	if r.onReduce != nil {
		r.onReduce(s.ID, key)
	}
	b := r.reduce(ctx, s.Spec, c, engines, d, raw)
	b, id, err := r.fileBug(ctx, s.ID, c.Name, b)
	if err != nil {
		r.memo.release(s.ID, key, nil)
		return b, 0, err
	}
	r.memo.release(s.ID, key, &b)
	return b, id, nil
}

func (r *Runner) fileBug(ctx context.Context, sweep int64, caseName string, b report.Bug) (report.Bug, int64, error) {
	rp, _, err := r.st.FileReport(ctx, store.Filing{Bug: b, SweepID: sweep, Case: caseName})
	return b, rp.ID, err
}

// reduce writes up d reduced for the first engine of its wrong side whose
// divergence survives reduction against the judge alone (reduce.Engine; an
// engine whose divergence does not survive is flagged and skipped); raw
// (the unreduced bug) when none does.
func (r *Runner) reduce(ctx context.Context, spec store.SweepSpec, c *oracle.Case, engines []oracle.Engine, d diff.Divergence, raw report.Bug) report.Bug {
	r.reduced.Add(1)
	lim := reduce.Limits{MaxCalls: orDefault(spec.ReduceCalls, DefaultReduceCalls),
		MaxTime:  time.Duration(orDefault(spec.ReduceSeconds, DefaultReduceSeconds)) * time.Second,
		Deadline: time.Duration(spec.DeadlineMS) * time.Millisecond}
	for _, name := range d.Signature.Wrong {
		res, err := reduce.Engine(ctx, c, engines, name, d.Signature.Class, lim)
		if err != nil {
			continue
		}
		if rd, ok := res.Divergence(); ok {
			if b, ok := report.BugFor(res.Report, rd.Signature, &res.Stats, engines...); ok {
				return b
			}
		}
	}
	return raw
}

func orDefault(v, def int) int {
	if v <= 0 {
		return def
	}
	return v
}

// resultRows is one row per engine: the judge's own row ("judge" when it
// answered, else its error's outcome) and each verdict.
func resultRows(rep *diff.Report, judge *timed, features map[string]string) []store.Result {
	jr := store.Result{Engine: judge.Name(), Version: judge.Version(), Outcome: "judge", ElapsedMS: ms(judge.elapsed())}
	if rep.Judge == "" {
		jr.Outcome = "unjudged"
		if rep.JudgeErr != nil {
			jr.Error = rep.JudgeErr.Error()
		}
	}
	out := []store.Result{jr}
	for _, v := range rep.Verdicts {
		res := store.Result{Engine: v.Engine, Version: v.Version, Outcome: string(v.Outcome),
			Class: string(v.Class), ElapsedMS: ms(v.Elapsed), Feature: features[v.Engine]}
		if v.Err != nil {
			res.Error = v.Err.Error()
		}
		out = append(out, res)
	}
	return out
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// timed wraps the judge to keep its evaluation time, which the report
// does not carry (it lists the other engines' verdicts).
type timed struct {
	oracle.Engine
	mu sync.Mutex
	d  time.Duration
}

func (t *timed) Eval(ctx context.Context, c *oracle.Case) (a *results.Answer, err error) {
	start := time.Now()
	defer func() {
		t.mu.Lock()
		t.d = time.Since(start)
		t.mu.Unlock()
	}()
	return t.Engine.Eval(ctx, c)
}

func (t *timed) elapsed() time.Duration {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.d
}
