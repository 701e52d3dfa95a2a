package sidecar

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
)

// Config describes one sidecar engine.
type Config struct {
	Name    string   // engine name: "oxigraph", "rdflib", ...
	Command []string // argv of the sidecar
	Dir     string   // working directory
	Env     []string // extra environment (KEY=VALUE)
	// Pool is the most processes run at once (default 1).
	Pool int
	// StartTimeout bounds the first "version" exchange of a new process.
	StartTimeout time.Duration
	// MaxRequests restarts a process after that many cases (0: never), so a
	// leaking engine cannot grow without bound.
	MaxRequests int
	// NoNetwork is kept for the adapters' configs: every sidecar now runs
	// in a network namespace of its own (Jail), with or without it.
	NoNetwork bool
	// Jail lists what the process may read besides the system, Dir and its
	// runtime (sandbox.go); Limits bound its memory and CPU time per case
	// (limits.go); HeapArgs, given Limits.Memory, are the runtime's own heap
	// flags, put right after the program (-Xmx, --max-old-space-size).
	Jail     Jail
	Limits   Limits
	HeapArgs func(memory int64) []string
	// Reproducer is the name the adapter registered its reproducer under
	// (SetReproducer), when Name is another: a config entry's own name
	// ("jena-big", kind jena) still gets its engine's reproducer, and a
	// release (pyoxigraph@0.4.11) names its own. Default: Name.
	Reproducer string
	// SPARQL12: the engine implements SPARQL 1.2 and RDF 1.2; a case that
	// needs them reaches no other (oracle.SPARQL12).
	SPARQL12 bool
	// OOM are the engine's own words for running out of memory
	// (pool_budget.go): a failure saying one is oracle.ErrResource.
	OOM OOMTexts
}

// Engine is an oracle.Engine backed by a pool of sidecar processes.
type Engine struct {
	cfg      Config
	idle     chan *process
	slots    chan struct{} // one token per process that may run
	seq      atomic.Int64
	restarts atomic.Int64
	reused   atomic.Int64 // queries answered on a held store (reuse.go)
	peak     atomic.Int64 // bytes: the largest peak RSS of an ended process (guard.go)

	verMu   sync.Mutex
	version string
	lastMS  atomic.Int64 // engine's own time of the last query, in µs
}

// New returns an engine; no process starts until the first use.
func New(cfg Config) *Engine {
	if cfg.Pool <= 0 {
		cfg.Pool = 1
	}
	if cfg.StartTimeout <= 0 {
		cfg.StartTimeout = 60 * time.Second
	}
	e := &Engine{cfg: cfg, idle: make(chan *process, cfg.Pool), slots: make(chan struct{}, cfg.Pool)}
	for i := 0; i < cfg.Pool; i++ {
		e.slots <- struct{}{}
	}
	e.joinBudget()
	return e
}

func (e *Engine) Name() string { return e.cfg.Name }

// Version asks a sidecar for its engine's version and caches the answer; a
// failure is not cached (a sidecar slow to start under load is asked again
// next time) and reads as "unavailable".
func (e *Engine) Version() string {
	e.verMu.Lock()
	defer e.verMu.Unlock()
	if e.version != "" {
		return e.version
	}
	ctx, cancel := context.WithTimeout(context.Background(), e.cfg.StartTimeout)
	defer cancel()
	resp, err := e.exchange(ctx, &Request{Op: "version"})
	if err != nil || resp.Version == "" {
		return "unavailable"
	}
	e.version = resp.Version
	return e.version
}

// Health reports whether a sidecar answers a ping within the start timeout.
func (e *Engine) Health(ctx context.Context) error {
	_, err := e.exchange(ctx, &Request{Op: "ping"})
	return err
}

// Restarts counts processes discarded after a crash, a deadline or MaxRequests.
func (e *Engine) Restarts() int64 { return e.restarts.Load() }

// LastQueryTime is the engine's own time for the last query it answered.
func (e *Engine) LastQueryTime() time.Duration {
	return time.Duration(e.lastMS.Load()) * time.Microsecond
}

// Close kills every idle process.
func (e *Engine) Close() {
	for {
		select {
		case p := <-e.idle:
			p.kill()
			e.slots <- struct{}{}
		default:
			return
		}
	}
}

// Eval sends the case to a sidecar and normalises its answer.
func (e *Engine) Eval(ctx context.Context, c *oracle.Case) (*results.Answer, error) {
	if err := c.ForEval(); err != nil { // an update case: oracle.ErrRequestKind
		return nil, err
	}
	req, err := request(c)
	if err != nil {
		return nil, err
	}
	resp, err := e.send(ctx, req)
	if err != nil {
		return nil, err
	}
	if resp.Reused {
		e.reused.Add(1)
	}
	a, err := decode(resp)
	err = serviceRule(c, err)
	if a != nil && len(resp.Extra) > 0 {
		a.Evidence = resp.Extra
	}
	return a, err
}

