package virtuoso

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/sparql-oracle/oracle/adapters/sidecar"
	"github.com/sparql-oracle/oracle/adapters/sparqlhttp"
)

// DefaultLimits bound the server process: 4 GiB of memory (RLIMIT_DATA;
// its own MaxQueryMem is 500M, its buffers 80 MB). CPU time per case is
// bounded by the ini's MaxQueryExecutionTime and the case's deadline: the
// server serves every case, so a per-process CPU limit would end it.
var DefaultLimits = sidecar.Limits{Memory: 4 << 30}

// Virtuoso reaches the network from SPARQL: bif:http_get and bif:http_client
// fetch any URL for the anonymous /sparql user, and no grant or
// ini setting turns them off. So the server runs in a network namespace of
// its own, and the adapter talks to it through sparqlhttp's relay (a copy
// of this program in the same sandbox, forwarding a Unix socket in the
// database folder to Virtuoso's HTTP port).
//
// command is the server's command: in bwrap (sidecar.Jail), its database
// folder writable, this program readable (it is also the relay), its own
// network namespace, started by a shell that runs the relay beside
// virtuoso-t; without bwrap, virtuoso-t on the host's loopback as before
// (and refused under CI=true, as every unconfined engine).
func (s *Server) command(o Options) (*exec.Cmd, error) {
	bin, err := exec.LookPath(o.Binary)
	if err != nil {
		return nil, err
	}
	bin, _ = filepath.Abs(bin)
	s.argv = []string{bin, "+foreground", "+configfile", filepath.Join(s.Dir, "virtuoso.ini")}
	jail := sidecar.Jail{ReadWrite: []string{s.Dir}, Network: !s.jailed}
	argv, env := s.argv, []string(nil)
	if s.jailed {
		exe, err := os.Executable()
		if err != nil {
			return nil, err
		}
		// The program itself, not its folder: a binary in /tmp (every test
		// binary) would otherwise show the host's /tmp to the server.
		jail.ReadOnly = []string{exe}
		argv = append([]string{"/bin/sh", "-c", `"$0" & exec "$@"`, exe}, s.argv...)
		env = []string{sparqlhttp.RelayEnv(s.sock, s.HTTPPort)}
	}
	l, err := jail.Prepare(argv, env)
	if err != nil {
		return nil, err
	}
	s.clean = l.Cleanup
	full := o.Limits.Argv(l.Argv, false)
	cmd := exec.Command(full[0], full[1:]...)
	cmd.Dir, cmd.Env = s.Dir, l.Env
	return cmd, nil
}

// freePorts picks two free loopback ports (the unconfined server shares
// the host's network).
func (s *Server) freePorts() error {
	var err error
	if s.SQLPort, err = sparqlhttp.FreePort(); err != nil {
		return err
	}
	s.HTTPPort, err = sparqlhttp.FreePort()
	return err
}

// setPasswordHTTP replaces dba/dba through /sparql-auth (digest auth as
// dba): in its sandbox the server's SQL port is unreachable to isql-vt.
func (s *Server) setPasswordHTTP(ctx context.Context, pw string) error {
	h := sparqlhttp.New(sparqlhttp.Config{Name: Name + "-setup", Query: s.URL() + "/sparql",
		Auth: sparqlhttp.AuthDigest, User: "dba", Password: "dba", Client: s.client})
	q := fmt.Sprintf("SELECT (bif:user_set_password('dba', '%s') AS ?x) {}", pw)
	status, body, err := h.Admin(ctx, s.URL()+"/sparql-auth", url.Values{"query": {q}})
	if err != nil || status != http.StatusOK {
		return fmt.Errorf("setting the dba password through /sparql-auth: %v: %d %.300s", err, status, strings.TrimSpace(string(body)))
	}
	return nil
}

// terminate asks virtuoso-t itself to stop (it checkpoints on SIGTERM);
// inside the sandbox it is not our child, so it is found by its command line.
func (s *Server) terminate() {
	pid := s.PID()
	if s.jailed {
		if inner := sidecar.Descendant(pid, s.argv); inner != 0 {
			pid = inner
		}
	}
	syscall.Kill(pid, syscall.SIGTERM)
}

// Client is the HTTP client that reaches the server (through the relay
// when it runs in its own network namespace).
func (s *Server) Client() *http.Client { return s.client }

// PeakRSS is the peak resident memory of the running virtuoso-t (VmHWM),
// in bytes; 0 when it does not run.
func (e *Engine) PeakRSS() int64 {
	s := e.Server()
	if s == nil || !s.Started() || s.Exited() {
		return 0
	}
	pid := s.PID()
	if inner := sidecar.Descendant(pid, s.argv); inner != 0 {
		pid = inner
	}
	return sidecar.PeakRSS(pid)
}
