package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
	"github.com/sparql-oracle/oracle/internal/filing"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/pipeline"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/reduce"
	"github.com/sparql-oracle/oracle/internal/report"
	"github.com/sparql-oracle/oracle/internal/results"
	"github.com/sparql-oracle/oracle/internal/store"
	"github.com/sparql-oracle/oracle/internal/triage"
)

// diffRequest is the body of POST /v1/diff (application/json). A SPARQL
// body (application/sparql-query) or a form carries the same fields as
// parameters: dataset, engines (comma-separated), base, name.
type diffRequest struct {
	Query   string          `json:"query"`
	Update  string          `json:"update,omitempty"`  // a SPARQL 1.1 Update request instead of query (diffapi_update.go)
	Dataset json.RawMessage `json:"dataset,omitempty"` // a JSON dataset catalogue (rdf.Catalogue)
	Engines []string        `json:"engines,omitempty"` // external engines; default every one served
	Base    string          `json:"base,omitempty"`
	Name    string          `json:"name,omitempty"`

	tree       *syntax.Query  // the query as checkDiff parsed it, the case's one tree
	updateTree *syntax.Update // the update request as checkUpdate parsed it
}

// postDiff runs one case on the engines and answers the report of
// `oracle diff --format json`; ?reduce=true shrinks every divergence first.
func (s *Server) postDiff(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	req, apiErr := s.parseDiff(r)
	if apiErr == nil && req.Update != "" {
		s.postUpdate(w, r, req, start) // diffapi_update.go
		return
	}
	if apiErr == nil {
		apiErr = s.checkDiff(req)
	}
	var engines []oracle.Engine
	if apiErr == nil {
		engines, apiErr = s.pickEngines(req.Engines)
	}
	reduce, apiErr := boolParam(r.URL.Query(), "reduce", apiErr)
	if apiErr != nil {
		writeError(w, apiErr)
		return
	}
	s.admit(w, r, start, s.lim.budget(reduce), func(ctx context.Context) *outcome {
		return s.runDiff(ctx, req, engines, reduce)
	}, s.answerDiff)
}

// admit runs one checked request of either kind (a query, an update
// request) in an evaluation slot: it waits at the gate (refused with
// Retry-After when full), runs under the budget, releases the slot, then
// answers.
func (s *Server) admit(w http.ResponseWriter, r *http.Request, start time.Time, budget time.Duration,
	run func(context.Context) *outcome, answer func(http.ResponseWriter, context.Context, *outcome, bool, stamps)) {
	queued := time.Now()
	if e := s.gate.acquire(r.Context()); e != nil {
		w.Header().Set("Retry-After", retryAfter(e))
		writeError(w, e)
		return
	}
	st := stamps{start: start, queued: queued, admitted: time.Now()}
	out, ok := s.evaluate(r.Context(), budget, run)
	s.gate.release()
	answer(w, r.Context(), out, ok, st)
}

// stamps time one POST /v1/diff: checks until queued, waiting for a slot
// until admitted, then loading the dataset, running, rendering.
type stamps struct{ start, queued, admitted, loaded, ran time.Time }

// serverTiming is the Server-Timing header: queue (waiting for a slot),
// load (the dataset in child processes), run (pipeline.Run: the engines and
// triage), total. Overhead = total - run - queue.
func (st stamps) serverTiming(end time.Time) string {
	return fmt.Sprintf("queue;dur=%.3f, load;dur=%.3f, run;dur=%.3f, total;dur=%.3f",
		ms(st.admitted.Sub(st.queued)), ms(st.loaded.Sub(st.admitted)), ms(st.ran.Sub(st.loaded)), ms(end.Sub(st.start)))
}

// outcome is what one evaluation produced, inside its slot.
type outcome struct {
	err         *APIError
	c           *oracle.Case
	rep         *triage.Report
	bugs        []report.Bug
	judge       *timedJudge
	loaded, ran time.Time
	upd         *triage.UpdateReport // an update request's report (diffapi_update.go)
}

