package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// postUpdate answers POST /v1/diff with an `update` field (or an
// application/sparql-update body): the request is applied to the store the
// dataset catalogue describes (its default and named graphs; its sources
// are what LOAD may read) by every served engine that applies updates, and
// each store after it is judged against the judge's (diff.RunUpdate). The
// answer is a diff.UpdateReport; nothing is filed.
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
	queued := time.Now()
	if e := s.gate.acquire(r.Context()); e != nil {
		w.Header().Set("Retry-After", retryAfter(e))
		writeError(w, e)
		return
	}
	st := stamps{start: start, queued: queued, admitted: time.Now()}
	out, ok := s.evaluate(r.Context(), s.lim.budget(false), func(ctx context.Context) *outcome {
		return s.runUpdate(ctx, req, engines)
	})
	s.gate.release()
	s.answerUpdate(w, r.Context(), out, ok, st)
}

// checkUpdate validates the request text as checkDiff validates a query.
func (s *Server) checkUpdate(req *diffRequest) *APIError {
	switch {
	case strings.TrimSpace(req.Query) != "":
		return &APIError{Status: http.StatusBadRequest, Error: "query and update", Field: "update",
			Detail: "give a query or an update request, not both"}
	case len(req.Update) > s.lim.MaxQuery:
		return &APIError{Status: http.StatusRequestEntityTooLarge, Error: "update too long", Field: "update",
			Detail: fmt.Sprintf("the update request has %d bytes; the limit is %d", len(req.Update), s.lim.MaxQuery)}
	}
	for _, e := range []*APIError{checkUTF8("update", []byte(req.Update)), checkNUL("update", req.Update),
		checkBase("base", req.Base), checkBase("dataset.base", catalogueBase(req.Dataset)), checkName("name", req.Name)} {
		if e != nil {
			return e
		}
	}
	if _, err := syntax.ParseUpdate(req.Update, syntax.Options{Base: req.Base, MaxLength: s.lim.MaxQuery}); err != nil {
		e := queryError(err)
		e.Error, e.Field = "malformed update", "update"
		return e
	}
	return nil
}

// runUpdate loads the store and runs the request on the engines.
func (s *Server) runUpdate(ctx context.Context, req *diffRequest, engines []oracle.Engine) *outcome {
	cat := bytes.TrimSpace(req.Dataset)
	if len(cat) == 0 || bytes.Equal(cat, []byte("null")) {
		cat = []byte("{}")
	}
	name := req.Name
	if name == "" {
		name = "api"
	}
	lctx, cancel := context.WithTimeout(ctx, s.lim.Deadline)
	c, err := diff.CatalogueCase(lctx, name, "", req.Base, cat, rdf.Limits{MaxBytes: s.lim.MaxDataset, MaxQuads: s.lim.MaxQuads})
	cancel()
	if err != nil {
		return &outcome{err: datasetError(err)}
	}
	uc := &oracle.UpdateCase{Name: name, Update: req.Update, Base: c.Base, Store: c.Dataset, Sources: c.Sources}
	o := &outcome{loaded: time.Now()}
	o.upd, err = diff.RunUpdate(ctx, uc, engines, s.lim.Deadline)
	if errors.Is(err, diff.ErrUpdateRejected) {
		o.err = &APIError{Status: http.StatusBadRequest, Error: "malformed update", Field: "update", Detail: err.Error()}
	} else if err != nil {
		o.err = &APIError{Status: http.StatusInternalServerError, Error: "update failed", Detail: err.Error()}
	}
	o.ran = time.Now()
	return o
}

func (s *Server) answerUpdate(w http.ResponseWriter, ctx context.Context, o *outcome, ok bool, st stamps) {
	switch {
	case !ok:
		w.Header().Set("Retry-After", "5")
		writeError(w, unavailable(http.StatusServiceUnavailable, "evaluation overran",
			fmt.Sprintf("the evaluation was still running %s past its deadline; it was abandoned", s.lim.Grace)))
		return
	case ctx.Err() != nil:
		writeError(w, unavailable(StatusClientClosed, "client closed request", ctx.Err().Error()))
		return
	case o.err != nil:
		writeError(w, o.err)
		return
	}
	st.loaded, st.ran = o.loaded, o.ran
	w.Header().Set("Server-Timing", st.serverTiming(time.Now()))
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(o.upd)
}
