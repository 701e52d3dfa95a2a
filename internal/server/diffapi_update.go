package server

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/triage"
)

// postUpdate answers POST /v1/diff with an `update` field (or an
// application/sparql-update body): the request is applied to the store the
// dataset catalogue describes (its default and named graphs; its sources
// are what LOAD may read) by every served engine that applies updates, and
// each store after it is judged against the judge's (triage.RunUpdate). The
// answer is a triage.UpdateReport; nothing is filed.
func (s *Server) postUpdate(w http.ResponseWriter, r *http.Request, req *diffRequest, start time.Time) {
	apiErr := s.checkUpdate(req)
	var engines []oracle.Engine
	if apiErr == nil {
		engines, apiErr = s.pickEngines(req.Engines)
	}
	if apiErr != nil {
		writeError(w, apiErr)
		return
	}
	s.admit(w, r, start, s.lim.budget(false), func(ctx context.Context) *outcome {
		return s.runUpdate(ctx, req, engines)
	}, s.answerUpdate)
}

// checkUpdate validates the request text as checkDiff validates a query.
func (s *Server) checkUpdate(req *diffRequest) *APIError {
	switch {
	case strings.TrimSpace(req.Query) != "":
		return &APIError{Status: http.StatusBadRequest, Error: "query and update", Field: "update",
			Detail: "give a query or an update request, not both"}
	}
	if e := s.checkText(req, "update", "update request", req.Update); e != nil {
		return e
	}
	tree, err := syntax.ParseUpdate(req.Update, syntax.Options{Base: req.Base, MaxLength: s.lim.MaxQuery})
	if err != nil {
		e := queryError(err)
		e.Error, e.Field = "malformed update", "update"
		return e
	}
	req.updateTree = tree
	return nil
}

// runUpdate loads the store and runs the request on the engines.
func (s *Server) runUpdate(ctx context.Context, req *diffRequest, engines []oracle.Engine) *outcome {
	c, apiErr := s.catalogueCase(ctx, req, "")
	if apiErr != nil {
		return &outcome{err: apiErr}
	}
	c.Update = req.Update
	c.AdoptUpdate(req.updateTree) // parsed once, by checkUpdate
	o := &outcome{loaded: time.Now()}
	var err error
	o.upd, err = triage.RunUpdate(ctx, c, engines, s.lim.Deadline)
	if errors.Is(err, triage.ErrUpdateRejected) {
		o.err = &APIError{Status: http.StatusBadRequest, Error: "malformed update", Field: "update", Detail: err.Error()}
	} else if err != nil {
		o.err = &APIError{Status: http.StatusInternalServerError, Error: "update failed", Detail: err.Error()}
	}
	o.ran = time.Now()
	return o
}

func (s *Server) answerUpdate(w http.ResponseWriter, ctx context.Context, o *outcome, ok bool, st stamps) {
	if s.failed(w, ctx, o, ok, &st) {
		return
	}
	w.Header().Set("Server-Timing", st.serverTiming(time.Now()))
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(o.upd)
}
