package sweep

import (
	"context"
	"errors"
	"fmt"
	"github.com/sparql-oracle/oracle/internal/triage"
	"io"
	"log/slog"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/riverdriver/riversqlite"
	"github.com/riverqueue/river/rivermigrate"
	"github.com/riverqueue/river/rivertype"

	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/registry"
	"github.com/sparql-oracle/oracle/internal/store"
)

// Options configure a Runner. The zero value runs GOMAXPROCS case jobs at
// once with the registry's engines and no nightly sweep.
type Options struct {
	// Workers is how many case jobs this process runs at once; 0 =
	// GOMAXPROCS. Negative: insert jobs only, run none (a web front end
	// whose workers run elsewhere, or `oracle sweep start --no-wait`).
	Workers int
	// Repo is the repository root holding corpus/regress; "" = found from
	// the working directory.
	Repo string
	// Nightly, when set, is the spec of the periodic sweep, started every
	// day at NightlyAt after midnight UTC (default 02:00).
	Nightly   *store.SweepSpec
	NightlyAt time.Duration
	// NightlyFor, when set, gives each night's spec instead (the default
	// nightly of `oracle serve` rotates its generated profile: NightlyPlan.Spec).
	NightlyFor func(night string) store.SweepSpec
	// DefaultEngines run a spec that names none (`oracle serve` gives the
	// default engine set it serves, so API sweeps run what diff runs);
	// nil leaves reference and engine.
	DefaultEngines []string
	// JobTimeout bounds one case job (its engines and its reductions);
	// default 30 minutes. RescueAfter is when River takes a job left
	// running by a dead worker back (PostgreSQL; default an hour). On
	// SQLite one process owns the file, so a job found running at start is
	// an orphan of a crash and is taken back at once.
	JobTimeout  time.Duration
	RescueAfter time.Duration
	// Poll is how often an idle worker looks for jobs: default 10 ms on
	// SQLite, which has no LISTEN/NOTIFY (River fetches new jobs only on
	// this tick, so it bounds throughput), 1 s on PostgreSQL, where inserts
	// notify the workers.
	Poll time.Duration
	// Engine builds an engine by name (default registry.Shared: the one
	// instance of this process, the one `oracle serve` answers diffs with).
	// Engines are taken once per Runner and shared by its jobs.
	Engine func(name string) (oracle.Engine, error)
	// Logger receives River's and the runner's logs (default: warnings on stderr).
	Logger *slog.Logger
	// Observe, when set, sees every case's triage report (the service feeds
	// its verdict metrics from it).
	Observe func(*triage.Report)
	// ReduceKey is the reduction memo's key (memo.go): KeyFeature (the
	// default: signature and the unreduced query's feature) or
	// KeySignature (the signature alone: fewer reductions, and a second
	// bug behind the same signature is found only among the first K).
	ReduceKey string
}

