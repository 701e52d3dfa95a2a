package server

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/sparql-oracle/oracle/internal/corpus"
	"github.com/sparql-oracle/oracle/internal/store"
	"github.com/sparql-oracle/oracle/internal/w3c"
)

// longLiteral is a data value far wider than a page: the report page
// must wrap it, not hide it past a scroll bar.
var longLiteral = strings.Repeat("a long literal that a maintainer must be able to read whole ", 8)

// seedLong files liar's finding on a case whose dropped row holds
// longLiteral, as a sweep of its own (reference, engine, liar).
func seedLong(t *testing.T, st store.Store) store.Sweep {
	t.Helper()
	data := fmt.Sprintf(`{"default": "<http://ex/a> <http://ex/label> \"short\" . <http://ex/b> <http://ex/label> \"%s\" ."}`, longLiteral)
	return seedCases(t, st, "long literal", []seedCase{{name: "long-literal", data: data,
		query: `SELECT ?s ?label { ?s <http://ex/label> ?label } ORDER BY ?s`}})
}

// labelsApart is true when the chart has labels and no two overlap.
const labelsApart = `(() => {
  const r = [...document.querySelectorAll("svg.chart text.label")].map(e => e.getBoundingClientRect());
  for (let i = 0; i < r.length; i++) for (let j = i + 1; j < r.length; j++) {
    const a = r[i], b = r[j];
    if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) return false;
  }
  return r.length > 0;
})()`

// TestDashboardBrowser drives every page in headless Chromium over a store
// that real sweeps filled: two W3C sweeps of the same spec (liar honest,
// then lying), one between them without liar, liar's finding on a long
// literal, and the fast engine's run of the same W3C tests imported as
// `oracle gate --store` imports it. It checks the trend's gaps and labels,
// that the front page, the engine page and the comparison give the same
// pass rate for the same engine and run, the engines page, the test
// browser's filters and links, a test page's marks, the comparison and its
// links, the report page's reproducer, copy button, Markdown link,
// wrapping, highlights and triage buttons, and the root-cause page's bulk
// triage; and it takes a screenshot of each page.
func TestDashboardBrowser(t *testing.T) {
	if _, err := corpus.SuiteRoot(); err != nil {
		t.Skip("W3C suite not found (W3C_TESTS):", err)
	}
	chromium(t)
	c := &conformance{}
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "oracle.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	c.st = st
	c.a = runW3CSweep(t, st, false)
	runGapSweep(t, st)
	c.b = runW3CSweep(t, st, true)
	suites := runSuitesSweep(t, st)
	long := seedLong(t, st)
	_, tally := importW3CRun(t, st, "gate engine", nil)
	s, ts := newTest(t, Config{Store: st})
	b := newBrowser(t, ts.URL)
	failing, err := st.Tests(context.Background(), store.TestFilter{SweepID: c.b.ID, Engine: "liar", Status: store.TestFailed})
	if err != nil || failing.Total == 0 {
		t.Fatalf("liar fails nothing in sweep %d: %v", c.b.ID, err)
	}
	var rate string
	t.Run("index", func(t *testing.T) { rate = checkIndex(t, b) })
	t.Run("engine", func(t *testing.T) { checkEnginePage(t, b, rate, tally) })
	t.Run("engines", func(t *testing.T) { checkEngines(t, b) })
	t.Run("tests", func(t *testing.T) { checkTests(t, b, c, failing.Total) })
	t.Run("compare", func(t *testing.T) { checkCompare(t, b, c, failing.Total, rate) })
	t.Run("report", func(t *testing.T) { checkReport(t, b, st, long) })
	t.Run("suites", func(t *testing.T) { checkSuites(t, b, s.sizes(), suites) })
	t.Run("root-causes", func(t *testing.T) { checkRootCauses(t, b, st) })
}

// runGapSweep runs the W3C spec without liar: liar's lines must break there.
func runGapSweep(t *testing.T, st *store.DB) {
	spec := w3cSpec
	w3cSpec.Engines = []string{"reference", "engine"}
	defer func() { w3cSpec = spec }()
	runW3CSweep(t, st, false)
}

// w3cTrend selects the front page's chart of the W3C sweeps' corpus.
const w3cTrend = `svg[aria-label*="w3c:"]`

