package main

import (
	"context"
	"errors"
	"io"
	"runtime"
	"time"

	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/engine"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/registry"
	"github.com/sparql-oracle/oracle/internal/results"
)

// benchTarget is one engine under benchmark: it loads a dataset once and
// then answers queries over it, reporting its own query time.
type benchTarget interface {
	Name() string
	Version() string
	// Load makes ds (also given as N-Quads, named id) the queried dataset.
	Load(ctx context.Context, ds *rdf.Dataset, nquads, id string) error
	Query(ctx context.Context, text string) (*results.Answer, time.Duration, error)
	Close()
}

// benchOpts lifts the engine's default budgets: the benchmark measures
// time, and a million triples are far above the default solution budget.
var benchOpts = engine.Options{MaxSteps: 1 << 50, MaxSolutions: 1 << 40}

// ownTarget is the fast engine in process. Its time runs from the query
// text to serialised SPARQL results JSON, as the sidecars' time_ms does
// (pyoxigraph evaluates lazily while serialising; Oxigraph JS returns the
// serialised string).
type ownTarget struct {
	store *engine.Store
	// Of the last Load: its time (collections before and after it not
	// counted) and the heap it kept (the dataset's strings, which the
	// store shares, not counted).
	loadTime  time.Duration
	heapBytes int64
}

func (*ownTarget) Name() string    { return "engine" }
func (*ownTarget) Version() string { return registry.Engine(engine.Options{}).Version() }
func (*ownTarget) Close()          {}

func (t *ownTarget) Load(_ context.Context, ds *rdf.Dataset, _, _ string) error {
	t.store = nil
	before := heapAfterGC()
	start := time.Now()
	t.store = engine.Load(ds)
	t.loadTime = time.Since(start)
	t.heapBytes = heapAfterGC() - before
	return nil
}

func heapAfterGC() int64 {
	var m runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m)
	return int64(m.HeapAlloc)
}

func (t *ownTarget) Query(ctx context.Context, text string) (*results.Answer, time.Duration, error) {
	start := time.Now()
	q, err := algebra.Parse(text, "")
	if err != nil {
		return nil, 0, err
	}
	a, err := t.eval(ctx, q)
	if err != nil {
		return nil, 0, err
	}
	if a.Kind != results.Graph {
		err = results.WriteJSON(io.Discard, a)
	} else {
		err = writeTriples(a.Triples)
	}
	return a, time.Since(start), err
}

func writeTriples(ts []rdf.Triple) error {
	quads := make([]rdf.Quad, len(ts))
	for i, t := range ts {
		quads[i] = rdf.Quad{S: t.S, P: t.P, O: t.O}
	}
	return rdf.WriteNQuads(io.Discard, quads)
}

// eval evaluates a parsed query and converts the result to an answer.
func (t *ownTarget) eval(ctx context.Context, q *algebra.Query) (*results.Answer, error) {
	if t.store == nil {
		return nil, errors.New("engine: no dataset loaded")
	}
	res, err := t.store.Eval(ctx, q, benchOpts)
	if err != nil {
		return nil, err
	}
	a := &results.Answer{Kind: results.Bindings, Vars: res.Vars, Boolean: res.Boolean, Triples: res.Triples}
	switch res.Form {
	case algebra.Ask:
		a.Kind = results.Boolean
	case algebra.Construct, algebra.Describe:
		a.Kind = results.Graph
	default:
		a.Rows = make([]results.Solution, len(res.Rows))
		for i, r := range res.Rows {
			a.Rows[i] = results.Solution(r)
		}
	}
	return a, nil
}

// unsliced is our answer to q without its top Slice, for comparing a
// sliced query's answers; nil when q has no Slice.
func (t *ownTarget) unsliced(ctx context.Context, text string) (*results.Answer, *algebra.OrderBy, error) {
	q, err := algebra.Parse(text, "")
	if err != nil {
		return nil, nil, err
	}
	s, order := sliceOf(q)
	if s == nil {
		return nil, nil, nil
	}
	whole := *q
	whole.Op = s.Op
	a, err := t.eval(ctx, &whole)
	return a, order, err
}
