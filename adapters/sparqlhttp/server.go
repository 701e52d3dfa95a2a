package sparqlhttp

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sparql-oracle/oracle/adapters/sidecar"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/results"
)

// Server describes a SPARQL 1.1 Protocol endpoint this package runs
// itself (endpoints.go: the Oxigraph server, Fuseki): a live server on a
// loopback port chosen when it starts, fed and queried through Engine.
type Server struct {
	Name    string
	Version string
	// SPARQL12: the server implements SPARQL 1.2 and RDF 1.2 (oracle.SPARQL12).
	SPARQL12 bool
	// Program is the file that must exist for the server to run (its
	// binary or jar): without it the engine is unavailable.
	Program string
	// Argv is the command line of a server listening on 127.0.0.1:port.
	Argv func(port int) []string
	// Ready is the path polled until it answers 200 (an ASK {} query).
	Ready string
	// Protocol is the Engine configuration under root (http://127.0.0.1:port).
	Protocol func(root string) Config
	// ReadOnly is what the sandbox must show besides the system and the
	// program's own installation (a jar's folder, the JDK).
	ReadOnly []string
	// Limits bound the server (limits.go); HeapArgs, given Limits.Memory,
	// are the runtime's own heap flags, put right after the program (-Xmx).
	Limits   sidecar.Limits
	HeapArgs func(memory int64) []string
	// RLimitMemory, when set, is the RLIMIT_DATA the server runs under
	// (its own limit), while Limits.Memory is its share of the budget,
	// which bounds its heap and its resident memory (budget.go):
	// RLIMIT_DATA counts what a server reserves and never touches (a
	// runtime's arenas and thread stacks), and at the share it made the
	// Oxigraph server fail to start threads (os error 11) and Fuseki's JVM
	// die on W3C tests it passes at its own limit.
	RLimitMemory int64
	StartTimeout time.Duration // default 90 s
	// IdleTimeout is how long the server keeps a connection on which no
	// request comes; the adapter's client closes its idle connections at
	// half of it (transport.go). 0: defaultIdle.
	IdleTimeout time.Duration
	// Reproducer is the engine's own reproducer: a curl script.
	Reproducer func(oracle.NativeCase) oracle.Native
}

// Managed is a Server as an oracle.Engine: the server starts at the first
// case (or Start), runs confined (adapters/sidecar's Jail: its own network
// namespace where bwrap works, reached through the relay, relay.go), and
// is restarted when it died; Close stops it by its process group.
type Managed struct {
	srv  Server
	mu   sync.Mutex
	run  *running
	http *Engine
	last *running     // the server last started, running or not (killed.go)
	busy atomic.Int32 // cases running or starting it (budget.go)
	warm Rewarm       // its restart after a stop for a runaway case (warm.go)
	// reused counts, across restarts, queries run on kept graphs (keep.go).
	reused atomic.Int64
}

// NewManaged returns the engine; nothing starts before the first case.
func NewManaged(s Server) *Managed {
	if s.StartTimeout <= 0 {
		s.StartTimeout = 90 * time.Second
	}
	m := &Managed{srv: s}
	m.joinBudget(s.Limits) // the oracle's one memory budget (budget.go)
	return m
}

func (m *Managed) Name() string { return m.srv.Name }

// SPARQL12 reports whether the server implements SPARQL 1.2.
func (m *Managed) SPARQL12() bool { return m.srv.SPARQL12 }

// Version is the release the server runs, or "unavailable" when its
// program is not installed.
func (m *Managed) Version() string {
	if _, err := os.Stat(m.srv.Program); err != nil {
		return "unavailable"
	}
	return m.srv.Version
}

// Eval runs the case on the server, starting (or restarting) it first
// (request).
func (m *Managed) Eval(ctx context.Context, c *oracle.Case) (*results.Answer, error) {
	return m.request(ctx, func(ctx context.Context, h *Engine) (*results.Answer, error) { return h.Eval(ctx, c) })
}

// Update applies an update request on the server (oracle.Updater, the
// Protocol engine's Update), starting (or restarting) it first (request).
func (m *Managed) Update(ctx context.Context, c *oracle.Case) (*results.Answer, error) {
	return m.request(ctx, func(ctx context.Context, h *Engine) (*results.Answer, error) { return h.Update(ctx, c) })
}

// request is the one path of a query and an update (OnServer): the
// request sent under the server's share of the budget and its limits.
func (m *Managed) request(ctx context.Context, send func(context.Context, *Engine) (*results.Answer, error)) (*results.Answer, error) {
	return OnServer(ctx, m.srv.Name, m.lastProc, &m.busy, m.Start, func(ctx context.Context, h *Engine) (*results.Answer, error) {
		return m.budgeted(ctx, func(ctx context.Context) (*results.Answer, error) {
			return m.limited(ctx, func(ctx context.Context) (*results.Answer, error) { return send(ctx, h) })
		})
	})
}