// checkIndex: liar ran in W3C sweeps 1 and 3, not 2: two points and no
// line across the gap, in the W3C corpus's own chart; the front page's
// W3C query cell of the fast engine is its latest run (the import). It
// returns that cell's rate.
func checkIndex(t *testing.T, b *browser) string {
	b.t = t
	b.open("/")
	dots := b.count(w3cTrend + ` g[data-engine="liar"] circle`)
	lines := b.count(w3cTrend + ` g[data-engine="liar"] polyline`)
	if dots != 2 || lines != 0 {
		t.Errorf("liar's divergence line in the W3C chart: %d points, %d segments; want 2 and 0 (a gap at the sweep without it)", dots, lines)
	}
	if n := b.count("svg.chart"); n < 2 {
		t.Errorf("%d trend charts, want one per corpus (W3C and the regression corpus)", n)
	}
	if !eval[bool](b, labelsApart) {
		t.Errorf("the trend's engine labels overlap")
	}
	rate := b.text(`#corpus-engine td[data-corpus="W3C query"] a`)
	if !strings.HasSuffix(rate, "%") {
		t.Errorf("the fast engine's W3C query cell: %q", rate)
	}
	if n := b.count("#families tr"); n < 2 {
		t.Errorf("no root causes per family on the front page")
	}
	b.shot("index.png")
	return rate
}

// checkEnginePage: the engine page says the fast engine's latest W3C
// query run passed what the runner's tally says, at the rate the front
// page shows, over the corpus's size.
func checkEnginePage(t *testing.T, b *browser, rate string, tally w3c.Tally) {
	b.t = t
	b.open("/")
	b.click(`#corpus-engine th a`)
	if loc := b.location(); !strings.HasSuffix(loc, "/engines/engine") {
		t.Fatalf("the engine link went to %s", loc)
	}
	row := `tr.rate-row:nth-of-type(2)` // the header row is the first: W3C query is the first corpus
	if got := b.text(row + ` .rate-cell strong`); got != rate {
		t.Errorf("the engine page's W3C query rate %q, the front page's %q: one run, one rate", got, rate)
	}
	if got := b.text(row + ` .passed`); got != fmt.Sprint(tally.Passed) {
		t.Errorf("the engine page says %s passed, oracle w3c's tally %d", got, tally.Passed)
	}
	if b.count("#engine-facts") != 1 || b.count("#baseline-link") != 1 {
		t.Errorf("the engine page lacks its facts or the baseline link")
	}
	b.shot("engine.png")
}

func checkEngines(t *testing.T, b *browser) {
	b.t = t
	b.open("/engines")
	for _, e := range []string{"reference", "engine", "liar"} {
		txt := b.text("#engine-" + e + ` td[data-corpus="W3C query"]`)
		if !strings.Contains(txt, "%") {
			t.Errorf("%s has no W3C query pass rate: %q", e, txt)
		}
	}
	if !eval[bool](b, labelsApart) {
		t.Errorf("the engines page's chart labels overlap")
	}
	if n := b.count(`#pass-rate g[data-engine="liar"] circle`); n != 2 {
		t.Errorf("liar's pass rate: %d points, want 2 (sweeps 1 and 3)", n)
	}
	b.click(`#engine-liar th a.engine-link`)
	if !strings.HasSuffix(b.location(), "/engines/liar") {
		t.Errorf("the engine link went to %s", b.location())
	}
	b.open("/engines")
	b.shot("engines.png")
}

