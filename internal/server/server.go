package server

import (
	"context"
	"crypto/subtle"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/store"
)

// Sweeper starts sweeps: *sweep.Runner, which stores the sweep and
// enqueues its cases as jobs (its validation errors wrap store.ErrInvalid).
type Sweeper interface {
	Submit(ctx context.Context, spec store.SweepSpec) (store.Sweep, error)
}

// Config is what a Server serves with.
type Config struct {
	Store   store.Store     // reports and sweeps (required)
	Engines []oracle.Engine // the engine pool; must hold "reference" and "engine"
	Sweeper Sweeper         // nil: POST /v1/sweeps only records a pending sweep
	Token   string          // when set, write endpoints need "Authorization: Bearer <Token>"
	Limits  Limits          // zero fields take DefaultLimits
	// FileReports makes POST /v1/diff file its divergences as reports.
	FileReports bool
	// QueueDepth, when set, counts the sweep jobs waiting; it is added to
	// the evaluations waiting for a slot in oracle_queue_depth.
	QueueDepth func() float64
	// Logger receives the request log (requestlog.go: a failed request at
	// Info or Error, every other one at Debug); nil: none.
	Logger *slog.Logger
	// PublicURL is the URL browsers reach this service at (`oracle serve
	// --public-url`, default from the listen address): a state-changing
	// request whose Origin or Referer is another origin is refused
	// (origin.go). Empty: no page origin is trusted, so a write from any
	// browser page is refused (clients that send no Origin still pass).
	PublicURL string
	// CorpusSizes overrides the corpora's sizes read from their files
	// (suites.go: a pass rate's denominator); nil: read them once.
	CorpusSizes map[string]int
}

// Server is the HTTP service. Build it with New; serve Handler().
type Server struct {
	cfg     Config
	lim     Limits
	gate    *gate
	metrics *Metrics
	engines map[string]oracle.Engine
	router  chi.Router
	started time.Time
	log     *slog.Logger
	probe   *probe   // the engines' versions, asked at start (engines.go)
	origins []string // the trusted page origins: PublicURL's (origin.go)
	csrf    string   // the dashboard forms' token (origin.go)
}

// New builds a server over cfg.
func New(cfg Config) *Server {
	s := &Server{cfg: cfg, lim: cfg.Limits.withDefaults(), engines: map[string]oracle.Engine{}, started: time.Now(), log: cfg.Logger}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	for _, e := range cfg.Engines {
		s.engines[e.Name()] = e
	}
	s.origins, s.csrf = trustedOrigins(cfg.PublicURL), formToken(newFormSecret())
	s.probe = startProbe(cfg.Engines)
	s.gate = newGate(s.lim.MaxConcurrent, s.lim.QueueWait)
	s.metrics = newMetrics(s.queueDepth,
		func() []oracle.Engine { return cfg.Engines })
	s.metrics.countFindings(cfg.Store) // findings.go
	s.router = s.routes()
	return s
}

func (s *Server) queueDepth() float64 {
	n := float64(s.gate.waiting.Load())
	if s.cfg.QueueDepth != nil {
		n += s.cfg.QueueDepth()
	}
	return n
}

// Handler is the service's root handler.
func (s *Server) Handler() http.Handler { return s.router }

// Metrics are the server's collectors.
func (s *Server) Metrics() *Metrics { return s.metrics }

// Drain makes new evaluations fail with 503 (before a graceful shutdown).
func (s *Server) Drain() { s.gate.draining.Store(true) }

func (s *Server) routes() chi.Router {
	r := chi.NewRouter()
	r.Use(s.observe, middleware.Recoverer, securityHeaders, s.guardWrites)
	r.NotFound(func(w http.ResponseWriter, r *http.Request) {
		writeError(w, &APIError{Status: http.StatusNotFound, Error: "not found", Detail: "no route for " + r.URL.Path})
	})
	r.MethodNotAllowed(func(w http.ResponseWriter, r *http.Request) {
		writeError(w, &APIError{Status: http.StatusMethodNotAllowed, Error: "method not allowed",
			Detail: r.Method + " is not allowed on " + r.URL.Path})
	})
	r.Get("/healthz", s.healthz)
	r.Get("/readyz", s.readyz)
	r.Method(http.MethodGet, "/metrics", s.metrics.Handler())
	r.Route("/v1", func(r chi.Router) {
		r.With(s.auth).Post("/diff", s.postDiff)
		r.Get("/reports", s.listReports)
		r.Get("/reports/{id}", s.getReport)
		r.With(s.auth).Post("/sweeps", s.postSweep)
		r.Get("/sweeps", s.listSweeps)
		r.Get("/sweeps/{id}", s.getSweep)
		r.Get("/sweeps/{id}/cases", s.getSweepCases) // sweep_cases.go
		r.With(s.auth).Post("/sweeps/{id}/cancel", s.cancelSweep)
		r.Get("/engines", s.listEngines)
		s.triageRoutes(r) // triage.go: report statuses, history, findings
	})
	s.dashboardRoutes(r)
	return r
}

func securityHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Content-Type-Options", "nosniff")
		next.ServeHTTP(w, r)
	})
}

// auth guards write endpoints with the bearer token, when one is set.
func (s *Server) auth(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if s.cfg.Token != "" {
			got, ok := bearer(r.Header.Get("Authorization"))
			if !ok || subtle.ConstantTimeCompare([]byte(got), []byte(s.cfg.Token)) != 1 {
				w.Header().Set("WWW-Authenticate", `Bearer realm="oracle"`)
				writeError(w, &APIError{Status: http.StatusUnauthorized, Error: "unauthorized",
					Detail: "this endpoint needs the header Authorization: Bearer <token>"})
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}

// bearer reads the token of an "Authorization: Bearer <token>" header. The
// scheme name is case-insensitive (RFC 7235 §2.1: "bearer" and "BEARER"
// are the same scheme); blanks around the token are not part of it.
func bearer(h string) (string, bool) {
	scheme, token, ok := strings.Cut(strings.TrimSpace(h), " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return "", false
	}
	token = strings.TrimSpace(token)
	return token, token != ""
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.Encode(v)
}

func (s *Server) healthz(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]any{"status": "ok", "uptime_seconds": int(time.Since(s.started).Seconds())})
}

// readyz is ready when the store answers, every engine answered the
// probe at start (engines.go) and the server is not draining.
func (s *Server) readyz(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	if s.gate.draining.Load() {
		writeError(w, unavailable(http.StatusServiceUnavailable, "draining", "the server is shutting down"))
		return
	}
	if n, ok := s.probe.ready(); !ok {
		writeError(w, unavailable(http.StatusServiceUnavailable, "starting",
			fmt.Sprintf("%d of %d engines answered their version probe", n, len(s.cfg.Engines))))
		return
	}
	if err := s.cfg.Store.Ping(ctx); err != nil {
		writeError(w, unavailable(http.StatusServiceUnavailable, "store unavailable", err.Error()))
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"status": "ready", "engines": len(s.engines)})
}
