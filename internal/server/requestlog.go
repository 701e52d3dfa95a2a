package server

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"net/http"
	"regexp"
	"strconv"
	"time"

	"github.com/go-chi/chi/v5"
)

// StatusClientClosed is the status logged and counted for a request whose
// client went away before the answer (nginx's 499 "client closed
// request"): the client's doing, never one of our 5xx. The client is gone,
// so no response carries it.
const StatusClientClosed = 499

// requestIDHeader carries the request id on every response (and a
// client's own id, when it sends a sane one); error bodies repeat it.
const requestIDHeader = "X-Request-Id"

// saneID is a client-supplied request id we pass on as it is; anything
// else (long, or with characters a log line could be broken with) is
// replaced by our own.
var saneID = regexp.MustCompile(`^[A-Za-z0-9._-]{1,64}$`)

type requestIDKey struct{}

// requestID is the id of the request ctx belongs to ("" outside one).
func requestID(ctx context.Context) string {
	id, _ := ctx.Value(requestIDKey{}).(string)
	return id
}

func newRequestID() string {
	var b [8]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// observe is the outermost middleware: it gives the request its id,
// counts it in the HTTP metrics by route pattern (never the raw path: ids
// would explode the label set) and logs one line when it ends (at the
// level of its status: level): id,
// method, path, route, status, bytes, duration, remote. Never the body,
// the query string (it may carry a dataset) or a header value.
func (s *Server) observe(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		id := r.Header.Get(requestIDHeader)
		if !saneID.MatchString(id) {
			id = newRequestID()
		}
		w.Header().Set(requestIDHeader, id)
		r = r.WithContext(context.WithValue(r.Context(), requestIDKey{}, id))
		sw := &statusWriter{ResponseWriter: w}
		next.ServeHTTP(sw, r)
		code := sw.status(r.Context())
		route := "unmatched"
		if rc := chi.RouteContext(r.Context()); rc != nil && rc.RoutePattern() != "" {
			route = rc.RoutePattern()
		}
		d := time.Since(start)
		s.metrics.httpReqs.WithLabelValues(route, r.Method, strconv.Itoa(code)).Inc()
		s.metrics.httpSec.WithLabelValues(route, r.Method).Observe(d.Seconds())
		lv := level(code)
		if !s.log.Enabled(r.Context(), lv) {
			return
		}
		s.log.LogAttrs(r.Context(), lv, "request", slog.String("id", id), slog.String("method", r.Method),
			slog.String("path", r.URL.Path), slog.String("route", route), slog.Int("status", code),
			slog.Int64("bytes", sw.bytes), slog.Duration("duration", d), slog.String("remote", r.RemoteAddr))
	})
}

// level: our failures are errors, a refused request information (the
// operator's view of bad clients), and an answered one debug: under load
// the line per request, encoded and written to stderr under the handler's
// lock, cost more than the rest of the middleware, so a logger at the
// default level (Info) skips them before any attribute is encoded.
func level(code int) slog.Level {
	switch {
	case code >= 500:
		return slog.LevelError
	case code >= 400:
		return slog.LevelInfo
	}
	return slog.LevelDebug
}

// statusWriter keeps the status and the body size of a response.
type statusWriter struct {
	http.ResponseWriter
	code  int
	bytes int64
}

func (s *statusWriter) WriteHeader(code int) {
	if s.code == 0 {
		s.code = code
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusWriter) Write(b []byte) (int, error) {
	if s.code == 0 {
		s.code = http.StatusOK
	}
	n, err := s.ResponseWriter.Write(b)
	s.bytes += int64(n)
	return n, err
}

// status is the code to count: 499 when the client left before an answer
// was written or while a 5xx was (the failure was the departure: a
// cancelled evaluation answers 503), else the code written (200 when the
// handler wrote nothing).
func (s *statusWriter) status(ctx context.Context) int {
	gone := ctx.Err() != nil
	switch {
	case gone && (s.code == 0 || s.code >= 500 || s.code == StatusClientClosed):
		return StatusClientClosed
	case s.code == 0:
		return http.StatusOK
	}
	return s.code
}
