package server

import (
	"context"
	"fmt"
	"net/http"
	"sort"
	"strings"

	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/store"
)

// indexData is the front page: per engine, its latest run of each corpus
// (the W3C corpora and the regression corpus over their sizes, each
// generated profile's divergent cases), the root causes per family and
// the worst open ones, one divergence trend per corpus, and the sweeps
// with a comparison to the previous sweep of the same corpus.
type indexData struct {
	Corpora   []string // columns: store.Corpora, then "generated: <profile>"
	Engines   []string
	Cells     map[string]map[string]*indexCell // engine → corpus → its latest run (nil: never run)
	Families  []familyRow
	Worst     []rootCauseRow // the worst open root causes
	Open      int            // open root causes (cosmetic left out)
	Cosmetic  int
	Sevs      []string
	BySev     map[string]int
	Trends    []*chart // one per corpus
	Sweeps    []sweepRow
	HasSweeps bool
}

// indexCell is an engine's latest run of a corpus: a pass rate, or the
// divergent cases of a generated profile's sweep.
type indexCell struct {
	Rate      *passRate
	Sweep     int64
	Divergent int
	Cases     int
}

// sweepRow is a sweep and the previous sweep of its corpus ("" none).
type sweepRow struct {
	store.Sweep
	Corpus string
	Prev   int64
}

// worstShown bounds the front page's list of root causes.
const worstShown = 10

func (s *Server) pageIndex(w http.ResponseWriter, r *http.Request) {
	d, err := s.indexData(r.Context())
	if err != nil {
		s.pageError(w, storeError(err))
		return
	}
	s.render(w, http.StatusOK, "index", d)
}

func (s *Server) indexData(ctx context.Context) (*indexData, error) {
	d := &indexData{Cells: map[string]map[string]*indexCell{}, Corpora: append([]string{}, store.Corpora...),
		Sevs: severities(), BySev: map[string]int{}}
	sws, err := s.cfg.Store.Sweeps(ctx, store.SweepFilter{Limit: store.MaxLimit})
	if err != nil {
		return nil, err
	}
	d.HasSweeps = len(sws) > 0
	d.Sweeps = sweepRows(sws, 20)
	if err := s.addCorpusCells(ctx, d); err != nil {
		return nil, err
	}
	if err := s.addGenerated(ctx, d, sws); err != nil {
		return nil, err
	}
	sort.Strings(d.Engines)
	return d, s.addIndexRootCauses(ctx, d)
}

// sweepRows are the newest n sweeps, each with the previous done sweep of
// its corpus among the listed ones (compare only within one corpus).
func sweepRows(sws []store.Sweep, n int) []sweepRow {
	var out []sweepRow
	for i, sw := range sws {
		if i >= n {
			break
		}
		row := sweepRow{Sweep: sw, Corpus: corpusLabel(sw.Spec)}
		for _, p := range sws[i+1:] {
			if p.State == store.SweepDone && p.Spec.CorpusKey() == sw.Spec.CorpusKey() {
				row.Prev = p.ID
				break
			}
		}
		out = append(out, row)
	}
	return out
}

// corpusLabel names a spec's corpus for people.
func corpusLabel(spec store.SweepSpec) string {
	k := spec.CorpusKey()
	if k == "" {
		return "nothing"
	}
	return strings.ReplaceAll(k, "w3c:all", "W3C (all)")
}

// cell returns the engine's cell map, adding the engine.
func (d *indexData) cell(engine string) map[string]*indexCell {
	if d.Cells[engine] == nil {
		d.Cells[engine] = map[string]*indexCell{}
		d.Engines = append(d.Engines, engine)
	}
	return d.Cells[engine]
}

