package w3c

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/sparql-oracle/oracle/internal/corpus"
	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/localpath"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/results"
)

// Outcome is what happened to one test.
type Outcome string

const (
	Pass  Outcome = "pass"
	Fail  Outcome = "fail"  // the engine answered, and the answer is wrong
	Error Outcome = "error" // the engine (or the harness) raised an error
	Skip  Outcome = "skip"  // not run; Reason says why
)

// Extra outcome classes (diff.Class holds the others).
const (
	ClassBudget      = "budget"      // oracle.ErrBudget
	ClassUnavailable = "unavailable" // oracle.ErrUnavailable: the engine could not be reached or started
	ClassHarness     = "harness"     // the runner could not build the case or read the expectation
	ClassAccept      = "accepted-bad-syntax"
)

// Result is the outcome of one test.
type Result struct {
	Test    *corpus.Test
	Folder  string // the manifest's folder, e.g. "sparql11/aggregates"
	Outcome Outcome
	// Class: for Fail the verdict's classes joined by ","; for Error the
	// error class (timeout, rejected, budget, crash, unsupported,
	// error-vs-answer, harness); "" otherwise.
	Class  string
	Reason string   // skip reason, error text, or the verdict summary
	Diff   []string // the verdict's diff lines
	Note   string   // remarks on the comparison (ties, leniency)
	Time   time.Duration
}

// Report is a whole run.
type Report struct {
	Engine, Version string
	Started         time.Time
	Elapsed         time.Duration
	Results         []Result
	Missing         []corpus.Missing // absent included manifests (reported, tolerated)
	Err             error            // the manifests could not be read
}

// Options tune Run. The zero value is usable.
type Options struct {
	Timeout time.Duration // per test; 0 means DefaultTimeout
	Workers int           // tests run at once; 0 means GOMAXPROCS
	// SkipWarmUp: the engine is known to be running (a sweep's one-test
	// runs), so no ASK {} precedes the tests (warmUp).
	SkipWarmUp bool
	// Lacks lists mf:requires IRIs (or mf: local names) the engine lacks:
	// tests requiring one are skipped.
	Lacks []string
	// Root: folders are named relative to it; "" names each folder by the
	// last two elements of its path ("sparql11/aggregates").
	Root string
	// Progress, when set, is called after each test (from one goroutine).
	Progress func(done, total int, r *Result)
	// Filter, when set, selects the tests to run (others are left out).
	Filter func(*corpus.Test) bool
}

// Lacker is implemented by an engine that knows which optional W3C test
// features (mf:requires values) it lacks; Run adds them to Options.Lacks.
type Lacker interface {
	Lacks() []string
}

// DefaultTimeout is the per-test deadline when Options.Timeout is 0.
const DefaultTimeout = 10 * time.Second

// Run loads the manifests (paths or file IRIs) and runs every query
// evaluation, result-format and query syntax test through engine.
// Results keep manifest order whatever the number of workers.
func Run(ctx context.Context, engine oracle.Engine, manifests []string, opts Options) Report {
	rep := Report{Engine: engine.Name(), Version: engine.Version(), Started: time.Now()}
	suite, err := corpus.Load(manifests...)
	if err != nil {
		rep.Err = err
		return rep
	}
	rep.Missing = suite.Missing
	tests := suite.Tests
	if opts.Filter != nil {
		tests = filter(tests, opts.Filter)
	}
	if l, ok := engine.(Lacker); ok {
		opts.Lacks = append(append([]string{}, opts.Lacks...), l.Lacks()...)
	}
	r := newRunner(engine, opts)
	if !opts.SkipWarmUp {
		warmUp(ctx, engine, r.opts.Workers)
	}
	rep.Results = r.runAll(ctx, tests)
	rep.Elapsed = time.Since(rep.Started)
	return rep
}

// WarmUpTimeout bounds the trivial query each worker sends before the
// suite's cases are timed.
const WarmUpTimeout = 3 * time.Minute