// runDiff loads the dataset and runs the case: the part of a request that
// holds an evaluation slot.
func (s *Server) runDiff(ctx context.Context, req *diffRequest, engines []oracle.Engine, doReduce bool) *outcome {
	c, apiErr := s.loadCase(ctx, req)
	if apiErr != nil {
		return &outcome{err: apiErr}
	}
	o := &outcome{c: c, loaded: time.Now(), judge: &timedJudge{Engine: engines[0]}}
	engines = append([]oracle.Engine{o.judge}, engines[1:]...)
	o.rep, o.bugs = pipeline.Run(ctx, c, engines, pipeline.Options{Deadline: s.lim.Deadline, Reduce: doReduce,
		Limits: reduce.Limits{MaxCalls: s.lim.ReduceCalls, MaxTime: s.lim.ReduceTime, Deadline: s.lim.Deadline}})
	o.ran = time.Now()
	return o
}

// answerDiff writes the answer once the slot is released: 503 when the
// evaluation overran (ok false), 499 when the client left (its answers
// were cut short: nothing is counted or filed), else the report, after
// filing its bugs.
func (s *Server) answerDiff(w http.ResponseWriter, ctx context.Context, o *outcome, ok bool, st stamps) {
	if s.failed(w, ctx, o, ok, &st) {
		return
	}
	s.metrics.ObserveReport(o.rep)
	s.metrics.engineSec.WithLabelValues(o.judge.Name()).Observe(o.judge.first().Seconds())
	if ids := s.file(ctx, o.c, o.bugs); len(ids) > 0 {
		w.Header().Set("X-Oracle-Reports", strings.Join(ids, ","))
	}
	var buf bytes.Buffer
	j := report.NewJSON(o.rep, o.bugs)
	if j.Verdicts == nil { // only the in-house engines, and the large-case judge judged: still an array (api/openapi.yaml)
		j.Verdicts = []report.JSONVerdict{}
	}
	if err := j.WriteJSON(&buf); err != nil {
		writeError(w, &APIError{Status: http.StatusInternalServerError, Error: "rendering failed", Detail: err.Error()})
		return
	}
	end := time.Now()
	s.metrics.overhead.Observe((end.Sub(st.start) - st.ran.Sub(st.loaded) - st.admitted.Sub(st.queued)).Seconds())
	w.Header().Set("Server-Timing", st.serverTiming(end))
	w.Header().Set("Content-Type", "application/json")
	w.Write(buf.Bytes())
}

