package server

import (
	"context"
	"fmt"
	"net/http"
	"sort"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/store"
	"github.com/sparql-oracle/oracle/internal/sweep"
	"github.com/sparql-oracle/oracle/internal/w3c"
)

// engineData is one engine's page (/engines/{name}): what it is (its
// descriptor: family, tested and newest release, whether the tested
// build is stale), its pass rate on each corpus over the corpus's size
// (suites.go) and that rate's history within the corpus, its root causes
// by severity (open, intended, known), and the tests it fails, each
// linked to the findings filed on it.
type engineData struct {
	Name      string
	Version   string
	Desc      oracle.Descriptor
	Described bool
	Stale     string
	Rates     []passRate      // per corpus (store.Corpora), the latest run
	History   []corpusHistory // per corpus with a run
	Open      []rootCauseRow  // untriaged witnesses of this engine
	Intended  []rootCauseRow  // intended deviations, won't fix
	Known     []rootCauseRow  // filed upstream, fixed, re-check, spec questions
	BySev     map[string]int  // open root causes per severity
	Sevs      []string
	Cosmetic  int
	Failing   []failingTest
	More      int // failing tests past the list's bound
}

// corpusHistory is an engine's runs of one corpus, newest first, and the
// chart of its rate (one corpus per chart: rates of two corpora are not
// one line).
type corpusHistory struct {
	Corpus string
	Runs   []runPoint
	Chart  *chart
}

// runPoint is one run of a corpus: its sweep, when, and its rate.
type runPoint struct {
	passRate
	Name       string
	When       time.Time
	NewRelease bool
}

// failingTest is a test the engine fails in its latest run of it.
type failingTest struct {
	store.TestResult
	Name, Corpus string
	Reports      []int64
}

// maxFailing bounds the failing tests an engine page lists.
const maxFailing = 500

func (s *Server) pageEngine(w http.ResponseWriter, r *http.Request) {
	name := chi.URLParam(r, "name")
	if name == "" || len(name) > 200 {
		s.pageError(w, badRequest("invalid engine", "want /engines/<engine name>"))
		return
	}
	d, err := s.engineData(r.Context(), name)
	if err != nil {
		s.pageError(w, storeError(err))
		return
	}
	s.render(w, http.StatusOK, "engine", d)
}

func (s *Server) engineData(ctx context.Context, name string) (*engineData, error) {
	d := &engineData{Name: name, BySev: map[string]int{}, Sevs: severities()}
	d.Desc, d.Described = oracle.Describe(name)
	d.Stale = d.Desc.Stale()
	d.Version = s.probedVersion(name)
	if err := s.addRates(ctx, d); err != nil {
		return nil, err
	}
	if d.Version == "" {
		d.Version = d.Desc.Version
	}
	if err := s.addEngineRootCauses(ctx, d); err != nil {
		return nil, err
	}
	return d, s.addFailing(ctx, d)
}

// probedVersion is the version the running engine reported ("" when not
// served here or not probed yet).
func (s *Server) probedVersion(name string) string {
	if _, done := s.probe.ready(); done {
		for _, info := range s.probe.info {
			if info.Name == name {
				return info.Version
			}
		}
	}
	return ""
}

// addRates fills the latest rate per corpus and the history of each.
func (s *Server) addRates(ctx context.Context, d *engineData) error {
	counts, sizes, err := s.corpusRuns(ctx)
	if err != nil {
		return err
	}
	sweeps, err := s.sweepsByID(ctx)
	if err != nil {
		return err
	}
	hist := map[string][]runPoint{}
	for _, c := range counts {
		if c.Engine == d.Name {
			sw := sweeps[c.SweepID]
			hist[c.Suite] = append(hist[c.Suite], runPoint{passRate: s.rate(c, sizes), Name: sw.Spec.Name, When: when(sw)})
		}
	}
	for _, corpus := range store.Corpora {
		runs := hist[corpus]
		if len(runs) == 0 {
			d.Rates = append(d.Rates, s.noRate(d.Name, corpus, sizes))
			continue
		}
		latest := runs[len(runs)-1]
		d.Rates = append(d.Rates, latest.passRate)
		if d.Version == "" {
			d.Version = latest.Version
		}
		h := corpusHistory{Corpus: corpus, Runs: newestFirst(runs)}
		if latest.Lacks == "" { // no line of 0 % for a corpus it cannot run
			h.Chart = runChart(d.Name, corpus, runs)
		}
		d.History = append(d.History, h)
	}
	return nil
}