// OnServer is how a case, a query or an update, runs on a server started
// on demand (Managed here, adapters/virtuoso's): once more on a fresh
// server after a kill from outside (RetryKilled, killed.go), counted in
// busy while it runs or starts (FreeIdle stops no busy server), the server
// (re)started by start, and run given the server's Protocol engine. The
// time a (re)start took is not the case's: its deadline moves on by that
// much (AfterStart, bounded by the start's own timeout), so a JVM
// starting on a loaded machine does not time out the first cases;
// cancelling ctx still ends it.
func OnServer(ctx context.Context, name string, last func() *Proc, busy *atomic.Int32,
	start func(context.Context) (*Engine, error), run func(context.Context, *Engine) (*results.Answer, error)) (*results.Answer, error) {
	return RetryKilled(name, last, func() (*results.Answer, error) {
		busy.Add(1)
		defer busy.Add(-1)
		began := time.Now()
		h, err := start(ctx)
		if err != nil {
			return nil, err
		}
		ctx, cancel := AfterStart(ctx, began)
		defer cancel()
		return run(ctx, h)
	})
}

// AfterStart is ctx with its deadline moved on by the time since began,
// when that was a server start (over a second): a case's deadline starts
// when the engine is ready, so a cold start (a JVM, Virtuoso's database)
// is never the first case's timeout.
func AfterStart(ctx context.Context, began time.Time) (context.Context, context.CancelFunc) {
	return extend(ctx, time.Since(began))
}

// extend moves ctx's deadline on by d when d is a server start (over a
// second); a cancellation of ctx other than its deadline still cancels.
func extend(ctx context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	dl, ok := ctx.Deadline()
	if !ok || d < time.Second {
		return context.WithCancel(ctx)
	}
	out, cancel := context.WithDeadline(context.WithoutCancel(ctx), dl.Add(d))
	stop := context.AfterFunc(ctx, func() {
		if !errors.Is(ctx.Err(), context.DeadlineExceeded) {
			cancel()
		}
	})
	return out, func() { stop(); cancel() }
}

// Start starts the server unless it runs and returns its Protocol engine.
// A missing program or a failed start is ErrUnavailable. The start has its
// own bound (StartTimeout), not the case's deadline.
func (m *Managed) Start(ctx context.Context) (*Engine, error) {
	return m.startWith(ctx, context.WithoutCancel(ctx), false)
}

// startWith starts the server under bound with its share of the memory
// budget (budget.go); a background restart (warm.go) passes its own
// context as both, and now: it takes only memory free at once.
func (m *Managed) startWith(ctx, bound context.Context, now bool) (*Engine, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.run != nil && !m.run.Exited() {
		return m.http, nil
	}
	if err := bound.Err(); err != nil {
		return nil, fmt.Errorf("%w: %s: start abandoned: %v", oracle.ErrUnavailable, m.srv.Name, err)
	}
	m.drop() // died (budget.go)
	if _, err := os.Stat(m.srv.Program); err != nil {
		return nil, fmt.Errorf("%w: %s is not installed (run `oracle engines install %s`): %v", oracle.ErrUnavailable, m.srv.Name, m.srv.Name, err)
	}
	s, release, err := m.reserve(ctx, now) // its share of the memory budget (budget.go)
	if err != nil {
		return nil, err
	}
	r, err := StartBounded(bound, func(ctx context.Context) (*running, error) { return start(ctx, s) }, (*running).stop, release)
	if err != nil {
		return nil, fmt.Errorf("%w: the %s server did not start: %v", oracle.ErrUnavailable, m.srv.Name, err)
	}
	r.limit, r.unreserve = s.Limits.Memory, release
	cfg := m.srv.Protocol(r.root())
	cfg.Name, cfg.Version, cfg.Client = m.srv.Name, m.srv.Version, r.client
	// Confined, the server reaches nothing but its own loopback: SERVICE
	// is the engine's to answer. Unconfined, it could reach the network.
	cfg.RefuseService = !r.jailed
	cfg.Confined = r.jailed
	cfg.Scratch = true // started here, with an in-memory store nobody else uses
	cfg.KeepLoaded, cfg.Reused = true, &m.reused
	m.run, m.http = r, New(cfg)
	m.last = r // kept after a stop, for killed.go
	return m.http, nil
}

