package server

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/results"
)

// stubborn is the fast engine that ignores its context and sleeps first:
// an engine that does not stop when told, for the slot bound.
type stubborn struct {
	oracle.Engine
	sleep time.Duration
}

func (stubborn) Name() string { return "stubborn" }

func (s stubborn) Eval(ctx context.Context, c *oracle.Case) (*results.Answer, error) {
	time.Sleep(s.sleep)
	return s.Engine.Eval(context.Background(), c)
}

// slowVersion is the fast engine whose Version blocks until released: a
// sidecar whose JVM is still starting.
type slowVersion struct {
	oracle.Engine
	release chan struct{}
}

func (slowVersion) Name() string { return "slowversion" }

func (s slowVersion) Version() string { <-s.release; return "1.0" }

// lockedBuffer is a log sink the handler and the test share.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// TestSlotBound: an evaluation whose engine ignores its deadline holds its
// slot no longer than the deadline plus the grace; the request is answered
// 503, the overrun counted, and the slot is free for the next request.
func TestSlotBound(t *testing.T) {
	lim := testLimits()
	lim.Deadline, lim.Grace, lim.MaxConcurrent = 300*time.Millisecond, 200*time.Millisecond, 1
	fast := inHouse()
	s, ts := newTest(t, Config{Limits: lim, Engines: append(fast, stubborn{fast[1], 3 * time.Second})})
	start := time.Now()
	r := postJSON(t, ts.URL+"/v1/diff", map[string]any{"query": "ASK {}", "engines": []string{"stubborn"}})
	took := time.Since(start)
	if r.Status != http.StatusServiceUnavailable || !strings.Contains(string(r.Body), "evaluation overran") {
		t.Fatalf("status %d %s, want 503 evaluation overran", r.Status, r.Body)
	}
	if took > lim.Deadline+lim.Grace+300*time.Millisecond {
		t.Errorf("the request took %s, past deadline %s + grace %s", took, lim.Deadline, lim.Grace)
	}
	if n := s.gate.inUse(); n != 0 {
		t.Errorf("%d slots still held after the answer", n)
	}
	if got := metric(t, ts.URL, "oracle_evaluation_overruns_total"); got != 1 {
		t.Errorf("oracle_evaluation_overruns_total = %v, want 1", got)
	}
	if r := postJSON(t, ts.URL+"/v1/diff", map[string]any{"query": "ASK {}", "engines": []string{"engine"}}); r.Status != 200 {
		t.Errorf("the next request: %d %s", r.Status, r.Body)
	}
}

