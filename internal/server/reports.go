package server

import (
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/go-chi/chi/v5"
	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/filing"
	"github.com/sparql-oracle/oracle/internal/report"
	"github.com/sparql-oracle/oracle/internal/store"
)

// reportParams are the query parameters GET /v1/reports (and the
// dashboard's report list) accept.
var reportParams = []string{"engine", "class", "status", "feature", "fingerprint", "root_cause", "family", "severity", "sweep", "limit", "offset"}

// reportFilter reads and checks the filters: an unknown parameter, class
// or status is a 400 naming the accepted values.
func reportFilter(q url.Values) (store.ReportFilter, *APIError) {
	var f store.ReportFilter
	if e := onlyParams(q, reportParams); e != nil {
		return f, e
	}
	f.Engine, f.Feature, f.Fingerprint = q.Get("engine"), q.Get("feature"), q.Get("fingerprint")
	if fp := f.Fingerprint; len(fp) > 64 || strings.Trim(fp, "0123456789abcdefghijklmnopqrstuvwxyz-") != "" {
		return f, &APIError{Status: http.StatusBadRequest, Error: "invalid parameter", Field: "fingerprint",
			Detail: fmt.Sprintf("fingerprint %q: want the 16 hex digits of a reduced case", fp)}
	}
	f.RootCause, f.Family = q.Get("root_cause"), q.Get("family")
	if len(f.RootCause) > 512 || len(f.Family) > 200 {
		return f, &APIError{Status: http.StatusBadRequest, Error: "invalid parameter", Field: "root_cause",
			Detail: "root_cause or family longer than a root cause's id or a family's name"}
	}
	if sv := q.Get("severity"); sv != "" {
		if severityRank(sv) == 99 {
			return f, &APIError{Status: http.StatusBadRequest, Error: "invalid parameter", Field: "severity",
				Detail: fmt.Sprintf("severity %q: want wrong-answer, crash, error, refusal or cosmetic", sv)}
		}
		f.Severity = sv
	}
	if c := q.Get("class"); c != "" {
		if _, err := diff.ParseClass(c); err != nil {
			return f, &APIError{Status: http.StatusBadRequest, Error: "invalid parameter", Field: "class", Detail: err.Error()}
		}
		f.Class = c
	}
	if st := q.Get("status"); st != "" {
		if !slices.Contains(store.Statuses, st) {
			return f, &APIError{Status: http.StatusBadRequest, Error: "invalid parameter", Field: "status",
				Detail: fmt.Sprintf("status %q: want one of %s", st, strings.Join(store.Statuses, ", "))}
		}
		f.Status = st
	}
	var e *APIError
	f.SweepID, e = intParam(q, "sweep", 1, 1<<62, nil)
	lim, e := intParam(q, "limit", 1, store.MaxLimit, e)
	off, e := intParam(q, "offset", 0, 1<<40, e)
	f.Limit, f.Offset = int(lim), int(off)
	return f, e
}

// onlyParams refuses parameters outside allowed (a typo would otherwise
// silently match everything).
func onlyParams(q url.Values, allowed []string) *APIError {
	for k := range q {
		if !slices.Contains(allowed, k) {
			return &APIError{Status: http.StatusBadRequest, Error: "unknown parameter", Field: k,
				Detail: fmt.Sprintf("parameter %q: want one of %s", k, strings.Join(allowed, ", "))}
		}
	}
	return nil
}

// intParam reads an optional integer parameter in [lo, hi]; 0 when absent.
func intParam(q url.Values, name string, lo, hi int64, prev *APIError) (int64, *APIError) {
	if prev != nil || q.Get(name) == "" {
		return 0, prev
	}
	v, err := strconv.ParseInt(q.Get(name), 10, 64)
	if err != nil || v < lo || v > hi {
		return 0, &APIError{Status: http.StatusBadRequest, Error: "invalid parameter", Field: name,
			Detail: fmt.Sprintf("%s=%q: want an integer from %d to %d", name, q.Get(name), lo, hi)}
	}
	return v, nil
}

func (s *Server) listReports(w http.ResponseWriter, r *http.Request) {
	f, e := reportFilter(r.URL.Query())
	if e != nil {
		writeError(w, e)
		return
	}
	page, err := s.cfg.Store.Reports(r.Context(), f)
	if err != nil {
		writeError(w, storeError(err))
		return
	}
	if page.Reports == nil {
		page.Reports = []store.Report{}
	}
	writeJSON(w, http.StatusOK, page)
}

// lookupReport finds a report by store id (digits) or by bug id (hex).
func (s *Server) lookupReport(r *http.Request) (store.Report, *APIError) {
	key := chi.URLParam(r, "id")
	if id, err := strconv.ParseInt(key, 10, 64); err == nil && id > 0 {
		rep, err := s.cfg.Store.Report(r.Context(), id)
		if err != nil {
			return rep, storeError(err)
		}
		return rep, nil
	}
	if len(key) == 0 || len(key) > 64 || strings.Trim(key, "0123456789abcdef") != "" {
		return store.Report{}, badRequest("invalid id", fmt.Sprintf("report id %q: want a store id or a bug id (hex)", key))
	}
	rep, err := s.cfg.Store.ReportByBugID(r.Context(), key)
	if err != nil {
		return rep, storeError(err)
	}
	return rep, nil
}

// getReport answers JSON, or Markdown (the tracker-ready text) when the
// Accept header prefers text/markdown.
func (s *Server) getReport(w http.ResponseWriter, r *http.Request) {
	rep, e := s.lookupReport(r)
	if e != nil {
		writeError(w, e)
		return
	}
	if wantsMarkdown(r.Header.Get("Accept")) {
		w.Header().Set("Content-Type", "text/markdown; charset=utf-8")
		report.WriteMarkdown(w, []report.Bug{filing.Bug(rep)})
		return
	}
	writeJSON(w, http.StatusOK, rep)
}

func wantsMarkdown(accept string) bool {
	for _, part := range strings.Split(accept, ",") {
		mt, _, _ := strings.Cut(strings.TrimSpace(part), ";")
		switch strings.TrimSpace(mt) {
		case "text/markdown", "text/x-markdown":
			return true
		case "application/json":
			return false
		}
	}
	return false
}
