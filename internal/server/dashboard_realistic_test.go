package server

import (
	"context"
	"fmt"
	"net/http"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/sparql-oracle/oracle/internal/corpus"
	"github.com/sparql-oracle/oracle/internal/engine"
	"github.com/sparql-oracle/oracle/internal/filing"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/registry"
	"github.com/sparql-oracle/oracle/internal/report"
	"github.com/sparql-oracle/oracle/internal/store"
)

// realisticSpec sweeps small realistic knowledge graphs (internal/realistic,
// shape kg) with every engine's metamorphic relations on, as a profile
// file given to `oracle sweep start --profile` travels in a spec; liar's
// findings are reduced within a small budget (a relation's violation by
// reduce.Large, which keeps the realistic query and sizes beside it).
func realisticSpec(t *testing.T, from, to int64) store.SweepSpec {
	t.Helper()
	content := []byte(`{"name": "kg-tiny", "realistic": {"shape": "kg", "triples": 1200}, "relations": true}`)
	name := corpus.InlineName("kg-tiny.json", content)
	if _, err := corpus.RegisterInline(name, content); err != nil {
		t.Fatal(err)
	}
	return store.SweepSpec{Name: "realistic kg", Engines: []string{"reference", "engine", "liar"}, DeadlineMS: 10_000, ReduceCalls: 40, ReduceSeconds: 10,
		Generated: &store.GenSource{From: from, To: to, Profile: name, ProfileJSON: content}}
}

// runRealisticSweep runs realisticSpec through the real sweep runner on
// the judge, the fast engine and liar (dropping the last row of every
// answer, so it violates the relations that compare row counts), to the
// end.
func runRealisticSweep(t *testing.T, st *store.DB, from, to int64) store.Sweep {
	t.Helper()
	start := time.Now()
	sw := runSpec(t, st, realisticSpec(t, from, to), 3*time.Minute, func(name string) (oracle.Engine, error) {
		if name == "liar" {
			return liar{registry.Engine(engine.Options{})}, nil
		}
		return registry.New(name)
	})
	t.Logf("realistic sweep #%d, seeds %d-%d: %v", sw.ID, from, to-1, time.Since(start))
	return sw
}

// TestSweepCasesAPI: a realistic sweep's cases and summary through the
// API: every case has its size, its judge and one check per engine and
// relation; liar violates relations, the fast engine none; the filters
// select what they name; bad parameters are 400s saying which.
func TestSweepCasesAPI(t *testing.T) {
	st := openDB(t)
	sw := runRealisticSweep(t, st, 0, 3)
	_, ts := newTest(t, Config{Store: st})
	var st1 sweepStatus
	get(t, fmt.Sprintf("%s/v1/sweeps/%d", ts.URL, sw.ID), &st1)
	sum := st1.Judges
	if sum.Cases != 3 || sum.MaxTriples < 500 || sum.Large != 0 {
		t.Errorf("summary %+v: want 3 cases of about 1000 triples, none large", sum)
	}
	var all store.CasePage
	get(t, fmt.Sprintf("%s/v1/sweeps/%d/cases", ts.URL, sw.ID), &all)
	if all.Total != 3 || len(all.Cases) != 3 {
		t.Fatalf("cases: %+v", all)
	}
	for _, c := range all.Cases {
		if c.DataTriples < 500 || c.JudgedBy == "" || len(c.Relations) == 0 {
			t.Errorf("case %s: %d triples, judged by %q, %d relation checks", c.Case, c.DataTriples, c.JudgedBy, len(c.Relations))
		}
	}
	for _, e := range sum.Engines {
		if e.Engine == "engine" && e.Violated != 0 {
			t.Errorf("the fast engine violates %d relations", e.Violated)
		}
		if e.Engine == "liar" && e.Violated == 0 {
			t.Errorf("liar violates no relation: %+v", e)
		}
	}
	var liars store.CasePage
	get(t, fmt.Sprintf("%s/v1/sweeps/%d/cases?engine=liar&violated=true", ts.URL, sw.ID), &liars)
	if liars.Total != sum.Violated {
		t.Errorf("%d cases where liar violates a relation, the summary counts %d", liars.Total, sum.Violated)
	}
	judge := all.Cases[0].JudgedBy
	var same store.CasePage
	get(t, fmt.Sprintf("%s/v1/sweeps/%d/cases?judged_by=%s", ts.URL, sw.ID, strings.ReplaceAll(judge, " ", "+")), &same)
	if same.Total != sum.ByJudge[judge] {
		t.Errorf("judged_by=%s: %d cases, the summary counts %d", judge, same.Total, sum.ByJudge[judge])
	}
	for _, bad := range []struct{ query, field string }{{"judged_by=oracle", "judged_by"}, {"violated=perhaps", "violated"},
		{"limit=0", "limit"}, {"colour=red", "colour"}} {
		r := do(t, "GET", fmt.Sprintf("%s/v1/sweeps/%d/cases?%s", ts.URL, sw.ID, bad.query), "", nil)
		var e APIError
		r.json(t, &e)
		if r.Status != http.StatusBadRequest || e.Field != bad.field {
			t.Errorf("?%s: %d, field %q; want 400 naming %s", bad.query, r.Status, e.Field, bad.field)
		}
	}
	if r := do(t, "GET", ts.URL+"/v1/sweeps/999/cases", "", nil); r.Status != http.StatusNotFound {
		t.Errorf("the cases of no sweep: %d, want 404", r.Status)
	}
	checkSweepHTML(t, ts.URL, st, sw)
}

