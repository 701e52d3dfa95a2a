package sparqlhttp

import (
	"context"
	"sync"
	"sync/atomic"

	"github.com/sparql-oracle/oracle/adapters/sidecar"
	"github.com/sparql-oracle/oracle/internal/results"
)

// A managed server lives under the oracle's one memory budget
// (adapters/sidecar/budget.go) as every engine process does: it starts
// with its share as its memory limit (and Fuseki's heap flag below it),
// holds the share while it runs and gives it back when it stops; while a
// case runs its process tree's resident memory is watched, and past the
// share the server is stopped (the case is oracle.ErrResource); after a
// case that left it holding over half its share it is stopped, so the next
// case starts a fresh one and an idle server does not keep its peak; an
// idle server is stopped when another engine's start needs its share
// (FreeIdle).

// serverOOM are each server's own words for running out of memory
// (besides the runtimes' words, sidecar.ResourceText): Fuseki answers 500
// with the OutOfMemoryError's message, the Oxigraph server (Rust) prints
// "memory allocation of N bytes failed" to its log and aborts.
var serverOOM = map[string][]string{
	FusekiName: {"Java heap space", "OutOfMemoryError", "GC overhead limit exceeded", "Requested array size exceeds VM limit"},
	// "os error 11" (EAGAIN) was read as a thread it could not start
	// under its share; its HTTP layer writes that 500 when a socket read
	// times out (its --timeout-s), which our clients no longer let happen
	// on an idle connection (transport.go). Either way not an answer.
	OxigraphServerName: {"memory allocation of", "capacity overflow", "Resource temporarily unavailable (os error 11)"},
}

// joinBudget registers the server with the memory budget (again after
// SetLimits: the budget keeps the larger weight).
func (m *Managed) joinBudget(l sidecar.Limits) {
	if l.Memory > 0 {
		sidecar.Memory().Join(m.srv.Name, l.Memory, 1, m)
	}
}

// reserve is the server description to start, its memory limit its share
// of the budget (ReserveShare: with now, only memory free at once), and
// the share's release.
func (m *Managed) reserve(ctx context.Context, now bool) (Server, func(), error) {
	s := m.srv
	if s.Limits.Memory > 0 {
		s.RLimitMemory = s.Limits.Memory
	}
	var release func()
	var err error
	s.Limits.Memory, release, err = ReserveShare(ctx, s.Name, s.Limits.Memory, m, now)
	return s, release, err
}

// FreeIdle stops the server when no case runs on it (sidecar.Idler).
func (m *Managed) FreeIdle() bool {
	return FreeIdleServer(&m.busy, &m.mu, m.drop)
}

// FreeIdleServer is FreeIdle of a server started on demand (Managed,
// adapters/virtuoso's): unless a case runs on it or starts it (busy) or
// its lock mu is taken, drop, called with mu held, stops it and reports
// whether one ran.
func FreeIdleServer(busy *atomic.Int32, mu *sync.Mutex, drop func() bool) bool {
	if busy.Load() > 0 || !mu.TryLock() {
		return false
	}
	defer mu.Unlock()
	return busy.Load() == 0 && drop()
}

// drop stops the running server, if any, and forgets it (m.mu held); it
// reports whether one ran.
func (m *Managed) drop() bool {
	if m.run == nil {
		return false
	}
	m.run.stop()
	m.run, m.http = nil, nil
	return true
}

// budgeted runs one case on the running server under its share (Share).
func (m *Managed) budgeted(ctx context.Context, run func(context.Context) (*results.Answer, error)) (*results.Answer, error) {
	m.mu.Lock()
	srv := m.run
	m.mu.Unlock()
	if srv == nil {
		return run(ctx)
	}
	return Share{Name: m.srv.Name, Proc: &srv.Proc, Limit: srv.limit, Floor: &srv.floor, Words: serverOOM[m.srv.Name],
		Alone: m.alone, Stop: func() { m.stopRun(srv) }}.Run(ctx, run)
}

// alone reports whether the calling case is the only one on the server: a
// restart to give memory back, or to stop an abandoned evaluation, must
// not pull the server from under another case still using it.
func (m *Managed) alone() bool { return m.busy.Load() <= 1 }
