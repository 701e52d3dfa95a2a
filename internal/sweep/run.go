package sweep

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/riverqueue/river"

	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/filing"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/reduce"
	"github.com/sparql-oracle/oracle/internal/report"
	"github.com/sparql-oracle/oracle/internal/results"
	"github.com/sparql-oracle/oracle/internal/store"
	"github.com/sparql-oracle/oracle/internal/triage"
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

// judgeCase builds the record of one case: its kind's judge (a query case
// here, an update case in update.go), then, whatever the kind, each
// divergence filed (file) and the record filled (judged.record). A case
// that cannot be built or judged, or an engine that cannot be started, is
// recorded as a failed case, not retried: it would fail the same way again.
func (r *Runner) judgeCase(ctx context.Context, s store.Sweep, key string) (store.CaseRecord, error) {
	rec := store.CaseRecord{SweepID: s.ID, Case: key}
	engines, err := r.enginesFor(s.Spec.Engines)
	if err == nil {
		err = registerProfile(s.Spec) // a worker that did not enqueue the sweep
	}
	if err == nil {
		if drec, ok, derr := r.w3cDirect(ctx, s, key, engines); ok { // w3c_direct.go: syntax and update tests
			return drec, derr
		}
	}
	var j judged
	if err == nil {
		j, err = r.judgeKey(ctx, s, key, engines, &rec)
	}
	if ctx.Err() != nil {
		return rec, ctx.Err() // the job was stopped: run it again later
	}
	if err != nil {
		rec.Failed = true
		rec.Results = []store.Result{{Engine: oracle.JudgeName, Outcome: "error", Error: err.Error()}}
		return rec, nil
	}
	features, err := r.file(ctx, s, j, &rec)
	if err != nil {
		return rec, err
	}
	return rec, j.record(ctx, &rec, features)
}

// judged is one case after its judge, of either kind: a query case
// (queryRun: triage.Report) or an update case (updateRun, update.go:
// reduce.UpdateRun). Filing, reduction and the memo are one path for both
// (file, fileDivergence, reduce); what differs is this interface.
type judged interface {
	// caseName names the case in its filings.
	caseName() string
	// divergences are the judge's divergences, each filed once.
	divergences() []triage.Divergence
	// bug writes up d unreduced.
	bug(d triage.Divergence) report.Bug
	// reduceFor reduces engine's divergence in class against the judge
	// alone within lim and writes up the reduced case's divergence, or
	// says why the engine is flagged instead.
	reduceFor(ctx context.Context, engine string, class diff.Class, lim reduce.Limits) (report.Bug, string)
	// record fills rec's verdict and rows, given the feature of each
	// diverging engine's bug (file).
	record(ctx context.Context, rec *store.CaseRecord, features map[string]string) error
}

// judgeKey judges the case key names with its kind's judge: an update case
// (update.go) or a query case (triage.Judge).
func (r *Runner) judgeKey(ctx context.Context, s store.Sweep, key string, engines []oracle.Engine, rec *store.CaseRecord) (judged, error) {
	c, err := r.cor.resolve(key)
	if err != nil {
		return nil, err
	}
	if c.IsUpdate() {
		rec.Case = c.Name
		return judgeUpdate(ctx, s, c, engines)
	}
	judge := &timed{Engine: engines[0]}
	run := append([]oracle.Engine{judge}, engines[1:]...)
	rep := triage.Judge(ctx, c, run, time.Duration(s.Spec.DeadlineMS)*time.Millisecond)
	if ctx.Err() == nil && r.opts.Observe != nil {
		r.opts.Observe(rep)
	}
	return &queryRun{r: r, s: s, key: key, c: c, engines: engines, run: run, judge: judge, rep: rep}, nil
}

// queryRun is a query case judged by triage.Judge.
type queryRun struct {
	r       *Runner
	s       store.Sweep
	key     string
	c       *oracle.Case
	engines []oracle.Engine // the sweep's, the judge first
	run     []oracle.Engine // the same with the judge timed
	judge   *timed
	rep     *triage.Report
}

func (q *queryRun) caseName() string { return q.c.Name }

func (q *queryRun) divergences() []triage.Divergence { return q.rep.Divergences }

func (q *queryRun) bug(d triage.Divergence) report.Bug {
	b, _ := report.BugFor(q.rep, d.Signature, nil, q.engines...)
	return b
}