func (o Options) withDefaults() Options {
	if o.Workers == 0 {
		o.Workers = runtime.GOMAXPROCS(0)
	}
	if o.NightlyAt == 0 {
		o.NightlyAt = 2 * time.Hour
	}
	if o.JobTimeout == 0 {
		o.JobTimeout = 30 * time.Minute
	}
	if o.RescueAfter < o.JobTimeout {
		o.RescueAfter = max(time.Hour, o.JobTimeout)
	}
	if o.Engine == nil {
		o.Engine = registry.Shared // the same engine processes as the service's diff path
	}
	if o.ReduceKey == "" {
		o.ReduceKey = KeyFeature
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	return o
}

// queue is what the runner needs of a River client, whatever its driver's
// transaction type.
type queue interface {
	Start(ctx context.Context) error
	Stop(ctx context.Context) error
	Insert(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
	InsertMany(ctx context.Context, params []river.InsertManyParams) ([]*rivertype.JobInsertResult, error)
}

// Runner runs sweeps as River jobs on the store's database.
type Runner struct {
	st   *store.DB
	opts Options
	q    queue
	cor  *corpora

	mu      sync.Mutex
	engines map[string]oracle.Engine

	memo *memo // reductions per pre-reduction key (memo.go)
	// reduced and reused count divergences reduced and filed from the
	// memo, for the log line at the end of a sweep.
	reduced, reused atomic.Int64
	// onReduce, when set (tests), sees every reduction's sweep and key.
	onReduce func(sweep int64, key string)
}

// New prepares a runner on st: it applies River's migrations (River's own
// tables live beside the store's) and, on SQLite, takes back the jobs a
// crashed process left running. Call Start to run jobs.
func New(ctx context.Context, st *store.DB, opts Options) (*Runner, error) {
	if opts.Poll == 0 {
		opts.Poll = 10 * time.Millisecond
		if st.Postgres() {
			opts.Poll = time.Second
		}
	}
	if opts.ReduceKey != "" && opts.ReduceKey != KeyFeature && opts.ReduceKey != KeySignature {
		return nil, fmt.Errorf("sweep: reduce key %q: want %s or %s", opts.ReduceKey, KeyFeature, KeySignature)
	}
	r := &Runner{st: st, opts: opts.withDefaults(), cor: newCorpora(opts.Repo), engines: map[string]oracle.Engine{}, memo: newMemo()}
	cfg := r.config()
	var err error
	if st.Postgres() {
		r.q, err = newQueue(ctx, riverpgxv5.New(st.Pool()), cfg)
	} else {
		r.q, err = newQueue(ctx, riversqlite.New(st.SQL()), cfg)
		if err == nil && r.opts.Workers > 0 {
			err = r.reclaimOrphans(ctx)
		}
	}
	if err != nil {
		return nil, fmt.Errorf("sweep: %w", err)
	}
	return r, nil
}

func newQueue[TTx any](ctx context.Context, d riverdriver.Driver[TTx], cfg *river.Config) (queue, error) {
	m, err := rivermigrate.New(d, nil)
	if err != nil {
		return nil, err
	}
	if _, err := m.Migrate(ctx, rivermigrate.DirectionUp, nil); err != nil {
		return nil, fmt.Errorf("river migrations: %w", err)
	}
	return river.NewClient(d, cfg)
}

func (r *Runner) config() *river.Config {
	ws := river.NewWorkers()
	river.AddWorker(ws, &planWorker{r: r})
	river.AddWorker(ws, &caseWorker{r: r})
	river.AddWorker(ws, &feedWorker{r: r})
	river.AddWorker(ws, &nightlyWorker{r: r})
	cfg := &river.Config{Workers: ws, Logger: r.opts.Logger, JobTimeout: r.opts.JobTimeout,
		RescueStuckJobsAfter: r.opts.RescueAfter, FetchPollInterval: r.opts.Poll,
		FetchCooldown: min(r.opts.Poll/2+time.Millisecond, 100*time.Millisecond)}
	if r.opts.Workers > 0 {
		cfg.Queues = map[string]river.QueueConfig{river.QueueDefault: {MaxWorkers: r.opts.Workers}}
		cfg.PeriodicJobs = r.periodic()
	}
	return cfg
}

// reclaimOrphans: on SQLite the runner's process is the only one running
// jobs on the file, so a job in state running belongs to a process that
// died (SIGKILL, power loss). Make it available again at once, and drop the
// dead process's leadership so periodic jobs and maintenance resume now,
// not after River's rescue delay. Safe because a case job's writes are
// idempotent (store.RecordCase).
func (r *Runner) reclaimOrphans(ctx context.Context) error {
	db := r.st.SQL()
	if _, err := db.ExecContext(ctx, `UPDATE river_job SET state = 'available' WHERE state = 'running'`); err != nil {
		return fmt.Errorf("reclaim orphaned jobs: %w", err)
	}
	_, err := db.ExecContext(ctx, `DELETE FROM river_leader`)
	return err
}

// Start starts the workers (and the nightly schedule). It also plans any
// sweep still pending, which a crash between Submit's two steps may leave.
func (r *Runner) Start(ctx context.Context) error {
	if r.opts.Workers < 0 {
		return nil
	}
	if err := r.q.Start(ctx); err != nil {
		return fmt.Errorf("sweep: start workers: %w", err)
	}
	pending, err := r.st.Sweeps(ctx, store.SweepFilter{State: store.SweepPending, Limit: store.MaxLimit})
	if err != nil {
		return err
	}
	for _, s := range pending {
		if _, err := r.q.Insert(ctx, PlanArgs{SweepID: s.ID}, nil); err != nil {
			return fmt.Errorf("sweep: plan pending sweep %d: %w", s.ID, err)
		}
	}
	return nil
}

// Stop waits for running jobs to finish, then releases the engines.
func (r *Runner) Stop(ctx context.Context) error {
	var err error
	if r.opts.Workers >= 0 {
		err = r.q.Stop(ctx)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	for n, e := range r.engines {
		registry.Close(e) // sidecar pools, a Virtuoso server
		delete(r.engines, n)
	}
	return err
}

// Submit validates spec, stores a pending sweep and enqueues its plan job,
// which enumerates the corpus and enqueues one job per case.
func (r *Runner) Submit(ctx context.Context, spec store.SweepSpec) (store.Sweep, error) {
	if len(spec.Engines) == 0 {
		spec.Engines = slices.Clone(r.opts.DefaultEngines)
	}
	spec = normalize(spec)
	if err := r.validate(spec); err != nil {
		return store.Sweep{}, fmt.Errorf("%w: %v", store.ErrInvalid, err)
	}
	s, err := r.st.CreateSweep(ctx, spec)
	if err != nil {
		return store.Sweep{}, err
	}
	if _, err := r.q.Insert(ctx, PlanArgs{SweepID: s.ID}, nil); err != nil {
		return store.Sweep{}, fmt.Errorf("sweep: enqueue sweep %d: %w", s.ID, err)
	}
	return s, nil
}

// Wait polls the sweep until it is done, failed or cancelled.
func (r *Runner) Wait(ctx context.Context, id int64) (store.Sweep, error) {
	return WaitFor(ctx, r.st, id, 100*time.Millisecond)
}

// WaitFor polls st until sweep id reaches a final state.
func WaitFor(ctx context.Context, st store.Store, id int64, every time.Duration) (store.Sweep, error) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		s, err := st.Sweep(ctx, id)
		if err != nil || Final(s.State) {
			return s, err
		}
		select {
		case <-ctx.Done():
			return s, ctx.Err()
		case <-t.C:
		}
	}
}

// Final reports whether a sweep in state s will change no more.
func Final(s store.SweepState) bool {
	return s == store.SweepDone || s == store.SweepFailed || s == store.SweepCancelled
}

// enginesFor returns the named engines, building each once.
func (r *Runner) enginesFor(names []string) ([]oracle.Engine, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := make([]oracle.Engine, 0, len(names))
	for _, n := range names {
		e, ok := r.engines[n]
		if !ok {
			var err error
			if e, err = r.opts.Engine(n); err != nil {
				return nil, err
			}
			r.engines[n] = e
		}
		out = append(out, e)
	}
	return out, nil
}

var errNoSweep = errors.New("sweep: no such sweep")