// warmUp has the engine answer ASK {} once per worker, concurrently, before
// any test is timed: a cold start (a JVM, Virtuoso, an endpoint server: 5
// to 45 s on a loaded machine) is never a test's timeout. Its answer and
// error are not the engine's result on any test.
func warmUp(ctx context.Context, engine oracle.Engine, workers int) {
	ctx, cancel := context.WithTimeout(ctx, WarmUpTimeout)
	defer cancel()
	var wg sync.WaitGroup
	for range max(workers, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, _ = engine.Eval(ctx, &oracle.Case{Name: "warm-up", Query: "ASK {}"})
		}()
	}
	wg.Wait()
}

func filter(ts []*corpus.Test, keep func(*corpus.Test) bool) []*corpus.Test {
	var out []*corpus.Test
	for _, t := range ts {
		if keep(t) {
			out = append(out, t)
		}
	}
	return out
}

// runner holds what tests share: the engine, options, and parsed files.
type runner struct {
	engine oracle.Engine
	opts   Options
	files  *fileCache
}

func newRunner(engine oracle.Engine, opts Options) *runner {
	if opts.Timeout <= 0 {
		opts.Timeout = DefaultTimeout
	}
	if opts.Workers <= 0 {
		opts.Workers = runtime.GOMAXPROCS(0)
	}
	if abs, err := filepath.Abs(opts.Root); err == nil && opts.Root != "" {
		opts.Root = abs
	}
	return &runner{engine: engine, opts: opts, files: newFileCache()}
}

// runAll runs the tests on a pool of workers; results land at their index.
func (r *runner) runAll(ctx context.Context, tests []*corpus.Test) []Result {
	out := make([]Result, len(tests))
	idx := make(chan int)
	done := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < r.opts.Workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range idx {
				out[i] = r.runOne(ctx, tests[i])
				done <- i
			}
		}()
	}
	go func() {
		for i := range tests {
			idx <- i
		}
		close(idx)
		wg.Wait()
		close(done)
	}()
	n := 0
	for i := range done {
		n++
		if r.opts.Progress != nil {
			r.opts.Progress(n, len(tests), &out[i])
		}
	}
	return out
}

// runOne classifies a test and runs it, timing the whole of it.
func (r *runner) runOne(ctx context.Context, t *corpus.Test) Result {
	start := time.Now()
	res := Result{Test: t, Folder: r.folder(t)}
	if ctx.Err() != nil {
		res.Outcome, res.Reason = Skip, "run interrupted"
	} else if reason := r.skipReason(t); reason != "" {
		res.Outcome, res.Reason = Skip, reason
	} else if isUpdateTest(t) {
		r.runUpdateTest(ctx, t, &res) // update_run.go
	} else if positive, ok := t.Syntax(); ok {
		r.runSyntax(ctx, t, positive, &res)
	} else {
		r.runEvaluation(ctx, t, &res)
	}
	res.Time = time.Since(start)
	localResult(&res)
	return res
}

// localResult keeps this machine's paths out of what a result says (an
// engine's message may name its temporary files): every output (table,
// EARL, JUnit, baseline) writes results as they are.
func localResult(res *Result) {
	res.Reason, res.Note = localpath.Text(res.Reason), localpath.Text(res.Note)
	for i, l := range res.Diff {
		res.Diff[i] = localpath.Text(l)
	}
}

// skipReason says why a test is not run, or "".
func (r *runner) skipReason(t *corpus.Test) string {
	switch {
	case t.Withdrawn():
		return "dawgt:" + t.Approval
	case isUpdateTest(t):
		return r.updateSkip(t) // update_run.go
	case t.Type != corpus.QueryEvaluation && t.Type != corpus.CSVResultFormat && !isSyntax(t):
		return "unknown test type " + t.Type
	case len(t.Entailment) > 0 || strings.Contains(t.Manifest, "/entailment/"):
		return "entailment regimes are not supported (simple entailment only)"
	case len(t.ServiceData) > 0:
		return "SERVICE: no network"
	}
	for _, req := range t.Requires {
		if r.lacks(req) {
			return "requires " + strings.TrimPrefix(req, corpus.MF)
		}
	}
	return ""
}

func isSyntax(t *corpus.Test) bool { _, ok := t.Syntax(); return ok }

func (r *runner) lacks(req string) bool {
	for _, l := range r.opts.Lacks {
		if l == req || corpus.MF+l == req {
			return true
		}
	}
	return false
}

