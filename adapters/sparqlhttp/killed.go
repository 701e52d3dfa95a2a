package sparqlhttp

import (
	"errors"
	"fmt"
	"os"
	"syscall"
	"time"

	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/results"
)

// Our faults stay ours: a server killed mid-case by a SIGKILL nobody here
// sent (the kernel's OOM killer, an operator) did not crash on the case.
// The case is ErrUnavailable saying so, and runs once more on a fresh
// server (Start restarts a dead one); a second such death stays
// ErrUnavailable. The oracle's own kills (a CPU or memory limit, a settle
// after an abandoned case, Close) go through running.stop, which marks
// the server (ours), so they are never taken for an outside kill.

// retryKilled runs once, and once more when the server it ran on was
// killed from outside.
func (m *Managed) retryKilled(once func() (*results.Answer, error)) (*results.Answer, error) {
	a, err := once()
	if !m.killedOutside(err) {
		return a, err
	}
	a, err = once()
	if m.killedOutside(err) {
		return nil, m.outsideError(err)
	}
	return a, err
}

// killedOutside reports whether err is the connection lost to a server
// that died of a SIGKILL the oracle did not send.
func (m *Managed) killedOutside(err error) bool {
	if !errors.Is(err, oracle.ErrCrashed) && !errors.Is(err, oracle.ErrUnavailable) {
		return false
	}
	m.mu.Lock()
	r := m.last
	m.mu.Unlock()
	if r == nil || r.cmd == nil || r.cmd.Process == nil || r.ours.Load() {
		return false
	}
	select { // the connection breaks a moment before the process is reaped
	case <-r.done:
	case <-time.After(2 * time.Second):
		return false
	}
	return KilledBySIGKILL(r.cmd.ProcessState)
}

func (m *Managed) outsideError(err error) error {
	return fmt.Errorf("%w: %s: the server was killed from outside (SIGKILL the oracle did not send: the kernel's OOM killer or an operator), not by the case: %v", oracle.ErrUnavailable, m.srv.Name, err)
}

// KilledBySIGKILL reports a process that died of SIGKILL, directly or
// through a sandbox that exits 128+9 when its child did (bwrap).
func KilledBySIGKILL(state *os.ProcessState) bool {
	if state == nil {
		return false
	}
	ws, ok := state.Sys().(syscall.WaitStatus)
	switch {
	case !ok:
		return false
	case ws.Signaled():
		return ws.Signal() == syscall.SIGKILL
	case ws.Exited():
		return ws.ExitStatus() == 128+int(syscall.SIGKILL)
	}
	return false
}