// StartBounded starts a server by start under bound, its own start bound
// (StartTimeout) or a background restart's context (warm.go), not a
// case's deadline: a slow start under load must not fail the server, only
// that case. When bound ended while the server started (Close during a
// background restart) the server is stopped and bound's error returned;
// on any error release gives the server's share of the memory budget
// back. Managed and adapters/virtuoso start their servers so.
func StartBounded[S any](bound context.Context, start func(context.Context) (S, error), stop func(S), release func()) (S, error) {
	s, err := start(bound)
	if err == nil && bound.Err() != nil {
		stop(s)
		err = bound.Err()
	}
	if err != nil {
		release()
	}
	return s, err
}

// URL is the running server's root URL ("" when it does not run).
func (m *Managed) URL() string {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.run == nil {
		return ""
	}
	return m.run.root()
}

// LastQueryTime is the wall time of the last query request.
func (m *Managed) LastQueryTime() time.Duration {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.http.LastQueryTime() // 0 before a server started
}

// Close stops the server, and its background restart (warm.go).
func (m *Managed) Close() {
	m.warm.Stop()
	m.mu.Lock()
	defer m.mu.Unlock()
	m.drop()
}

// Reproduce is the server's own reproducer (oracle.Reproducer).
func (m *Managed) Reproduce(c oracle.NativeCase) (oracle.Native, bool) {
	if m.srv.Reproducer == nil {
		return oracle.Native{}, false
	}
	return m.srv.Reproducer(c), true
}

// running is one server process.
type running struct {
	Proc   // the process (proc.go); its log is server.log in dir
	port   int
	dir    string // private folder: the log, the relay's socket
	jailed bool
	client *http.Client
	// limit is the memory share it started under; unreserve gives the
	// share back once it has stopped (budget.go).
	limit     int64
	unreserve func()
	floor     sidecar.Floor // its resident memory before a case, at the least
}

func (r *running) root() string { return fmt.Sprintf("http://127.0.0.1:%d", r.port) }

// start runs the server and waits until it answers.
func start(ctx context.Context, s Server) (*running, error) {
	dir, err := sidecar.TempDir("oracle-endpoint-") // a dead run's is removed at start (adapters/sidecar tmpdirs.go)
	if err != nil {
		return nil, err
	}
	r := &running{dir: dir}
	r.Log = filepath.Join(dir, "server.log")
	if r.port, err = FreePort(); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	if err := r.launch(s); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	ctx, cancel := context.WithTimeout(ctx, s.StartTimeout)
	defer cancel()
	if err := r.WaitReady(ctx, r.client, r.root()+s.Ready); err != nil {
		r.stop()
		return nil, err
	}
	return r, nil
}

// launch starts the server's process group: prlimit, bwrap, and inside
// the sandbox a shell running the relay beside the server.
func (r *running) launch(s Server) error {
	r.jailed = sidecar.Confined().Mode == sidecar.ModeBwrap
	argv := s.Argv(r.port)
	if s.HeapArgs != nil && s.Limits.Memory > 0 {
		argv = append(append([]string{argv[0]}, s.HeapArgs(s.Limits.Memory)...), argv[1:]...)
	}
	jail := sidecar.Jail{ReadOnly: s.ReadOnly, ReadWrite: []string{r.dir}, Network: !r.jailed}
	var env []string
	r.client = &http.Client{Transport: transport(s.IdleTimeout, nil)}
	if r.jailed {
		exe, err := os.Executable()
		if err != nil {
			return err
		}
		sock := filepath.Join(r.dir, "http.sock")
		// The program itself, not its folder: a binary in /tmp would
		// otherwise show the host's /tmp (and hide the sandbox's own).
		jail.ReadOnly = append(jail.ReadOnly, exe)
		argv = append([]string{"/bin/sh", "-c", `"$0" & exec "$@"`, exe}, argv...)
		env = []string{RelayEnv(sock, r.port)}
		r.client = relayClient(sock, s.IdleTimeout)
	}
	l, err := jail.Prepare(argv, env)
	if err != nil {
		return err
	}
	lim := s.Limits
	if s.RLimitMemory > lim.Memory {
		lim.Memory = s.RLimitMemory
	}
	full := lim.Argv(l.Argv, false)
	cmd := exec.Command(full[0], full[1:]...)
	cmd.Dir, cmd.Env = l.Dir, l.Env
	return r.Launch(cmd, l.Cleanup)
}

// stop kills the process group (the sandbox's init dies with bwrap, and
// its pid namespace with it) as the oracle's own kill (killed.go), and
// removes the private folder.
func (r *running) stop() {
	r.Kill(10 * time.Second)
	os.RemoveAll(r.dir)
	if r.unreserve != nil {
		r.unreserve() // its share back to the memory budget (budget.go)
	}
}
