package sparqlhttp

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/sparql-oracle/oracle/adapters/sidecar"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/results"
)

// A managed server runs under the sidecar package's Limits, as every
// other engine process does (issue 13), set from the config's memory_mb
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
	if limit <= 0 || srv == nil || srv.cmd == nil || srv.cmd.Process == nil {
		return run(ctx)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var over atomic.Bool
	done := make(chan struct{})
	go func() {
		defer close(done)
		watchCPU(ctx, srv.cmd.Process.Pid, limit, func() { over.Store(true); cancel() })
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
	if !m.alone() && !run.exited() {
		return // another case still uses the server: stopping it would fail that case, not this one
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.run == run {
		run.stop()
		m.run, m.http = nil, nil
	}
}

// watchCPU calls over once the CPU time of root's process tree grew by
// more than limit since the call, polling until ctx ends. The tree is
// found by a scan of /proc at the start and once a second after; between
// scans only its processes' stat files are read.
func watchCPU(ctx context.Context, root int, limit time.Duration, over func()) {
	pids := descendants(root)
	base := cpuOf(pids)
	t := time.NewTicker(cpuPoll)
	defer t.Stop()
	for n := 1; ; n++ {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if n%10 == 0 {
				pids = descendants(root)
			}
			if cpuOf(pids)-base > limit {
				over()
				return
			}
		}
	}
}

// descendants lists root and every process below it (prlimit execs
// bwrap, whose sandbox runs a shell, the relay and the server).
func descendants(root int) []int {
	entries, _ := os.ReadDir("/proc")
	parent := map[int]int{}
	for _, e := range entries {
		if pid, err := strconv.Atoi(e.Name()); err == nil {
			if ppid, _, ok := procCPU(pid); ok {
				parent[pid] = ppid
			}
		}
	}
	var out []int
	for pid := range parent {
		for p := pid; p > 1; p = parent[p] {
			if p == root {
				out = append(out, pid)
				break
			}
		}
	}
	return out
}

// cpuOf is the user plus system CPU time of the processes that still run.
func cpuOf(pids []int) time.Duration {
	var sum uint64
	for _, pid := range pids {
		if _, t, ok := procCPU(pid); ok {
			sum += t
		}
	}
	return time.Duration(sum) * time.Second / 100 // USER_HZ is 100 on Linux
}

// procCPU reads a process's parent and its utime+stime in clock ticks
// from /proc/<pid>/stat (fields 4, 14 and 15 of proc(5); the command name
// in parentheses may hold spaces, so fields count from its closing one).
func procCPU(pid int) (ppid int, ticks uint64, ok bool) {
	data, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "stat"))
	if err != nil {
		return 0, 0, false
	}
	i := strings.LastIndexByte(string(data), ')')
	if i < 0 {
		return 0, 0, false
	}
	f := strings.Fields(string(data[i+1:]))
	if len(f) < 13 {
		return 0, 0, false
	}
	ppid, _ = strconv.Atoi(f[1])
	ut, _ := strconv.ParseUint(f[11], 10, 64)
	st, _ := strconv.ParseUint(f[12], 10, 64)
	return ppid, ut + st, true
}
