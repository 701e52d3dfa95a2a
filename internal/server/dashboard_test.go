package server

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/sparql-oracle/oracle/internal/filing"
	"github.com/sparql-oracle/oracle/internal/pipeline"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/report"
	"github.com/sparql-oracle/oracle/internal/store"
)

// seedSweeps files two finished sweeps of the same corpus: the first sees
// the liar's bugs on two cases, the second only on one (so one finding is
// fixed).
func seedSweeps(t *testing.T, st store.Store) (a, b store.Sweep) {
	t.Helper()
	ctx := context.Background()
	queries := []string{selectSP, `SELECT ?s { ?s <http://ex/p> ?o FILTER(?o > 0) }`}
	a = seedSweep(t, st, "first", queries)
	// case-1 again, on no data: the liar has no row to drop, so its
	// finding on case-1 is fixed (B answers the case correctly)
	b = seedSweep(t, st, "second", []string{selectSP, `SELECT ?s { ?s <http://ex/none> ?o }`})
	if _, err := st.Sweep(ctx, b.ID); err != nil {
		t.Fatal(err)
	}
	return a, b
}

func seedSweep(t *testing.T, st store.Store, name string, queries []string) store.Sweep {
	t.Helper()
	cases := make([]seedCase, len(queries))
	for i, q := range queries {
		cases[i] = seedCase{name: fmt.Sprintf("case-%d", i), query: q, data: twoRows}
	}
	return seedCases(t, st, name, cases)
}

// seedCase is one case of a seeded sweep: its query on its dataset (the
// JSON of pipeline.CatalogueCase).
type seedCase struct{ name, query, data string }

// seedCases files a finished sweep of the cases, each run through
// reference, engine and liar and recorded as the sweep runner records a
// case: its reports, then each engine's result.
func seedCases(t *testing.T, st store.Store, name string, cases []seedCase) store.Sweep {
	t.Helper()
	ctx := context.Background()
	sw, err := st.CreateSweep(ctx, store.SweepSpec{Name: name, Engines: []string{"reference", "engine", "liar"}, Regress: true})
	if err != nil {
		t.Fatal(err)
	}
	if err := st.StartSweep(ctx, sw.ID, len(cases)); err != nil {
		t.Fatal(err)
	}
	for _, sc := range cases {
		c, err := pipeline.CatalogueCase(ctx, sc.name, sc.query, "", []byte(sc.data), rdf.Limits{})
		if err != nil {
			t.Fatal(err)
		}
		rep, bugs := pipeline.Run(ctx, c, inHouse(), pipeline.Options{Deadline: 10 * time.Second})
		rec := store.CaseRecord{SweepID: sw.ID, Case: c.Name, Diverged: rep.Diverges()}
		for _, b := range bugs {
			r, _, err := st.FileReport(ctx, store.Filing{Record: filing.Record(b), Case: c.Name, SweepID: sw.ID})
			if err != nil {
				t.Fatal(err)
			}
			rec.Reports = append(rec.Reports, r.ID)
		}
		for _, v := range rep.Verdicts {
			rec.Results = append(rec.Results, store.Result{SweepID: sw.ID, Case: c.Name, Engine: v.Engine, Version: v.Version,
				Outcome: string(v.Outcome), Class: string(v.Class), ElapsedMS: float64(v.Elapsed.Microseconds()) / 1000, Feature: report.Feature(sc.query, "")})
		}
		if err := st.RecordCase(ctx, rec); err != nil {
			t.Fatal(err)
		}
	}
	if err := st.FinishSweep(ctx, sw.ID, store.SweepDone, ""); err != nil {
		t.Fatal(err)
	}
	return sw
}

