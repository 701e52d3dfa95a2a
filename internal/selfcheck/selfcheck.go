package selfcheck

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/sparql-oracle/oracle/internal/corpus"
	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/results"
	"github.com/sparql-oracle/oracle/internal/triage"
)

// Config says what to run and where disagreements go.
type Config struct {
	Cases   int             // number of cases; case i uses seed Seed+i
	Seed    int64           // first seed
	Profile *corpus.Profile // nil: corpus.DefaultProfile
	Judge   oracle.Engine   // gives the expected answer (the reference)
	Actual  oracle.Engine   // the engine under test
	Workers int             // concurrent cases; 0: GOMAXPROCS
	Timeout time.Duration   // per engine and case; 0: DefaultTimeout
	FailDir string          // write each disagreement as seed-S.rq + seed-S.nq here ("" = don't)
	Out     io.Writer       // print each disagreement here (nil = don't)
}

// DefaultTimeout bounds one engine on one case. The default profile's cases
// take well under a millisecond; a case that needs more is unjudged.
const DefaultTimeout = 2 * time.Second

// Outcome classifies one case.
type Outcome int

const (
	Agree        Outcome = iota // same answer up to the freedom SPARQL allows
	Disagree                    // a wrong answer, or an error where the judge answered
	Unjudged                    // the judge ran out of budget or time, or Compare could not decide
	Invalid                     // the judge rejected the query: a generator bug
	ActualBudget                // the engine under test ran out of budget or time
)

// Failure is one disagreement, with everything needed to replay it.
type Failure struct {
	Seed    int64
	Name    string
	Query   string
	NQuads  string
	Verdict string // diff.Verdict.Text(), or the error that disagreed
	Files   []string
	Update  bool // Query is an update request: written as seed-S.ru
}

// Summary counts the outcomes of a run.
type Summary struct {
	Cases, Agreements, Disagreements, Unjudged, Invalid, ActualBudget int
	Failures                                                          []Failure // sorted by seed
	Elapsed                                                           time.Duration
}

// Line is the summary line the CLI ends with.
func (s *Summary) Line() string {
	return fmt.Sprintf("cases=%d disagreements=%d seconds=%.2f", s.Cases, s.Disagreements, s.Elapsed.Seconds())
}

// Detail is a one-line breakdown of every outcome.
func (s *Summary) Detail() string {
	return fmt.Sprintf("agree=%d disagree=%d unjudged=%d invalid=%d engine-budget=%d",
		s.Agreements, s.Disagreements, s.Unjudged, s.Invalid, s.ActualBudget)
}

// Run generates n cases from seed under profile p and judges engine b
// against engine a (the judge) with default settings.
func Run(ctx context.Context, n int, seed int64, p *corpus.Profile, a, b oracle.Engine) *Summary {
	return RunWith(ctx, Config{Cases: n, Seed: seed, Profile: p, Judge: a, Actual: b})
}

// RunWith runs the cases of cfg on a pool of workers and returns the counts;
// failures are written and printed as they are found.
func RunWith(ctx context.Context, cfg Config) *Summary {
	return runSeeds(ctx, cfg, Check)
}

// runSeeds is the one pool for both kinds: check classifies the case of one
// seed (Check for queries, CheckUpdate for update requests).
func runSeeds(ctx context.Context, cfg Config, check func(context.Context, Config, int64) (Outcome, *Failure)) *Summary {
	cfg = withDefaults(cfg)
	start := time.Now()
	seeds := make(chan int64)
	var mu sync.Mutex
	sum := &Summary{}
	var wg sync.WaitGroup
	for w := 0; w < cfg.Workers; w++ {
		wg.Go(func() {
			for s := range seeds {
				out, f := check(ctx, cfg, s)
				mu.Lock()
				sum.add(out, f, cfg)
				mu.Unlock()
			}
		})
	}
	for i := 0; i < cfg.Cases && ctx.Err() == nil; i++ {
		seeds <- cfg.Seed + int64(i)
	}
	close(seeds)
	wg.Wait()
	sort.Slice(sum.Failures, func(i, j int) bool { return sum.Failures[i].Seed < sum.Failures[j].Seed })
	sum.Elapsed = time.Since(start)
	return sum
}

