package sparqlhttp

import (
	"context"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/results"
)

// Engine is an oracle.Engine for one SPARQL 1.1 Protocol endpoint.
type Engine struct {
	cfg    Config
	digest *digest
	lock   chan struct{}
	run    string // unique to this Engine value: graph IRIs never collide
	seq    atomic.Int64
	lastUS atomic.Int64
	own    map[string]int // the engine's own graphs, counted at the first case (owngraphs.go)
	dirty  atomic.Bool    // a clear failed on a Scratch store: DROP ALL before the next load
	held   *kept          // the case whose graphs stay loaded (keep.go), under lock
}

// New returns the engine; nothing is contacted until the first case.
func New(cfg Config) *Engine {
	cfg.defaults()
	if cfg.Reused == nil {
		cfg.Reused = new(atomic.Int64)
	}
	e := &Engine{cfg: cfg, run: randomHex(6), lock: storeLock(cfg.Query)}
	if cfg.Auth == AuthDigest {
		e.digest = &digest{user: cfg.User, password: cfg.Password}
	}
	return e
}

func (e *Engine) Name() string    { return e.cfg.Name }
func (e *Engine) Version() string { return e.cfg.Version }

// LastQueryTime is the wall time of the last query request (loading
// excluded); 0 on a nil Engine, the one of a server not started yet (a
// Managed server's, a Virtuoso server's).
func (e *Engine) LastQueryTime() time.Duration {
	if e == nil {
		return 0
	}
	return time.Duration(e.lastUS.Load()) * time.Microsecond
}

// Eval loads the case, queries, and clears what it loaded, whatever happened.
func (e *Engine) Eval(ctx context.Context, c *oracle.Case) (*results.Answer, error) {
	if err := c.ForEval(); err != nil { // an update case: oracle.ErrRequestKind
		return nil, err
	}
	if e.cfg.RefuseService && hasService(c) {
		return nil, fmt.Errorf("%w: SERVICE is refused: %s could reach the network", oracle.ErrUnsupported, e.cfg.Name)
	}
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, e.cfg.Timeout)
		defer cancel()
	}
	h, err := c.Info()
	if err != nil { // a query our parser refuses is the endpoint's to judge
		h = &oracle.QueryInfo{}
	}
	select {
	case e.lock <- struct{}{}:
		defer func() { <-e.lock }()
	case <-ctx.Done():
		return nil, fmt.Errorf("%w: waiting for the store %s", oracle.ErrTimeout, e.cfg.Query)
	}
	if err := e.refuseOwn(ctx, caseNames(c, h)); err != nil {
		return nil, err
	}
	key := e.keepKey(c, h)
	p, loaded := e.planFor(ctx, c, h, key)
	if err := e.loadable(p); err != nil {
		return nil, err
	}
	a, err := e.run1(ctx, c, h, p, loaded)
	err = e.serviceRule(c, err)
	e.hold(ctx, key, p, err)
	if rerr := e.restoreOwn(); rerr != nil {
		return nil, rerr
	}
	return a, err
}

// run1 loads the plan, unless the store holds it already, and queries.
func (e *Engine) run1(ctx context.Context, c *oracle.Case, h *oracle.QueryInfo, p *plan, loaded bool) (*results.Answer, error) {
	if !loaded {
		if err := e.load(ctx, p); err != nil {
			return nil, err
		}
	}
	start := time.Now()
	a, err := e.query(ctx, c, h, p)
	e.lastUS.Store(time.Since(start).Microseconds())
	return a, err
}

// clear drops every graph the plan loaded, with a context of its own: it
// must run even when the case's deadline has passed. After an abandoned
// case it waits a second at most: the server may still be busy with the
// abandoned request (a load, a query), and is stopped if it stays so
// (abandon.go); a store the oracle owns (Scratch) is then emptied whole
// before the next case (dirty), so no case's graphs pile up.
func (e *Engine) clear(ctx0 context.Context, p *plan) {
	if len(p.graphs) == 0 {
		return
	}
	bound := 30 * time.Second
	if ctx0.Err() != nil && e.cfg.Scratch {
		bound = time.Second
	}
	ctx, cancel := context.WithTimeout(context.Background(), bound)
	defer cancel()
	// An error is dropped: every case replaces or drops the graphs it names
	// before querying (load), so leftovers cannot change a later answer.
	if e.unload(ctx, p) != nil && e.cfg.Scratch {
		e.dirty.Store(true)
	}
}
