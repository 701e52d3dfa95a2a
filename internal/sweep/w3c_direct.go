package sweep

import (
	"context"
	"strings"
	"sync"
	"time"

	"github.com/sparql-oracle/oracle/internal/corpus"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/store"
	"github.com/sparql-oracle/oracle/internal/w3c"
)

// A W3C test with no answer to diff (a syntax test: does the engine reject
// the text; an update test: the store after the request against
// mf:result's) runs through every engine of the sweep, the judge
// included, with w3c.Run filtered to that one test: the runner `oracle
// w3c` and `oracle gate` use, so a sweep records the status they report
// (W3CStatus). An engine that applies no updates skips an update test
// (not run), as w3c.Run says. Nothing is filed: the test's own
// expectation, not the judge, decides.

// w3cDirect builds the record of such a test; ok is false for a key that
// is not one (a judged W3C test, another corpus, a key that does not
// resolve: judgeCase handles those).
func (r *Runner) w3cDirect(ctx context.Context, s store.Sweep, key string, engines []oracle.Engine) (store.CaseRecord, bool, error) {
	rel, isW3C := strings.CutPrefix(key, "w3c/")
	if !isW3C {
		return store.CaseRecord{}, false, nil
	}
	t, manifest, err := r.cor.w3cTest(rel)
	if err != nil || w3cJudged(t) {
		return store.CaseRecord{}, false, nil
	}
	root, _ := corpus.SuiteRoot()
	tc := W3CTestCase(key, t, root)
	rec := store.CaseRecord{SweepID: s.ID, Case: key, TestCase: &tc}
	rec.Tests = make([]store.TestResult, len(engines))
	timeout := time.Duration(s.Spec.DeadlineMS) * time.Millisecond
	var wg sync.WaitGroup
	for i, e := range engines {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rec.Tests[i] = r.w3cOne(ctx, e, t, manifest, root, key, timeout)
		}()
	}
	wg.Wait()
	if ctx.Err() != nil {
		return rec, true, ctx.Err() // the job was stopped: run it again later
	}
	return rec, true, nil
}

// w3cOne runs one engine on one test.
func (r *Runner) w3cOne(ctx context.Context, e oracle.Engine, t *corpus.Test, manifest, root, key string, timeout time.Duration) store.TestResult {
	rep := w3c.Run(ctx, e, []string{manifest}, w3c.Options{Workers: 1, Root: root, Timeout: timeout, SkipWarmUp: true,
		Filter: func(x *corpus.Test) bool { return x.ID == t.ID }})
	var res store.TestResult
	switch {
	case rep.Err != nil:
		res = store.TestResult{Test: key, Suite: store.SuiteOf(key), Status: store.TestNotRun, Reason: rep.Err.Error()}
	case len(rep.Results) != 1:
		res = store.TestResult{Test: key, Suite: store.SuiteOf(key), Status: store.TestNotRun, Reason: "the runner did not find the test"}
	default:
		res = W3CStatus(key, &rep.Results[0], r.cor.baseline(e.Name()))
	}
	res.Engine, res.Version = e.Name(), e.Version()
	return res
}
