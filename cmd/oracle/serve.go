package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"github.com/sparql-oracle/oracle/internal/diff"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/server"
	"github.com/sparql-oracle/oracle/internal/store"
)

func init() {
	commands["serve"] = command{runServe, "run the HTTP API, the dashboard and /metrics"}
}

// runServe implements
//
//	oracle serve [--addr 127.0.0.1:8080] [--db oracle.db | postgres://...] [--token T]
//	             [--engines a,b] [--deadline D] [--max-concurrent N]
//	             [--workers N] [--nightly spec.json]
//
// One binary plays both roles of a deployment: `--workers -1` is an API
// front end that only enqueues sweep jobs; `--workers N` also runs N case
// jobs at once (the embedded default runs GOMAXPROCS).
// The token may also come from ORACLE_TOKEN (so it stays out of ps).
func runServe(args []string) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	addr := fs.String("addr", "127.0.0.1:8080", "listen `HOST:PORT`")
	db := fs.String("db", "oracle.db", "SQLite `PATH` or postgres:// URL")
	token := fs.String("token", os.Getenv("ORACLE_TOKEN"), "bearer `TOKEN` required by write endpoints (default $ORACLE_TOKEN; empty: none)")
	engines := fs.String("engines", "", "comma-separated external engines to serve (default: every installed one)")
	var so serveOptions
	fs.IntVar(&so.workers, "workers", 0, "sweep case jobs run at once in this process (0: GOMAXPROCS; -1: enqueue only)")
	fs.StringVar(&so.nightly, "nightly", "", "JSON sweep spec `FILE` to run every night (default: none)")
	lim := server.DefaultLimits()
	fs.DurationVar(&lim.Deadline, "deadline", lim.Deadline, "deadline per engine and query")
	fs.IntVar(&lim.MaxConcurrent, "max-concurrent", lim.MaxConcurrent, "evaluations at once")
	if err := fs.Parse(args); err != nil {
		return exitUsage
	}
	if fs.NArg() > 0 {
		return usageError("serve", fmt.Errorf("unexpected arguments %q", fs.Args()))
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	so.addr, so.dsn, so.token, so.engines, so.limits = *addr, *db, *token, *engines, lim
	if err := serve(ctx, so); err != nil {
		return usageError("serve", err)
	}
	return exitOK
}

// serveOptions are the flags of `oracle serve`.
type serveOptions struct {
	addr, dsn, token, engines, nightly string
	workers                            int
	limits                             server.Limits
}

func serve(ctx context.Context, o serveOptions) error {
	st, err := store.Open(ctx, o.dsn)
	if err != nil {
		return err
	}
	defer st.Close()
	engines, err := buildEngines(o.engines)
	if err != nil {
		return err
	}
	defer closeEngines(engines)
	// The runner starts before the server exists; its reports reach the
	// server's verdict metrics once the server is made.
	var live atomic.Pointer[server.Server]
	observe := func(r *diff.Report) {
		if srv := live.Load(); srv != nil {
			srv.Metrics().ObserveReport(r)
		}
	}
	runner, err := startRunner(ctx, st, o.workers, o.nightly, observe)
	if err != nil {
		return err
	}
	defer runner.Stop(context.Background())
	srv := server.New(server.Config{Store: st, Engines: engines, Token: o.token, Limits: o.limits, FileReports: true,
		Sweeper: runner, QueueDepth: queueDepth(st)})
	live.Store(srv)
	startLoaders()
	ln, err := net.Listen("tcp", o.addr)
	if err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "oracle serve: %d engines (%s), store %s, sweep workers %d\n", len(engines), engineNames(engines), redact(o.dsn), o.workers)
	fmt.Printf("dashboard: http://%s/   API: http://%s/v1/   metrics: http://%s/metrics\n", ln.Addr(), ln.Addr(), ln.Addr())
	return run(ctx, srv, ln)
}

// run serves until ctx ends, then drains: new evaluations get 503 while
// running ones finish (up to 30 s).
func run(ctx context.Context, srv *server.Server, ln net.Listener) error {
	hs := &http.Server{Handler: srv.Handler(), ReadHeaderTimeout: 10 * time.Second, ReadTimeout: 60 * time.Second,
		IdleTimeout: 120 * time.Second, MaxHeaderBytes: 64 << 10}
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	srv.Drain()
	sctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := hs.Shutdown(sctx); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	closeLoaders()
	return nil
}

func engineNames(es []oracle.Engine) string {
	var ns []string
	for _, e := range es {
		ns = append(ns, e.Name())
	}
	return strings.Join(ns, ", ")
}

// redact hides a password in a postgres:// URL.
func redact(dsn string) string {
	if at := strings.LastIndex(dsn, "@"); at > 0 && strings.Contains(dsn, "://") {
		return dsn[:strings.Index(dsn, "://")+3] + "…" + dsn[at:]
	}
	return dsn
}
