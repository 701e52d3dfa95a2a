package virtuoso

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"

	"github.com/sparql-oracle/oracle/adapters/sparqlhttp"
)

// settle stops a server that goes on evaluating a case after the case
// was abandoned (its deadline, a cancel, its client gone), as
// adapters/sparqlhttp does for the servers it runs (abandon.go there):
// the query carries Virtuoso's own per-query timeout (/sparql's "timeout",
// in milliseconds: an "anytime" query stops there), the HTTP request is
// cancelled with the case, and a server whose process tree still burns CPU
// after that is stopped; the next case starts it again. It says what it
// did, for the case's error.
func (e *Engine) settle(ctx context.Context, srv *Server) string {
	if ctx.Err() == nil || srv == nil || srv.cmd == nil || srv.cmd.Process == nil || srv.Exited() {
		return ""
	}
	if sparqlhttp.Settle(srv.cmd.Process.Pid) {
		return ""
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.srv == srv {
		srv.kill()
		e.srv, e.http = nil, nil
	}
	return " (virtuoso still evaluated the abandoned case: stopped, the next case starts it again)"
}

// kill stops the server at once (SIGKILL to its process group): a server
// busy with an abandoned query is not asked to checkpoint first. A
// temporary database goes with it; a configured one is reopened (its
// transaction log replays what was committed).
func (s *Server) kill() {
	if s.cmd != nil && s.cmd.Process != nil && !s.Exited() {
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
	for _, f := range []string{"virtuoso.db", "virtuoso.trx", "virtuoso.log", "virtuoso.pxa", "virtuoso-temp.db", "virtuoso-temp.trx", passwordFile} {
		os.Remove(filepath.Join(srv.Dir, f))
	}
	e.srv, e.http = nil, nil
}

func killGroup(pid int) { syscall.Kill(-pid, syscall.SIGKILL) }