// newestFirst reverses the runs (oldest first) and marks version changes.
func newestFirst(runs []runPoint) []runPoint {
	out := make([]runPoint, len(runs))
	for i, r := range runs {
		out[len(runs)-1-i] = r
	}
	for i := 0; i+1 < len(out); i++ {
		out[i].NewRelease = out[i].Version != "" && out[i+1].Version != "" && out[i].Version != out[i+1].Version
	}
	return out
}

// runChart draws one corpus's pass rate across the engine's runs of it.
func runChart(engine, corpus string, runs []runPoint) *chart {
	if len(runs) < 2 {
		return nil
	}
	var ids []int64
	vals := map[int64]float64{}
	for _, r := range runs {
		ids = append(ids, r.SweepID)
		vals[r.SweepID] = r.Percent()
	}
	id := "rate-" + strings.ReplaceAll(strings.ToLower(corpus), " ", "-")
	return newChart(id, corpus+": "+engine+"'s pass rate per run (passed ÷ the corpus's tests)", ids,
		map[string]map[int64]float64{engine: vals}, 100, "%", nil)
}

// sweepsByID reads the sweeps (bounded) by id.
func (s *Server) sweepsByID(ctx context.Context) (map[int64]store.Sweep, error) {
	sws, err := s.cfg.Store.Sweeps(ctx, store.SweepFilter{Limit: store.MaxLimit})
	if err != nil {
		return nil, err
	}
	out := make(map[int64]store.Sweep, len(sws))
	for _, sw := range sws {
		out[sw.ID] = sw
	}
	return out, nil
}

// addEngineRootCauses sorts the root causes the engine witnesses by its
// own witnesses' status (rcKind); cosmetic ones are counted.
func (s *Server) addEngineRootCauses(ctx context.Context, d *engineData) error {
	l, err := s.rootCauses(ctx, rcFilter{Engine: d.Name})
	if err != nil {
		return err
	}
	d.Cosmetic = l.Cosmetic
	for _, row := range l.Rows {
		switch rcKind(row, d.Name) {
		case rcOpen:
			d.Open = append(d.Open, row)
			d.BySev[row.Severity]++
		case rcIntended:
			d.Intended = append(d.Intended, row)
		default:
			d.Known = append(d.Known, row)
		}
	}
	return nil
}

// How an engine's root cause is counted, by its own witnesses' status:
// untriaged ones are open, intended deviations, won't fix and not a bug
// are intended, the rest (filed upstream, fixed, to re-check, recorded in
// the regression corpus, a question to the spec) known.
const (
	rcOpen     = "open"
	rcIntended = "intended"
	rcKnown    = "known"
)

func rcKind(row rootCauseRow, engine string) string {
	own := ownStatus(row, engine)
	switch {
	case store.Untriaged(own):
		return rcOpen
	case own == store.StatusIntended || own == store.StatusWontFix || own == store.StatusNotABug:
		return rcIntended
	}
	return rcKnown
}

// rcCounts are an engine's root causes by kind: the engines page's
// numbers, the lengths of its engine page's lists.
type rcCounts struct {
	Open, Intended, Known, Cosmetic int
	BySev                           map[string]int // open ones per severity
}

// add counts a root cause the engine witnesses (a cosmetic one apart, as
// the engine page leaves it out of its lists).
func (c *rcCounts) add(row rootCauseRow, engine string) {
	if row.Severity == diff.SeverityCosmetic.String() {
		c.Cosmetic++
		return
	}
	switch rcKind(row, engine) {
	case rcOpen:
		c.Open++
		c.BySev[row.Severity]++
	case rcIntended:
		c.Intended++
	default:
		c.Known++
	}
}

// ownStatus is the most pressing status of the engine's own witnesses.
func ownStatus(row rootCauseRow, engine string) string {
	st := ""
	for _, m := range row.Members {
		if m.Engine == engine && (st == "" || statusRank(m.Status) < statusRank(st)) {
			st = m.Status
		}
	}
	return st
}