// addCorpusCells keeps each engine's latest run of each test corpus.
func (s *Server) addCorpusCells(ctx context.Context, d *indexData) error {
	counts, sizes, err := s.corpusRuns(ctx)
	if err != nil {
		return err
	}
	for _, c := range counts { // oldest first: the last one seen is the latest
		if c.Engine == oracle.JudgeName && c.Suite == store.CorpusRegress {
			continue // the corpus's expected answers are the judge's own
		}
		p := s.rate(c, sizes)
		d.cell(c.Engine)[c.Suite] = &indexCell{Rate: &p, Sweep: c.SweepID}
	}
	for _, e := range d.Engines { // a corpus the engine cannot run says why
		for _, corpus := range store.Corpora {
			if d.Cells[e][corpus] == nil {
				if p := s.noRate(e, corpus, sizes); p.Lacks != "" {
					d.Cells[e][corpus] = &indexCell{Rate: &p}
				}
			}
		}
	}
	return nil
}

// addGenerated adds, per generated profile, each engine's divergent cases
// in the latest sweep of that profile.
func (s *Server) addGenerated(ctx context.Context, d *indexData, sws []store.Sweep) error {
	points, err := s.cfg.Store.Trend(ctx, 100)
	if err != nil {
		return err
	}
	byID := map[int64]store.Sweep{}
	for _, sw := range sws {
		byID[sw.ID] = sw
	}
	seen := map[string]bool{}
	for _, p := range points {
		sw := byID[p.SweepID]
		g := sw.Spec.Generated
		if g == nil || sw.Spec.W3C != nil || sw.Spec.Regress || p.Engine == oracle.JudgeName {
			continue
		}
		col := "generated: " + profileLabel(g.Profile)
		if !seen[col] {
			seen[col] = true
			d.Corpora = append(d.Corpora, col)
		}
		d.cell(p.Engine)[col] = &indexCell{Sweep: sw.ID, Divergent: p.Cases, Cases: sw.Done}
	}
	d.Trends = corpusTrends(points, byID)
	return nil
}

func profileLabel(p string) string {
	if p == "" {
		return "default"
	}
	return p
}

// maxTrends bounds the front page's charts (the corpora swept last).
const maxTrends = 4

// corpusTrends draws divergent cases per engine per sweep, one chart per
// corpus (CorpusKey): a line never joins sweeps of two corpora.
func corpusTrends(points []store.TrendPoint, byID map[int64]store.Sweep) []*chart {
	byCorpus := map[string][]store.TrendPoint{}
	var order []string // the corpus swept last first
	for i := len(points) - 1; i >= 0; i-- {
		k := byID[points[i].SweepID].Spec.CorpusKey()
		if byCorpus[k] == nil {
			order = append(order, k)
		}
		byCorpus[k] = append([]store.TrendPoint{points[i]}, byCorpus[k]...)
	}
	var out []*chart
	for i, k := range order {
		if i >= maxTrends {
			break
		}
		c := newTrend(byCorpus[k], soloOf(byID))
		if c != nil {
			c.ID = fmt.Sprintf("trend-%d", i)
			c.Title = "divergent cases per engine per sweep of " + corpusLabel(byID[byCorpus[k][0].SweepID].Spec)
			out = append(out, c)
		}
	}
	return out
}

func soloOf(byID map[int64]store.Sweep) map[int64]string {
	sws := make([]store.Sweep, 0, len(byID))
	for _, sw := range byID {
		sws = append(sws, sw)
	}
	return soloSweeps(sws)
}

// addIndexRootCauses counts the root causes (cosmetic apart) and keeps
// the worst open ones.
func (s *Server) addIndexRootCauses(ctx context.Context, d *indexData) error {
	l, err := s.rootCauses(ctx, rcFilter{})
	if err != nil {
		return err
	}
	d.Families, d.Cosmetic = familyRows(l.All), l.Cosmetic
	for _, row := range l.Rows {
		if row.Open() {
			d.Open++
			d.BySev[row.Severity]++
			if len(d.Worst) < worstShown {
				d.Worst = append(d.Worst, row)
			}
		}
	}
	return nil
}
