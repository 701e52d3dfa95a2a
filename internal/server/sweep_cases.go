package server

import (
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"

	"github.com/go-chi/chi/v5"
	"github.com/sparql-oracle/oracle/internal/store"
)

// caseParams are the parameters of GET /v1/sweeps/{id}/cases and of the
// sweep page (/sweeps/{id}).
var caseParams = []string{"judged_by", "engine", "violated", "large", "limit", "offset"}

// maxEngineParam bounds an engine name given as a filter.
const maxEngineParam = 200

// caseFilter reads a sweep's case filter: judged_by one of store.Judges,
// an engine whose relation checks are asked for, violated and large as
// booleans, and the page.
func caseFilter(q url.Values) (store.CaseFilter, *APIError) {
	var f store.CaseFilter
	e := onlyParams(q, caseParams)
	lim, e := intParam(q, "limit", 1, store.MaxLimit, e)
	off, e := intParam(q, "offset", 0, 1<<40, e)
	f.Violated, e = boolParam(q, "violated", e)
	f.Large, e = boolParam(q, "large", e)
	if e != nil {
		return f, e
	}
	f.JudgedBy, f.Engine, f.Limit, f.Offset = q.Get("judged_by"), q.Get("engine"), int(lim), int(off)
	if f.JudgedBy != "" && !slices.Contains(store.Judges, f.JudgedBy) {
		return f, &APIError{Status: http.StatusBadRequest, Error: "invalid parameter", Field: "judged_by",
			Detail: fmt.Sprintf("judged_by=%q: want one of %s", f.JudgedBy, strings.Join(store.Judges, ", "))}
	}
	if len(f.Engine) > maxEngineParam {
		return f, &APIError{Status: http.StatusBadRequest, Error: "invalid parameter", Field: "engine",
			Detail: fmt.Sprintf("engine: %d bytes, at most %d", len(f.Engine), maxEngineParam)}
	}
	return f, nil
}

// getSweepCases is GET /v1/sweeps/{id}/cases: one page of the sweep's
// cases, each with its data size, the judge that decided it and the
// metamorphic relations checked on it.
func (s *Server) getSweepCases(w http.ResponseWriter, r *http.Request) {
	id, e := idParam(chi.URLParam(r, "id"), "sweep")
	var f store.CaseFilter
	if e == nil {
		f, e = caseFilter(r.URL.Query())
	}
	if e != nil {
		writeError(w, e)
		return
	}
	if _, err := s.cfg.Store.Sweep(r.Context(), id); err != nil {
		writeError(w, storeError(err))
		return
	}
	p, err := s.cfg.Store.SweepCases(r.Context(), id, f)
	if err != nil {
		writeError(w, storeError(err))
		return
	}
	writeJSON(w, http.StatusOK, p)
}