// addFailing lists the tests the engine fails in its latest run of each,
// with the findings filed on them.
func (s *Server) addFailing(ctx context.Context, d *engineData) error {
	links, err := s.cfg.Store.TestReports(ctx, d.Name)
	if err != nil {
		return err
	}
	for off := 0; ; off += store.MaxLimit {
		p, err := s.cfg.Store.Tests(ctx, store.TestFilter{Engine: d.Name, Limit: store.MaxLimit, Offset: off})
		if err != nil {
			return err
		}
		for _, row := range p.Rows {
			res, ok := row.Results[d.Name]
			if !ok || !res.Failing() {
				continue
			}
			if len(d.Failing) >= maxFailing {
				d.More++
				continue
			}
			d.Failing = append(d.Failing, failingTest{TestResult: res, Name: row.Case.Name,
				Corpus: store.CorpusOf(row.Case.Key, row.Case.Suite), Reports: links[row.Case.Key]})
		}
		if off+len(p.Rows) >= p.Total || len(p.Rows) == 0 {
			return nil
		}
	}
}

// Baseline export: an engine's failing W3C tests (its latest result of
// each) as a baseline file (baselines/<engine>.tsv's format, read by
// w3c.ReadBaseline): test IRI, class, reason. The store keeps a failure's
// first class only; when the committed baseline (sweep.ReadBaseline)
// lists the test with that first class, its full class list and reason
// are written, so an export of an unchanged run reads back as the same
// baseline. A new failure with several classes is written with its first
// (`oracle w3c --baseline` then reports a changed class until the line is
// completed); the committed file's #exclude lines are not exported.

// getBaseline is GET /v1/engines/{name}/baseline and the dashboard's
// /engines/{name}/baseline.tsv.
func (s *Server) getBaseline(w http.ResponseWriter, r *http.Request) {
	name := chi.URLParam(r, "name")
	lines, err := s.baselineLines(r.Context(), name)
	if err != nil {
		writeError(w, storeError(err))
		return
	}
	w.Header().Set("Content-Type", "text/tab-separated-values; charset=utf-8")
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s.tsv"`, safeFileName(name)))
	fmt.Fprintf(w, "# W3C baseline for engine %s: test-id<TAB>class<TAB>reason\n", oneLine(name))
	fmt.Fprintf(w, "# Exported by the oracle dashboard from each test's latest result: %d failing test(s).\n", len(lines))
	for _, l := range lines {
		fmt.Fprintln(w, l)
	}
}

// baselineLines are the engine's failing W3C tests as baseline lines,
// sorted by test IRI.
func (s *Server) baselineLines(ctx context.Context, name string) ([]string, error) {
	var out []string
	var committed w3c.Baseline
	if safeFileName(name) == name {
		committed = sweep.ReadBaseline("", name)
	}
	for off := 0; ; off += store.MaxLimit {
		p, err := s.cfg.Store.Tests(ctx, store.TestFilter{Engine: name, Limit: store.MaxLimit, Offset: off})
		if err != nil {
			return nil, err
		}
		for _, row := range p.Rows {
			res, ok := row.Results[name]
			if !ok || !res.Failing() || row.Case.IRI == "" {
				continue
			}
			reason := res.Baseline
			if reason == "" || reason == "-" {
				reason = res.Reason
			}
			if reason = oneLine(reason); reason == "" {
				reason = "-"
			}
			class := res.Class
			if e, ok := committed[row.Case.IRI]; ok && (e.Class == class || strings.HasPrefix(e.Class, class+",")) {
				class, reason = e.Class, oneLine(e.Reason)
			}
			if class == "" {
				class = "failed"
			}
			out = append(out, oneLine(row.Case.IRI)+"\t"+class+"\t"+reason)
		}
		if off+len(p.Rows) >= p.Total || len(p.Rows) == 0 {
			break
		}
	}
	sort.Strings(out)
	return out, nil
}

// oneLine keeps a field on its line and column: tabs and line breaks become spaces.
func oneLine(s string) string {
	return strings.Join(strings.FieldsFunc(s, func(r rune) bool { return r == '\t' || r == '\n' || r == '\r' }), " ")
}

// safeFileName keeps letters, digits, '-', '_' and '.' of a name.
func safeFileName(s string) string {
	b := []rune{}
	for _, r := range s {
		if r == '-' || r == '_' || r == '.' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' {
			b = append(b, r)
		}
	}
	if len(b) == 0 {
		return "baseline"
	}
	return string(b)
}
