package sparqlhttp

import (
	"context"
	"fmt"
	"net/url"
	"strconv"
	"time"

	"github.com/sparql-oracle/oracle/adapters/sidecar"
)

// Abandoned work must stop. A case ends at its answer, its deadline, a
// client gone or a cancel; the server must stop evaluating it then, or a
// runaway query keeps a core busy long after its case answered "timeout"
// (an Oxigraph server went on for minutes past a 10 s deadline: its
// --timeout-s does not stop an aggregate over a cross product). Three
// measures, in this order:
//
//  1. the server's own per-query timeout, set to what is left of the
//     case's deadline (Config.TimeoutParam: Fuseki's "timeout" parameter,
//     Virtuoso's "timeout" in milliseconds); the Oxigraph server has none
//     per query, only --timeout-s for the whole server;
//  2. the HTTP request is cancelled with the case's context (send), and
//     the relay closes its connection to the server at once (relay.go);
//  3. after a case that ended abandoned, the server's CPU time (its whole
//     process tree, from /proc/<pid>/stat) is watched for up to settleFor:
//     a server still burning CPU then is killed (Settle), and the next case
//     starts a fresh one; a server with no per-query timeout is killed
//     without the watch.

// settleFor bounds the watch after an abandoned case; quietShare is the
// share of one core below which a server counts as idle over a window.
const (
	settleFor    = time.Second
	settleWindow = 100 * time.Millisecond
	quietShare   = 0.1
	quietWindows = 3
)

// Settle waits until the process tree under root goes quiet (less than a
// tenth of a core over a 100 ms window, three times in a row), for at most
// settleFor, and reports whether it did. A tree that did not is still
// evaluating an abandoned case: the caller kills it.
func Settle(root int) bool {
	pids := sidecar.Tree(root)
	last := sidecar.CPUOf(pids)
	quiet := 0
	for end := time.Now().Add(settleFor); time.Now().Before(end); {
		time.Sleep(settleWindow)
		now := sidecar.CPUOf(pids)
		if float64(now-last) < quietShare*float64(settleWindow) {
			quiet++
		} else {
			quiet = 0
		}
		if quiet == quietWindows {
			return true
		}
		last = now
	}
	return false
}

// abandoned reports whether a case ended without its answer because its
// context ended (deadline, cancel, client gone).
func abandoned(ctx context.Context) bool { return ctx.Err() != nil }

// settle is Managed's step 3 after a case on srv: an abandoned case whose
// server does not go quiet stops the server. It says what it did, for the
// case's error.
func (m *Managed) settle(ctx context.Context, srv *running) string {
	if !abandoned(ctx) || srv == nil || !srv.Started() || srv.Exited() {
		return ""
	}
	m.mu.Lock()
	cancels := m.http != nil && m.http.cfg.TimeoutParam != nil
	m.mu.Unlock()
	// A server without a per-query timeout of its own (the Oxigraph
	// server) cannot be told to stop: it is stopped outright, as a sidecar
	// is. Watching its CPU is not enough there: a server descheduled on a
	// loaded machine, or still reading the request, looks idle for a while.
	if cancels && Settle(srv.PID()) || !m.alone() {
		return "" // quiet, or other cases still use it (their own timeouts stop it)
	}
	m.stopRun(srv)
	m.rewarm() // the next case finds a fresh one started (warm.go)
	return fmt.Sprintf(" (the %s server still evaluated the abandoned case: stopped, and started afresh in the background)", m.srv.Name)
}

// timeoutParams is the server's own per-query timeout (step 1) for what
// is left of ctx's deadline, as Config.TimeoutParam names it.
func (e *Engine) timeoutParams(ctx context.Context, params url.Values) {
	dl, ok := ctx.Deadline()
	if !ok || e.cfg.TimeoutParam == nil {
		return
	}
	left := max(time.Until(dl), 10*time.Millisecond)
	name, value := e.cfg.TimeoutParam(left)
	if name != "" {
		params.Set(name, value)
	}
}

// SecondsParam is a timeout parameter in (fractional) seconds: Fuseki's
// "timeout" (its SPARQL query service reads it as seconds).
func SecondsParam(name string) func(time.Duration) (string, string) {
	return func(d time.Duration) (string, string) {
		return name, strconv.FormatFloat(d.Seconds(), 'f', 3, 64)
	}
}

// MillisParam is a timeout parameter in whole milliseconds (Virtuoso's
// /sparql "timeout").
func MillisParam(name string) func(time.Duration) (string, string) {
	return func(d time.Duration) (string, string) {
		return name, strconv.FormatInt(max(d.Milliseconds(), 1), 10)
	}
}
