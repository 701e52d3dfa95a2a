package sparqlhttp

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/internal/oracle"
)

// TestStreamedError: the Oxigraph server's error text after the head of
// its results JSON (as 0.5.13 sends it for a SERVICE it cannot reach) is
// read; a body that is JSON, or cut inside a value, is not an error text.
func TestStreamedError(t *testing.T) {
	cases := map[string]string{
		`{"head":{"vars":["s"]},"results":{"bindings":[failed to lookup address information: Temporary failure in name resolution`: "failed to lookup address information: Temporary failure in name resolution",
		`{"head":{"vars":["s"]},"results":{"bindings":[]}}`:                                                                        "",
		`{"head":{"vars":["s"]},"results":{"bindings":[{"s":{"type":"li`:                                                           "",
		`not json at all`: "",
	}
	for body, want := range cases {
		if got := streamedError([]byte(body)); got != want {
			t.Errorf("%.50q: %q, want %q", body, got, want)
		}
	}
}

// TestFusekiRefusal: Fuseki's 502 (the remote call SERVICE could not make)
// is unsupported, its 503 "Query timed out" (its own per-query timeout) a
// timeout; other statuses are left to statusError.
func TestFusekiRefusal(t *testing.T) {
	if err := fusekiRefusal(502, "GET http://example.org/sparql?query=..."); !errors.Is(err, oracle.ErrUnsupported) {
		t.Errorf("502: %v", err)
	}
	if err := fusekiRefusal(503, "Query timed out"); !errors.Is(err, oracle.ErrTimeout) {
		t.Errorf("503 timed out: %v", err)
	}
	if err := fusekiRefusal(400, "Parse error"); err != nil {
		t.Errorf("400: %v", err)
	}
}

// TestConfinedService: on the real servers, a SERVICE clause (which the
// sandbox leaves nothing to reach) is unsupported with the engine's own
// message, never unavailable or an unparsed answer.
func TestConfinedService(t *testing.T) {
	jar := installed(t, FusekiJar)
	oxi := oxigraphBin(t)
	for _, m := range []*Managed{Fuseki(FusekiJava(jar), jar), OxigraphServer(oxi)} {
		t.Run(m.Name(), func(t *testing.T) {
			defer m.Close()
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			h, err := m.Start(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if !h.cfg.Confined {
				t.Skip("no bwrap here: the server is not confined, SERVICE is refused before it is sent")
			}
			_, err = m.Eval(ctx, &oracle.Case{Query: "SELECT * { SERVICE <http://example.org/sparql> { ?s ?p ?o } }"})
			if !errors.Is(err, oracle.ErrUnsupported) || !strings.Contains(err.Error(), "example.org") && !strings.Contains(err.Error(), "failed") {
				t.Fatalf("SERVICE: %v, want unsupported with the engine's message", err)
			}
			t.Logf("%s: %v", m.Name(), err)
		})
	}
}
