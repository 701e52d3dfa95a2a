package virtuoso

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"os/exec"
	"regexp"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sparql-oracle/oracle/adapters/sidecar"
	"github.com/sparql-oracle/oracle/adapters/sparqlhttp"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/results"
)

// Name is the engine's name in the CLI, the API, baselines and reports.
const Name = "virtuoso"

// Options configure the private instance.
type Options struct {
	// Dir is the database folder, kept between runs (a restart takes about
	// 2 s, a new database 3-9 s); "" makes a temporary one, removed on Close.
	Dir          string
	Binary, ISQL string        // default virtuoso-t and isql-vt from PATH
	StartTimeout time.Duration // default 90 s
	// Load is how cases are loaded: the Graph Store endpoint (default) or
	// SPARQL Update through /sparql-auth; both with digest auth as dba.
	Load sparqlhttp.Load
	// Limits bound the server process (default DefaultLimits).
	Limits sidecar.Limits
	// HostLoopback shares the host's network namespace (the server's ports
	// on the host's 127.0.0.1), the sandbox confining it otherwise. Only
	// for a server that runs no untrusted case: the native reproducer test
	// connects isql-vt to it as a maintainer would. An engine serving cases
	// never sets it: bif:http_get could then reach loopback services.
	HostLoopback bool
}

func (o *Options) defaults() {
	if o.Binary == "" {
		o.Binary = "virtuoso-t"
	}
	if o.ISQL == "" {
		o.ISQL = "isql-vt"
	}
	if o.StartTimeout <= 0 {
		o.StartTimeout = 90 * time.Second
	}
	if o.Limits == (sidecar.Limits{}) {
		o.Limits = DefaultLimits
	}
}

// Engine is Virtuoso as an oracle.Engine: a private server started at the
// first case (or Start) and queried through adapters/sparqlhttp.
type Engine struct {
	opts    Options
	mu      sync.Mutex
	srv     *Server
	last    *Server // the server last started, running or not (abandon.go)
	http    *sparqlhttp.Engine
	verOnce sync.Once
	version string
	// The server's share of the memory budget (budget.go): held gives it
	// back, limit is its size; busy counts the cases running on it.
	held  func()
	limit int64
	busy  atomic.Int32
	floor *sidecar.Floor    // the running server's resident memory before a case, at the least
	warm  sparqlhttp.Rewarm // its restart after a stop for an abandoned case (abandon.go)
	// reused counts, across restarts, queries run on kept data.
	reused atomic.Int64
}

// New returns the engine; no process starts until the first use.
func New(o Options) *Engine {
	o.defaults()
	e := &Engine{opts: o}
	e.joinBudget() // the oracle's one memory budget (budget.go)
	return e
}

func (e *Engine) Name() string { return Name }

// Version is the server's major.minor.patch ("7.2.5"), read from
// `virtuoso-t -?`, or "unavailable".
func (e *Engine) Version() string {
	e.verOnce.Do(func() { e.version = binaryVersion(e.opts.Binary) })
	return e.version
}

var versionRE = regexp.MustCompile(`Version (\d+\.\d+\.\d+)`)

func binaryVersion(bin string) string {
	out, _ := exec.Command(bin, "-?").CombinedOutput() // it exits non-zero after the usage text
	if m := versionRE.FindSubmatch(out); m != nil {
		return string(m[1])
	}
	return "unavailable"
}

// Eval runs the case on the server, starting (or restarting) it when needed.
func (e *Engine) Eval(ctx context.Context, c *oracle.Case) (*results.Answer, error) {
	return e.request(ctx, func(ctx context.Context, h *sparqlhttp.Engine) (*results.Answer, error) { return h.Eval(ctx, c) })
}

// request is the one path of a query and an update (update.go), a case
// on a server started on demand (sparqlhttp.OnServer): the request sent
// under the server's share of the budget, and the server looked after
// once the case ends (afterCase).
func (e *Engine) request(ctx context.Context, send func(context.Context, *sparqlhttp.Engine) (*results.Answer, error)) (*results.Answer, error) {
	return sparqlhttp.OnServer(ctx, Name, e.lastProc, &e.busy, e.Start, func(ctx context.Context, h *sparqlhttp.Engine) (*results.Answer, error) {
		srv := e.Server()
		a, err := e.budgeted(ctx, func(ctx context.Context) (*results.Answer, error) { return send(ctx, h) })
		return a, e.afterCase(ctx, srv, err)
	})
}