func withDefaults(cfg Config) Config {
	if cfg.Profile == nil {
		cfg.Profile = corpus.DefaultProfile()
	}
	if cfg.Workers <= 0 {
		cfg.Workers = runtime.GOMAXPROCS(0)
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	return cfg
}

// add counts one outcome; called under the summary's lock, so failures are
// written and printed one at a time.
func (s *Summary) add(out Outcome, f *Failure, cfg Config) {
	s.Cases++
	switch out {
	case Agree:
		s.Agreements++
	case Unjudged:
		s.Unjudged++
	case Invalid:
		s.Invalid++
	case ActualBudget:
		s.ActualBudget++
	case Disagree:
		s.Disagreements++
		if cfg.FailDir != "" {
			f.Files = writeFailure(cfg.FailDir, f)
		}
		if cfg.Out != nil {
			io.WriteString(cfg.Out, f.Text())
		}
		s.Failures = append(s.Failures, *f)
	}
}

// Check runs the case of one seed through both engines and classifies it;
// the Failure is non-nil only for Disagree.
func Check(ctx context.Context, cfg Config, seed int64) (Outcome, *Failure) {
	cfg = withDefaults(cfg)
	gc := corpus.Generate(seed, cfg.Profile)
	c := &oracle.Case{Name: gc.Name(), Query: gc.Query, Dataset: gc.Dataset()}
	return judge(ctx, cfg, trial{seed: seed, name: gc.Name(), text: gc.Query, nquads: gc.NQuads(),
		run: func(ctx context.Context, e oracle.Engine, d time.Duration) (*results.Answer, error) {
			return eval(ctx, e, c, d)
		},
		oneSided: func(raiser string, err error, answerer string, a *results.Answer) string {
			return fmt.Sprintf("%s raised %v\n%s answered:\n%s", raiser, err, answerer, answerText(a))
		}})
}

// A trial is the generated case of one seed, of either kind: what differs
// between a query and an update request is how an engine runs it (run) and
// how a failure where one side raised an error shows the other (oneSided).
type trial struct {
	seed               int64
	name, text, nquads string
	update             bool
	run                func(context.Context, oracle.Engine, time.Duration) (*results.Answer, error)
	oneSided           func(raiser string, err error, answerer string, a *results.Answer) string
}

// judge runs a trial on the judge and the engine under test and classifies
// it: the outcome rules, the same for both kinds.
func judge(ctx context.Context, cfg Config, t trial) (Outcome, *Failure) {
	want, werr := t.run(ctx, cfg.Judge, cfg.Timeout)
	if out, judged := judgeOutcome(werr); !judged {
		return out, nil
	}
	got, gerr := t.run(ctx, cfg.Actual, cfg.Timeout)
	fail := func(text string) (Outcome, *Failure) {
		return Disagree, &Failure{Seed: t.seed, Name: t.name, Query: t.text, NQuads: t.nquads, Verdict: text, Update: t.update}
	}
	switch {
	case werr != nil && gerr != nil:
		return Agree, nil // both raised a query error (judgeOutcome let only those through)
	case werr != nil:
		return fail(t.oneSided(cfg.Judge.Name(), werr, cfg.Actual.Name(), got))
	case isBudget(gerr):
		return ActualBudget, nil
	case gerr != nil:
		return fail(t.oneSided(cfg.Actual.Name(), gerr, cfg.Judge.Name(), want))
	}
	v := diff.CompareWith(want, got, triage.CompareOptions(cfg.Actual.Name())) // the one predicate triage uses
	switch {
	case v.OK:
		return Agree, nil
	case len(v.Classes) == 1 && v.Classes[0] == diff.ClassUndecided:
		return Unjudged, nil
	}
	return fail(v.Text())
}

// judgeOutcome: a judge out of budget or time leaves the case unjudged; a
// judge that rejects the query means the generator made a bad query. A
// query error is judged: the engine under test must raise one too.
func judgeOutcome(err error) (Outcome, bool) {
	switch {
	case err == nil:
		return Agree, true
	case isBudget(err):
		return Unjudged, false
	case errors.Is(err, oracle.ErrRejected):
		return Invalid, false
	}
	return Agree, true
}

func isBudget(err error) bool {
	return errors.Is(err, oracle.ErrBudget) || errors.Is(err, oracle.ErrTimeout)
}

// eval evaluates a query on one engine under a deadline (guarded).
func eval(ctx context.Context, e oracle.Engine, c *oracle.Case, d time.Duration) (*results.Answer, error) {
	return guarded(ctx, d, func(ctx context.Context) (*results.Answer, error) { return e.Eval(ctx, c) })
}

// guarded runs one engine under a deadline, turning a panic into ErrCrashed
// so one bad case cannot stop a run of twenty thousand.
func guarded(ctx context.Context, d time.Duration, run func(context.Context) (*results.Answer, error)) (a *results.Answer, err error) {
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	defer func() {
		if r := recover(); r != nil {
			a, err = nil, fmt.Errorf("%w: panic: %v", oracle.ErrCrashed, r)
		}
	}()
	a, err = run(ctx)
	if err == nil && a == nil {
		err = fmt.Errorf("%w: no answer and no error", oracle.ErrCrashed)
	}
	return a, err
}

// answerText renders an answer briefly for a failure report.
func answerText(a *results.Answer) string {
	if a == nil {
		return "(none)\n"
	}
	v := diff.Compare(&results.Answer{Kind: a.Kind}, a)
	var b strings.Builder
	for _, l := range v.Diff {
		b.WriteString(l.Text + "\n")
	}
	if a.Kind == results.Boolean {
		fmt.Fprintf(&b, "%v\n", a.Boolean)
	}
	return b.String()
}

// Text prints a failure for people: seed, query, data, verdict.
func (f *Failure) Text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "=== disagreement %s (seed %d)\n--- query\n%s--- data (N-Quads)\n%s--- verdict\n%s", f.Name, f.Seed, f.Query, f.NQuads, f.Verdict)
	for _, p := range f.Files {
		fmt.Fprintf(&b, "--- written %s\n", p)
	}
	return b.String()
}