func checkTests(t *testing.T, b *browser, c *conformance, failing int) {
	b.t = t
	b.open("/tests")
	all := b.count("tr.test-row")
	b.do("filter", chromedp.SetValue(chromedp.ID("f-engine"), "liar"), chromedp.SetValue(chromedp.ID("f-status"), "failed"),
		chromedp.SetValue(chromedp.ID("f-sweep"), fmt.Sprint(c.b.ID)))
	b.click("#f-apply")
	loc := b.location()
	if n := b.count("tr.test-row"); n != failing || n >= all {
		t.Errorf("liar's failures in sweep %d: %d rows (of %d), want %d", c.b.ID, n, all, failing)
	}
	if !strings.Contains(loc, "engine=liar") || !strings.Contains(loc, "status=failed") {
		t.Errorf("the filter form went to %s", loc)
	}
	b.do("search", chromedp.SetValue(chromedp.ID("f-q"), "zzz-no-such-test"))
	b.click("#f-apply")
	if b.count("tr.test-row") != 0 || b.count("#no-tests") != 1 {
		t.Errorf("a search matching nothing should list nothing")
	}
	b.open(strings.TrimPrefix(loc, b.url))
	b.shot("tests.png")
	b.click("tr.test-row td a")
	if !strings.HasPrefix(strings.TrimPrefix(b.location(), b.url), "/test?") {
		t.Fatalf("the test link went to %s", b.location())
	}
	if b.count("#answers section.answer") < 4 || b.count("#engine-liar tr.missing") == 0 {
		t.Errorf("the test page: %d panes, %d missing rows marked for liar; want the expected answer and 3 engines, and liar's dropped row",
			b.count("#answers section.answer"), b.count("#engine-liar tr.missing"))
	}
	b.shot("test.png")
}

func checkCompare(t *testing.T, b *browser, c *conformance, failing int, rate string) {
	b.t = t
	b.open(compareURL(c.a.ID, c.b.ID, "", ""))
	if got := b.text("#cmp-engine .rate-b strong"); got != rate {
		t.Errorf("the comparison's W3C query rate of the fast engine in sweep %d: %q; the front page's for the same tests: %q", c.b.ID, got, rate)
	}
	if n := b.count("tr.transition"); n != failing {
		t.Errorf("%d transitions, want %d (liar's failures)", n, failing)
	}
	if n := b.count("tr.transition .kind-regressed"); n != failing {
		t.Errorf("%d passed→failed, want %d", n, failing)
	}
	b.shot("compare.png")
	b.click(`#transition-counts td.hot a`)
	if loc := b.location(); !strings.Contains(loc, "engine=liar") || !strings.Contains(loc, "kind=") {
		t.Errorf("the count link went to %s", loc)
	}
	if n := b.count("tr.transition"); n != failing {
		t.Errorf("narrowed to liar's passed→failed: %d rows, want %d", n, failing)
	}
	b.click("tr.transition td a")
	if !strings.Contains(b.text("#engine-liar"), "failed") {
		t.Errorf("the transition's link should open the test in sweep %d, where liar failed", c.b.ID)
	}
}

func checkReport(t *testing.T, b *browser, st store.Store, long store.Sweep) {
	b.t = t
	page, err := st.Reports(context.Background(), store.ReportFilter{SweepID: long.ID, Engine: "liar"})
	if err != nil || len(page.Reports) == 0 {
		t.Fatalf("no liar report in sweep %d: %v", long.ID, err)
	}
	id := page.Reports[0].ID
	b.open(fmt.Sprintf("/reports/%d", id))
	if r := b.text("#reproducer"); !strings.Contains(r, "oracle diff") || !strings.Contains(r, "liar") {
		t.Errorf("reproducer: %q", r)
	}
	if eval[bool](b, `(() => { const p = document.getElementById("data"); return p.scrollWidth > p.clientWidth + 1; })()`) {
		t.Errorf("the data does not wrap: its long literal runs past the pane")
	}
	if b.count("#data mark.term") == 0 || b.count("#answers mark.term") == 0 {
		t.Errorf("the differing term is not highlighted in the data and answers")
	}
	b.shot("report.png")
	b.do("copy", chromedp.Click(chromedp.ID("copy-reproducer")))
	copied, err := chromedp.Run(b.ctx, chromedp.Poll[bool](`document.getElementById("copy-reproducer").textContent === "Copied"`,
		chromedp.WithPollingTimeout(5*time.Second)))
	if err != nil || !copied {
		t.Errorf("the copy button did not copy (%v)", err)
	}
	b.click("#markdown")
	if md := eval[string](b, `document.body.innerText`); !strings.HasPrefix(md, "## ") || !strings.Contains(md, longLiteral[:40]) {
		t.Errorf("the Markdown link: %.200q", md)
	}
	b.open(fmt.Sprintf("/reports/%d", id))
	b.do("triage", chromedp.SetValue(chromedp.ID("t-by"), "maintainer"), chromedp.SetValue(chromedp.ID("t-note"), "checked by hand"))
	b.click("#set-wont-fix")
	if st := b.text("#status"); st != "wont-fix" || b.count("tr.history-row") != 1 {
		t.Errorf("after the wont-fix button: status %q, %d history rows", st, b.count("tr.history-row"))
	}
	b.open("/reports")
	b.shot("reports.png")
}

