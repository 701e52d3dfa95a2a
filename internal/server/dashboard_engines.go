package server

import (
	"context"
	"fmt"
	"net/http"
	"sort"
	"time"

	"github.com/sparql-oracle/oracle/internal/store"
)

// enginesData is the engines page: one row per engine (those this server
// runs and those the store has results or findings of), its pass rate on
// each corpus from its latest run of it over the corpus's size (suites.go:
// the engine page's numbers), its root causes counted as its engine page
// counts them (open by severity, intended, known), and its history.
type enginesData struct {
	Engines []*engineRow
	Suites  []string // the pass-rate columns (store.Corpora)
	Sevs    []string // the severities, worst first
	Rate    *chart   // W3C query pass rate per engine per run
}

type engineRow struct {
	Name, Version, Role string
	Served              bool           // in this server's engine pool
	Suites              []passRate     // aligned with enginesData.Suites
	RC                  rcCounts       // its root causes (dashboard_engine.go's sort)
	History             []historyPoint // newest first
}

// historyPoint is one sweep an engine ran: its version, W3C pass rate and
// divergent cases; NewRelease marks a version change from the sweep before.
type historyPoint struct {
	SweepID      int64
	Name         string
	When         time.Time
	Version      string
	Rates        []passRate // the corpora the sweep ran
	HasW3C       bool
	Divergent    int
	HasDivergent bool
	NewRelease   bool
}

func (s *Server) pageEngines(w http.ResponseWriter, r *http.Request) {
	d, err := s.enginesData(r.Context())
	if err != nil {
		s.pageError(w, storeError(err))
		return
	}
	s.render(w, http.StatusOK, "engines", d)
}

func (s *Server) enginesData(ctx context.Context) (*enginesData, error) {
	st := s.cfg.Store
	counts, sizes, err := s.corpusRuns(ctx)
	if err != nil {
		return nil, err
	}
	classes, err := st.FindingsByClass(ctx)
	if err != nil {
		return nil, err
	}
	points, err := st.Trend(ctx, 30)
	if err != nil {
		return nil, err
	}
	sweeps, err := st.Sweeps(ctx, store.SweepFilter{Limit: store.MaxLimit})
	if err != nil {
		return nil, err
	}
	d := &enginesData{Suites: store.Corpora, Sevs: severities()}
	rows := s.engineRows(counts, classes, points)
	d.addSuites(rows, counts, sizes, s)
	if err := s.addEngineRootCauseCounts(ctx, rows); err != nil {
		return nil, err
	}
	d.addHistory(rows, counts, points, sweeps, sizes, s)
	d.Rate = rateChart(counts, sizes, soloSweeps(sweeps))
	return d, nil
}

// engineRows has a row for every served engine and every engine the
// store knows, served ones first in pool order.
func (s *Server) engineRows(counts []store.SuiteCount, classes []store.ClassCount, points []store.TrendPoint) map[string]*engineRow {
	rows := map[string]*engineRow{}
	add := func(name string) *engineRow {
		if rows[name] == nil {
			rows[name] = &engineRow{Name: name, Role: role(name), RC: rcCounts{BySev: map[string]int{}}}
		}
		return rows[name]
	}
	for _, e := range s.cfg.Engines {
		add(e.Name()).Served = true
	}
	if _, done := s.probe.ready(); done {
		for _, info := range s.probe.info {
			add(info.Name).Version = info.Version
		}
	}
	for _, c := range counts {
		add(c.Engine)
	}
	for _, c := range classes {
		add(c.Engine)
	}
	for _, p := range points {
		add(p.Engine)
	}
	return rows
}

// addSuites fills each row's latest rate per corpus (counts come oldest
// sweep first, so the last one seen wins).
func (d *enginesData) addSuites(rows map[string]*engineRow, counts []store.SuiteCount, sizes map[string]corpusSize, s *Server) {
	latest := map[[2]string]store.SuiteCount{}
	for _, c := range counts {
		latest[[2]string{c.Engine, c.Suite}] = c
	}
	for _, row := range rows {
		row.Suites = make([]passRate, len(d.Suites))
		for i, corpus := range d.Suites {
			c, ok := latest[[2]string{row.Name, corpus}]
			row.Suites[i] = s.noRate(row.Name, corpus, sizes)
			if ok {
				row.Suites[i] = s.rate(c, sizes)
			}
			if ok && row.Version == "" {
				row.Version = c.Version
			}
		}
	}
	for _, row := range rows {
		d.Engines = append(d.Engines, row)
	}
	sort.Slice(d.Engines, func(i, j int) bool {
		a, b := d.Engines[i], d.Engines[j]
		if a.Served != b.Served {
			return a.Served
		}
		return a.Name < b.Name
	})
}