func (q *queryRun) reduceFor(ctx context.Context, engine string, class diff.Class, lim reduce.Limits) (report.Bug, string) {
	if q.rep.Judge == oracle.TwinName { // the fast engine judged a large case (large_reduce.go)
		return q.reduceLarge(ctx, engine, class, lim)
	}
	res, err := reduce.Engine(ctx, q.c, q.engines, engine, class, lim)
	return reducedBug(res, err, q.engines)
}

// record also runs the case's relations (relations.go) and its W3C
// tests' statuses (w3c.go).
func (q *queryRun) record(ctx context.Context, rec *store.CaseRecord, features map[string]string) error {
	rec.Diverged, rec.Failed = q.rep.Diverges(), q.rep.Judge == ""
	if err := q.r.relate(ctx, q.s, q.key, q.c, q.run, q.rep, rec); err != nil {
		return err
	}
	rec.Unjudged = partlyJudged(q.rep)
	rec.Results = resultRows(q.rep, q.judge, features)
	rec.TestCase, rec.Tests = q.r.testResults(ctx, q.s, q.key, q.c, q.rep)
	return nil
}

// file reduces each divergence per engine (within the spec's bounds and
// the memo's, memo.go), files each surviving engine's bug, flags on rec
// the engines whose divergence did not survive, and returns the feature of
// each diverging engine's bug (a flagged engine keeps the unreduced one's).
func (r *Runner) file(ctx context.Context, s store.Sweep, j judged, rec *store.CaseRecord) (map[string]string, error) {
	features := map[string]string{}
	for _, d := range j.divergences() {
		raw := j.bug(d)
		out, ids, err := r.fileDivergence(ctx, s, j, d, raw)
		if err != nil {
			return nil, err
		}
		rec.Reports = append(rec.Reports, ids...)
		rec.Flagged = append(rec.Flagged, out.flagged...)
		for _, b := range out.bugs {
			for _, e := range wrongOf(b) {
				setOnce(features, e, b.Feature)
			}
		}
		for _, e := range d.Signature.Wrong {
			setOnce(features, e, raw.Feature)
		}
	}
	return features, nil
}

func setOnce(m map[string]string, k, v string) {
	if _, ok := m[k]; !ok {
		m[k] = v
	}
}

// fileDivergence files one divergence: unreduced when the spec says so,
// as an occurrence of earlier reductions when the memo has K of its
// pre-reduction key, else reduced now, engine by engine.
func (r *Runner) fileDivergence(ctx context.Context, s store.Sweep, j judged, d triage.Divergence, raw report.Bug) (outcome, []int64, error) {
	if s.Spec.ReduceCalls < 0 {
		return r.fileOutcome(ctx, s.ID, j.caseName(), outcome{bugs: []report.Bug{raw}})
	}
	key := memoKey(r.opts.ReduceKey, raw)
	prev, reduce, err := r.memo.acquire(ctx, s.ID, key, reducePerKey(s.Spec))
	if err != nil {
		return outcome{}, nil, err
	}
	if !reduce {
		r.reused.Add(1)
		return r.fileOutcome(ctx, s.ID, j.caseName(), remembered(prev))
	}
	if r.onReduce != nil {
		r.onReduce(s.ID, key)
	}
	out := r.reduce(ctx, s.Spec, j, d)
	if ctx.Err() != nil { // the job was stopped mid-reduction: run it again later
		r.memo.release(s.ID, key, nil)
		return outcome{}, nil, ctx.Err()
	}
	out, ids, err := r.fileOutcome(ctx, s.ID, j.caseName(), out)
	if err != nil {
		r.memo.release(s.ID, key, nil)
		return outcome{}, nil, err
	}
	r.memo.release(s.ID, key, &out)
	return out, ids, nil
}

// remembered is an outcome reused from the memo: its flags say so.
func remembered(o outcome) outcome {
	flagged := make([]store.Flag, len(o.flagged))
	for i, f := range o.flagged {
		f.Reason = "not reduced again (reduce_per_key): earlier reductions of this divergence found: " + f.Reason
		flagged[i] = f
	}
	return outcome{bugs: o.bugs, flagged: flagged}
}

// fileOutcome files every bug of o (store.FileReport: one finding per
// engine on each bug's wrong side, deduplicated by identity).
func (r *Runner) fileOutcome(ctx context.Context, sweep int64, caseName string, o outcome) (outcome, []int64, error) {
	var ids []int64
	for _, b := range o.bugs {
		rp, _, err := r.st.FileReport(ctx, store.Filing{Record: filing.Record(b), SweepID: sweep, Case: caseName})
		if err != nil {
			return o, nil, err
		}
		ids = append(ids, rp.ID)
	}
	return o, ids, nil
}

