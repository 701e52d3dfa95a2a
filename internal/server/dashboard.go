package server

import (
	"context"
	"embed"
	"fmt"
	"html/template"
	"net/http"
	"net/url"
	"sort"
	"strconv"

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
	for _, p := range []string{"index", "reports", "report", "compare", "error", "engines", "tests", "test"} {
		pages[p] = template.Must(template.New("layout.html").Funcs(funcs).ParseFS(templateFS,
			"templates/layout.html", "templates/chart.html", "templates/"+p+".html"))
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
}

// dashboardRoutes mounts the HTML pages.
func (s *Server) dashboardRoutes(r chi.Router) {
	r.Get("/", s.pageIndex)
	r.Get("/engines", s.pageEngines) // dashboard_engines.go
	r.Get("/tests", s.pageTests)     // dashboard_tests.go
	r.Get("/test", s.pageTest)
	r.Get("/reports", s.pageReports)
	r.Get("/reports/{id}", s.pageReport)
	r.Get("/reports/{id}/markdown", s.pageMarkdown) // dashboard_report.go
	r.Post("/reports/{id}/status", s.pageSetStatus) // triage.go
	r.Get("/sweeps/compare", s.pageCompare)
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

// indexData is the front page: the latest sweep's matrix and the trend.
type indexData struct {
	Sweep    *store.Sweep
	Engines  []string
	Features []string
	Counts   map[string]map[string]store.Cell // engine → feature → cell
	Trend    *chart
	Sweeps   []store.Sweep
	// Findings counts the latest sweep's findings by identity and root
	// cause; All counts every finding in the store.
	Findings, All store.FindingCounts
}

func (s *Server) pageIndex(w http.ResponseWriter, r *http.Request) {
	d, err := s.indexData(r.Context())
	if err != nil {
		s.pageError(w, storeError(err))
		return
	}
	s.render(w, http.StatusOK, "index", d)
}

func (s *Server) indexData(ctx context.Context) (*indexData, error) {
	d := &indexData{Counts: map[string]map[string]store.Cell{}}
	sws, err := s.cfg.Store.Sweeps(ctx, store.SweepFilter{Limit: 20})
	if err != nil {
		return nil, err
	}
	d.Sweeps = sws
	if len(sws) > 0 {
		d.Sweep = &sws[0]
		cells, err := s.cfg.Store.Matrix(ctx, sws[0].ID)
		if err != nil {
			return nil, err
		}
		d.addCells(cells)
		if d.Findings, err = s.cfg.Store.Findings(ctx, store.ReportFilter{SweepID: sws[0].ID}); err != nil {
			return nil, err
		}
	}
	all, err := s.cfg.Store.Findings(ctx, store.ReportFilter{})
	if err != nil {
		return nil, err
	}
	d.All = all
	points, err := s.cfg.Store.Trend(ctx, 30)
	if err != nil {
		return nil, err
	}
	recent, err := s.cfg.Store.Sweeps(ctx, store.SweepFilter{Limit: 100})
	if err != nil {
		return nil, err
	}
	d.Trend = newTrend(points, soloSweeps(recent))
	return d, nil
}

func (d *indexData) addCells(cells []store.Cell) {
	feats := map[string]bool{}
	for _, c := range cells {
		if d.Counts[c.Engine] == nil {
			d.Counts[c.Engine] = map[string]store.Cell{}
			d.Engines = append(d.Engines, c.Engine)
		}
		d.Counts[c.Engine][c.Feature] = c
		if !feats[c.Feature] {
			feats[c.Feature] = true
			d.Features = append(d.Features, c.Feature)
		}
	}
	sort.Strings(d.Engines)
	sort.Strings(d.Features)
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

// pageLinks are the previous/next page URLs ("" at either end).
func pageLinks(q url.Values, p store.ReportPage) (prev, next string) {
	at := func(off int) string {
		c := url.Values{}
		for k, v := range q {
			c[k] = v
		}
		c.Set("offset", strconv.Itoa(off))
		return "/reports?" + c.Encode()
	}
	if p.Offset > 0 {
		prev = at(max(0, p.Offset-p.Limit))
	}
	if p.Offset+len(p.Reports) < p.Total {
		next = at(p.Offset + len(p.Reports))
	}
	return prev, next
}

// compareData is the page comparing sweep B with sweep A: by finding,
// and test by test (Tests, narrowed to Engine and Kind when set).
type compareData struct {
	A, B         store.Sweep
	Cmp          store.Comparison
	Tests        store.TestComparison
	Transitions  []store.Transition // Tests.Transitions after the filter
	Engine, Kind string
	Kinds        []string
	Sweeps       []store.Sweep
}

func (s *Server) pageCompare(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	d := &compareData{}
	var err error
	if d.Sweeps, err = s.cfg.Store.Sweeps(ctx, store.SweepFilter{Limit: 50}); err != nil {
		s.pageError(w, storeError(err))
		return
	}
	a, b, e := s.comparePair(r, d.Sweeps)
	if e != nil {
		s.pageError(w, e)
		return
	}
	if d.A, err = s.cfg.Store.Sweep(ctx, a); err == nil {
		if d.B, err = s.cfg.Store.Sweep(ctx, b); err == nil {
			d.Cmp, err = s.cfg.Store.Compare(ctx, a, b)
		}
	}
	if err == nil {
		d.Tests, err = s.cfg.Store.CompareTests(ctx, a, b)
	}
	if err != nil {
		s.pageError(w, storeError(err))
		return
	}
	d.filterTransitions(r.URL.Query().Get("engine"), r.URL.Query().Get("kind"))
	s.render(w, http.StatusOK, "compare", d)
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

// comparePair reads ?a=&b=; without them it compares the latest sweep
// with the previous sweep of the same corpus (store.PreviousSweep).
func (s *Server) comparePair(r *http.Request, sws []store.Sweep) (int64, int64, *APIError) {
	q := r.URL.Query()
	if q.Get("a") == "" && q.Get("b") == "" {
		if len(sws) == 0 {
			return 0, 0, &APIError{Status: http.StatusNotFound, Error: "nothing to compare", Detail: "no sweep exists"}
		}
		prev, ok, err := s.cfg.Store.PreviousSweep(r.Context(), sws[0].ID)
		if err != nil {
			return 0, 0, storeError(err)
		}
		if !ok {
			return 0, 0, &APIError{Status: http.StatusNotFound, Error: "nothing to compare",
				Detail: fmt.Sprintf("no finished sweep of the same corpus before sweep %d: pick two with ?a=&b=", sws[0].ID)}
		}
		return prev.ID, sws[0].ID, nil
	}
	a, e := idParam(q.Get("a"), "sweep a")
	if e != nil {
		return 0, 0, e
	}
	b, e := idParam(q.Get("b"), "sweep b")
	return a, b, e
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
