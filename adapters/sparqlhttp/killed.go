package sparqlhttp

import (
	"errors"
	"fmt"
	"time"

	"github.com/sparql-oracle/oracle/adapters/sidecar"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/results"
)

// Our faults stay ours: a server killed mid-case by a SIGKILL nobody here
// sent (the kernel's OOM killer, an operator) did not crash on the case.
// The case is ErrUnavailable saying so, and runs once more on a fresh
// server (Start restarts a dead one); a second such death stays
// ErrUnavailable. The oracle's own kills (a CPU or memory limit, a settle
// after an abandoned case, Close) go through Proc.Kill or a server's own
// stop, which mark the process (Proc.Ours), so they are never taken for an
// outside kill. adapters/virtuoso uses the same rule (RetryKilled).

// RetryKilled runs once, and once more when the server it ran on (last,
// asked after each run: the server last started) was killed from outside.
func RetryKilled(name string, last func() *Proc, once func() (*results.Answer, error)) (*results.Answer, error) {
	a, err := once()
	if !KilledOutside(last(), err) {
		return a, err
	}
	a, err = once()
	if KilledOutside(last(), err) {
		return nil, fmt.Errorf("%w: %s was killed from outside (SIGKILL the oracle did not send: the kernel's OOM killer or an operator), not by the case: %v", oracle.ErrUnavailable, name, err)
	}
	return a, err
}

// KilledOutside reports whether err is the connection lost to p, which
// died of a SIGKILL the oracle did not send.
func KilledOutside(p *Proc, err error) bool {
	if !errors.Is(err, oracle.ErrCrashed) && !errors.Is(err, oracle.ErrUnavailable) {
		return false
	}
	if !p.Started() || p.Ours.Load() {
		return false
	}
	// The connection breaks a moment before the process is reaped.
	return p.Reaped(2*time.Second) && sidecar.KilledBySIGKILL(p.Cmd.ProcessState)
}

// lastProc is the server last started (running or not), or nil.
func (m *Managed) lastProc() *Proc {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.last == nil {
		return nil
	}
	return &m.last.Proc
}
