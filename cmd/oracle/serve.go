package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"github.com/sparql-oracle/oracle/adapters/sidecar"
	"github.com/sparql-oracle/oracle/internal/triage"
	"io"
	"log/slog"
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
	"github.com/sparql-oracle/oracle/internal/sweep"
)

// runServe implements
//
//	oracle serve [--addr 127.0.0.1:8080] [--public-url URL] [--db oracle.db | postgres://...] [--token-file F]
//	             [--engines a,b] [--deadline D] [--max-concurrent N]
//	             [--grace D] [--max-body B] [--max-query B] [--max-dataset B] [--max-quads N]
//	             [--workers N] [--nightly spec.json | --no-nightly] [--memory-budget SIZE]
//
// One binary plays both roles of a deployment: `--workers -1` is an API
// front end that only enqueues sweep jobs; `--workers N` also runs N case
// jobs at once (the embedded default runs GOMAXPROCS).
// The token comes from --token-file or ORACLE_TOKEN, which stay out of the
// process list; --token still works but is visible to every user of the
// machine (ps), so serve warns when it is used. Without a token serve
// listens on loopback only (serve_listen.go); --public-url is where
// browsers reach the service, the only page origin whose writes are
// accepted (internal/server origin.go).
func runServe(args []string) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	addr := fs.String("addr", "127.0.0.1:8080", "listen `HOST:PORT`")
	db := fs.String("db", "oracle.db", "SQLite `PATH` or postgres:// URL")
	token := fs.String("token", "", "bearer `TOKEN` required by write endpoints (visible in ps: prefer --token-file or $ORACLE_TOKEN)")
	tokenFile := fs.String("token-file", "", "read the bearer token from `FILE` (its first line)")
	engines := fs.String("engines", "", "comma-separated external engines to serve (default: every installed one)")
	addMemoryBudget(fs)
	var so serveOptions
	fs.StringVar(&so.publicURL, "public-url", "", "the `URL` browsers reach the service at: writes from any other page origin are refused (default: $ORACLE_PUBLIC_URL, else http:// and the listen address)")
	fs.IntVar(&so.workers, "workers", 0, "sweep case jobs run at once in this process (0: GOMAXPROCS; -1: enqueue only)")
	fs.StringVar(&so.nightly, "nightly", "", "JSON sweep spec `FILE` to run every night at 02:00 UTC (default: the W3C tests, the regression corpus and a rotating generated profile through the served engines)")
	fs.BoolVar(&so.noNightly, "no-nightly", false, "schedule no nightly sweep")
	fs.StringVar(&so.logFormat, "log-format", "auto", "request logs on stderr: text, json, or auto (text on a terminal, else json)")
	lim := server.DefaultLimits()
	fs.DurationVar(&lim.Deadline, "deadline", lim.Deadline, "deadline per engine and query")
	fs.IntVar(&lim.MaxConcurrent, "max-concurrent", lim.MaxConcurrent, "evaluations at once")
	fs.DurationVar(&lim.Grace, "grace", lim.Grace, "how long past its deadline an evaluation may hold its slot")
	fs.Int64Var(&lim.MaxBody, "max-body", lim.MaxBody, "bytes of a request body")
	fs.IntVar(&lim.MaxQuery, "max-query", lim.MaxQuery, "bytes of query text")
	fs.IntVar(&lim.MaxDataset, "max-dataset", lim.MaxDataset, "bytes of RDF text in a dataset catalogue")
	fs.IntVar(&lim.MaxQuads, "max-quads", lim.MaxQuads, "quads in a dataset")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	switch {
	case fs.NArg() > 0:
		return usageFail(os.Stderr, fs, "unexpected arguments %q", fs.Args())
	case so.noNightly && so.nightly != "":
		return usageFail(os.Stderr, fs, "give --nightly FILE or --no-nightly, not both")
	case so.logFormat != "auto" && so.logFormat != "text" && so.logFormat != "json":
		return usageFail(os.Stderr, fs, "--log-format %q: want text, json or auto", so.logFormat)
	}
	tok, err := serveToken(*token, *tokenFile, os.Getenv("ORACLE_TOKEN"), os.Stderr)
	if err != nil {
		return usageError("serve", err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	so.addr, so.dsn, so.token, so.engines, so.limits = *addr, *db, tok, *engines, lim
	if err := serve(ctx, so); err != nil {
		return usageError("serve", err)
	}
	return exitOK
}

// serveOptions are the flags of `oracle serve`.
type serveOptions struct {
	addr, dsn, token, engines, nightly string
	publicURL                          string // --public-url (serve_listen.go)
	logFormat                          string // --log-format: text, json or auto
	workers                            int
	noNightly                          bool
	limits                             server.Limits
}

func serve(ctx context.Context, o serveOptions) error {
	if err := listenCheck(o.addr, o.token); err != nil { // before anything starts
		return err
	}
	if err := checkPublicURL(o.publicURL); err != nil {
		return err
	}
	st, err := store.Open(ctx, o.dsn)
	if err != nil {
		return err
	}
	defer st.Close()
	engines, leftOut, err := buildEngines(o.engines)
	if err != nil {
		return err
	}
	defer closeEngines(engines)
	// The runner starts before the server exists; its reports reach the
	// server's verdict metrics once the server is made.
	var live atomic.Pointer[server.Server]
	observe := func(r *triage.Report) {
		if srv := live.Load(); srv != nil {
			srv.Metrics().ObserveReport(r)
		}
	}
	if note := leftOut; note != "" {
		fmt.Fprintln(os.Stderr, "oracle serve:", note)
	}
	// Poll: River on SQLite fetches jobs on this tick besides the fetch an
	// insert from this process or a finished job triggers; sweep's 10 ms
	// default kept an idle service at a tenth of a core.
	opts := sweep.Options{Workers: o.workers, Observe: observe, DefaultEngines: engineList(engines), Poll: time.Second}
	nightly, err := nightlyFor(&opts, o.nightly, o.noNightly, engines)
	if err != nil {
		return err
	}
	runner, err := startRunner(ctx, st, opts)
	if err != nil {
		return err
	}
	defer runner.Stop(context.Background())
	ln, err := net.Listen("tcp", o.addr)
	if err != nil {
		return err
	}
	public, err := publicURL(o.publicURL, o.addr, ln)
	if err == nil {
		err = boundLoopback(o.addr, ln, o.token)
	}
	if err != nil {
		ln.Close()
		return err
	}
	srv := server.New(server.Config{Store: st, Engines: engines, Token: o.token, Limits: o.limits, FileReports: true,
		Sweeper: runner, QueueDepth: queueDepth(st), Logger: serveLogger(o.logFormat, os.Stderr), PublicURL: public})
	live.Store(srv)
	startLoaders()
	fmt.Fprintln(os.Stderr, "oracle serve:", listenLine(ln, o.token, public))
	fmt.Fprintf(os.Stderr, "oracle serve: %d engines (%s), store %s, %s\n", len(engines), engineNames(engines), redact(o.dsn), workersLine(o.workers))
	fmt.Fprintf(os.Stderr, "oracle serve: the engine processes share a memory budget of %d MiB (--memory-budget; docs/config.md)\n", sidecar.Memory().Total()>>20)
	for _, line := range nightly {
		fmt.Fprintln(os.Stderr, "oracle serve:", line)
	}
	fmt.Printf("dashboard: http://%s/   API: http://%s/v1/   metrics: http://%s/metrics\n", ln.Addr(), ln.Addr(), ln.Addr())
	return run(ctx, srv, ln)
}

// serveLogger writes the request logs: text for a person at a terminal,
// JSON for a log collector (--log-format json, or stderr not a terminal).
func serveLogger(format string, w *os.File) *slog.Logger {
	if format == "text" || format == "auto" && w3cIsTerminal(w) {
		return slog.New(slog.NewTextHandler(w, nil))
	}
	return slog.New(slog.NewJSONHandler(w, nil))
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

// serveToken picks the bearer token: --token-file, else --token (with a
// warning: the process list shows it), else $ORACLE_TOKEN; at most one of
// the flags. A token file's first line is the token; an empty one is an
// error (a server meant to be guarded must not start open).
func serveToken(flagToken, file, env string, warn io.Writer) (string, error) {
	switch {
	case file != "" && flagToken != "":
		return "", errors.New("--token and --token-file: give one")
	case file != "":
		b, err := os.ReadFile(file)
		if err != nil {
			return "", fmt.Errorf("--token-file: %w", err)
		}
		line, _, _ := strings.Cut(string(b), "\n")
		if line = strings.TrimSpace(line); line == "" {
			return "", fmt.Errorf("--token-file %s: the first line is empty", file)
		}
		return line, nil
	case flagToken != "":
		fmt.Fprintln(warn, "oracle serve: warning: --token shows the token in the process list; use --token-file or ORACLE_TOKEN")
		return flagToken, nil
	}
	return env, nil
}
