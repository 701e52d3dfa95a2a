package server

import (
	"context"
	"embed"
	"fmt"
	"html/template"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/go-chi/chi/v5"
	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/store"
)

//go:embed templates/*.html templates/*.js
var templateFS embed.FS

// pages are the dashboard templates, each executed together with
// layout.html and the shared partials (chart.html: the SVG line chart).
var pages = map[string]*template.Template{}

func init() {
	for _, p := range []string{"index", "reports", "report", "compare", "error", "engines", "tests", "test", "rootcauses", "engine", "sweep"} {
		pages[p] = template.Must(template.New("layout.html").Funcs(funcs).ParseFS(templateFS,
			"templates/layout.html", "templates/chart.html", "templates/rctable.html", "templates/"+p+".html"))
	}
}

var funcs = template.FuncMap{
	"reportsURL": func(engine, feature string, sweep int64) string {
		q := url.Values{"engine": {engine}, "feature": {feature}}
		if sweep > 0 {
			q.Set("sweep", strconv.FormatInt(sweep, 10))
		}
		return "/reports?" + q.Encode()
	},
	"classes": func() []diff.Class { return diff.AllClasses() },
	"dict": func(kv ...any) map[string]any {
		m := map[string]any{}
		for i := 0; i+1 < len(kv); i += 2 {
			m[fmt.Sprint(kv[i])] = kv[i+1]
		}
		return m
	},
	"testURL":    testURL,    // dashboard_tests.go
	"reproducer": reproducer, // dashboard_report.go
	"diffTerms":  diffTerms,  // dashboard_report.go
	"highlight":  highlight,  // dashboard_report.go
	"percent":    percent,    // dashboard_engines.go
	"statuses":   func() []string { return store.TestStatuses },
	"compareURL": compareURL,
	"hasPrefix":  strings.HasPrefix,
	"judges":     func() []string { return store.Judges },
	"byEngine":   byEngine,   // dashboard_sweep.go
	"relation":   relationOf, // dashboard_relation.go
}

// dashboardRoutes mounts the HTML pages.
func (s *Server) dashboardRoutes(r chi.Router) {
	r.Get("/", s.pageIndex)
	r.Get("/engines", s.pageEngines)       // dashboard_engines.go
	r.Get("/engines/{name}", s.pageEngine) // dashboard_engine.go
	r.Get("/engines/{name}/baseline.tsv", s.getBaseline)
	r.Get("/root-causes", s.pageRootCauses)         // dashboard_rootcauses.go
	r.Post("/root-causes/triage", s.pageBulkTriage) // triage_bulk.go
	r.Get("/tests", s.pageTests)                    // dashboard_tests.go
	r.Get("/test", s.pageTest)
	r.Get("/reports", s.pageReports)
	r.Get("/reports/{id}", s.pageReport)
	r.Get("/reports/{id}/markdown", s.pageMarkdown) // dashboard_report.go
	r.Post("/reports/{id}/status", s.pageSetStatus) // triage.go
	r.Get("/sweeps/compare", s.pageCompare)
	r.Get("/sweeps/{id}", s.pageSweep) // dashboard_sweep.go
	r.Get("/static/dashboard.js", serveScript)
}

// csp lets a page load only its inline styles and this server's one
// script (the copy buttons: templates/dashboard.js).
const csp = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; script-src 'self'"

func (s *Server) render(w http.ResponseWriter, status int, page string, data any) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Content-Security-Policy", csp)
	w.WriteHeader(status)
	if err := pages[page].Execute(w, data); err != nil {
		fmt.Fprintf(w, "<p>template error: %s</p>", template.HTMLEscapeString(err.Error()))
	}
}

func (s *Server) pageError(w http.ResponseWriter, e *APIError) {
	s.render(w, e.Status, "error", e)
}

