package virtuoso

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/sparql-oracle/oracle/adapters/sidecar"
	"github.com/sparql-oracle/oracle/internal/oracle"
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
// share, and the share's release.
func (e *Engine) reserve(ctx context.Context) (Options, func(), error) {
	o := e.opts
	if o.Limits.Memory <= 0 {
		return o, func() {}, nil
	}
	o.Limits.Memory = sidecar.Memory().Share(Name, o.Limits.Memory)
	release, err := sidecar.Memory().Reserve(ctx, Name, o.Limits.Memory, e)
	return o, release, err
}

// tryReserve is reserve with the memory free now, or ErrResource at once
// (the background restart, sparqlhttp's warm.go).
func (e *Engine) tryReserve(context.Context) (Options, func(), error) {
	o := e.opts
	if o.Limits.Memory <= 0 {
		return o, func() {}, nil
	}
	o.Limits.Memory = sidecar.Memory().Share(Name, o.Limits.Memory)
	release, ok := sidecar.Memory().TryReserve(Name, o.Limits.Memory)
	if !ok {
		return o, nil, fmt.Errorf("%w: %s: no free share of the memory budget for a background restart", oracle.ErrResource, Name)
	}
	return o, release, nil
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
	if e.busy.Load() > 0 || !e.mu.TryLock() {
		return false
	}
	defer e.mu.Unlock()
	if e.srv == nil || e.busy.Load() > 0 {
		return false
	}
	e.srv.Close()
	e.srv, e.http = nil, nil
	e.unreserve()
	return true
}

// budgeted runs one case on srv under its share: the memory watch, the
// classification of running out of memory, and the give-back.
func (e *Engine) budgeted(ctx context.Context, run func(context.Context) (*results.Answer, error)) (*results.Answer, error) {
	e.mu.Lock()
	srv, limit, floor := e.srv, e.limit, e.floor
	e.mu.Unlock()
	if srv == nil || limit <= 0 || floor == nil || srv.cmd == nil || srv.cmd.Process == nil {
		return run(ctx)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	root := srv.cmd.Process.Pid
	floor.Note(treeRSS(root))
	w := sidecar.WatchMemory(func() []int { return sidecar.Tree(root) }, limit, cancel)
	a, err := run(ctx)
	w.Stop()
	switch {
	case w.Fired():
		e.stopServer(srv)
		return nil, fmt.Errorf("%w: %s: resident memory past its share of %d MiB of the memory budget (server stopped)", oracle.ErrResource, Name, limit>>20)
	case err != nil && outOfMemory(srv, err, w.Peak(), limit):
		err = fmt.Errorf("%w: %s ran out of its share of %d MiB of the memory budget: %v", oracle.ErrResource, Name, limit>>20, err)
	}
	if srv.Exited() || sidecar.GiveBack(treeRSS(root), floor.Get(), limit) {
		e.stopServer(srv) // a dead server's share goes back now, not at the next start
	}
	return a, err
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
		srv.Close()
		e.srv, e.http = nil, nil
		e.unreserve()
	}
}

// outOfMemory reports whether a failed case ran the server out of memory:
// its answer says so, or it died during the case (whatever the steps after
// the query then reported: a crash, an unreachable endpoint) and its log
// says so or it had used over half its share.
func outOfMemory(srv *Server, err error, peak, limit int64) bool {
	if (errors.Is(err, oracle.ErrQueryError) || errors.Is(err, oracle.ErrCrashed)) && sidecar.ResourceText(err.Error(), OOM) {
		return true
	}
	if errors.Is(err, oracle.ErrCrashed) || errors.Is(err, oracle.ErrUnavailable) {
		select { // a dying server closes its connection a moment before it is reaped
		case <-srv.done:
		case <-time.After(2 * time.Second):
		}
	}
	return srv.Exited() && (sidecar.ResourceText(srv.tail(), OOM) || sidecar.OverHalf(peak, limit))
}

func treeRSS(root int) int64 {
	var sum int64
	for _, pid := range sidecar.Tree(root) {
		sum += sidecar.RSS(pid)
	}
	return sum
}
