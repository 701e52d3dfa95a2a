package server

import (
	"crypto/subtle"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/go-chi/chi/v5"
	"github.com/sparql-oracle/oracle/internal/filing"
	"github.com/sparql-oracle/oracle/internal/report"
	"github.com/sparql-oracle/oracle/internal/store"
)

// maxStatusBody bounds a status change's body: the longest fields
// (store.StatusChange.Check) fit several times over.
const maxStatusBody = 64 << 10

// statusError maps a refused status change to a 400 naming the field;
// other store errors as storeError does.
func statusError(err error) *APIError {
	var fe *store.FieldError
	if errors.As(err, &fe) {
		return &APIError{Status: http.StatusBadRequest, Error: "invalid status change", Field: fe.Field, Detail: fe.Msg}
	}
	return storeError(err)
}

// setStatus is POST (or PATCH) /v1/reports/{id}/status: a JSON
// store.StatusChange; answers the report as it now is.
func (s *Server) setStatus(w http.ResponseWriter, r *http.Request) {
	c, e := s.readStatusChange(r) // the body first: a bad one is refused whatever the id
	if e != nil {
		writeError(w, e)
		return
	}
	rep, e := s.lookupReport(r)
	if e != nil {
		writeError(w, e)
		return
	}
	out, err := s.cfg.Store.SetStatus(r.Context(), rep.ID, c)
	if err != nil {
		writeError(w, statusError(err))
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// readStatusChange reads the JSON body as every JSON body is read
// (decodeJSON: no key named twice, no unknown field, so a misspelt
// "verison" is not silently dropped).
func (s *Server) readStatusChange(r *http.Request) (store.StatusChange, *APIError) {
	var c store.StatusChange
	e := s.readJSON(r, maxStatusBody, &c, "the status change", func(mt string) *APIError {
		return &APIError{Status: http.StatusUnsupportedMediaType, Error: "unsupported media type", Field: "Content-Type",
			Detail: fmt.Sprintf("Content-Type %q: want application/json", mt)}
	})
	if e != nil {
		// only decodeJSON's strict decode says "unknown field"
		if f, ok := strings.CutPrefix(e.Detail, "json: unknown field "); ok {
			e.Field, _ = strconv.Unquote(f)
			e.Detail = fmt.Sprintf("unknown field %s: want status, url, version, note, by", f)
		}
		return c, e
	}
	if err := c.Check(); err != nil {
		return c, statusError(err)
	}
	return c, nil
}

// getHistory is GET /v1/reports/{id}/history: the status changes, oldest first.
func (s *Server) getHistory(w http.ResponseWriter, r *http.Request) {
	rep, e := s.lookupReport(r)
	if e != nil {
		writeError(w, e)
		return
	}
	h, err := s.cfg.Store.History(r.Context(), rep.ID)
	if err != nil {
		writeError(w, storeError(err))
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"report": rep.ID, "history": h})
}

// getFindings is GET /v1/findings: the reports matching the filter counted
// by identity (engine, class, fingerprint) and by root cause (fingerprint).
func (s *Server) getFindings(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	if q.Has("limit") || q.Has("offset") {
		writeError(w, &APIError{Status: http.StatusBadRequest, Error: "unknown parameter", Field: "limit",
			Detail: "findings are counted, not paged: drop limit and offset"})
		return
	}
	f, e := reportFilter(q)
	if e != nil {
		writeError(w, e)
		return
	}
	c, err := s.cfg.Store.Findings(r.Context(), f)
	if err != nil {
		writeError(w, storeError(err))
		return
	}
	writeJSON(w, http.StatusOK, c)
}

// tokenOK compares a token with the server's in constant time; any token
// passes when the server has none.
func (s *Server) tokenOK(got string) bool {
	return s.cfg.Token == "" || subtle.ConstantTimeCompare([]byte(got), []byte(s.cfg.Token)) == 1
}

// pageForm reads a dashboard write form (at most maxStatusBody bytes) and
// checks its write token, a field: a browser form cannot send the
// Authorization header. When either fails it shows the error page,
// saying unchanged (what stayed as it was), and returns false.
func (s *Server) pageForm(w http.ResponseWriter, r *http.Request, unchanged string) bool {
	r.Body = http.MaxBytesReader(w, r.Body, maxStatusBody)
	if err := r.ParseForm(); err != nil {
		s.pageError(w, badRequest("malformed form", err.Error()))
		return false
	}
	if !s.tokenOK(r.PostForm.Get("token")) {
		s.pageError(w, &APIError{Status: http.StatusUnauthorized, Error: "unauthorized", Field: "token",
			Detail: "the write token is missing or wrong: " + unchanged})
		return false
	}
	return true
}

// pageSetStatus is the report page's triage form (POST /reports/{id}/status,
// form-encoded, the token as a field: a browser form cannot send the
// Authorization header). guardWrites (origin.go) has already refused it
// from another origin or without the page's form token. On success it goes
// back to the report.
func (s *Server) pageSetStatus(w http.ResponseWriter, r *http.Request) {
	if !s.pageForm(w, r, "the status is unchanged") {
		return
	}
	rep, e := s.lookupReport(r)
	if e != nil {
		s.pageError(w, e)
		return
	}
	out, err := s.cfg.Store.SetStatus(r.Context(), rep.ID, formChange(r.PostForm))
	if err != nil {
		s.pageError(w, statusError(err))
		return
	}
	http.Redirect(w, r, "/reports/"+strconv.FormatInt(out.ID, 10)+"#triage", http.StatusSeeOther)
}

// formChange reads the form: one version field serves the fixed-in button
// only, so the other buttons ignore it.
func formChange(f url.Values) store.StatusChange {
	c := store.StatusChange{Status: f.Get("status"), URL: f.Get("url"), Note: f.Get("note"), By: f.Get("by")}
	if c.Status == store.StatusFixedIn {
		c.Version = f.Get("version")
	}
	return c
}

// reportView is the report page: the report, its history, the triage
// buttons, whether the form needs the token, and the form token (CSRF,
// origin.go).
type reportView struct {
	store.Report
	Bug      report.Bug // the finding's write-up (filing.Bug), read by the template
	History  []store.StatusEvent
	Statuses []string
	NeedsKey bool
	CSRF     string
	Tests    []string // the tests it was filed on (store.TestReports)
}

func (s *Server) pageReport(w http.ResponseWriter, r *http.Request) {
	rep, e := s.lookupReport(r)
	if e != nil {
		s.pageError(w, e)
		return
	}
	h, err := s.cfg.Store.History(r.Context(), rep.ID)
	if err != nil {
		s.pageError(w, storeError(err))
		return
	}
	tests, err := s.reportTests(r.Context(), rep.Engine)
	if err != nil {
		s.pageError(w, storeError(err))
		return
	}
	s.render(w, http.StatusOK, "report", &reportView{Report: rep, Bug: filing.Bug(rep), History: h, Statuses: store.TriageStatuses, NeedsKey: s.cfg.Token != "",
		CSRF: s.csrf, Tests: tests[rep.ID]})
}

// triageRoutes mounts the status API under /v1 (writes behind the token).
func (s *Server) triageRoutes(r chi.Router) {
	r.With(s.auth).Post("/reports/{id}/status", s.setStatus)
	r.With(s.auth).Patch("/reports/{id}/status", s.setStatus)
	r.Get("/reports/{id}/history", s.getHistory)
	r.Get("/findings", s.getFindings)
	r.Get("/root-causes", s.getRootCauses)           // rootcauses.go
	r.With(s.auth).Post("/triage", s.postTriage)     // triage_bulk.go
	r.Get("/engines/{name}/baseline", s.getBaseline) // dashboard_engine.go
}