// reportsData is the report list with its filter form.
type reportsData struct {
	Filter  store.ReportFilter
	Page    store.ReportPage
	Engines []string
	Status  []string
	Prev    string
	Next    string
}

func (s *Server) pageReports(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	for k, v := range q { // an empty form field means "any"
		if len(v) == 1 && v[0] == "" {
			q.Del(k)
		}
	}
	f, e := reportFilter(q)
	if e != nil {
		s.pageError(w, e)
		return
	}
	page, err := s.cfg.Store.Reports(r.Context(), f)
	if err != nil {
		s.pageError(w, storeError(err))
		return
	}
	d := &reportsData{Filter: f, Page: page, Engines: s.engineNames(), Status: store.Statuses}
	d.Prev, d.Next = pageLinks(q, page)
	s.render(w, http.StatusOK, "reports", d)
}

// pageLinks are the previous/next page URLs of the report list ("" at
// either end).
func pageLinks(q url.Values, p store.ReportPage) (prev, next string) {
	return offsetLinks("/reports", q, p.Offset, p.Limit, len(p.Reports), p.Total)
}

// offsetLinks are the previous/next page URLs of a paged list at path
// with query q, showing shown of total from offset ("" at either end).
func offsetLinks(path string, q url.Values, offset, limit, shown, total int) (prev, next string) {
	at := func(off int) string {
		c := url.Values{}
		for k, v := range q {
			c[k] = v
		}
		c.Set("offset", strconv.Itoa(off))
		return path + "?" + c.Encode()
	}
	if offset > 0 {
		prev = at(max(0, offset-limit))
	}
	if offset+shown < total {
		next = at(offset + shown)
	}
	return prev, next
}

// compareData is the page comparing sweep B with sweep A: by finding,
// and test by test (Tests, narrowed to Engine and Kind when set). Only
// two sweeps of one corpus are compared (SweepSpec.CorpusKey): the form
// offers as A the earlier sweeps of B's corpus; Empty says why there is
// nothing to compare (no sweep, or B is the first of its corpus).
type compareData struct {
	A, B         store.Sweep
	Cmp          store.Comparison
	Tests        store.TestComparison
	Transitions  []store.Transition // Tests.Transitions after the filter
	Engine, Kind string
	Kinds        []string
	Sweeps       []store.Sweep // B's choices: every finished sweep
	Before       []store.Sweep // A's choices: B's corpus, before B
	Corpus       string
	Empty        string
	// RatesA and RatesB are each engine's pass rates in A and in B, per
	// corpus, over the corpus's size (the engine page's numbers).
	RatesA, RatesB map[string][]passRate
}

func (s *Server) pageCompare(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	d := &compareData{}
	sws, err := s.cfg.Store.Sweeps(ctx, store.SweepFilter{Limit: store.MaxLimit})
	if err != nil {
		s.pageError(w, storeError(err))
		return
	}
	d.Sweeps = sws
	a, b, e := s.comparePair(r, d)
	if e != nil {
		s.pageError(w, e)
		return
	}
	if d.Empty != "" {
		s.render(w, http.StatusOK, "compare", d)
		return
	}
	if d.Cmp, err = s.cfg.Store.Compare(ctx, a, b); err == nil {
		d.Tests, err = s.cfg.Store.CompareTests(ctx, a, b)
	}
	if err == nil {
		d.RatesA, d.RatesB, err = s.sweepRates(ctx, a, b)
	}
	if err != nil {
		s.pageError(w, storeError(err))
		return
	}
	d.filterTransitions(r.URL.Query().Get("engine"), r.URL.Query().Get("kind"))
	s.render(w, http.StatusOK, "compare", d)
}

