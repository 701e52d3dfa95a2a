package sweep

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/riverqueue/river"

	"github.com/sparql-oracle/oracle/internal/pipeline"
	"github.com/sparql-oracle/oracle/internal/store"
)

// PlanArgs is the job that counts a sweep's corpus and starts its feed.
type PlanArgs struct {
	SweepID int64 `json:"sweep_id"`
}

// Kind names the job in River's table.
func (PlanArgs) Kind() string { return "sweep_plan" }

// InsertOpts: one plan per sweep, whatever restarts insert it again.
func (PlanArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// CaseArgs is the job that runs one case of a sweep on its engines.
type CaseArgs struct {
	SweepID int64  `json:"sweep_id"`
	Case    string `json:"case"` // a case key (see cases.go)
}

// Kind names the job in River's table.
func (CaseArgs) Kind() string { return "sweep_case" }

// InsertOpts: one job per (sweep, case) even when a retried plan inserts
// the batch again; a completed job still counts, so no case runs twice
// because of a re-plan.
func (CaseArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{MaxAttempts: 5, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// NightlyArgs is the periodic job that starts the nightly sweep.
type NightlyArgs struct {
	Night string `json:"night"` // the UTC date, YYYY-MM-DD: one sweep per night
}

// Kind names the job in River's table.
func (NightlyArgs) Kind() string { return "sweep_nightly" }

// InsertOpts: one nightly sweep per date.
func (NightlyArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

type planWorker struct {
	river.WorkerDefaults[PlanArgs]
	r *Runner
}

func (w *planWorker) Work(ctx context.Context, job *river.Job[PlanArgs]) error {
	return w.r.plan(ctx, job.Args.SweepID)
}

// FeedArgs is the job that enqueues one batch of a sweep's cases, from
// position Next of its corpus (cases.go), and the feed job of the next.
type FeedArgs struct {
	SweepID int64 `json:"sweep_id"`
	Next    int   `json:"next"`
}

// Kind names the job in River's table.
func (FeedArgs) Kind() string { return "sweep_feed" }

// InsertOpts: one feed per (sweep, position), so a retried feed inserts
// its successor once; priority 2, after the case jobs (priority 1), so the
// next batch is enqueued only when the workers have taken every case of
// the batch before: a sweep holds at most one batch of pending jobs
// however many cases it has.
func (FeedArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Priority: 2, MaxAttempts: 10, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

type feedWorker struct {
	river.WorkerDefaults[FeedArgs]
	r *Runner
}

func (w *feedWorker) Work(ctx context.Context, job *river.Job[FeedArgs]) error {
	return w.r.feed(ctx, job.Args)
}

type caseWorker struct {
	river.WorkerDefaults[CaseArgs]
	r *Runner
}

func (w *caseWorker) Work(ctx context.Context, job *river.Job[CaseArgs]) error {
	return w.r.runCase(ctx, job.Args)
}

type nightlyWorker struct {
	river.WorkerDefaults[NightlyArgs]
	r *Runner
}

func (w *nightlyWorker) Work(ctx context.Context, job *river.Job[NightlyArgs]) error {
	return w.r.nightly(ctx, job.Args.Night)
}

// batch is how many case jobs one feed job enqueues.
const batch = 500

// plan counts the corpus, records the total, then starts the feed. The
// total is stored first so that no case job can see the sweep complete
// early. A spec that cannot be enumerated fails the sweep.
func (r *Runner) plan(ctx context.Context, id int64) error {
	s, err := r.st.Sweep(ctx, id)
	if errors.Is(err, store.ErrNotFound) || (err == nil && Final(s.State)) {
		return nil
	}
	if err != nil {
		return err
	}
	n, err := r.cor.size(s.Spec)
	if err != nil {
		return r.st.FinishSweep(ctx, id, store.SweepFailed, err.Error())
	}
	if ok, err := r.st.StartActiveSweep(ctx, id, n); err != nil || !ok {
		return err // !ok: cancelled meanwhile
	}
	if n == 0 {
		return r.maybeFinish(ctx, id)
	}
	_, err = r.q.Insert(ctx, FeedArgs{SweepID: id}, nil)
	return err
}

// feed enqueues the case jobs at positions [Next, Next+batch) and the feed
// job of the batch after, in one insert. It stops as soon as the sweep is
// no longer running (cancelled, failed), and a cancel that lands during
// the insert is caught by the second look: the batch is dropped again.
func (r *Runner) feed(ctx context.Context, a FeedArgs) error {
	s, err := r.st.Sweep(ctx, a.SweepID)
	if errors.Is(err, store.ErrNotFound) {
		return river.JobCancel(err)
	}
	if err != nil || s.State != store.SweepRunning {
		return err
	}
	end := min(a.Next+batch, s.Total)
	keys, err := r.cor.keys(s.Spec, a.Next, end)
	if err == nil && len(keys) < end-a.Next {
		err = fmt.Errorf("the corpus changed during the sweep: %d cases where %d were counted", a.Next+len(keys), s.Total)
	}
	if err != nil {
		_, err = r.st.FinishRunningSweep(ctx, a.SweepID, store.SweepFailed, err.Error())
		return err
	}
	if _, err := r.q.InsertMany(ctx, feedBatch(a, keys, end < s.Total)); err != nil {
		return fmt.Errorf("sweep %d: enqueue cases: %w", a.SweepID, err)
	}
	return r.dropIfFinal(ctx, a.SweepID)
}

// feedBatch is one batch of case jobs and, when more follow, the next feed.
func feedBatch(a FeedArgs, keys []string, more bool) []river.InsertManyParams {
	ps := make([]river.InsertManyParams, 0, len(keys)+1)
	for _, k := range keys {
		ps = append(ps, river.InsertManyParams{Args: CaseArgs{SweepID: a.SweepID, Case: k}})
	}
	if more {
		ps = append(ps, river.InsertManyParams{Args: FeedArgs{SweepID: a.SweepID, Next: a.Next + len(keys)}})
	}
	return ps
}

// dropIfFinal deletes the sweep's queued jobs when it reached a final
// state while a batch was being inserted.
func (r *Runner) dropIfFinal(ctx context.Context, id int64) error {
	s, err := r.st.Sweep(ctx, id)
	if err != nil || s.State == store.SweepRunning {
		return err
	}
	_, err = r.st.DropQueuedJobs(ctx, id)
	return err
}

// maybeFinish marks a running sweep done once every case is recorded (a
// conditional update: a sweep cancelled meanwhile stays cancelled).
func (r *Runner) maybeFinish(ctx context.Context, id int64) error {
	s, err := r.st.Sweep(ctx, id)
	if err != nil || s.State != store.SweepRunning || s.Done < s.Total {
		return err
	}
	r.memo.forget(id)
	_, err = r.st.FinishRunningSweep(ctx, id, store.SweepDone, "")
	return err
}

// nightly starts the configured nightly sweep once per date.
func (r *Runner) nightly(ctx context.Context, night string) error {
	spec, ok := r.nightlySpec(night)
	if !ok {
		return nil
	}
	recent, err := r.st.Sweeps(ctx, store.SweepFilter{Limit: 50})
	if err != nil {
		return err
	}
	if slices.ContainsFunc(recent, func(s store.Sweep) bool { return s.Spec.Name == spec.Name }) {
		return nil // a retry after the sweep was created
	}
	_, err = r.Submit(ctx, spec)
	return err
}

// nightlySpec is night's spec: NightlyFor's, else Nightly's; ok is false
// when no nightly sweep is set.
func (r *Runner) nightlySpec(night string) (spec store.SweepSpec, ok bool) {
	switch {
	case r.opts.NightlyFor != nil:
		spec = r.opts.NightlyFor(night)
	case r.opts.Nightly != nil:
		spec = *r.opts.Nightly
	default:
		return spec, false
	}
	spec.Name = "nightly " + night
	return spec, true
}

// periodic is the nightly job's schedule, when a nightly spec is set.
func (r *Runner) periodic() []*river.PeriodicJob {
	if r.opts.Nightly == nil && r.opts.NightlyFor == nil {
		return nil
	}
	at := r.opts.NightlyAt
	return []*river.PeriodicJob{river.NewPeriodicJob(daily{at},
		func() (river.JobArgs, *river.InsertOpts) {
			return NightlyArgs{Night: time.Now().UTC().Add(-at).Format(time.DateOnly)}, nil
		}, &river.PeriodicJobOpts{ID: "nightly-sweep"})}
}

// daily is a River schedule: every day at a fixed offset after midnight UTC.
type daily struct{ at time.Duration }

// Next is the first time after t at the offset.
func (d daily) Next(t time.Time) time.Time {
	t = t.UTC()
	next := time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC).Add(d.at)
	for !next.After(t) {
		next = next.AddDate(0, 0, 1)
	}
	return next
}

// Default deadlines of an engine on a case (store.SweepSpec.DeadlineMS):
// a realistic profile's cases are 10k to 1M triples, which the external
// engines load on every query (100k triples measured 10 to 50 s on a
// loaded 2-core machine: TestRealistic100kEngines).
const (
	DefaultDeadlineMS          = 10_000
	DefaultRealisticDeadlineMS = 30_000
)

// normalize fills a spec's defaults: the judge and its twin first, then
// the requested engines (pipeline.Engines), and the deadline.
func normalize(spec store.SweepSpec) store.SweepSpec {
	spec.Engines, _ = pipeline.Engines(spec.Engines, nil)
	if spec.DeadlineMS <= 0 {
		spec.DeadlineMS = DefaultDeadlineMS
		if realisticSpec(spec) {
			spec.DeadlineMS = DefaultRealisticDeadlineMS
		}
	}
	return spec
}

// realisticSpec: the spec's generated profile makes realistic cases (an
// unknown profile is validate's to report).
func realisticSpec(spec store.SweepSpec) bool {
	g := spec.Generated
	if g == nil || registerProfile(spec) != nil {
		return false
	}
	p, err := profile(g.Profile)
	return err == nil && p.Realistic != nil
}

// validate checks what can be checked without reading the corpus: the
// engines exist and the generated range and profile make sense.
func (r *Runner) validate(spec store.SweepSpec) error {
	if spec.W3C == nil && !spec.Regress && spec.Generated == nil {
		return errors.New("the spec names no corpus: set w3c, regress or generated")
	}
	if g := spec.Generated; g != nil {
		if g.To < g.From || g.To-g.From > MaxCases {
			return fmt.Errorf("generated seeds [%d, %d): want from <= to and at most %d cases", g.From, g.To, MaxCases)
		}
		if _, err := profile(g.Profile); err != nil {
			return err
		}
	}
	if spec.Regress {
		if _, err := r.cor.regressCases(); err != nil {
			return err
		}
	}
	if w := spec.W3C; w != nil {
		if _, _, err := w3cRoots(w.Manifests); err != nil {
			return err
		}
	}
	_, err := r.enginesFor(spec.Engines)
	return err
}
