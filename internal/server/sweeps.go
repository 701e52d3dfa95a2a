package server

import (
	"fmt"
	"net/http"
	"slices"
	"strconv"

	"github.com/go-chi/chi/v5"
	"github.com/sparql-oracle/oracle/internal/store"
)

// postSweep starts a sweep of the spec in the body and answers 202 with
// the sweep and its Location.
func (s *Server) postSweep(w http.ResponseWriter, r *http.Request) {
	spec, e := s.parseSpec(r)
	if e != nil {
		writeError(w, e)
		return
	}
	var sw store.Sweep
	var err error
	if s.cfg.Sweeper != nil {
		sw, err = s.cfg.Sweeper.Submit(r.Context(), spec)
	} else {
		sw, err = s.cfg.Store.CreateSweep(r.Context(), spec)
	}
	if err != nil {
		writeError(w, storeError(err))
		return
	}
	w.Header().Set("Location", "/v1/sweeps/"+strconv.FormatInt(sw.ID, 10))
	writeJSON(w, http.StatusAccepted, sw)
}

// parseSpec decodes a sweep spec strictly and checks what the store
// cannot: a source is given, the engines are known, every number is in
// its range (SpecLimits).
func (s *Server) parseSpec(r *http.Request) (store.SweepSpec, *APIError) {
	var spec store.SweepSpec
	e := s.readJSON(r, s.lim.MaxBody, &spec, "the sweep spec", func(mt string) *APIError {
		return &APIError{Status: http.StatusUnsupportedMediaType, Error: "unsupported content type", Field: "Content-Type",
			Detail: fmt.Sprintf("Content-Type %q: a sweep spec is application/json", mt)}
	})
	if e != nil {
		return spec, e
	}
	return spec, s.checkSpec(spec)
}

var sweepParams = []string{"state", "limit", "offset"}

func (s *Server) listSweeps(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	e := onlyParams(q, sweepParams)
	lim, e := intParam(q, "limit", 1, store.MaxLimit, e)
	off, e := intParam(q, "offset", 0, 1<<40, e)
	if e == nil {
		e = checkState(q.Get("state"))
	}
	if e != nil {
		writeError(w, e)
		return
	}
	sws, err := s.cfg.Store.Sweeps(r.Context(), store.SweepFilter{State: store.SweepState(q.Get("state")), Limit: int(lim), Offset: int(off)})
	if err != nil {
		writeError(w, storeError(err))
		return
	}
	if sws == nil {
		sws = []store.Sweep{}
	}
	writeJSON(w, http.StatusOK, map[string]any{"sweeps": sws})
}

// sweepStatus is GET /v1/sweeps/{id}: the sweep and its progress, with
// the cases not judged for every engine and the divergences flagged
// instead of filed (the first store.DefaultLimit such cases), and what
// decided its cases: by judge, large ones, the relation checks per engine
// and relation (store.JudgeSummary; the cases themselves are
// GET /v1/sweeps/{id}/cases, sweep_cases.go).
type sweepStatus struct {
	store.Sweep
	Percent float64            `json:"percent"`
	Cases   []store.CaseFlags  `json:"cases"`
	Judges  store.JudgeSummary `json:"judges"`
}

func (s *Server) getSweep(w http.ResponseWriter, r *http.Request) {
	id, e := idParam(chi.URLParam(r, "id"), "sweep")
	if e != nil {
		writeError(w, e)
		return
	}
	sw, err := s.cfg.Store.Sweep(r.Context(), id)
	if err != nil {
		writeError(w, storeError(err))
		return
	}
	cases, err := s.cfg.Store.CaseFlags(r.Context(), id, store.DefaultLimit)
	if err != nil {
		writeError(w, storeError(err))
		return
	}
	judges, err := s.cfg.Store.JudgeSummary(r.Context(), id)
	if err != nil {
		writeError(w, storeError(err))
		return
	}
	st := sweepStatus{Sweep: sw, Cases: cases, Judges: judges}
	if sw.Total > 0 {
		st.Percent = float64(int(1000*float64(sw.Done)/float64(sw.Total))) / 10
	}
	writeJSON(w, http.StatusOK, st)
}

var sweepStates = []store.SweepState{store.SweepPending, store.SweepRunning, store.SweepDone, store.SweepFailed, store.SweepCancelled}

// checkState accepts "" (any) or one of the sweep states.
func checkState(s string) *APIError {
	if s == "" || slices.Contains(sweepStates, store.SweepState(s)) {
		return nil
	}
	return &APIError{Status: http.StatusBadRequest, Error: "invalid parameter", Field: "state",
		Detail: fmt.Sprintf("state %q: want pending, running, done, failed or cancelled", s)}
}
