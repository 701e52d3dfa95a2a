package server

import (
	"context"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/internal/corpus"
	"github.com/sparql-oracle/oracle/internal/engine"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/registry"
	"github.com/sparql-oracle/oracle/internal/store"
	"github.com/sparql-oracle/oracle/internal/sweep"
	"github.com/sparql-oracle/oracle/internal/w3c"
)

// conformance is a store with two W3C sweeps of the same spec run by the
// real sweep runner on the judge, the fast engine and "liar": honest in
// the first sweep, dropping the last row of every answer in the second
// (the case changed on purpose), so the second shows liar's passed→failed
// transitions, its findings and its failing tests.
type conformance struct {
	st   *store.DB
	a, b store.Sweep
}

// w3cSpec is the seeded sweeps' spec: two small folders of the suite.
var w3cSpec = store.SweepSpec{Name: "w3c bind+subquery", Engines: []string{"reference", "engine", "liar"},
	W3C:         &store.W3CSource{Manifests: []string{"sparql11/bind/manifest.ttl", "sparql11/subquery/manifest.ttl"}},
	ReduceCalls: 40, ReduceSeconds: 5}

func seedConformance(t *testing.T) *conformance {
	t.Helper()
	if _, err := corpus.SuiteRoot(); err != nil {
		t.Skip("W3C suite not found (W3C_TESTS):", err)
	}
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "oracle.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	c := &conformance{st: st}
	c.a = runW3CSweep(t, st, false)
	c.b = runW3CSweep(t, st, true)
	return c
}

// runW3CSweep runs w3cSpec with liar honest or lying, to the end.
func runW3CSweep(t *testing.T, st *store.DB, lying bool) store.Sweep {
	t.Helper()
	return runSpec(t, st, w3cSpec, 120*time.Second, func(name string) (oracle.Engine, error) {
		fast := registry.Engine(engine.Options{})
		switch {
		case name == "liar" && lying:
			return liar{fast}, nil
		case name == "liar":
			return renamed{fast, "liar"}, nil
		}
		return registry.New(name)
	})
}

// runSpec runs spec through the real sweep runner (two workers) on the
// engines mk makes, to the end, within limit.
func runSpec(t *testing.T, st *store.DB, spec store.SweepSpec, limit time.Duration, mk func(string) (oracle.Engine, error)) store.Sweep {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	r, err := sweep.New(ctx, st, sweep.Options{Workers: 2, Engine: mk})
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Start(ctx); err != nil {
		t.Fatal(err)
	}
	defer r.Stop(context.Background())
	sw, err := r.Submit(ctx, spec)
	if err != nil {
		t.Fatal(err)
	}
	if sw, err = r.Wait(ctx, sw.ID); err != nil || sw.State != store.SweepDone {
		t.Fatalf("sweep %d: %s %v %s", sw.ID, sw.State, err, sw.Error)
	}
	return sw
}

// renamed is an engine under another name (an honest "liar").
type renamed struct {
	oracle.Engine
	name string
}

func (r renamed) Name() string { return r.name }