// addEngineRootCauseCounts counts each engine's root causes: every root
// cause one of its findings witnesses, sorted by its own witnesses'
// status (rcKind), as its engine page sorts them; cosmetic ones apart.
func (s *Server) addEngineRootCauseCounts(ctx context.Context, rows map[string]*engineRow) error {
	l, err := s.rootCauses(ctx, rcFilter{Cosmetic: "include"})
	if err != nil {
		return err
	}
	for _, rc := range l.Rows {
		seen := map[string]bool{}
		for _, m := range rc.Members {
			row := rows[m.Engine]
			if row == nil || seen[m.Engine] {
				continue
			}
			seen[m.Engine] = true
			row.RC.add(rc, m.Engine)
		}
	}
	return nil
}

// addHistory lists, per engine, every sweep it has W3C counts or
// divergence counts in, newest first.
func (d *enginesData) addHistory(rows map[string]*engineRow, counts []store.SuiteCount, points []store.TrendPoint, sweeps []store.Sweep, sizes map[string]corpusSize, s *Server) {
	byID := map[int64]store.Sweep{}
	for _, sw := range sweeps {
		byID[sw.ID] = sw
	}
	hist := map[[2]any]*historyPoint{}
	get := func(engine string, id int64) *historyPoint {
		k := [2]any{engine, id}
		if hist[k] == nil {
			sw := byID[id]
			hist[k] = &historyPoint{SweepID: id, Name: sw.Spec.Name, When: when(sw)}
		}
		return hist[k]
	}
	for _, c := range counts {
		h := get(c.Engine, c.SweepID)
		h.Version = c.Version
		h.Rates = append(h.Rates, s.rate(c, sizes))
		h.HasW3C = true
	}
	for _, p := range points {
		h := get(p.Engine, p.SweepID)
		h.Divergent, h.HasDivergent = p.Cases, true
	}
	for k, h := range hist {
		row := rows[k[0].(string)]
		row.History = append(row.History, *h)
	}
	for _, row := range rows {
		sort.Slice(row.History, func(i, j int) bool { return row.History[i].SweepID > row.History[j].SweepID })
		for i := range row.History {
			if i+1 < len(row.History) && row.History[i].Version != "" && row.History[i+1].Version != "" &&
				row.History[i].Version != row.History[i+1].Version {
				row.History[i].NewRelease = true
			}
		}
	}
}

// when is a sweep's finishing time, else its creation.
func when(sw store.Sweep) time.Time {
	if !sw.Finished.IsZero() {
		return sw.Finished
	}
	return sw.Created
}

// rateChart draws each engine's W3C query pass rate (over the corpus's
// size) per run of that corpus: one corpus, so one line means one thing.
func rateChart(counts []store.SuiteCount, sizes map[string]corpusSize, solo map[int64]string) *chart {
	var sweeps []int64
	values := map[string]map[int64]float64{}
	for _, c := range counts {
		if c.Suite != store.CorpusQuery {
			continue
		}
		if len(sweeps) == 0 || sweeps[len(sweeps)-1] != c.SweepID {
			sweeps = append(sweeps, c.SweepID)
		}
		if values[c.Engine] == nil {
			values[c.Engine] = map[int64]float64{}
		}
		values[c.Engine][c.SweepID] = rateOf(c, sizes).Percent()
	}
	if len(sweeps) > 30 {
		sweeps = sweeps[len(sweeps)-30:]
	}
	return newChart("pass-rate", "W3C query pass rate per engine per run (passed ÷ the corpus's tests)", sweeps, values, 100, "%", solo)
}

// percent formats a pass rate.
func percent(c store.SuiteCount) string {
	if c.Run() == 0 {
		return "–"
	}
	return fmt.Sprintf("%.1f%%", c.Rate())
}