// reduce reduces d once per engine of its wrong side, against the judge
// alone (judged.reduceFor: reduce.Engine or reduce.UpdateEngine, each
// within the spec's bounds: calls and seconds are per engine), and writes
// up each surviving engine's reduced divergence. An engine already wrong
// in d's class on a reduced case written up here is not reduced again:
// filing that bug files it too. An engine whose divergence does not
// survive is flagged, not filed.
func (r *Runner) reduce(ctx context.Context, spec store.SweepSpec, j judged, d triage.Divergence) outcome {
	r.reduced.Add(1)
	lim := reduce.Limits{MaxCalls: orDefault(spec.ReduceCalls, DefaultReduceCalls),
		MaxTime:  time.Duration(orDefault(spec.ReduceSeconds, DefaultReduceSeconds)) * time.Second,
		Deadline: time.Duration(spec.DeadlineMS) * time.Millisecond}
	var out outcome
	covered := map[string]bool{}
	for _, name := range d.Signature.Wrong {
		if ctx.Err() != nil { // the job was stopped: the caller runs it again
			break
		}
		if covered[name] {
			continue
		}
		b, why := j.reduceFor(ctx, name, d.Signature.Class, lim)
		if why != "" {
			out.flagged = append(out.flagged, store.Flag{Engine: name, Class: string(d.Signature.Class), Reason: why})
			continue
		}
		out.bugs = append(out.bugs, b)
		for _, e := range wrongOf(b) {
			covered[e] = true
		}
	}
	return out
}

// reducedBug writes up one engine's reduction, or says why it is flagged.
func reducedBug(res *reduce.Result, err error, engines []oracle.Engine) (report.Bug, string) {
	switch {
	case res == nil:
		return report.Bug{}, "not reduced: " + err.Error()
	case !res.Survived:
		return report.Bug{}, res.Reason
	}
	rd, ok := res.Divergence()
	if ok {
		if b, ok := report.BugFor(res.Report, rd.Signature, &res.Stats, engines...); ok {
			return b, ""
		}
	}
	return report.Bug{}, fmt.Sprintf("the reduced case does not show %s's %s when every engine runs (an engine that answers otherwise from run to run, or oracle suspect)", res.Engine, res.Class)
}

// wrongOf are the engines a bug is filed against: its signature's wrong
// side (as filing.Record files it), its own engine when that does not parse.
func wrongOf(b report.Bug) []string {
	if sig, err := triage.ParseSignature(b.Signature); err == nil && len(sig.Wrong) > 0 {
		return sig.Wrong
	}
	return []string{b.Engine}
}

// partlyJudged says why a case the judge answered was still not judged
// for every engine (docs/architecture.md: nothing unjudged is correct); "" when it
// was, or when the judge itself failed (a failed case).
func partlyJudged(rep *triage.Report) string {
	if rep.Kind != triage.KindUnjudged || rep.Judge == "" {
		return ""
	}
	if rep.Reason == "" {
		return "not every engine could be judged"
	}
	return rep.Reason
}

func orDefault(v, def int) int {
	if v <= 0 {
		return def
	}
	return v
}

// resultRows is one row per engine: the judge's own row ("judge" when it
// answered, else its error's outcome) and each verdict.
func resultRows(rep *triage.Report, judge *timed, features map[string]string) []store.Result {
	jr := store.Result{Engine: judge.Name(), Version: judge.Version(), Outcome: "judge", ElapsedMS: ms(judge.elapsed())}
	if rep.Judge == oracle.TwinName { // the large-case judge: the reference ran out, the fast engine judged
		jr.Outcome, jr.Error = "unjudged", rep.JudgedBy
	}
	if rep.Judge == "" {
		jr.Outcome = "unjudged"
		if rep.JudgeErr != nil {
			jr.Error = rep.JudgeErr.Error()
		}
	}
	out := []store.Result{jr}
	if rep.Judge == oracle.TwinName && rep.Large != nil {
		out = append(out, store.Result{Engine: oracle.TwinName, Version: rep.Large.EngineVersion, Outcome: "judge",
			ElapsedMS: ms(rep.Large.EngineElapsed)})
	}
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

// Unwrap lets oracle.Supports12 and oracle.AsUpdater see the judge
// itself: without it the judge "lacks" SPARQL 1.2 and every 1.2
// evaluation case goes unjudged.
func (t *timed) Unwrap() oracle.Engine { return t.Engine }

func (t *timed) elapsed() time.Duration {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.d
}