// TestConformancePages checks the engines page, the test browser, a test
// page and the test-by-test comparison without a browser: the comparison
// lists exactly the tests liar fails in the second sweep as passed→failed.
func TestConformancePages(t *testing.T) {
	c := seedConformance(t)
	_, ts := newTest(t, Config{Store: c.st})
	ctx := context.Background()
	failing, err := c.st.Tests(ctx, store.TestFilter{SweepID: c.b.ID, Engine: "liar", Status: store.TestFailed})
	if err != nil || failing.Total == 0 {
		t.Fatalf("liar fails no test in sweep %d (%v)", c.b.ID, err)
	}
	page := func(path string) string {
		r := do(t, "GET", ts.URL+path, "", nil)
		if r.Status != 200 {
			t.Fatalf("%s: %d %.300s", path, r.Status, r.Body)
		}
		if strings.Contains(string(r.Body), "template error") {
			t.Fatalf("%s: %s", path, r.Body)
		}
		return string(r.Body)
	}
	engines := page("/engines")
	for _, e := range []string{"reference", "engine", "liar"} {
		if !strings.Contains(engines, `id="engine-`+e+`"`) {
			t.Errorf("the engines page has no row for %s", e)
		}
	}
	if strings.Count(engines, `class="n rate-cell" data-corpus="W3C query"><a`) != 3 {
		t.Errorf("every engine's row should have a W3C query pass rate")
	}
	cmp := page(compareURL(c.a.ID, c.b.ID, "", ""))
	if got := strings.Count(cmp, `class="transition"`); got != failing.Total {
		t.Errorf("the comparison lists %d transitions, want liar's %d failing tests", got, failing.Total)
	}
	for _, row := range failing.Rows {
		if !strings.Contains(cmp, ">"+row.Case.Key+"</a>") {
			t.Errorf("the comparison lacks %s", row.Case.Key)
		}
	}
	if strings.Count(cmp, "badge kind-regressed") != failing.Total {
		t.Errorf("every transition should be passed→failed")
	}
	tests := page("/tests?engine=liar&status=failed&sweep=" + itoa(c.b.ID))
	if got := strings.Count(tests, `class="test-row"`); got != failing.Total {
		t.Errorf("the browser shows %d failing tests of liar, want %d", got, failing.Total)
	}
	reps, err := c.st.Reports(ctx, store.ReportFilter{SweepID: c.b.ID, Engine: "liar"})
	if err != nil || len(reps.Reports) == 0 {
		t.Fatalf("no finding of liar in sweep %d: %v", c.b.ID, err)
	}
	if rp := page(fmt.Sprintf("/reports/%d", reps.Reports[0].ID)); !strings.Contains(rp, `class="report-test"`) {
		t.Errorf("the report page of a W3C finding does not link to its test")
	}
	if rc := page("/root-causes?engine=liar"); !strings.Contains(rc, `class="rc-test"`) {
		t.Errorf("the root-cause rows do not name the tests that showed them")
	}
	one := page(testURL(failing.Rows[0].Case.Key, c.b.ID))
	if !strings.Contains(one, `id="engine-liar"`) || !strings.Contains(one, `class="missing"`) {
		t.Errorf("the test page should show liar's answer with the missing row marked")
	}
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

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
	rep, root := runFastW3C(t, ctx, w3cSpec.W3C.Manifests)
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

// runFastW3C runs the W3C manifests (paths below the suite's root) through
// the fast engine with the W3C runner, as `oracle w3c` does; it skips the
// test without the suite. It returns the run and the suite's root.
func runFastW3C(t *testing.T, ctx context.Context, manifests []string) (w3c.Report, string) {
	t.Helper()
	root, err := corpus.SuiteRoot()
	if err != nil {
		t.Skip("W3C suite not found:", err)
	}
	var paths []string
	for _, m := range manifests {
		paths = append(paths, filepath.Join(root, filepath.FromSlash(m)))
	}
	rep := w3c.Run(ctx, registry.Engine(engine.Options{}), paths, w3c.Options{Root: root, Workers: 2})
	if rep.Err != nil {
		t.Fatal(rep.Err)
	}
	return rep, root
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

// suitesManifests are the update and SPARQL 1.2 folders a W3C sweep of
// the browser test runs: 4 update evaluation tests, 1 update syntax test,
// 9 SPARQL 1.2 syntax tests.
var suitesManifests = []string{"sparql11/clear/manifest.ttl", "sparql11/syntax-update-2/manifest.ttl", "sparql12/version/manifest.ttl"}

// runSuitesSweep runs a W3C sweep of suitesManifests through the judge,
// the fast engine and liar (which applies no updates and lacks SPARQL
// 1.2) with the real sweep runner.
func runSuitesSweep(t *testing.T, st *store.DB) store.Sweep {
	t.Helper()
	spec := w3cSpec
	w3cSpec.Name, w3cSpec.W3C = "w3c update and 1.2", &store.W3CSource{Manifests: suitesManifests}
	defer func() { w3cSpec = spec }()
	return runW3CSweep(t, st, true)
}

// suitesTally is what `oracle w3c` counts of the fast engine on
// suitesManifests: passed per corpus (store.CorpusOf).
func suitesTally(t *testing.T) map[string]int {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	rep, root := runFastW3C(t, ctx, suitesManifests)
	out := map[string]int{}
	for i := range rep.Results {
		key := sweep.W3CKey(rep.Results[i].Test, root)
		if rep.Results[i].Outcome == w3c.Pass {
			out[store.CorpusOf(key, store.SuiteOf(key))]++
		}
	}
	return out
}

// TestDashboardLacks: who runs none of the update or SPARQL 1.2 corpus.
// A served engine answers for itself (liar: no updater, no 1.2; the fast
// engine has both); another by its descriptor's Supports (rdflib applies
// updates and lacks 1.2); an engine whose descriptor declares nothing is
// judged by its runs (Shown: a run that ran none of the tests).
func TestDashboardLacks(t *testing.T) {
	s, _ := newTest(t, Config{})
	for _, c := range []struct {
		engine, corpus string
		lacks          bool
	}{
		{"liar", store.CorpusUpdate, true}, {"liar", store.Corpus12, true}, {"liar", store.CorpusQuery, false},
		{"engine", store.CorpusUpdate, false}, {"engine", store.Corpus12, false},
		{"rdflib", store.CorpusUpdate, false}, {"rdflib", store.Corpus12, true},
		{"rasqal", store.CorpusUpdate, false}, {"no-such-engine", store.Corpus12, false},
	} {
		if got := s.lacks(c.engine, c.corpus); (got != "") != c.lacks {
			t.Errorf("lacks(%s, %s) = %q, want lacking %v", c.engine, c.corpus, got, c.lacks)
		}
	}
	none := s.rate(store.SuiteCount{Engine: "rasqal", Suite: store.CorpusUpdate, NotRun: 157}, map[string]corpusSize{store.CorpusUpdate: {N: 157, Known: true}})
	if none.Shown() || !strings.Contains(none.Why(), "ran none") {
		t.Errorf("a run with every test not run: shown %v, why %q; want not run", none.Shown(), none.Why())
	}
}