// TestDashboardHTML checks the pages without a browser: status, content
// type, no external asset, and the data they must show.
func TestDashboardHTML(t *testing.T) {
	st := openStore(t)
	a, b := seedSweeps(t, st)
	_, ts := newTest(t, Config{Store: st})
	pages := map[string][]string{
		"/":             {`id="corpora-empty"`, `id="trend-0"`, "liar", "<polyline", `id="families"`},
		"/root-causes":  {`id="root-causes"`, `id="bulk-form"`, "liar", "wrong-answer"},
		"/engines/liar": {`id="rates"`, `id="open-count"`, "liar"},
		"/reports":      {`id="filters"`, "report-row", "missing-rows"},
		"/reports/1":    {`id="report-title"`, `class="answer"`, "reference (the judge)", "liar"},
		fmt.Sprintf("/sweeps/compare?a=%d&b=%d", a.ID, b.ID): {"0 new, 1 fixed, 0 moved, 0 undecided, 1 unchanged"},
	}
	for path, wants := range pages {
		r := do(t, "GET", ts.URL+path, "", nil)
		if r.Status != 200 || !strings.HasPrefix(r.Header.Get("Content-Type"), "text/html") {
			t.Errorf("%s: %d %s", path, r.Status, r.Header.Get("Content-Type"))
			continue
		}
		html := string(r.Body)
		for _, w := range wants {
			if !strings.Contains(html, w) {
				t.Errorf("%s lacks %q", path, w)
			}
		}
		own := strings.NewReplacer("http://ex/", "", `<script src="/static/dashboard.js" defer></script>`, "") // the one script: copy buttons
		for _, ext := range []string{"http://", "https://", "<script"} {
			if strings.Contains(own.Replace(html), ext) && !strings.Contains(path, "reports/") {
				t.Errorf("%s references an external asset or script (%q)", path, ext)
			}
		}
	}
	if r := do(t, "GET", ts.URL+"/reports?class=bogus", "", nil); r.Status != http.StatusBadRequest {
		t.Errorf("bad filter: %d, want 400 page", r.Status)
	}
}

// TestDashboardChromium drives the dashboard in headless Chromium: the
// front page loads with its matrix and trend, the report filters narrow
// the list, a report page renders its answers side by side, and a
// screenshot is saved.
func TestDashboardChromium(t *testing.T) {
	chromium(t)
	st := openStore(t)
	seedSweeps(t, st)
	_, ts := newTest(t, Config{Store: st})
	b := newBrowser(t, ts.URL)
	rows := func() int { return b.count("tr.report-row") }
	filter := func(class string) {
		t.Helper()
		b.do("set filters", chromedp.SetValue(chromedp.ID("f-engine"), "liar"), chromedp.SetValue(chromedp.ID("f-class"), class))
		b.click("#f-apply")
	}

	b.do("open /", chromedp.Navigate(ts.URL+"/"))
	matrix := b.text("#families")
	trend := eval[string](b, `document.getElementById("trend-0").outerHTML`)
	front := b.png()
	b.do("open /reports", chromedp.Navigate(ts.URL+"/reports"), chromedp.WaitVisible(chromedp.ID("filters")))
	all := rows()
	filter("missing-rows")
	location := b.location()
	filtered := rows()
	filter("order")
	none := rows()
	total := b.text("#total")
	b.do("open a report", chromedp.Navigate(ts.URL+"/reports/1"))
	title := b.text("#report-title")
	answers := b.count("#answers section.answer")
	shot := b.png()
	if !strings.Contains(matrix, "liar") || !strings.Contains(trend, "polyline") {
		t.Errorf("front page: root causes per family %q, trend %.80q", matrix, trend)
	}
	if all != 2 || filtered != 2 || none != 0 || !strings.HasPrefix(total, "0 report") {
		t.Errorf("rows: all %d, liar+missing-rows %d, +order %d (%q); want 2, 2, 0", all, filtered, none, total)
	}
	if !strings.Contains(location, "engine=liar") || !strings.Contains(location, "class=missing-rows") {
		t.Errorf("the filter form went to %s", location)
	}
	if !strings.Contains(title, "liar") || answers < 2 {
		t.Errorf("report page: title %q, %d answer panes (want the judge's and liar's)", title, answers)
	}
	saveShot(t, "index.png", front)
	saveShot(t, "report.png", shot)
}
