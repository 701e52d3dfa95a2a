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