// checkRootCauses: liar's root causes lead with wrong answers; one bulk
// action marks every matching finding an intended deviation, each with
// its history entry, and the engine page then counts them intended, not
// open.
func checkRootCauses(t *testing.T, b *browser, st store.Store) {
	b.t = t
	if before := checkEngineRootCauses(t, b); before["liar"][0] == "0" {
		t.Errorf("the engines page counts no open root cause of liar before triage: %v", before["liar"])
	}
	b.open("/root-causes?engine=liar")
	rows := b.count("tr.rc-row")
	if rows == 0 {
		t.Fatal("no root cause of liar")
	}
	if first := b.text("tr.rc-row td .sev"); first != "wrong-answer" {
		t.Errorf("the first root cause is %q, want the worst severity first (wrong-answer)", first)
	}
	b.shot("rootcauses.png")
	findings, err := st.Reports(context.Background(), store.ReportFilter{Engine: "liar", NoCosmetic: true, Limit: store.MaxLimit})
	if err != nil {
		t.Fatal(err)
	}
	b.do("bulk", chromedp.SetValue(chromedp.ID("b-by"), "maintainer"), chromedp.SetValue(chromedp.ID("b-url"), "https://example.org/liar/why"),
		chromedp.SetValue(chromedp.ID("b-note"), "liar drops the last row on purpose"))
	b.click("#bulk-intended-deviation")
	if b.count("#bulk-done") != 1 {
		t.Fatalf("no confirmation after the bulk action: %s", b.location())
	}
	for _, r := range findings.Reports {
		h, err := st.History(context.Background(), r.ID)
		if err != nil || len(h) == 0 || h[len(h)-1].Status != store.StatusIntended || h[len(h)-1].Note != "liar drops the last row on purpose" {
			t.Errorf("report %d's history does not end with the bulk action: %+v %v", r.ID, h, err)
		}
	}
	if n := b.count(`tr.rc-row .rc-status`); n != rows || b.text("tr.rc-row .rc-status") != "intended" {
		t.Errorf("after the bulk action: %d rows, first status %q; want %d intended", n, b.text("tr.rc-row .rc-status"), rows)
	}
	b.open("/engines/liar")
	if open := b.text("#open-count"); open != "0" || b.text("#intended-count") == "0" {
		t.Errorf("liar's page after the bulk action: %s open, %s intended", open, b.text("#intended-count"))
	}
	if after := checkEngineRootCauses(t, b); after["liar"][0] != "0" || after["liar"][1] == "0" {
		t.Errorf("the engines page after the bulk action: liar %v (open, intended, known); want 0 open, some intended", after["liar"])
	}
}

// TestScreenshotsOfStore photographs the dashboard of an existing store
// (ORACLE_SCREENSHOTS_DB: a SQLite file or postgres:// URL, e.g. one that
// `oracle w3c --engine NAME --store FILE` filled for every installed
// engine): the engines page and the test browser on the aggregate tests, to
// $ORACLE_SCREENSHOTS or, with -screenshots, docs/screenshots/*-store.png.
// Skipped without it.
func TestScreenshotsOfStore(t *testing.T) {
	dsn := os.Getenv("ORACLE_SCREENSHOTS_DB")
	if dsn == "" {
		t.Skip("ORACLE_SCREENSHOTS_DB unset")
	}
	st, err := store.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	_, ts := newTest(t, Config{Store: st, Engines: inHouse()[:2]}) // the judge and the fast engine: no liar
	b := newBrowser(t, ts.URL)
	for _, p := range []struct{ path, name string }{{"/engines", "engines-store.png"},
		{"/tests?feature=sparql11/aggregates&q=agg-", "tests-store.png"}} {
		b.open(p.path)
		if strings.Contains(b.text("main"), "template error") {
			t.Fatalf("%s: template error", p.path)
		}
		b.shot(p.name)
	}
}