// checkSweepHTML reads the sweep's page and its relation finding's page
// without a browser: a row per case, and the finding names its relation
// and shows the check's queries.
func checkSweepHTML(t *testing.T, base string, st store.Store, sw store.Sweep) {
	t.Helper()
	page := htmlPage(t, fmt.Sprintf("%s/sweeps/%d", base, sw.ID))
	if n := strings.Count(page, `class="case-row"`); n != 3 {
		t.Errorf("the sweep page lists %d cases, want 3", n)
	}
	rep := relationFinding(t, st, sw)
	page = htmlPage(t, fmt.Sprintf("%s/reports/%d", base, rep.ID))
	if !strings.Contains(page, `id="basis-relation"`) || strings.Count(page, `class="relation-query"`) < 2 {
		t.Errorf("liar's relation finding %d: no relation basis or fewer than two queries", rep.ID)
	}
}

// relationFinding is a finding of liar's in the sweep that a relation
// decided (its write-up's basis is the relation).
func relationFinding(t *testing.T, st store.Store, sw store.Sweep) store.Report {
	t.Helper()
	rs, err := st.Reports(context.Background(), store.ReportFilter{SweepID: sw.ID, Engine: "liar", Limit: store.MaxLimit})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rs.Reports {
		if relationOf(filing.Bug(r)) != nil {
			return r
		}
	}
	t.Fatalf("no finding of liar in sweep %d rests on a relation (of %d)", sw.ID, len(rs.Reports))
	return store.Report{}
}

// htmlPage reads a dashboard page that must render.
func htmlPage(t *testing.T, url string) string {
	t.Helper()
	r := do(t, "GET", url, "", nil)
	if r.Status != http.StatusOK || strings.Contains(string(r.Body), "template error") {
		t.Fatalf("GET %s: %d %.400s", url, r.Status, r.Body)
	}
	return string(r.Body)
}

// get reads a 200 JSON answer into v.
func get(t *testing.T, url string, v any) {
	t.Helper()
	r := do(t, "GET", url, "", nil)
	if r.Status != http.StatusOK {
		t.Fatalf("GET %s: %d %.300s", url, r.Status, r.Body)
	}
	r.json(t, v)
}

