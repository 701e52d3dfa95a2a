package sparqlhttp

import (
	"bytes"
	"context"
	"log"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/adapters/adaptertest"
	"github.com/sparql-oracle/oracle/internal/oracle"
)

// TestIdleConnectionClosedFirst: the Oxigraph server, its --timeout-s
// (its socket read timeout) at 2 s, answers two queries 3 s apart. With
// the server's idle limit stated (Server.IdleTimeout) the client closes
// its idle connection first and net/http logs nothing; without it (a
// client that keeps idle connections 10 minutes) the server's 500 "os
// error 11" arrives on the idle connection, which net/http logs as an
// unsolicited response: the fault this guards against (transport.go).
func TestIdleConnectionClosedFirst(t *testing.T) {
	bin := oxigraphBin(t)
	if got := idleLog(t, bin, 2*time.Second); strings.Contains(got, "Unsolicited response") {
		t.Errorf("the server's idle limit was reached on a connection the client kept:\n%s", got)
	}
	got := idleLog(t, bin, 20*time.Minute)
	if !strings.Contains(got, "Unsolicited response") || !strings.Contains(got, "os error 11") {
		t.Errorf("a client keeping idle connections past the server's limit saw no unsolicited 500; the test shows nothing:\n%q", got)
	}
}

// idleLog runs two queries 3 s apart on an Oxigraph server whose read
// timeout is 2 s, its idle limit told to the client as idle, and returns
// what net/http logged meanwhile.
func idleLog(t *testing.T, bin string, idle time.Duration) string {
	m := OxigraphServer(bin)
	defer m.Close()
	argv := m.srv.Argv
	m.srv.Argv = func(port int) []string { return withArg(argv(port), "--timeout-s", "2") }
	m.srv.IdleTimeout = idle
	var buf bytes.Buffer
	log.SetOutput(&buf)
	defer log.SetOutput(os.Stderr)
	c := &oracle.Case{Name: "idle", Query: "SELECT * WHERE { ?s ?p ?o }", Dataset: adaptertest.Dataset()}
	for i := range 2 {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		_, err := m.Eval(ctx, c)
		cancel()
		if err != nil {
			t.Fatalf("query %d: %v", i, err)
		}
		if i == 0 {
			time.Sleep(3 * time.Second)
		}
	}
	return buf.String()
}

// withArg is argv with the value after flag replaced.
func withArg(argv []string, flag, value string) []string {
	out := append([]string(nil), argv...)
	for i := range len(out) - 1 {
		if out[i] == flag {
			out[i+1] = value
		}
	}
	return out
}