// checkSuites: the update and SPARQL 1.2 columns are filled from the
// sweep. The fast engine's rate on each is what `oracle w3c` passes of
// it over the corpus's size, the same on the front page, the engines
// page, its engine page and the tests page; liar, which applies no
// updates and lacks SPARQL 1.2, shows both "not run", never 0 %.
func checkSuites(t *testing.T, b *browser, sizes map[string]int, sw store.Sweep) {
	b.t = t
	tally := suitesTally(t)
	for i, corpus := range []string{store.CorpusUpdate, store.Corpus12} {
		if tally[corpus] == 0 || sizes[corpus] == 0 {
			t.Fatalf("%s: oracle w3c passes %d of the fast engine, the corpus has %d tests", corpus, tally[corpus], sizes[corpus])
		}
		want := fmt.Sprintf("%.1f%%", 100*float64(tally[corpus])/float64(sizes[corpus]))
		sel := fmt.Sprintf(`td[data-corpus=%q]`, corpus)
		b.open("/")
		front := b.text(`#corpus-engine ` + sel + ` a`)
		small := b.text(`#corpus-engine ` + sel + ` small`)
		liarFront := b.text(`#corpus-liar ` + sel)
		b.open("/engines")
		list := b.text(`#engine-engine ` + sel + ` a`)
		liarList := b.text(`#engine-liar ` + sel)
		b.open("/tests")
		tests := b.text(`#rates-engine ` + sel + ` a`)
		b.open(fmt.Sprintf("/tests?sweep=%d", sw.ID))
		testsSweep := b.text(`#rates-engine ` + sel + ` a`)
		liarTests := b.text(`#rates-liar ` + sel)
		b.open("/engines/engine")
		row := fmt.Sprintf(`tr.rate-row:nth-of-type(%d)`, i+3) // header, W3C query, then update, 1.2
		page, passed := b.text(row+` .rate-cell strong`), b.text(row+` .passed`)
		b.open("/engines/liar")
		liarPage := b.text(row)
		t.Logf("%s: oracle w3c passes %d of %d; front %s (%s), engines %s, tests %s / sweep %s, engine page %s (%s passed); liar: %q",
			corpus, tally[corpus], sizes[corpus], front, small, list, tests, testsSweep, page, passed, liarFront)
		for where, got := range map[string]string{"front page": front, "engines page": list, "tests page": tests,
			"tests page of the sweep": testsSweep, "engine page": page} {
			if got != want {
				t.Errorf("%s: the %s says %q, oracle w3c's count over the corpus's size is %q", corpus, where, got, want)
			}
		}
		if passed != fmt.Sprint(tally[corpus]) || !strings.HasPrefix(small, fmt.Sprintf("%d/%d", tally[corpus], sizes[corpus])) {
			t.Errorf("%s: passed %s on the engine page, %q on the front page; oracle w3c passes %d of %d", corpus, passed, small, tally[corpus], sizes[corpus])
		}
		for where, got := range map[string]string{"front page": liarFront, "engines page": liarList, "tests page": liarTests, "engine page": liarPage} {
			if !strings.Contains(got, "not run") || strings.Contains(got, "%") {
				t.Errorf("%s: liar (no updates, no SPARQL 1.2) on the %s: %q; want not run, no rate", corpus, where, got)
			}
		}
	}
	b.open("/")
	b.shot("index.png")
}

// checkEngineRootCauses: the engines page counts each engine's root
// causes as its engine page does (open, intended, known), not findings.
func checkEngineRootCauses(t *testing.T, b *browser) map[string][3]string {
	b.t = t
	out := map[string][3]string{}
	for _, e := range []string{"reference", "engine", "liar"} {
		b.open("/engines")
		list := [3]string{b.text(`#engine-` + e + ` a.rc-open-n`), b.text(`#engine-` + e + ` td.rc-intended`), b.text(`#engine-` + e + ` td.rc-known`)}
		b.open("/engines/" + e)
		page := [3]string{b.text("#open-count"), b.text("#intended-count"), b.text("#known-count")}
		if list != page {
			t.Errorf("%s: the engines page counts %v root causes (open, intended, known), its engine page %v", e, list, page)
		}
		out[e] = list
	}
	return out
}
