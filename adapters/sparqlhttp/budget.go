package sparqlhttp

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/sparql-oracle/oracle/adapters/sidecar"
	"github.com/sparql-oracle/oracle/internal/oracle"
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
	// "os error 11" (EAGAIN) is a thread it could not start under its
	// share; it answers 500 with it.
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
// of the budget, and the share's release.
func (m *Managed) reserve(ctx context.Context) (Server, func(), error) {
	s := m.srv
	if s.Limits.Memory <= 0 {
		return s, func() {}, nil
	}
	s.RLimitMemory = s.Limits.Memory
	s.Limits.Memory = sidecar.Memory().Share(s.Name, s.Limits.Memory)
	release, err := sidecar.Memory().Reserve(ctx, s.Name, s.Limits.Memory, m)
	return s, release, err
}

// tryReserve is reserve with the memory free now, or ErrResource at once
// (a background restart, warm.go).
func (m *Managed) tryReserve(context.Context) (Server, func(), error) {
	s := m.srv
	if s.Limits.Memory <= 0 {
		return s, func() {}, nil
	}
	s.RLimitMemory = s.Limits.Memory
	s.Limits.Memory = sidecar.Memory().Share(s.Name, s.Limits.Memory)
	release, ok := sidecar.Memory().TryReserve(s.Name, s.Limits.Memory)
	if !ok {
		return s, nil, fmt.Errorf("%w: %s: no free share of the memory budget for a background restart", oracle.ErrResource, s.Name)
	}
	return s, release, nil
}

// FreeIdle stops the server when no case runs on it (sidecar.Idler).
func (m *Managed) FreeIdle() bool {
	if m.busy.Load() > 0 || !m.mu.TryLock() {
		return false
	}
	defer m.mu.Unlock()
	if m.run == nil || m.busy.Load() > 0 {
		return false
	}
	m.run.stop()
	m.run, m.http = nil, nil
	return true
}

// budgeted runs one case on the running server under its share: the memory
// watch, the classification of an out-of-memory failure and the give-back.
func (m *Managed) budgeted(ctx context.Context, run func(context.Context) (*results.Answer, error)) (*results.Answer, error) {
	m.mu.Lock()
	srv := m.run
	m.mu.Unlock()
	if srv == nil || srv.limit <= 0 || srv.cmd == nil || srv.cmd.Process == nil {
		return run(ctx)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	root := srv.cmd.Process.Pid
	srv.floor.Note(treeRSS(root))
	w := sidecar.WatchMemory(func() []int { return sidecar.Tree(root) }, srv.limit, cancel)
	a, err := run(ctx)
	w.Stop()
	switch {
	case w.Fired():
		m.stopRun(srv)
		return nil, fmt.Errorf("%w: %s: resident memory past its share of %d MiB of the memory budget (server stopped)",
			oracle.ErrResource, m.srv.Name, srv.limit>>20)
	case err != nil && m.outOfMemory(srv, err, w.Peak()):
		err = fmt.Errorf("%w: %s ran out of its share of %d MiB of the memory budget: %v", oracle.ErrResource, m.srv.Name, srv.limit>>20, err)
	}
	if srv.exited() || m.alone() && sidecar.GiveBack(treeRSS(root), srv.floor.Get(), srv.limit) {
		m.stopRun(srv) // a dead server's share goes back now, not at the next start
	}
	return a, err
}

// alone reports whether the calling case is the only one on the server: a
// restart to give memory back, or to stop an abandoned evaluation, must
// not pull the server from under another case still using it.
func (m *Managed) alone() bool { return m.busy.Load() <= 1 }

// outOfMemory reports whether a failed case ran the server out of memory:
// its answer says so in the server's words, or it died during the case
// (whatever the steps after the query then reported) and its log says so
// or it had used over half its share.
func (m *Managed) outOfMemory(srv *running, err error, peak int64) bool {
	words := serverOOM[m.srv.Name]
	if (errors.Is(err, oracle.ErrQueryError) || errors.Is(err, oracle.ErrCrashed)) && sidecar.ResourceText(err.Error(), words) {
		return true
	}
	if errors.Is(err, oracle.ErrCrashed) || errors.Is(err, oracle.ErrUnavailable) {
		select { // a dying server closes its connection a moment before it is reaped
		case <-srv.done:
		case <-time.After(2 * time.Second):
		}
	}
	return srv.exited() && (sidecar.ResourceText(srv.tail(), words) || sidecar.OverHalf(peak, srv.limit))
}

func treeRSS(root int) int64 {
	var sum int64
	for _, pid := range sidecar.Tree(root) {
		sum += sidecar.RSS(pid)
	}
	return sum
}