// Reused counts the queries its servers answered on the data the previous
// query left loaded (sparqlhttp's keep.go).
func (e *Engine) Reused() int64 { return e.reused.Load() }

// LastQueryTime is the wall time of the last query request.
func (e *Engine) LastQueryTime() time.Duration {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.http.LastQueryTime() // 0 before a server started
}

// Start starts the server unless it runs, and returns its Protocol engine.
// A missing virtuoso-t or a failed start is ErrUnavailable: the engine
// could not be brought up, which says nothing about its answers.
func (e *Engine) Start(ctx context.Context) (*sparqlhttp.Engine, error) {
	return e.startWith(ctx, context.WithoutCancel(ctx), false)
}

// startWith starts the server under bound with its share of the memory
// budget (budget.go); the background restart after a stop for an
// abandoned case (abandon.go, sparqlhttp's warm.go) passes its own context
// as both, and now: it takes only memory free at once.
func (e *Engine) startWith(ctx, bound context.Context, now bool) (*sparqlhttp.Engine, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.srv != nil && !e.srv.Exited() {
		return e.http, nil
	}
	if err := bound.Err(); err != nil {
		return nil, fmt.Errorf("%w: virtuoso: start abandoned: %v", oracle.ErrUnavailable, err)
	}
	if _, err := exec.LookPath(e.opts.Binary); err != nil {
		return nil, fmt.Errorf("%w: %s is not installed (scripts/install.sh installs it): %v", oracle.ErrUnavailable, e.opts.Binary, err)
	}
	// A server that died is dropped: its configured folder is kept, the
	// restart runs on it.
	e.drop()
	o, release, err := e.reserve(ctx, now) // its share of the memory budget (budget.go)
	if err != nil {
		return nil, err
	}
	srv, err := sparqlhttp.StartBounded(bound, func(ctx context.Context) (*Server, error) { return Start(ctx, o) },
		func(s *Server) { s.Close() }, release)
	if err != nil {
		e.srv, e.http = nil, nil
		return nil, fmt.Errorf("%w: the server did not start: %v", oracle.ErrUnavailable, err)
	}
	e.held, e.limit, e.floor = release, o.Limits.Memory, new(sidecar.Floor)
	e.last = srv // kept after a stop (abandon.go)
	cfg := Protocol(srv, e.Version(), e.opts.Load)
	cfg.Reused = &e.reused
	e.srv, e.http = srv, sparqlhttp.New(cfg)
	return e.http, nil
}

// Protocol is the sparqlhttp configuration for srv: anonymous queries on
// /sparql, loading as dba with digest auth, through srv's client (its relay
// when it runs in a network namespace of its own). SERVICE is not refused
// by word: the anonymous user lacks the privilege (SQ070), and the
// namespace leaves nothing to reach, for SERVICE and bif:http_get alike.
func Protocol(srv *Server, version string, load sparqlhttp.Load) sparqlhttp.Config {
	return sparqlhttp.Config{
		Name:     Name,
		Version:  version,
		Query:    srv.URL() + "/sparql",
		Store:    srv.URL() + "/sparql-graph-crud-auth",
		Update:   srv.URL() + "/sparql-auth",
		Load:     load,
		Auth:     sparqlhttp.AuthDigest,
		User:     "dba",
		Password: srv.Password,
		Refusal:  refusal,
		Client:   srv.Client(),
		// Its own per-query timeout: an "anytime" query stops there (abandon.go).
		TimeoutParam: sparqlhttp.MillisParam("timeout"),
		// Updates run in graphs of the case's own (update.go).
		UpdateText: updateText,
		// Its system graphs are off limits to cases (sparqlhttp's owngraphs.go).
		OwnGraphs: true,
		// The instance is the oracle's own: a case's data stays loaded for
		// the next query of the same dataset (sparqlhttp's keep.go).
		KeepLoaded: true,
	}
}

// Server returns the running server, or nil.
func (e *Engine) Server() *Server {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.srv
}

// Close stops the server by its PID.
func (e *Engine) Close() error {
	e.warm.Stop() // and its background restart (abandon.go)
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.drop() // budget.go
}

func randomPassword() string {
	b := make([]byte, 12)
	rand.Read(b)
	return hex.EncodeToString(b)
}
