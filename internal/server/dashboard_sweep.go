package server

import (
	"net/http"

	"github.com/go-chi/chi/v5"
	"github.com/sparql-oracle/oracle/internal/store"
)

// sweepData is a sweep's page (/sweeps/{id}): its progress, what decided
// its cases (by judge, the large ones, the relation checks per engine
// and per relation: store.JudgeSummary) and its cases, filtered as
// GET /v1/sweeps/{id}/cases filters them, each with its size, judge and
// relation checks.
type sweepData struct {
	Sweep  store.Sweep
	Corpus string
	Sum    store.JudgeSummary
	Judges []string // store.Judges, and "" when some case has none
	Filter store.CaseFilter
	Page   store.CasePage
	// Engines are the engines with relation checks in the sweep (the
	// engine filter's choices).
	Engines    []string
	Prev, Next string
	LargeCase  int
}

func (s *Server) pageSweep(w http.ResponseWriter, r *http.Request) {
	id, e := idParam(chi.URLParam(r, "id"), "sweep")
	q := r.URL.Query()
	for k, v := range q { // an empty form field means "any"
		if len(v) == 1 && v[0] == "" {
			q.Del(k)
		}
	}
	d := &sweepData{LargeCase: store.LargeCase}
	if e == nil {
		d.Filter, e = caseFilter(q)
	}
	if e != nil {
		s.pageError(w, e)
		return
	}
	if err := s.readSweepPage(r, id, d); err != nil {
		s.pageError(w, storeError(err))
		return
	}
	d.Prev, d.Next = offsetLinks(r.URL.Path, q, d.Page.Offset, d.Page.Limit, len(d.Page.Cases), d.Page.Total)
	s.render(w, http.StatusOK, "sweep", d)
}

// readSweepPage reads the sweep, its summary and the page of its cases.
func (s *Server) readSweepPage(r *http.Request, id int64, d *sweepData) error {
	ctx := r.Context()
	var err error
	if d.Sweep, err = s.cfg.Store.Sweep(ctx, id); err != nil {
		return err
	}
	if d.Sum, err = s.cfg.Store.JudgeSummary(ctx, id); err != nil {
		return err
	}
	if d.Page, err = s.cfg.Store.SweepCases(ctx, id, d.Filter); err != nil {
		return err
	}
	d.Corpus = corpusLabel(d.Sweep.Spec)
	d.Judges = store.Judges
	if d.Sum.ByJudge[""] > 0 {
		d.Judges = append(append([]string{}, store.Judges...), "")
	}
	for _, c := range d.Sum.Engines {
		d.Engines = append(d.Engines, c.Engine)
	}
	return nil
}

// engineChecks are one engine's relation checks on a case: those that
// decided something or failed (Checks), and those that did not apply
// (Skipped), shown as one count whose tooltip says why.
type engineChecks struct {
	Engine  string
	Checks  []store.RelationCheck
	Skipped []store.RelationCheck
}

// byEngine groups a case's relation checks (ordered by engine, as
// store.SweepCases gives them) by engine: one line each on the page.
func byEngine(checks []store.RelationCheck) []engineChecks {
	var out []engineChecks
	for _, c := range checks {
		if len(out) == 0 || out[len(out)-1].Engine != c.Engine {
			out = append(out, engineChecks{Engine: c.Engine})
		}
		last := &out[len(out)-1]
		if c.Outcome == store.RelationSkipped {
			last.Skipped = append(last.Skipped, c)
		} else {
			last.Checks = append(last.Checks, c)
		}
	}
	return out
}
