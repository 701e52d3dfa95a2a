package sparqlhttp

import (
	"context"
	"errors"
	"fmt"

	"github.com/sparql-oracle/oracle/adapters/sidecar"
	"github.com/sparql-oracle/oracle/internal/oracle"
)

// Keeping a case's data loaded (Config.KeepLoaded): the metamorphic
// rewrites of one case query the same dataset several times, and loading
// 100k triples into a server costs far more than the query. So a query
// without a dataset clause (its layout, plan, depends on its dataset
// alone) leaves its graphs loaded, held under its dataset's key
// (sidecar.DatasetKey), and the next query naming the same key runs on
// them without loading. Anything else drops them first (release): a query
// of another dataset or with a dataset clause, an update (acquire), a
// query that failed in a way that may have left the store half loaded or
// busy (hold). A restarted server is a new Engine, holding nothing.

// kept is the held case: its key and the plan its graphs were loaded by.
type kept struct {
	key  string
	plan *plan
}

// keepKey is the key of c's dataset when the store may keep it loaded
// after c, "" when it may not.
func (e *Engine) keepKey(c *oracle.Case, h *oracle.QueryInfo) string {
	if !e.cfg.KeepLoaded || h.HasDataset() {
		return ""
	}
	return sidecar.DatasetKey(c.Dataset)
}

// planFor is the held plan when key names it (loaded: no load needed),
// else a fresh plan for c, after the held graphs are dropped. The store's
// lock is held.
func (e *Engine) planFor(ctx context.Context, c *oracle.Case, h *oracle.QueryInfo, key string) (*plan, bool) {
	if key != "" && e.held != nil && e.held.key == key {
		e.cfg.Reused.Add(1)
		return e.held.plan, true
	}
	e.release(ctx)
	return makePlan(c, h, fmt.Sprintf("urn:sparql-oracle:%s:%d", e.run, e.seq.Add(1))), false
}

// hold keeps p loaded under key after a query that answered, or failed
// while evaluating or parsing (the store as loaded); any other outcome
// (a deadline, a refused load, a server gone) clears what p loaded.
func (e *Engine) hold(ctx context.Context, key string, p *plan, err error) {
	ok := err == nil || errors.Is(err, oracle.ErrQueryError) || errors.Is(err, oracle.ErrRejected)
	if key != "" && ok && ctx.Err() == nil {
		e.held = &kept{key: key, plan: p}
		return
	}
	e.held = nil
	e.clear(ctx, p)
}

// release drops the held graphs, if any. The store's lock is held.
func (e *Engine) release(ctx context.Context) {
	if e.held == nil {
		return
	}
	p := e.held.plan
	e.held = nil
	e.clear(ctx, p)
}

// holds reports whether iri is a graph the held case loaded: not a
// leftover for restoreOwn.
func (e *Engine) holds(iri string) bool {
	return e.held != nil && e.held.plan.loaded(iri)
}

// Reused counts the queries that ran on a held case's graphs without
// loading them.
func (e *Engine) Reused() int64 { return e.cfg.Reused.Load() }

// Reused counts the queries its servers answered on kept graphs.
func (m *Managed) Reused() int64 { return m.reused.Load() }

// Release drops the graphs a query left loaded (keep.go), under the
// store's lock: after it the store holds no case's data.
func (e *Engine) Release(ctx context.Context) error {
	select {
	case e.lock <- struct{}{}:
		defer func() { <-e.lock }()
	case <-ctx.Done():
		return fmt.Errorf("%w: waiting for the store %s", oracle.ErrTimeout, e.cfg.Query)
	}
	e.release(ctx)
	return nil
}
