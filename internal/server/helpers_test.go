package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/internal/engine"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/reference"
	"github.com/sparql-oracle/oracle/internal/registry"
	"github.com/sparql-oracle/oracle/internal/results"
	"github.com/sparql-oracle/oracle/internal/store"
)

// TestMain lets this test binary act as the isolated RDF loader's child.
func TestMain(m *testing.M) {
	rdf.ServeLoadChild()
	os.Exit(m.Run())
}

// testLimits are small, so oversize inputs stay small files.
func testLimits() Limits {
	return Limits{MaxBody: 1 << 20, MaxQuery: 16 << 10, MaxDataset: 256 << 10, MaxQuads: 1000, MaxDepth: 32,
		Deadline: 10 * time.Second, MaxConcurrent: 4, QueueWait: 5 * time.Second, ReduceCalls: 50, ReduceTime: 5 * time.Second}
}

// liar is the fast engine with the last row of every answer dropped: a
// deterministic engine bug (class missing-rows) for tests that need one.
type liar struct{ oracle.Engine }

func (liar) Name() string { return "liar" }

func (l liar) Eval(ctx context.Context, c *oracle.Case) (*results.Answer, error) {
	a, err := l.Engine.Eval(ctx, c)
	if err == nil && a.Kind == results.Bindings && len(a.Rows) > 0 {
		b := *a
		b.Rows = b.Rows[:len(a.Rows)-1]
		return &b, nil
	}
	return a, err
}

// gated is the fast engine held at a gate until released: it keeps an
// evaluation slot busy for the semaphore tests.
type gated struct {
	oracle.Engine
	entered chan struct{}
	release chan struct{}
	once    sync.Once
}

func (*gated) Name() string { return "gated" }

func (g *gated) Eval(ctx context.Context, c *oracle.Case) (*results.Answer, error) {
	if c.Name == warmCase.Name {
		// The server's start-up probe (engines.go) is not a request: the
		// gate holds requests only.
		return g.Engine.Eval(ctx, c)
	}
	g.once.Do(func() { close(g.entered) })
	select {
	case <-g.release:
	case <-ctx.Done():
	}
	return g.Engine.Eval(ctx, c)
}

func inHouse() []oracle.Engine {
	fast := registry.Engine(engine.Options{})
	return []oracle.Engine{registry.Reference(reference.Options{}), fast, liar{fast}}
}

// installed is the external engine name as oracle diff builds it
// (registry.New), closed when t ends; nil, with a log line saying so,
// when it is not installed.
func installed(t *testing.T, name string) oracle.Engine {
	t.Helper()
	e, err := registry.New(name)
	if errors.Is(err, registry.ErrNotInstalled) {
		t.Logf("%s is not installed: %v", name, err)
		return nil
	}
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	t.Cleanup(func() { registry.Close(e) })
	return e
}

// openStore opens a real SQLite store in the test's temporary folder.
func openStore(t testing.TB) store.Store {
	t.Helper()
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "oracle.db"))
	if err != nil {
		t.Fatalf("store.Open: %v", err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// newTest starts a server on a real SQLite store behind httptest.
func newTest(t testing.TB, cfg Config) (*Server, *httptest.Server) {
	t.Helper()
	if cfg.Store == nil {
		cfg.Store = openStore(t)
	}
	if cfg.Engines == nil {
		cfg.Engines = inHouse()
	}
	if cfg.Limits == (Limits{}) {
		cfg.Limits = testLimits()
	}
	ts := httptest.NewUnstartedServer(nil) // its address is the public URL
	if cfg.PublicURL == "" {
		cfg.PublicURL = "http://" + ts.Listener.Addr().String()
	}
	s := New(cfg)
	ts.Config.Handler = s.Handler()
	ts.Start()
	t.Cleanup(ts.Close)
	return s, ts
}

type response struct {
	Status int
	Header http.Header
	Body   []byte
}

func (r response) json(t testing.TB, v any) {
	t.Helper()
	if err := json.Unmarshal(r.Body, v); err != nil {
		t.Fatalf("response is not JSON (%v): %.300s", err, r.Body)
	}
}

func do(t testing.TB, method, url, contentType string, body []byte, header ...string) response {
	t.Helper()
	req, err := http.NewRequest(method, url, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, url, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return response{resp.StatusCode, resp.Header, b}
}

func postJSON(t testing.TB, url string, v any, header ...string) response {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return do(t, http.MethodPost, url, "application/json", b, header...)
}