// TestClientClosedIsNot5xx: a client that leaves while its evaluation runs
// is logged and counted as 499, never as one of our 5xx.
func TestClientClosedIsNot5xx(t *testing.T) {
	fast := inHouse()
	g := &gated{Engine: fast[1], entered: make(chan struct{}), release: make(chan struct{})}
	var logs lockedBuffer
	_, ts := newTest(t, Config{Engines: append(fast, g), Logger: slog.New(slog.NewJSONHandler(&logs, nil))})
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, ts.URL+"/v1/diff", strings.NewReader(`{"query": "ASK {}", "engines": ["gated"]}`))
	req.Header.Set("Content-Type", "application/json")
	errc := make(chan error, 1)
	go func() {
		resp, err := http.DefaultClient.Do(req)
		if err == nil {
			resp.Body.Close()
		}
		errc <- err
	}()
	<-g.entered
	cancel()
	<-errc
	deadline := time.Now().Add(5 * time.Second)
	for metric(t, ts.URL, `oracle_http_requests_total{code="499",method="POST",route="/v1/diff"}`) != 1 {
		if time.Now().After(deadline) {
			t.Fatalf("no 499 counted; log:\n%s", logs.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	for _, code := range []string{"500", "503"} {
		if n := metric(t, ts.URL, `oracle_http_requests_total{code="`+code+`",method="POST",route="/v1/diff"}`); n != 0 {
			t.Errorf("%v requests counted as %s", n, code)
		}
	}
	if !strings.Contains(logs.String(), `"status":499`) {
		t.Errorf("no 499 in the request log:\n%s", logs.String())
	}
}

// TestRequestLog: every request gets an id (a sane client id is kept),
// repeated in error bodies, and one log line with the fields
// internal/server/requestlog.go writes;
// the log never holds the body or the token.
func TestRequestLog(t *testing.T) {
	var logs lockedBuffer
	_, ts := newTest(t, Config{Token: "s3cret-token", Logger: slog.New(slog.NewJSONHandler(&logs, nil))})
	r := do(t, http.MethodPost, ts.URL+"/v1/diff", "application/json", []byte(`{"query": "ASK { FILTER(\"body-marker\") }", "nope": 1}`),
		"Authorization", "Bearer s3cret-token", "X-Request-Id", "client-id-42")
	var e APIError
	r.json(t, &e)
	if r.Header.Get(requestIDHeader) != "client-id-42" || e.RequestID != "client-id-42" {
		t.Errorf("request id: header %q, body %q; want the client's", r.Header.Get(requestIDHeader), e.RequestID)
	}
	r = do(t, http.MethodGet, ts.URL+"/v1/reports/x", "", nil, "X-Request-Id", "bad id\twith tab")
	r.json(t, &e)
	if id := r.Header.Get(requestIDHeader); !saneID.MatchString(id) || id != e.RequestID {
		t.Errorf("a hostile client id: header %q body %q, want our own sane id in both", id, e.RequestID)
	}
	var line map[string]any
	first, _, _ := strings.Cut(logs.String(), "\n")
	if err := json.Unmarshal([]byte(first), &line); err != nil {
		t.Fatalf("log line %q: %v", first, err)
	}
	for _, k := range []string{"id", "method", "path", "route", "status", "bytes", "duration", "remote"} {
		if _, ok := line[k]; !ok {
			t.Errorf("log line has no %q: %s", k, first)
		}
	}
	for _, secret := range []string{"body-marker", "s3cret-token"} {
		if strings.Contains(logs.String(), secret) {
			t.Errorf("the log holds %q", secret)
		}
	}
}

// TestBearerScheme: the scheme name is case-insensitive (RFC 7235 §2.1).
func TestBearerScheme(t *testing.T) {
	_, ts := newTest(t, Config{Token: "t0k"})
	for h, want := range map[string]int{"Bearer t0k": 202, "bearer t0k": 202, "BEARER  t0k ": 202, "Basic t0k": 401,
		"Bearer": 401, "Bearer wrong": 401, "t0k": 401} {
		r := postJSON(t, ts.URL+"/v1/sweeps", map[string]any{"generated": map[string]any{"from": 0, "to": 1}}, "Authorization", h)
		if r.Status != want {
			t.Errorf("Authorization %q: %d, want %d", h, r.Status, want)
		}
	}
}

// TestEnginesProbedAtStart: /readyz waits for every engine's version, and
// /v1/engines answers from that probe at once afterwards.
func TestEnginesProbedAtStart(t *testing.T) {
	fast := inHouse()
	sv := slowVersion{fast[1], make(chan struct{})}
	_, ts := newTest(t, Config{Engines: append(fast, sv)})
	if r := do(t, http.MethodGet, ts.URL+"/readyz", "", nil); r.Status != http.StatusServiceUnavailable {
		t.Fatalf("readyz before the probe: %d %s", r.Status, r.Body)
	}
	close(sv.release)
	deadline := time.Now().Add(5 * time.Second)
	for do(t, http.MethodGet, ts.URL+"/readyz", "", nil).Status != 200 {
		if time.Now().After(deadline) {
			t.Fatal("never ready after the probe")
		}
		time.Sleep(10 * time.Millisecond)
	}
	start := time.Now()
	r := do(t, http.MethodGet, ts.URL+"/v1/engines", "", nil)
	if r.Status != 200 || !strings.Contains(string(r.Body), `"slowversion"`) || time.Since(start) > time.Second {
		t.Errorf("/v1/engines after ready: %d in %s: %s", r.Status, time.Since(start), r.Body)
	}
}

// metric reads one sample of /metrics by its name and labels as printed
// (0 when absent).
func metric(t *testing.T, base, sample string) float64 {
	t.Helper()
	r := do(t, http.MethodGet, base+"/metrics", "", nil)
	for _, l := range strings.Split(string(r.Body), "\n") {
		if v, ok := strings.CutPrefix(l, sample+" "); ok {
			f, err := strconv.ParseFloat(v, 64)
			if err != nil {
				t.Fatalf("metric %s: %v", sample, err)
			}
			return f
		}
	}
	return 0
}