// send is the exchange a query and an update share: req carries what is
// left of ctx's deadline (the sidecar's own timeout), the engine's time
// is kept for LastQueryTime, and a limit's kill is ErrResource.
func (e *Engine) send(ctx context.Context, req *Request) (*Response, error) {
	if dl, ok := ctx.Deadline(); ok {
		req.TimeoutMS = time.Until(dl).Milliseconds()
	}
	resp, err := e.exchange(ctx, req)
	if err != nil {
		return nil, err
	}
	e.lastMS.Store(int64(resp.TimeMS * 1000))
	if err := resourceFailure(resp); err != nil {
		return nil, err
	}
	return resp, nil
}

// request turns a case into a sidecar request.
func request(c *oracle.Case) (*Request, error) {
	req := &Request{Op: "query", Query: c.Query, Base: c.Base}
	var buf bytes.Buffer
	if c.Dataset != nil {
		if err := rdf.WriteNQuads(&buf, c.Dataset.Quads()); err != nil {
			return nil, err
		}
		for _, n := range c.Dataset.Names() {
			req.Named = append(req.Named, n.Value)
		}
	}
	req.Data = buf.String()
	if len(c.Sources) > 0 && c.HasDatasetClause() {
		req.Sources = sourcesNQuads(c.Sources)
	}
	req.DatasetID = datasetKey(req)
	return req, nil
}

func sourcesNQuads(src map[string]*rdf.Graph) string {
	names := make([]string, 0, len(src))
	for n := range src {
		names = append(names, n)
	}
	sort.Strings(names)
	var quads []rdf.Quad
	for _, n := range names {
		for _, t := range src[n].Triples() {
			quads = append(quads, rdf.Quad{S: t.S, P: t.P, O: t.O, G: rdf.IRI(n)})
		}
	}
	var buf bytes.Buffer
	rdf.WriteNQuads(&buf, quads)
	return buf.String()
}

// decode reads a successful or failed response into an answer or a typed error.
func decode(resp *Response) (*results.Answer, error) {
	if !resp.OK {
		return nil, failure(resp.Error)
	}
	switch resp.Format {
	case "json":
		a, err := results.ReadJSON(strings.NewReader(resp.Result))
		if err != nil {
			return nil, fmt.Errorf("engine answered with unreadable results JSON: %w", err)
		}
		return a, nil
	case "ntriples":
		a, err := ReadGraph(strings.NewReader(resp.Result), "answer")
		if err != nil {
			return nil, fmt.Errorf("engine answered with unreadable N-Triples: %w", err)
		}
		return a, nil
	}
	return nil, fmt.Errorf("sidecar answered in unknown format %q", resp.Format)
}

// ReadGraph reads a CONSTRUCT or DESCRIBE answer written as N-Triples
// (name names it in a parse error), as every adapter whose engine writes
// one does. The parse is generalized: a literal subject is a wrong
// answer, not an unreadable one.
func ReadGraph(r io.Reader, name string) (*results.Answer, error) {
	quads, err := rdf.ParseGeneralized(r, name)
	if err != nil {
		return nil, err
	}
	var triples []rdf.Triple // nil for none, as every other answer's
	for _, q := range quads {
		triples = append(triples, q.Triple())
	}
	return &results.Answer{Kind: results.Graph, Triples: triples}, nil
}

func failure(f *Failure) error {
	if f == nil {
		return fmt.Errorf("sidecar reported failure without detail")
	}
	if k, ok := failureKinds[f.Kind]; ok {
		return fmt.Errorf("%w: %s", k, f.Message)
	}
	if k, ok := failurePhases[f.Phase]; ok {
		return fmt.Errorf("%w: %s (%s phase)", k, f.Message, f.Phase)
	}
	if k, ok := legacyKinds[f.Kind]; ok {
		return fmt.Errorf("%w: %s", k, f.Message)
	}
	return fmt.Errorf("sidecar %s error: %s", f.Kind, f.Message)
}

// failureKinds are the kinds a sidecar decides itself (its documented
// rule, its own deadline); failurePhases decide the rest by where the
// engine failed: a refusal before evaluation is a refusal (ErrRejected),
// data it cannot hold a limitation, a failure while running an error.
// legacyKinds read a sidecar that reports no phase.
var (
	failureKinds = map[string]error{
		"unsupported": oracle.ErrUnsupported,
		"timeout":     oracle.ErrTimeout,
	}
	failurePhases = map[string]error{
		PhaseParse:    oracle.ErrRejected,
		PhasePrepare:  oracle.ErrRejected,
		PhaseLoad:     oracle.ErrUnsupported,
		PhaseEvaluate: oracle.ErrQueryError,
	}
	legacyKinds = map[string]error{
		"rejected": oracle.ErrRejected,
		"error":    oracle.ErrQueryError,
	}
)

// serviceRule: every sidecar runs without a network, so a query with a
// SERVICE clause (found in its syntax tree) that fails while evaluating
// failed for want of the network: unsupported, whatever the engine's words.
func serviceRule(c *oracle.Case, err error) error {
	if !errors.Is(err, oracle.ErrQueryError) {
		return err
	}
	if info, perr := c.Info(); perr == nil && info.HasService {
		return fmt.Errorf("%w: SERVICE cannot be evaluated without a network: %v", oracle.ErrUnsupported, err)
	}
	return err
}

// SPARQL12 reports whether the engine implements SPARQL 1.2 (Config.SPARQL12).
func (e *Engine) SPARQL12() bool { return e.cfg.SPARQL12 }