// sweepRates are each engine's pass rates per corpus in sweeps a and b.
func (s *Server) sweepRates(ctx context.Context, a, b int64) (map[string][]passRate, map[string][]passRate, error) {
	counts, sizes, err := s.corpusRuns(ctx)
	if err != nil {
		return nil, nil, err
	}
	ra, rb := map[string][]passRate{}, map[string][]passRate{}
	for _, c := range counts {
		switch c.SweepID {
		case a:
			ra[c.Engine] = append(ra[c.Engine], rateOf(c, sizes))
		case b:
			rb[c.Engine] = append(rb[c.Engine], rateOf(c, sizes))
		}
	}
	return ra, rb, nil
}

// filterTransitions keeps the transitions of one engine and kind ("" = any).
func (d *compareData) filterTransitions(engine, kind string) {
	d.Engine, d.Kind, d.Kinds = engine, kind, store.TransitionKinds
	for _, t := range d.Tests.Transitions {
		if (engine == "" || t.Engine == engine) && (kind == "" || t.Kind == kind) {
			d.Transitions = append(d.Transitions, t)
		}
	}
}

// compareURL links the comparison of a and b narrowed to engine and kind.
func compareURL(a, b int64, engine, kind string) string {
	q := url.Values{"a": {strconv.FormatInt(a, 10)}, "b": {strconv.FormatInt(b, 10)}}
	if engine != "" {
		q.Set("engine", engine)
	}
	if kind != "" {
		q.Set("kind", kind)
	}
	return "/sweeps/compare?" + q.Encode()
}

// comparePair reads ?a=&b= (two sweeps of one corpus, else a 400 naming
// both corpora); without them it compares the latest sweep with the
// previous done sweep of its corpus, or sets d.Empty when there is none.
func (s *Server) comparePair(r *http.Request, d *compareData) (int64, int64, *APIError) {
	q := r.URL.Query()
	if q.Get("a") == "" && q.Get("b") == "" {
		if len(d.Sweeps) == 0 {
			d.Empty = "No sweep has run yet: a comparison needs two sweeps of one corpus."
			return 0, 0, nil
		}
		d.B = d.Sweeps[0]
		d.setBefore()
		if len(d.Before) == 0 {
			d.Empty = fmt.Sprintf("Sweep #%d is the first finished sweep of its corpus (%s): nothing to compare it with yet.", d.B.ID, d.Corpus)
			return 0, 0, nil
		}
		d.A = d.Before[0]
		return d.A.ID, d.B.ID, nil
	}
	a, e := idParam(q.Get("a"), "sweep a")
	if e != nil {
		return 0, 0, e
	}
	b, e := idParam(q.Get("b"), "sweep b")
	if e != nil {
		return 0, 0, e
	}
	var err error
	if d.A, err = s.cfg.Store.Sweep(r.Context(), a); err == nil {
		d.B, err = s.cfg.Store.Sweep(r.Context(), b)
	}
	if err != nil {
		return 0, 0, storeError(err)
	}
	if ka, kb := d.A.Spec.CorpusKey(), d.B.Spec.CorpusKey(); ka != kb {
		return 0, 0, &APIError{Status: http.StatusBadRequest, Error: "different corpora", Field: "a",
			Detail: fmt.Sprintf("sweep %d ran %s and sweep %d ran %s: only sweeps of one corpus are compared", a, corpusLabel(d.A.Spec), b, corpusLabel(d.B.Spec))}
	}
	d.setBefore()
	return a, b, nil
}

// setBefore lists the done sweeps of B's corpus created before B.
func (d *compareData) setBefore() {
	d.Corpus = corpusLabel(d.B.Spec)
	for _, sw := range d.Sweeps {
		if sw.ID < d.B.ID && sw.State == store.SweepDone && sw.Spec.CorpusKey() == d.B.Spec.CorpusKey() {
			d.Before = append(d.Before, sw)
		}
	}
}

// serveScript serves the dashboard's one script (embedded).
func serveScript(w http.ResponseWriter, r *http.Request) {
	b, err := templateFS.ReadFile("templates/dashboard.js")
	if err != nil {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
	w.Header().Set("Cache-Control", "max-age=300")
	w.Write(b)
}