// failed answers an evaluation of either kind that gave no report (it
// overran, the client left, or it failed) and says whether it did; else
// it stamps when the evaluation loaded and ran.
func (s *Server) failed(w http.ResponseWriter, ctx context.Context, o *outcome, ok bool, st *stamps) bool {
	switch {
	case !ok:
		w.Header().Set("Retry-After", "5")
		writeError(w, unavailable(http.StatusServiceUnavailable, "evaluation overran",
			fmt.Sprintf("the evaluation was still running %s past its deadline; it was abandoned", s.lim.Grace)))
	case ctx.Err() != nil:
		writeError(w, unavailable(StatusClientClosed, "client closed request", ctx.Err().Error()))
	case o.err != nil:
		writeError(w, o.err)
	default:
		st.loaded, st.ran = o.loaded, o.ran
		return false
	}
	return true
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// file stores the case's bugs as reports when the server files them; a
// store failure is not the client's: the report is still answered.
func (s *Server) file(ctx context.Context, c *oracle.Case, bugs []report.Bug) []string {
	if !s.cfg.FileReports || s.cfg.Store == nil {
		return nil
	}
	var ids []string
	for _, b := range bugs {
		rep, _, err := s.cfg.Store.FileReport(ctx, store.Filing{Record: filing.Record(b), Case: c.Name})
		if err == nil {
			ids = append(ids, strconv.FormatInt(rep.ID, 10))
		}
	}
	return ids
}

// parseDiff reads the request by its content type.
func (s *Server) parseDiff(r *http.Request) (*diffRequest, *APIError) {
	mt, apiErr := mediaType(r.Header.Get("Content-Type"))
	if apiErr != nil {
		return nil, apiErr
	}
	body, apiErr := readBody(r, s.lim.MaxBody)
	if apiErr != nil {
		return nil, apiErr
	}
	switch mt {
	case "application/json", "":
		return s.parseJSON(body)
	case "application/sparql-query":
		return paramsRequest(string(body), r.URL.Query())
	case "application/sparql-update":
		req, e := paramsRequest("", r.URL.Query())
		if req != nil {
			req.Update = string(body)
		}
		return req, e
	case "application/x-www-form-urlencoded":
		form, err := url.ParseQuery(string(body))
		if err != nil {
			return nil, badRequest("malformed form", err.Error())
		}
		return paramsRequest(form.Get("query"), form)
	}
	return nil, unsupportedType(mt)
}

func unsupportedType(ct string) *APIError {
	return &APIError{Status: http.StatusUnsupportedMediaType, Error: "unsupported content type",
		Detail: fmt.Sprintf("Content-Type %q: want application/json, application/sparql-query or application/x-www-form-urlencoded", ct)}
}

// parseJSON decodes a JSON body strictly (decodeJSON, inputs.go).
func (s *Server) parseJSON(body []byte) (*diffRequest, *APIError) {
	var req diffRequest
	if e := s.decodeJSON(body, &req, "the request object"); e != nil {
		return nil, e
	}
	return &req, nil
}

// checkJSON runs the checks every JSON body passes before decoding: UTF-8,
// bounded nesting (scanned bytewise, so a hostile body never reaches the
// decoder's recursion), no key named twice in one object.
func (s *Server) checkJSON(body []byte) *APIError {
	if e := checkUTF8("", body); e != nil {
		return e
	}
	if d, off := jsonDepth(body); d > s.lim.MaxDepth {
		e := badRequest("nesting too deep", fmt.Sprintf("JSON nests %d levels; the limit is %d", d, s.lim.MaxDepth))
		e.Line, e.Column = position(body, off)
		return e
	}
	return duplicateKey(body, "")
}

// paramsRequest builds a request from a SPARQL body or form and its
// parameters.
func paramsRequest(query string, p url.Values) (*diffRequest, *APIError) {
	req := &diffRequest{Query: query, Base: p.Get("base"), Name: p.Get("name")}
	if d := p.Get("dataset"); d != "" {
		if e := checkUTF8("dataset", []byte(d)); e != nil {
			return nil, e
		}
		if e := duplicateKey([]byte(d), "dataset"); e != nil {
			return nil, e
		}
		req.Dataset = json.RawMessage(d)
	}
	for _, n := range strings.Split(p.Get("engines"), ",") {
		if n = strings.TrimSpace(n); n != "" {
			req.Engines = append(req.Engines, n)
		}
	}
	return req, nil
}

// checkDiff validates the query before any work: its size, its encoding
// and its syntax (with the position of the first error).
func (s *Server) checkDiff(req *diffRequest) *APIError {
	switch {
	case strings.TrimSpace(req.Query) == "":
		return &APIError{Status: http.StatusBadRequest, Error: "missing query", Detail: "the request has no query", Field: "query"}
	}
	if e := s.checkText(req, "query", "query", req.Query); e != nil {
		return e
	}
	tree, err := syntax.Parse(req.Query, syntax.Options{Base: req.Base, MaxLength: s.lim.MaxQuery})
	if err != nil {
		return queryError(err)
	}
	req.tree = tree
	return nil
}

// checkText checks the text of a request of either kind (field "query" or
// "update"; noun as the detail names it) and the fields beside it: the
// text's size, encoding and NUL bytes, the base IRIs, the name.
func (s *Server) checkText(req *diffRequest, field, noun, text string) *APIError {
	if len(text) > s.lim.MaxQuery {
		return &APIError{Status: http.StatusRequestEntityTooLarge, Error: field + " too long", Field: field,
			Detail: fmt.Sprintf("the %s has %d bytes; the limit is %d", noun, len(text), s.lim.MaxQuery)}
	}
	for _, e := range []*APIError{checkUTF8(field, []byte(text)), checkNUL(field, text),
		checkBase("base", req.Base), checkBase("dataset.base", catalogueBase(req.Dataset)), checkName("name", req.Name)} {
		if e != nil {
			return e
		}
	}
	return nil
}

// pickEngines maps the requested names onto the pool: the judge and its
// twin always run (pipeline.Engines); unknown names are refused.
func (s *Server) pickEngines(requested []string) ([]oracle.Engine, *APIError) {
	var external []string
	for _, e := range s.cfg.Engines {
		if role(e.Name()) == "external" {
			external = append(external, e.Name())
		}
	}
	var out []oracle.Engine
	names, _ := pipeline.Engines(requested, func() ([]string, string) { return external, "" })
	for _, n := range names {
		e, ok := s.engines[n]
		if !ok {
			return nil, &APIError{Status: http.StatusBadRequest, Error: "unknown engine", Field: "engines",
				Detail: fmt.Sprintf("engine %q is not served here (served: %s)", n, strings.Join(s.engineNames(), ", "))}
		}
		out = append(out, e)
	}
	return out, nil
}

func (s *Server) engineNames() []string {
	var ns []string
	for n := range s.engines {
		ns = append(ns, n)
	}
	sort.Strings(ns)
	return ns
}

func role(name string) string {
	switch name {
	case oracle.JudgeName:
		return "judge"
	case oracle.TwinName:
		return "twin"
	}
	return "external"
}

// loadCase parses the dataset catalogue in child processes, bounded by
// the dataset limits and the per-engine deadline.
func (s *Server) loadCase(ctx context.Context, req *diffRequest) (*oracle.Case, *APIError) {
	if catalogueOf(req)[0] != '{' {
		return nil, &APIError{Status: http.StatusBadRequest, Error: "malformed dataset", Field: "dataset",
			Detail: "the dataset must be a JSON catalogue object: {\"base\", \"default\", \"named\", \"sources\"}"}
	}
	c, apiErr := s.catalogueCase(ctx, req, req.Query)
	if apiErr == nil && c.Base == req.Base && c.Spec == syntax.SpecAuto {
		c.Adopt(req.tree) // parsed once, by checkDiff
	}
	return c, apiErr
}

// catalogueOf is the request's dataset catalogue, "{}" (the empty
// dataset) when it gives none.
func catalogueOf(req *diffRequest) []byte {
	cat := bytes.TrimSpace(req.Dataset)
	if len(cat) == 0 || bytes.Equal(cat, []byte("null")) {
		cat = []byte("{}")
	}
	return cat
}

// catalogueCase reads the catalogue of a request of either kind (query ""
// for an update request, whose store it is), bounded by the dataset
// limits and the per-engine deadline; the case is named "api" unless the
// request names it.
func (s *Server) catalogueCase(ctx context.Context, req *diffRequest, query string) (*oracle.Case, *APIError) {
	name := req.Name
	if name == "" {
		name = "api"
	}
	ctx, cancel := context.WithTimeout(ctx, s.lim.Deadline)
	defer cancel()
	c, err := pipeline.CatalogueCase(ctx, name, query, req.Base, catalogueOf(req), rdf.Limits{MaxBytes: s.lim.MaxDataset, MaxQuads: s.lim.MaxQuads})
	if err != nil {
		return nil, datasetError(err)
	}
	return c, nil
}

// boolParam reads an optional boolean query parameter, keeping an earlier
// error.
func boolParam(q url.Values, name string, prev *APIError) (bool, *APIError) {
	if prev != nil || !q.Has(name) {
		return false, prev
	}
	v, err := strconv.ParseBool(q.Get(name))
	if err != nil {
		return false, &APIError{Status: http.StatusBadRequest, Error: "invalid parameter", Field: name,
			Detail: fmt.Sprintf("%s=%q: want true or false", name, q.Get(name))}
	}
	return v, nil
}

// timedJudge keeps the time of the judge's first evaluation (the case
// itself; later ones are reductions): the report carries the other
// engines' times only.
type timedJudge struct {
	oracle.Engine
	mu sync.Mutex
	d  time.Duration
}

func (t *timedJudge) Eval(ctx context.Context, c *oracle.Case) (*results.Answer, error) {
	start := time.Now()
	a, err := t.Engine.Eval(ctx, c)
	t.mu.Lock()
	if t.d == 0 {
		t.d = time.Since(start)
	}
	t.mu.Unlock()
	return a, err
}

// Unwrap lets oracle look through the timer (oracle.Supports12, native
// reproducers): without it the judge lost its SPARQL 1.2 support and every
// 1.2 query posted was unjudged.
func (t *timedJudge) Unwrap() oracle.Engine { return t.Engine }

func (t *timedJudge) first() time.Duration {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.d
}
