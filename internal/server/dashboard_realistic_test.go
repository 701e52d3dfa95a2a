package server

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/sparql-oracle/oracle/internal/filing"
	"github.com/sparql-oracle/oracle/internal/report"
	"github.com/sparql-oracle/oracle/internal/store"
)

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
