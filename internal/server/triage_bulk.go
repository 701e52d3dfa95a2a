package server

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/sparql-oracle/oracle/internal/store"
)

// Bulk triage: one decision for every finding a root-cause filter matches
// (rootcauses.go), written by store.SetStatuses in one transaction with a
// history entry per finding. The dashboard's form (POST
// /root-causes/triage, the form token and, when the server has one, the
// write token as fields) and the API (POST /v1/triage, a JSON body, the
// bearer token) take the same filter.

// bulkRequest is POST /v1/triage's body: the filter (rcParams' names) and
// the decision; Expect, when set, is the number of findings the caller saw
// matching: a store that changed since is refused rather than surprising.
type bulkRequest struct {
	Filter map[string]string  `json:"filter"`
	Change store.StatusChange `json:"change"`
	Expect int                `json:"expect,omitempty"`
}

// bulkResult says what a bulk action changed.
type bulkResult struct {
	Changed    int     `json:"changed"`
	RootCauses int     `json:"root_causes"`
	Reports    []int64 `json:"reports"`
}

// postTriage is POST /v1/triage.
func (s *Server) postTriage(w http.ResponseWriter, r *http.Request) {
	var req bulkRequest
	body, e := readBody(r, maxStatusBody)
	if e == nil {
		e = s.decodeJSON(body, &req, "the bulk triage")
	}
	if e != nil {
		writeError(w, e)
		return
	}
	q := url.Values{}
	for k, v := range req.Filter {
		q.Set(k, v)
	}
	if e := onlyParams(q, rcParams); e != nil {
		e.Detail = "filter " + e.Detail
		writeError(w, e)
		return
	}
	res, e := s.bulkTriage(r, q, req.Change, req.Expect)
	if e != nil {
		writeError(w, e)
		return
	}
	writeJSON(w, http.StatusOK, res)
}

// bulkTriage applies the change to the findings the filter matches.
func (s *Server) bulkTriage(r *http.Request, q url.Values, c store.StatusChange, expect int) (*bulkResult, *APIError) {
	f, e := readRCFilter(q)
	if e != nil {
		return nil, e
	}
	if err := c.Check(); err != nil {
		return nil, statusError(err)
	}
	l, err := s.rootCauses(r.Context(), f)
	if err != nil {
		return nil, storeError(err)
	}
	switch {
	case len(l.Reports) == 0:
		return nil, badRequest("nothing to triage", "the filter matches no finding")
	case expect > 0 && expect != len(l.Reports):
		return nil, &APIError{Status: http.StatusConflict, Error: "the matches changed",
			Detail: fmt.Sprintf("the filter matches %d findings now, %d when the action was chosen: look again", len(l.Reports), expect)}
	}
	n, err := s.cfg.Store.SetStatuses(r.Context(), l.Reports, c)
	if err != nil {
		return nil, statusError(err)
	}
	return &bulkResult{Changed: n, RootCauses: len(l.Rows), Reports: l.Reports}, nil
}

// pageBulkTriage is the root-cause page's bulk form: the filter as hidden
// fields, the decision, the count the page showed (expect). guardWrites
// (origin.go) has checked the form token; the write token is a field.
func (s *Server) pageBulkTriage(w http.ResponseWriter, r *http.Request) {
	if !s.pageForm(w, r, "nothing changed") {
		return
	}
	q := url.Values{}
	for _, k := range rcParams {
		if v := r.PostForm.Get(k); v != "" {
			q.Set(k, v)
		}
	}
	var expect int64
	var e *APIError
	expect, e = intParam(r.PostForm, "expect", 0, store.MaxBulk, nil)
	if e != nil {
		s.pageError(w, e)
		return
	}
	c := formChange(r.PostForm)
	c.Status = r.PostForm.Get("set")
	if c.Status != store.StatusFixedIn {
		c.Version = ""
	} else {
		c.Version = strings.TrimSpace(r.PostForm.Get("version"))
	}
	res, e := s.bulkTriage(r, q, c, int(expect))
	if e != nil {
		s.pageError(w, e)
		return
	}
	q.Set("done", fmt.Sprint(res.Changed))
	http.Redirect(w, r, "/root-causes?"+q.Encode(), http.StatusSeeOther)
}
