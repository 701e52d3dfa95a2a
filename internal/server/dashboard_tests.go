package server

import (
	"context"
	"net/http"
	"net/url"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/store"
)

// testsData is the test browser: every test × engine with its status,
// the filter form and paging.
type testsData struct {
	Filter     store.TestFilter
	Page       store.TestPage
	EngineOpts []string
	Classes    []string
	Suites     []string
	Prev, Next string
	Sweeps     []store.Sweep
	// Rates are each engine's pass rate per corpus (store.Corpora) in the
	// selected sweep, else in its latest run of each corpus: the numbers
	// of the front page and the engine page (suites.go).
	Corpora []string
	Rates   []engineRates
}

// engineRates is one engine's row of the tests page's pass rates.
type engineRates struct {
	Engine string
	Rates  []passRate // aligned with testsData.Corpora
}

// testPageSize is the browser's page: a few screens of rows.
const testPageSize = 100

// testClasses are the classes a test can fail with: the comparator's and
// the W3C runner's own.
var testClasses = func() []string {
	var out []string
	for _, c := range diff.AllClasses() {
		out = append(out, string(c))
	}
	out = append(out, "budget", "accepted-bad-syntax")
	sort.Strings(out)
	return out
}()

func (s *Server) pageTests(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	f, e := testFilter(q)
	if e != nil {
		s.pageError(w, e)
		return
	}
	ctx := r.Context()
	page, err := s.cfg.Store.Tests(ctx, f)
	if err != nil {
		s.pageError(w, storeError(err))
		return
	}
	sweeps, err := s.cfg.Store.Sweeps(ctx, store.SweepFilter{Limit: 50})
	if err != nil {
		s.pageError(w, storeError(err))
		return
	}
	d := &testsData{Filter: f, Page: page, Classes: testClasses, Sweeps: sweeps,
		Suites: append(append([]string{}, store.W3CSuites...), store.SuiteRegress)}
	d.EngineOpts = union(s.engineNames(), page.Engines)
	d.Prev, d.Next = testPageLinks(q, page)
	if err := s.addTestRates(ctx, d); err != nil {
		s.pageError(w, storeError(err))
		return
	}
	s.render(w, http.StatusOK, "tests", d)
}

// addTestRates fills the rates of the filter's engine (every engine when
// none) in the filter's sweep (each engine's latest run of each corpus
// when none).
func (s *Server) addTestRates(ctx context.Context, d *testsData) error {
	counts, sizes, err := s.corpusRuns(ctx)
	if err != nil {
		return err
	}
	d.Corpora = store.Corpora
	latest := map[[2]string]store.SuiteCount{}
	var engines []string
	for _, c := range counts { // oldest first: the last one seen is the latest
		if (d.Filter.SweepID > 0 && c.SweepID != d.Filter.SweepID) || (d.Filter.Engine != "" && c.Engine != d.Filter.Engine) {
			continue
		}
		if c.Engine == oracle.JudgeName && c.Suite == store.CorpusRegress {
			continue // the corpus's expected answers are the judge's own
		}
		if !slices.Contains(engines, c.Engine) {
			engines = append(engines, c.Engine)
		}
		latest[[2]string{c.Engine, c.Suite}] = c
	}
	sort.Strings(engines)
	for _, e := range engines {
		row := engineRates{Engine: e}
		for _, corpus := range d.Corpora {
			if c, ok := latest[[2]string{e, corpus}]; ok {
				row.Rates = append(row.Rates, s.rate(c, sizes))
			} else {
				row.Rates = append(row.Rates, s.noRate(e, corpus, sizes))
			}
		}
		d.Rates = append(d.Rates, row)
	}
	return nil
}

// testFilter reads the browser's query parameters (an empty field is "any").
func testFilter(q url.Values) (store.TestFilter, *APIError) {
	f := store.TestFilter{Engine: q.Get("engine"), Status: q.Get("status"), Class: q.Get("class"),
		Suite: q.Get("suite"), Feature: q.Get("feature"), Text: q.Get("q"), Limit: testPageSize}
	if f.Status != "" && !slices.Contains(store.TestStatuses, f.Status) {
		return f, &APIError{Status: http.StatusBadRequest, Error: "invalid filter", Field: "status",
			Detail: "status " + strconv.Quote(f.Status) + ": want one of " + strings.Join(store.TestStatuses, ", ")}
	}
	var e *APIError
	sweep, e := intParam(q, "sweep", 0, 1<<53, e)
	off, e := intParam(q, "offset", 0, 1<<31, e)
	f.SweepID, f.Offset = sweep, int(off)
	return f, e
}

func union(a, b []string) []string {
	out := append([]string{}, a...)
	for _, x := range b {
		if !slices.Contains(out, x) {
			out = append(out, x)
		}
	}
	sort.Strings(out)
	return out
}

// testPageLinks are the previous/next page URLs ("" at either end).
func testPageLinks(q url.Values, p store.TestPage) (prev, next string) {
	at := func(off int) string {
		c := url.Values{}
		for k, v := range q {
			if v[0] != "" {
				c[k] = v
			}
		}
		c.Set("offset", strconv.Itoa(off))
		return "/tests?" + c.Encode()
	}
	if p.Offset > 0 {
		prev = at(max(0, p.Offset-p.Limit))
	}
	if p.Offset+len(p.Rows) < p.Total {
		next = at(p.Offset + len(p.Rows))
	}
	return prev, next
}

// testURL links a test's page (one sweep's results when sweep > 0).
func testURL(key string, sweep int64) string {
	q := url.Values{"key": {key}}
	if sweep > 0 {
		q.Set("sweep", strconv.FormatInt(sweep, 10))
	}
	return "/test?" + q.Encode()
}

// testView is a test's page: its query, data and expected answer, and
// each engine's answer beside it with the differing cells marked.
type testView struct {
	Case     store.TestCase
	SweepID  int64
	Expected *markedTable
	Results  []resultView
}

type resultView struct {
	store.TestResult
	Table   *markedTable
	Reports []int64 // the engine's findings filed on this test
}

func (s *Server) pageTest(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	key := q.Get("key")
	if key == "" || len(key) > 2048 {
		s.pageError(w, badRequest("invalid test", "want /test?key=<test key> (a key from the test browser)"))
		return
	}
	var e *APIError
	sweep, e := intParam(q, "sweep", 0, 1<<53, e)
	if e != nil {
		s.pageError(w, e)
		return
	}
	c, rs, err := s.cfg.Store.Test(r.Context(), key, sweep)
	if err != nil {
		s.pageError(w, storeError(err))
		return
	}
	v := &testView{Case: c, SweepID: sweep, Expected: mark(c.Expected, nil, false)}
	for _, res := range rs {
		links, err := s.cfg.Store.TestReports(r.Context(), res.Engine)
		if err != nil {
			s.pageError(w, storeError(err))
			return
		}
		v.Results = append(v.Results, resultView{res, mark(c.Expected, res.Answer, res.Failing()), links[key]})
	}
	s.render(w, http.StatusOK, "test", v)
}