// folder names the test's manifest folder for the tables.
func (r *runner) folder(t *corpus.Test) string {
	path, ok := corpus.FilePath(t.Manifest)
	if !ok {
		return t.Manifest
	}
	dir := filepath.Dir(path)
	if r.opts.Root != "" {
		if rel, err := filepath.Rel(r.opts.Root, dir); err == nil && !strings.HasPrefix(rel, "..") {
			return filepath.ToSlash(rel)
		}
	}
	return filepath.ToSlash(filepath.Join(filepath.Base(filepath.Dir(dir)), filepath.Base(dir)))
}

// eval runs the engine's Eval with the per-test deadline (bounded).
func (r *runner) eval(ctx context.Context, c *oracle.Case) *answerOrErr {
	return r.bounded(ctx, func(ctx context.Context) (*results.Answer, error) { return r.engine.Eval(ctx, c) })
}

// bounded runs call (an engine's Eval or Update) with the per-test
// deadline. An engine that ignores its context is abandoned (its goroutine
// left behind) a grace period after the deadline, so one hung query never
// stalls the run; a panic is a crash.
func (r *runner) bounded(ctx context.Context, call func(context.Context) (*results.Answer, error)) *answerOrErr {
	ctx, cancel := context.WithTimeout(ctx, r.opts.Timeout)
	defer cancel()
	ch := make(chan *answerOrErr, 1)
	go func() {
		defer func() {
			if p := recover(); p != nil {
				ch <- &answerOrErr{err: fmt.Errorf("%w: panic: %v", oracle.ErrCrashed, p)}
			}
		}()
		a, err := call(ctx)
		ch <- &answerOrErr{a, err}
	}()
	var res *answerOrErr
	select {
	case res = <-ch:
	case <-ctx.Done():
		select {
		case res = <-ch:
		case <-time.After(min(gracePeriod, r.opts.Timeout)):
			return &answerOrErr{err: fmt.Errorf("%w: no answer after the deadline", oracle.ErrTimeout)}
		}
	}
	if res.err == nil && res.ans == nil {
		res.err = fmt.Errorf("%w: engine returned neither answer nor error", oracle.ErrCrashed)
	}
	return res
}

// gracePeriod is how long an engine may overrun its deadline before the
// runner stops waiting for it (at most the deadline itself).
const gracePeriod = 2 * time.Second

// errorClass maps an engine error onto a divergence class name.
func errorClass(err error) string {
	switch {
	case errors.Is(err, oracle.ErrTimeout), errors.Is(err, context.DeadlineExceeded):
		return string(diff.ClassTimeout)
	case errors.Is(err, oracle.ErrUnavailable):
		return ClassUnavailable
	case errors.Is(err, oracle.ErrRejected):
		return string(diff.ClassRejected)
	case errors.Is(err, oracle.ErrBudget):
		return ClassBudget
	case errors.Is(err, oracle.ErrCrashed):
		return string(diff.ClassCrash)
	case errors.Is(err, oracle.ErrUnsupported):
		return string(diff.ClassUnsupported)
	}
	return string(diff.ClassErrorVsAnswer)
}

// setError records an engine error on res.
func setError(res *Result, err error) {
	res.Outcome, res.Class, res.Reason = Error, errorClass(err), oneLine(err.Error())
}

// harness records a failure of the runner itself (unreadable files).
func harness(res *Result, err error) {
	res.Outcome, res.Class, res.Reason = Error, ClassHarness, oneLine(err.Error())
}

func oneLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 300 {
		s = s[:300] + "…"
	}
	return s
}

// DefaultManifests are the entry points Oxigraph's runner uses, relative to
// the suite's sparql/ folder (corpus.SuiteRoot).
var DefaultManifests = []string{
	"sparql10/manifest-syntax.ttl",
	"sparql10/manifest-evaluation.ttl",
	"sparql11/manifest-sparql11-query.ttl",
	"sparql11/json-res/manifest.ttl",
	"sparql11/csv-tsv-res/manifest.ttl",
}

// DefaultPaths returns DefaultManifests under root.
func DefaultPaths(root string) []string {
	out := make([]string, len(DefaultManifests))
	for i, m := range DefaultManifests {
		out[i] = filepath.Join(root, filepath.FromSlash(m))
	}
	return out
}
