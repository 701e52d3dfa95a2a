package server

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/internal/corpus"
	"github.com/sparql-oracle/oracle/internal/engine"
	"github.com/sparql-oracle/oracle/internal/registry"
	"github.com/sparql-oracle/oracle/internal/store"
	"github.com/sparql-oracle/oracle/internal/sweep"
	"github.com/sparql-oracle/oracle/internal/w3c"
)

// importW3CRun runs the W3C manifests of w3cSpec through the fast engine
// with the W3C runner and imports the run as `oracle w3c --store` and
// `oracle gate --store` do (cmd/oracle gate.go: a finished sweep of one
// engine, each result through sweep.W3CStatus and its case through
// sweep.W3CTestCase), with the baseline lines given. It returns the sweep
// and the runner's own query tally (what `oracle w3c` prints).
func importW3CRun(t *testing.T, st store.Store, name string, base w3c.Baseline) (store.Sweep, w3c.Tally) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
	defer cancel()
	root, err := corpus.SuiteRoot()
	if err != nil {
		t.Skip("W3C suite not found:", err)
	}
	var paths []string
	for _, m := range w3cSpec.W3C.Manifests {
		paths = append(paths, filepath.Join(root, filepath.FromSlash(m)))
	}
	eng := registry.Engine(engine.Options{})
	rep := w3c.Run(ctx, eng, paths, w3c.Options{Root: root, Workers: 2})
	if rep.Err != nil {
		t.Fatal(rep.Err)
	}
	var cases []store.TestCase
	var res []store.TestResult
	for i := range rep.Results {
		r := &rep.Results[i]
		key := sweep.W3CKey(r.Test, root)
		tr := sweep.W3CStatus(key, r, base)
		tr.Engine, tr.Version = rep.Engine, rep.Version
		res = append(res, tr)
		cases = append(cases, sweep.W3CTestCase(key, r.Test, root))
	}
	sw, err := st.CreateSweep(ctx, store.SweepSpec{Name: name, Engines: []string{rep.Engine}, W3C: &store.W3CSource{Manifests: w3cSpec.W3C.Manifests}})
	if err != nil {
		t.Fatal(err)
	}
	if err := st.StartSweep(ctx, sw.ID, len(res)); err != nil {
		t.Fatal(err)
	}
	if err := st.RecordTests(ctx, sw.ID, cases, res); err != nil {
		t.Fatal(err)
	}
	if err := st.FinishSweep(ctx, sw.ID, store.SweepDone, ""); err != nil {
		t.Fatal(err)
	}
	query, _ := rep.Split()
	return sw, query
}

// TestOneRunTwoWays: the fast engine's run of the same W3C tests, once as
// a W3C sweep and once imported as `oracle w3c --store` imports it, is
// counted alike everywhere: the engine page's rate of each run (over the
// corpus's size, the same denominator), the tests page's counts of each
// sweep, and the W3C runner's own tally. A baseline line makes a failure
// known, never intended.
func TestOneRunTwoWays(t *testing.T) {
	c := seedConformance(t) // two W3C sweeps: reference, engine, liar
	imported, tally := importW3CRun(t, c.st, "gate engine", nil)
	s, ts := newTest(t, Config{Store: c.st})
	ctx := context.Background()
	d, err := s.engineData(ctx, "engine")
	if err != nil {
		t.Fatal(err)
	}
	runs := map[int64]runPoint{}
	for _, h := range d.History {
		if h.Corpus == store.CorpusQuery {
			for _, r := range h.Runs {
				runs[r.SweepID] = r
			}
		}
	}
	sw, imp := runs[c.b.ID], runs[imported.ID]
	if !sw.Has || !imp.Has {
		t.Fatalf("the engine page lacks a run: sweep %d %v, import %d %v", c.b.ID, sw.Has, imported.ID, imp.Has)
	}
	if sw.Size.N != imp.Size.N || sw.Size.N < tally.Tests {
		t.Errorf("denominators: sweep %d, import %d (the runner ran %d tests): want one corpus size", sw.Size.N, imp.Size.N, tally.Tests)
	}
	if sw.Passed != imp.Passed || imp.Passed != tally.Passed || sw.Percent() != imp.Percent() {
		t.Errorf("passed: sweep %d (%.1f%%), import %d (%.1f%%), oracle w3c %d: one run, one count", sw.Passed, sw.Percent(), imp.Passed, imp.Percent(), tally.Passed)
	}
	t.Logf("W3C query: %d passed of %d in both (%.2f%%); the runner: %s", imp.Passed, imp.Size.N, imp.Percent(), tally)
	for _, id := range []int64{c.b.ID, imported.ID} {
		page := do(t, "GET", ts.URL+fmt.Sprintf("/tests?engine=engine&status=passed&sweep=%d", id), "", nil)
		if want := fmt.Sprintf(`<span class="ts ts-passed">passed %d</span>`, tally.Passed); !strings.Contains(string(page.Body), want) {
			t.Errorf("the tests page of sweep %d does not say %q", id, want)
		}
	}
	// the engine page says the same number for the latest run
	html := string(do(t, "GET", ts.URL+"/engines/engine", "", nil).Body)
	if want := fmt.Sprintf(`<td class="n passed">%d</td>`, tally.Passed); !strings.Contains(html, want) {
		t.Errorf("the engine page lacks %q", want)
	}
}
