package virtuoso

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"time"

	"github.com/sparql-oracle/oracle/adapters/sparqlhttp"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/results"
)

// settle stops a server that goes on evaluating a case after the case
// was abandoned (its deadline, a cancel, its client gone), as
// adapters/sparqlhttp does for the servers it runs (abandon.go there):
// the query carries Virtuoso's own per-query timeout (/sparql's "timeout",
// in milliseconds: an "anytime" query stops there), the HTTP request is
// cancelled with the case, and a server whose process tree still burns CPU
// after that is stopped; the next case starts it again. It says what it
// did, for the case's error. A server another case still uses is left to
// that case's own timeout. The stopped server starts again in the
// background (sparqlhttp's warm.go), so the next case finds it warm.
func (e *Engine) settle(ctx context.Context, srv *Server) string {
	if ctx.Err() == nil || srv == nil || srv.cmd == nil || srv.cmd.Process == nil || srv.Exited() {
		return ""
	}
	if sparqlhttp.Settle(srv.cmd.Process.Pid) || !e.alone() {
		return ""
	}
	e.stopAbandoned(srv)
	return " (virtuoso still evaluated the abandoned case: stopped, and started again in the background)"
}

// stopAbandoned kills srv, still evaluating an abandoned case, and starts
// it again in the background.
func (e *Engine) stopAbandoned(srv *Server) {
	e.mu.Lock()
	if e.srv == srv {
		srv.kill()
		e.srv, e.http = nil, nil
		e.unreserve()
	}
	e.mu.Unlock()
	e.rewarm()
}

// alone reports whether the calling case is the only one on the server.
func (e *Engine) alone() bool { return e.busy.Load() <= 1 }

// rewarm schedules the server's background restart after a stop.
func (e *Engine) rewarm() {
	e.warm.After(sparqlhttp.RewarmAfter, e.opts.StartTimeout, func(ctx context.Context) {
		e.startWith(ctx, ctx, e.tryReserve)
	})
}

// Rewarmed waits up to d for the background restart scheduled last to end
// and reports whether a server runs then.
func (e *Engine) Rewarmed(d time.Duration) bool {
	return e.warm.Wait(d) && e.Server() != nil
}

// kill stops the server at once (SIGKILL to its process group): a server
// busy with an abandoned query is not asked to checkpoint first. A
// temporary database goes with it; a configured one is reopened (its
// transaction log replays what was committed).
func (s *Server) kill() {
	if s.cmd != nil && s.cmd.Process != nil && !s.Exited() {
		s.ours.Store(true)
		killGroup(s.cmd.Process.Pid)
		<-s.done
	}
	s.cleanup()
}

// afterCase is what follows every case on srv: a server still busy with
// an abandoned case is stopped (settle); one whose own graphs the case
// changed (sparqlhttp.ErrOwnGraphsChanged, which the adapter's refusal of
// cases naming them should make impossible) is stopped and its database
// removed, so the next case starts on a fresh one. It returns the case's
// error with what was done.
func (e *Engine) afterCase(ctx context.Context, srv *Server, err error) error {
	note := e.settle(ctx, srv)
	if errors.Is(err, sparqlhttp.ErrOwnGraphsChanged) {
		e.reset(srv)
		note += " (virtuoso restarts on a fresh database)"
	}
	if note == "" || err == nil {
		return err
	}
	return fmt.Errorf("%w%s", err, note)
}

// reset kills srv and removes its database, a configured folder's too.
func (e *Engine) reset(srv *Server) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if srv == nil || e.srv != srv {
		return
	}
	srv.kill()
	e.unreserve()
	for _, f := range []string{"virtuoso.db", "virtuoso.trx", "virtuoso.log", "virtuoso.pxa", "virtuoso-temp.db", "virtuoso-temp.trx", passwordFile} {
		os.Remove(filepath.Join(srv.Dir, f))
	}
	e.srv, e.http = nil, nil
}

func killGroup(pid int) { syscall.Kill(-pid, syscall.SIGKILL) }

// retryKilled runs once, and once more when the server it ran on was
// killed from outside (a SIGKILL the oracle did not send: the kernel's OOM
// killer, an operator): that death is not the case's, and never
// ErrCrashed; a second one is ErrUnavailable saying so. Start restarts the
// dead server (a temporary database is made anew).
func (e *Engine) retryKilled(once func() (*results.Answer, error)) (*results.Answer, error) {
	a, err := once()
	if !e.killedOutside(err) {
		return a, err
	}
	a, err = once()
	if e.killedOutside(err) {
		return nil, fmt.Errorf("%w: virtuoso was killed from outside (SIGKILL the oracle did not send: the kernel's OOM killer or an operator), not by the case: %v", oracle.ErrUnavailable, err)
	}
	return a, err
}

func (e *Engine) killedOutside(err error) bool {
	if !errors.Is(err, oracle.ErrCrashed) && !errors.Is(err, oracle.ErrUnavailable) {
		return false
	}
	e.mu.Lock()
	s := e.last
	e.mu.Unlock()
	if s == nil || s.cmd == nil || s.cmd.Process == nil || s.ours.Load() {
		return false
	}
	select { // the connection breaks a moment before the process is reaped
	case <-s.done:
	case <-time.After(2 * time.Second):
		return false
	}
	return sparqlhttp.KilledBySIGKILL(s.cmd.ProcessState)
}
