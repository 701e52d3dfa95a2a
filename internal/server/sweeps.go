package server

import (
	"bytes"
	"encoding/json"
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
// cannot: a source is given, the engines are known, the seeds are sane.
func (s *Server) parseSpec(r *http.Request) (store.SweepSpec, *APIError) {
	var spec store.SweepSpec
	body, e := readBody(r, s.lim.MaxBody)
	if e != nil {
		return spec, e
	}
	if d, off := jsonDepth(body); d > s.lim.MaxDepth {
		e := badRequest("nesting too deep", fmt.Sprintf("JSON nests %d levels; the limit is %d", d, s.lim.MaxDepth))
		e.Line, e.Column = position(body, off)
		return spec, e
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&spec); err != nil {
		return spec, jsonError(body, err)
	}
	return spec, s.checkSpec(spec)
}

func (s *Server) checkSpec(spec store.SweepSpec) *APIError {
	bad := func(field, detail string) *APIError {
		return &APIError{Status: http.StatusBadRequest, Error: "invalid sweep spec", Field: field, Detail: detail}
	}
	switch {
	case spec.W3C == nil && !spec.Regress && spec.Generated == nil:
		return bad("", "the spec names no corpus: give w3c, regress or generated")
	case spec.Generated != nil && (spec.Generated.From < 0 || spec.Generated.To <= spec.Generated.From):
		return bad("generated", fmt.Sprintf("seeds [%d, %d): want 0 <= from < to", spec.Generated.From, spec.Generated.To))
	case spec.Generated != nil && spec.Generated.To-spec.Generated.From > 1_000_000:
		return bad("generated", "more than 1000000 seeds in one sweep")
	case spec.DeadlineMS < 0 || spec.ReduceSeconds < 0:
		return bad("deadline_ms", "deadlines must not be negative")
	case spec.ReducePerKey != nil && *spec.ReducePerKey < 0:
		return bad("reduce_per_key", "want 0 (reduce every divergence) or more")
	}
	for _, n := range spec.Engines {
		if _, ok := s.engines[n]; !ok {
			return bad("engines", fmt.Sprintf("engine %q is not served here", n))
		}
	}
	return nil
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

// sweepStatus is GET /v1/sweeps/{id}: the sweep and its progress.
type sweepStatus struct {
	store.Sweep
	Percent float64 `json:"percent"`
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
	st := sweepStatus{Sweep: sw}
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
