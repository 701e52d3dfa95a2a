package sparqlhttp

import (
	"context"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/sparql-oracle/oracle/adapters/sidecar"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/results"
)

// A managed server runs under the sidecar package's Limits, as every
// other engine process does (adapters/sidecar), set from the config's memory_mb
// and cpu_limit (SetLimits):
//
//   - Memory is RLIMIT_DATA on the server's process tree (prlimit, set
//     before bwrap), and for a JVM its heap flag below it (HeapArgs:
//     -Xmx of half), so Fuseki fails with its own OutOfMemoryError first.
//   - CPU is the CPU time one case may use. RLIMIT_CPU cannot say that of
//     a server that lives across cases, so, as the sidecar pool does, the
//     server's CPU time is read while a case runs and the server is killed
//     past the limit: the case is oracle.ErrResource and the next case
//     starts a fresh server.

// Limits are the limits the server starts under.
func (m *Managed) Limits() sidecar.Limits {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.srv.Limits
}

// SetLimits replaces the limits; a running server keeps its memory limit
// until it is restarted, the CPU limit holds from the next case.
func (m *Managed) SetLimits(l sidecar.Limits) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.srv.Limits = l
	m.joinBudget(l)
}

// cpuPoll is how often a case's CPU time is read.
const cpuPoll = 100 * time.Millisecond

// limited runs one case (a query or an update, through run), watching the
// server's CPU time when a CPU limit is set, and stops a server that goes
// on evaluating a case after it was abandoned (abandon.go).
func (m *Managed) limited(ctx context.Context, run func(context.Context) (*results.Answer, error)) (*results.Answer, error) {
	m.mu.Lock()
	srv, limit := m.run, m.srv.Limits.CPU
	m.mu.Unlock()
	a, err := m.watched(ctx, srv, limit, run)
	if note := m.settle(ctx, srv); note != "" && err != nil {
		err = fmt.Errorf("%w%s", err, note)
	}
	return a, err
}

// watched runs the case, killing the server past its CPU limit.
func (m *Managed) watched(ctx context.Context, srv *running, limit time.Duration, run func(context.Context) (*results.Answer, error)) (*results.Answer, error) {
	if limit <= 0 || srv == nil || !srv.Started() {
		return run(ctx)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var over atomic.Bool
	done := make(chan struct{})
	go func() {
		defer close(done)
		watchCPU(ctx, srv.PID(), limit, func() { over.Store(true); cancel() })
	}()
	a, err := run(ctx)
	cancel()
	<-done
	if over.Load() {
		m.stopRun(srv)
		m.rewarm() // a runaway case's server, as after an abandoned one (warm.go)
		return nil, fmt.Errorf("%w: %s: CPU time past its limit of %s per case (server stopped)", oracle.ErrResource, m.srv.Name, limit)
	}
	return a, err
}

// stopRun stops run if it is still the running server.
func (m *Managed) stopRun(run *running) {
	if !m.alone() && !run.Exited() {
		return // another case still uses the server: stopping it would fail that case, not this one
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.run == run {
		m.drop() // budget.go
	}
}

// watchCPU calls over once the CPU time of root's process tree grew by
// more than limit since the call, polling until ctx ends. The tree is
// found by a scan of /proc at the start and once a second after; between
// scans only its processes' stat files are read.
func watchCPU(ctx context.Context, root int, limit time.Duration, over func()) {
	pids := sidecar.Tree(root)
	base := sidecar.CPUOf(pids)
	rescan := func() []int { return sidecar.Tree(root) }
	if sidecar.PollTree(ctx, cpuPoll, pids, rescan, func(list []int) bool { return sidecar.CPUOf(list)-base > limit }) {
		over()
	}
}
