package selfcheck

import (
	"context"
	"fmt"
	"runtime"
	"sort"
	"sync"
	"time"

	"github.com/sparql-oracle/oracle/internal/corpus"
	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/results"
)

// Update cases: an update profile's case (corpus.GenerateUpdate: a request
// of every form of Update §3 printed from a syntax tree, and the graph
// store before it, empty graphs included). A query profile stands for the
// built-in update profile (corpus.UpdateProfile), so `go test -run
// TestUpdateEquivalence` covers every form whatever -profile says. The
// judge's and the engine's stores are compared by diff.CompareAs
// (compare_store.go), so every outcome the Update text permits is accepted.

// GenerateUpdate returns the update case of one seed.
func GenerateUpdate(seed int64, p *corpus.Profile) (*oracle.UpdateCase, *corpus.GenUpdate) {
	if p == nil || !p.IsUpdate() {
		p = corpus.UpdateProfile()
	}
	gc := corpus.GenerateUpdate(seed, p)
	return &oracle.UpdateCase{Name: gc.Name(), Update: gc.Request, Store: gc.Dataset()}, gc
}

// failureData is the store before the request as N-Quads, with a comment
// line for each named graph that exists empty (N-Quads cannot hold one).
func failureData(gc *corpus.GenUpdate) string {
	s := gc.NQuads()
	for _, g := range gc.Empty {
		s += "# empty graph <" + g.Value + ">\n"
	}
	return s
}

// CheckUpdate runs the update case of one seed through both engines (each
// an oracle.Updater) and classifies it as Check does.
func CheckUpdate(ctx context.Context, cfg Config, seed int64) (Outcome, *Failure) {
	cfg = withDefaults(cfg)
	c, gc := GenerateUpdate(seed, cfg.Profile)
	want, werr := update(ctx, cfg.Judge, c, cfg.Timeout)
	if out, judged := judgeOutcome(werr); !judged {
		return out, nil
	}
	got, gerr := update(ctx, cfg.Actual, c, cfg.Timeout)
	fail := func(text string) (Outcome, *Failure) {
		return Disagree, &Failure{Seed: seed, Name: c.Name, Query: c.Update, NQuads: failureData(gc), Verdict: text, Update: true}
	}
	switch {
	case werr != nil && gerr != nil:
		return Agree, nil
	case werr != nil:
		return fail(fmt.Sprintf("%s raised %v; %s answered", cfg.Judge.Name(), werr, cfg.Actual.Name()))
	case isBudget(gerr):
		return ActualBudget, nil
	case gerr != nil:
		return fail(fmt.Sprintf("%s raised %v; %s answered", cfg.Actual.Name(), gerr, cfg.Judge.Name()))
	}
	v := diff.CompareAs(cfg.Actual.Name(), want, got)
	switch {
	case v.OK:
		return Agree, nil
	case len(v.Classes) == 1 && v.Classes[0] == diff.ClassUndecided:
		return Unjudged, nil
	}
	return fail(v.Text())
}

// update applies one request under a deadline, a panic turned into ErrCrashed.
func update(ctx context.Context, e oracle.Engine, c *oracle.UpdateCase, d time.Duration) (a *results.Answer, err error) {
	u, ok := oracle.AsUpdater(e)
	if !ok {
		return nil, fmt.Errorf("%w: %s applies no updates", oracle.ErrUnsupported, e.Name())
	}
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	defer func() {
		if r := recover(); r != nil {
			a, err = nil, fmt.Errorf("%w: panic: %v", oracle.ErrCrashed, r)
		}
	}()
	a, err = u.Update(ctx, c)
	if err == nil && a == nil {
		err = fmt.Errorf("%w: no answer and no error", oracle.ErrCrashed)
	}
	return a, err
}

// RunUpdates is RunWith for update cases.
func RunUpdates(ctx context.Context, cfg Config) *Summary {
	cfg = withDefaults(cfg)
	if cfg.Workers <= 0 {
		cfg.Workers = runtime.GOMAXPROCS(0)
	}
	start := time.Now()
	seeds := make(chan int64)
	var mu sync.Mutex
	sum := &Summary{}
	var wg sync.WaitGroup
	for w := 0; w < cfg.Workers; w++ {
		wg.Go(func() {
			for s := range seeds {
				out, f := CheckUpdate(ctx, cfg, s)
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
