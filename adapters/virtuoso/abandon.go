package virtuoso

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/sparql-oracle/oracle/adapters/sparqlhttp"
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
	if ctx.Err() == nil || srv == nil || !srv.Started() || srv.Exited() {
		return ""
	}
	if sparqlhttp.Settle(srv.PID()) || !e.alone() {
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
		e.startWith(ctx, ctx, true)
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
	s.Kill(time.Minute)
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

// lastProc is the server last started (running or not), or nil.
func (e *Engine) lastProc() *sparqlhttp.Proc {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.last == nil {
		return nil
	}
	return &e.last.Proc
}
