package virtuoso

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/sparql-oracle/oracle/adapters/sidecar"
	"github.com/sparql-oracle/oracle/adapters/sparqlhttp"
)

// Server is one private Virtuoso instance: its own folder, virtuoso.ini,
// database and dba password, bound to 127.0.0.1 only.
type Server struct {
	Dir      string // database folder
	SQLPort  int
	HTTPPort int
	Password string // the dba password, set at the database's first start

	sparqlhttp.Proc // the process (its log virtuoso.out, Ours on Close and kill)

	tmp    bool         // Dir is ours to remove on Close
	argv   []string     // virtuoso-t's own command line (inside the sandbox)
	sock   string       // the relay's socket, when the server runs in a sandbox
	client *http.Client // reaches the server (through the relay)
	jailed bool         // in bwrap: its own network namespace (relay.go)
	clean  func()       // removes what the sandbox needed
}

// passwordFile keeps the dba password beside a database that outlives the
// process (Options.Dir), so a restart can log in.
const passwordFile = "oracle-dba-password"

// URL is the server's HTTP root, e.g. http://127.0.0.1:8890.
func (s *Server) URL() string { return fmt.Sprintf("http://127.0.0.1:%d", s.HTTPPort) }

// Start starts virtuoso-t in the foreground on two free loopback ports and
// waits until /sparql answers; a new database also gets its dba password.
func Start(ctx context.Context, o Options) (*Server, error) {
	o.defaults()
	s := &Server{Dir: o.Dir}
	if s.Dir == "" {
		dir, err := sidecar.TempDir("oracle-virtuoso-") // a dead run's is removed at start (adapters/sidecar tmpdirs.go)
		if err != nil {
			return nil, err
		}
		s.Dir, s.tmp = dir, true
	}
	if err := s.configure(o); err != nil {
		s.cleanup()
		return nil, err
	}
	if err := s.start(ctx, o); err != nil {
		s.Close()
		return nil, err
	}
	return s, nil
}

func (s *Server) configure(o Options) error {
	for _, d := range []string{"vsp", "files"} {
		if err := os.MkdirAll(filepath.Join(s.Dir, d), 0o755); err != nil {
			return err
		}
	}
	s.jailed = sidecar.Confined().Mode == sidecar.ModeBwrap && !o.HostLoopback
	s.client = &http.Client{Transport: &http.Transport{Proxy: nil, MaxIdleConnsPerHost: 4}}
	// Free host ports even in a sandbox, where any port would do: the URL
	// then names this server alone (sparqlhttp serialises cases per URL).
	if err := s.freePorts(); err != nil {
		return err
	}
	if s.jailed {
		s.sock = filepath.Join(s.Dir, "http.sock")
		s.client = sparqlhttp.RelayClient(s.sock)
	}
	s.Log = filepath.Join(s.Dir, "virtuoso.out")
	return os.WriteFile(filepath.Join(s.Dir, "virtuoso.ini"), []byte(iniFile(s.Dir, s.SQLPort, s.HTTPPort)), 0o644)
}

func (s *Server) start(ctx context.Context, o Options) error {
	cmd, err := s.command(o)
	if err != nil {
		return err
	}
	if err := s.Launch(cmd, s.clean); err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, o.StartTimeout)
	defer cancel()
	if err := s.WaitReady(ctx, s.client, s.URL()+"/sparql?query=ASK%7B%7D"); err != nil {
		return err
	}
	return s.ensurePassword(ctx, o.ISQL)
}

// ensurePassword replaces the package default dba/dba of a new database by
// a random password, kept in the database folder.
func (s *Server) ensurePassword(ctx context.Context, isql string) error {
	file := filepath.Join(s.Dir, passwordFile)
	if pw, err := os.ReadFile(file); err == nil {
		s.Password = strings.TrimSpace(string(pw))
		return nil
	}
	pw := randomPassword()
	if s.jailed {
		if err := s.setPasswordHTTP(ctx, pw); err != nil {
			return err
		}
		s.Password = pw
		return os.WriteFile(file, []byte(pw+"\n"), 0o600)
	}
	stmt := fmt.Sprintf("exec=USER_SET_PASSWORD('dba', '%s');", pw)
	out, err := exec.CommandContext(ctx, isql, fmt.Sprintf("127.0.0.1:%d", s.SQLPort), "dba", "dba", stmt).CombinedOutput()
	if err != nil || strings.Contains(string(out), "Error") {
		return fmt.Errorf("setting the dba password with %s: %v: %s", isql, err, strings.TrimSpace(string(out)))
	}
	s.Password = pw
	return os.WriteFile(file, []byte(pw+"\n"), 0o600)
}

// Close stops the process by its PID (SIGTERM: Virtuoso checkpoints and
// exits; SIGKILL to the group after 15 s) and removes a temporary folder.
func (s *Server) Close() error {
	if s.Started() && !s.Exited() {
		s.Ours.Store(true)
		s.terminate()
		if !s.Reaped(15 * time.Second) {
			s.Kill(time.Minute)
		}
	}
	return s.cleanup()
}

func (s *Server) cleanup() error {
	if s.tmp {
		return os.RemoveAll(s.Dir)
	}
	return nil
}
