package virtuoso

import (
	"context"

	"github.com/sparql-oracle/oracle/adapters/sidecar"
	"github.com/sparql-oracle/oracle/adapters/sparqlhttp"
	"github.com/sparql-oracle/oracle/internal/results"
)

// The server lives under the oracle's one memory budget
// (adapters/sidecar/budget.go), as every engine process does: it starts
// with its share as RLIMIT_DATA, holds the share while it runs and gives it
// back when it stops; while a case runs its resident memory is watched and
// past the share the server is stopped (oracle.ErrResource); a case that
// left it holding over half its share stops it, so the next case starts it
// again (on the same database folder, about 2 s) and an idle server does
// not keep its peak; another engine's start may stop it while idle.

// OOM are Virtuoso's words for running out of memory, besides the
// runtimes' (sidecar.ResourceText): its allocator's and its query memory
// cap's messages, in an error answer or in its log when it died.
// ("GPF: Dkpool.c:1740 could not allocate memory with mmap" when a CONCAT
// doubles past RLIMIT_DATA).
var OOM = []string{"could not allocate memory", "Out of memory", "MaxQueryMem", "memory allocation", "cannot allocate"}

// joinBudget registers the server with the budget.
func (e *Engine) joinBudget() {
	if e.opts.Limits.Memory > 0 {
		sidecar.Memory().Join(Name, e.opts.Limits.Memory, 1, e)
	}
}

// reserve is the options to start with, their memory limit the server's
// share (sparqlhttp.ReserveShare: with now, only memory free at once),
// and the share's release.
func (e *Engine) reserve(ctx context.Context, now bool) (Options, func(), error) {
	o := e.opts
	var release func()
	var err error
	o.Limits.Memory, release, err = sparqlhttp.ReserveShare(ctx, Name, o.Limits.Memory, e, now)
	return o, release, err
}

// unreserve gives the stopped server's share back.
func (e *Engine) unreserve() {
	if e.held != nil {
		e.held()
		e.held, e.limit = nil, 0
	}
}

// FreeIdle stops the server when no case runs on it (sidecar.Idler).
func (e *Engine) FreeIdle() bool {
	return sparqlhttp.FreeIdleServer(&e.busy, &e.mu, func() bool {
		ran := e.srv != nil
		e.drop()
		return ran
	})
}

// drop stops the server, if any, forgets it and gives its share of the
// budget back (e.mu held); the error is its stop's.
func (e *Engine) drop() error {
	if e.srv == nil {
		return nil
	}
	err := e.srv.Close()
	e.srv, e.http = nil, nil
	e.unreserve()
	return err
}

// budgeted runs one case on the running server under its share
// (sparqlhttp.Share).
func (e *Engine) budgeted(ctx context.Context, run func(context.Context) (*results.Answer, error)) (*results.Answer, error) {
	e.mu.Lock()
	srv, limit, floor := e.srv, e.limit, e.floor
	e.mu.Unlock()
	if srv == nil {
		return run(ctx)
	}
	return sparqlhttp.Share{Name: Name, Proc: &srv.Proc, Limit: limit, Floor: floor, Words: OOM,
		Alone: e.alone, Stop: func() { e.stopServer(srv) }}.Run(ctx, run)
}

// stopServer stops srv if it is still the running server and no other
// case uses it (stopping it would fail that case, not this one).
func (e *Engine) stopServer(srv *Server) {
	if !e.alone() && !srv.Exited() {
		return
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.srv == srv {
		e.drop()
	}
}