// openDB opens a real SQLite store in the test's temporary folder, as
// the sweep runner takes it.
func openDB(t *testing.T) *store.DB {
	t.Helper()
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "oracle.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// TestDashboardRealistic drives the sweep page and a relation finding's
// page in headless Chromium over a realistic sweep the real runner filled
// (small knowledge graphs, every engine's relations on, liar dropping the
// last row of every answer): the front page links the sweep; its page
// counts the cases by judge and the relation checks per engine as the
// store does, lists each case with its size, judge and checks, and its
// filters select what they name; liar's relation finding names the
// relation as its basis and shows the check's queries and both answers.
func TestDashboardRealistic(t *testing.T) {
	chromium(t)
	st := openDB(t)
	sw := runRealisticSweep(t, st, 0, 3)
	_, ts := newTest(t, Config{Store: st})
	b := newBrowser(t, ts.URL)
	sum, err := st.JudgeSummary(b.ctx, sw.ID)
	if err != nil {
		t.Fatal(err)
	}
	t.Run("sweep", func(t *testing.T) { checkSweepPage(t, b, sw, sum) })
	t.Run("filters", func(t *testing.T) { checkSweepFilters(t, b, sw, sum) })
	t.Run("relation finding", func(t *testing.T) { checkRelationFinding(t, b, relationFinding(t, st, sw)) })
}

// checkSweepPage: the front page's sweep link opens the sweep's page,
// whose counts are the store's and whose rows show each case's size,
// judge and relation checks.
func checkSweepPage(t *testing.T, b *browser, sw store.Sweep, sum store.JudgeSummary) {
	b.t = t
	b.open("/")
	b.click(fmt.Sprintf(`a.sweep-link[href="/sweeps/%d"]`, sw.ID))
	if loc := b.location(); !strings.HasSuffix(loc, fmt.Sprintf("/sweeps/%d", sw.ID)) {
		t.Fatalf("the sweep link went to %s", loc)
	}
	for _, j := range store.Judges {
		got := b.text(fmt.Sprintf(`tr.judge-row[data-judge=%q] td`, j))
		if want := sum.ByJudge[j]; got != strconv.Itoa(want) {
			t.Errorf("cases judged by %s: the page says %s, the store %d", j, got, want)
		}
	}
	for _, e := range sum.Engines {
		row := fmt.Sprintf(`tr.relation-engine[data-engine=%q]`, e.Engine)
		if got := b.text(row + " td.violated"); got != strconv.Itoa(e.Violated) {
			t.Errorf("%s's violations: the page says %s, the store %d", e.Engine, got, e.Violated)
		}
		if got := b.text(row + " td.checked"); got != strconv.Itoa(e.Checked) {
			t.Errorf("%s's relations checked: the page says %s, the store %d", e.Engine, got, e.Checked)
		}
	}
	if n := b.count("tr.case-row"); n != sum.Cases {
		t.Errorf("%d case rows, want %d", n, sum.Cases)
	}
	sizes := eval[[]string](b, `[...document.querySelectorAll("tr.case-row td.triples")].map(e => e.textContent)`)
	for _, s := range sizes {
		if n, err := strconv.Atoi(s); err != nil || n < 500 {
			t.Errorf("a case's size reads %q, want its triples", s)
		}
	}
	if n, want := b.count("tr.case-row .rel-violated"), violations(sum, "liar"); n != want || n == 0 {
		t.Errorf("%d violated checks marked on the rows, the store counts %d for liar", n, want)
	}
	if b.count("tr.case-row .rel-held") == 0 {
		t.Errorf("no held relation marked on any row")
	}
	b.shot("sweep.png")
}

// checkSweepFilters: the judge filter keeps the cases of that judge, and
// liar's violation link keeps the cases where liar violates a relation.
func checkSweepFilters(t *testing.T, b *browser, sw store.Sweep, sum store.JudgeSummary) {
	b.t = t
	b.open(fmt.Sprintf("/sweeps/%d", sw.ID))
	judge := b.text("tr.case-row td.judge")
	b.do("filter", chromedp.SetValue(chromedp.ID("f-judge"), judge))
	b.click("#f-apply")
	if !strings.Contains(b.location(), "judged_by=") {
		t.Errorf("the filter form went to %s", b.location())
	}
	if n, other := b.count("tr.case-row"), b.count(fmt.Sprintf(`tr.case-row:not([data-judge=%q])`, judge)); n != sum.ByJudge[judge] || other != 0 {
		t.Errorf("judged by %s: %d rows (%d of another judge), want %d", judge, n, other, sum.ByJudge[judge])
	}
	b.open(fmt.Sprintf("/sweeps/%d", sw.ID))
	b.click(`tr.relation-engine[data-engine="liar"] td.violated a`)
	if n := b.count("tr.case-row"); n != sum.Violated || n == 0 {
		t.Errorf("cases where liar violates a relation: %d rows, want %d", n, sum.Violated)
	}
	if n := b.count(`tr.case-row:not(:has(div[data-engine="liar"] .rel-violated))`); n != 0 {
		t.Errorf("%d rows listed as liar's violations show none", n)
	}
	if b.count(`#f-violated:checked`) != 1 || eval[string](b, `document.getElementById("f-engine").value`) != "liar" {
		t.Errorf("the form does not show the filter it applied")
	}
}

// checkRelationFinding: the finding's page names the relation as its
// basis, shows the queries its check ran and both answers.
func checkRelationFinding(t *testing.T, b *browser, rep store.Report) {
	b.t = t
	b.open(fmt.Sprintf("/reports/%d", rep.ID))
	if basis := b.text("#basis-relation"); !strings.HasPrefix(basis, "metamorphic relation ") {
		t.Errorf("the basis reads %q, want the relation", basis)
	}
	if n := b.count("#relation-queries section.relation-query pre"); n < 2 {
		t.Errorf("%d queries of the relation shown, want both", n)
	}
	if h := b.text("#expected-answer h3"); !strings.Contains(h, "expects") {
		t.Errorf("the expected answer's pane is titled %q: it is the relation's, not a judge's", h)
	}
	if n := b.count("#answers section.answer pre"); n < 2 {
		t.Errorf("%d answers shown, want the expected one and the rewrite's", n)
	}
	checkLargeWitness(t, b, filing.Bug(rep))
	b.shot("report-relation.png")
}

// checkLargeWitness: a finding reduced from a realistic case shows the
// query it was found with and the data's size before and after, as its
// write-up keeps them.
func checkLargeWitness(t *testing.T, b *browser, bug report.Bug) {
	if bug.OriginalTriples == 0 || bug.OriginalQuery == "" {
		t.Fatalf("the relation finding keeps no realistic witness: %d triples, query %q", bug.OriginalTriples, bug.OriginalQuery)
	}
	if got := b.text("#original-triples"); got != strconv.Itoa(bug.OriginalTriples) {
		t.Errorf("the page says reduced from %s triples, the write-up %d", got, bug.OriginalTriples)
	}
	if got := b.text("#reduced-triples"); got != strconv.Itoa(bug.ReducedTriples) || bug.ReducedTriples >= bug.OriginalTriples {
		t.Errorf("the page says reduced to %s triples, the write-up %d of %d", got, bug.ReducedTriples, bug.OriginalTriples)
	}
	if got := b.text("#original-query"); strings.TrimSpace(got) != strings.TrimSpace(bug.OriginalQuery) {
		t.Errorf("the realistic query shown:\n%s\nthe write-up's:\n%s", got, bug.OriginalQuery)
	}
	if got := b.text("#minimal-query"); strings.TrimSpace(got) != strings.TrimSpace(bug.Reproducer.Query) {
		t.Errorf("the minimal query beside it is not the reproducer's")
	}
}

// violations are the relation checks the engine violated in the sweep.
func violations(sum store.JudgeSummary, engine string) int {
	for _, c := range sum.Engines {
		if c.Engine == engine {
			return c.Violated
		}
	}
	return 0
}