// writeFailure writes seed-S.rq (seed-S.ru for an update; the query after a comment with the seed
// and the verdict) and seed-S.nq; errors are reported in the file list.
func writeFailure(dir string, f *Failure) []string {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return []string{"error: " + err.Error()}
	}
	base := filepath.Join(dir, fmt.Sprintf("seed-%d", f.Seed))
	var head strings.Builder
	fmt.Fprintf(&head, "# %s seed=%d\n", f.Name, f.Seed)
	for _, l := range strings.Split(strings.TrimRight(f.Verdict, "\n"), "\n") {
		head.WriteString("# " + l + "\n")
	}
	files := []string{base + ".rq", base + ".nq"}
	if f.Update {
		files[0] = base + ".ru"
	}
	for i, body := range []string{head.String() + f.Query, f.NQuads} {
		if err := os.WriteFile(files[i], []byte(body), 0o644); err != nil {
			return []string{"error: " + err.Error()}
		}
	}
	return files
}

// InHouse is the judge's answer as the fast engine is held to it: without
// the DESCRIBE freedom, since the fast engine implements the reference's own
// DESCRIBE policy (triage.CompareOptions for oracle.TwinName does the same).
func InHouse(a *results.Answer) *results.Answer {
	if a == nil || a.Freedom == nil || !a.Freedom.Describe {
		return a
	}
	f := *a.Freedom
	f.Describe = false
	c := *a
	c.Freedom = &f
	return &c
}
