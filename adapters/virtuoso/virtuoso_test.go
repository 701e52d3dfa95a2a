package virtuoso

import (
	"context"
	"errors"
	"os"
	"slices"
	"syscall"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/adapters/adaptertest"
	"github.com/sparql-oracle/oracle/adapters/sparqlhttp"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
)

// Version is the Debian package's upstream version the tests pin.
const pinned = "7.2.5"

// engine starts one private server for a test, loading a case through
// the Graph Store Protocol, and stops it afterwards.
func engine(t *testing.T) *Engine {
	return started(t, Options{Load: sparqlhttp.LoadGraphStore})
}

// started is a private server of options o, started, stopped when the
// test ends.
func started(t *testing.T, o Options) *Engine {
	t.Helper()
	adaptertest.Command(t, "virtuoso-t", "virtuoso-t (Debian virtuoso-opensource)")
	e := New(o)
	t.Cleanup(func() { e.Close() })
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	if _, err := e.Start(ctx); err != nil {
		t.Fatal(err)
	}
	return e
}

func eval(t *testing.T, e oracle.Engine, c *oracle.Case) (*results.Answer, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	return e.Eval(ctx, c)
}

func TestRealEngine(t *testing.T) {
	e := engine(t)
	adaptertest.Run(t, e, pinned)
	t.Run("virtuoso", func(t *testing.T) { checkVirtuoso(t, e) })
	t.Run("update-load", func(t *testing.T) {
		// The same server loaded by SPARQL Update: blank nodes included.
		// e's last case left its graphs loaded for its next query (keep.go);
		// to the second engine on the server they would be graphs of the
		// engine's own, off limits, so e lets them go first.
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		if h, err := e.Start(ctx); err != nil || h.Release(ctx) != nil {
			t.Fatalf("releasing the first engine's kept graphs: %v", err)
		}
		u := sparqlhttp.New(Protocol(e.Server(), pinned, sparqlhttp.LoadUpdate))
		adaptertest.Run(t, u, pinned)
		checkBlankNodes(t, u)
	})
	t.Run("stop", func(t *testing.T) { checkStop(t, e) })
}

// checkVirtuoso: the behaviour this adapter is responsible for on a real server.
func checkVirtuoso(t *testing.T, e oracle.Engine) {
	c := &oracle.Case{Query: "SELECT (1/0 AS ?x) WHERE {}", Dataset: adaptertest.Dataset()}
	if _, err := eval(t, e, c); !errors.Is(err, oracle.ErrQueryError) {
		t.Errorf("1/0: %v, want a query error", err)
	}
	src := map[string]*rdf.Graph{"http://example/src": rdf.NewGraph(rdf.Triple{
		S: rdf.IRI("http://example/s"), P: rdf.IRI("http://example/p"), O: rdf.String("src")})}
	cases := map[string][]string{
		"SELECT ?o FROM <http://example/src> WHERE { ?s ?p ?o }":                   {"src"},
		"SELECT ?o FROM <http://example/g> FROM <http://example/src> { ?s ?p ?o }": {"named", "src"},
		// FROM alone: no named graphs at all, not Virtuoso's every graph.
		"SELECT ?o FROM <http://example/src> WHERE { GRAPH ?g { ?s ?p ?o } }":                         nil,
		"SELECT ?o FROM NAMED <http://example/src> WHERE { ?s ?p ?o }":                                nil,
		"SELECT ?o FROM NAMED <http://example/src> WHERE { GRAPH <http://example/src> { ?s ?p ?o } }": {"src"},
		// Without a dataset clause the sources are invisible.
		"SELECT ?o WHERE { GRAPH <http://example/src> { ?s ?p ?o } }": nil,
	}
	for q, want := range cases {
		a, err := eval(t, e, &oracle.Case{Query: q, Dataset: adaptertest.Dataset(), Sources: src})
		if err != nil {
			t.Errorf("%s: %v", q, err)
			continue
		}
		if got := values(a, "o"); !equal(got, want) {
			t.Errorf("%s: %v, want %v", q, got, want)
		}
	}
}

// checkBlankNodes: blank nodes load through INSERT templates (INSERT DATA
// refuses them in Virtuoso) and keep their co-references.
func checkBlankNodes(t *testing.T, e oracle.Engine) {
	ds := rdf.NewDataset()
	b := rdf.Blank("b1")
	ds.Add(rdf.Quad{S: b, P: rdf.IRI("http://example/p"), O: rdf.String("x")})
	ds.Add(rdf.Quad{S: b, P: rdf.IRI("http://example/q"), O: rdf.String("y")})
	a, err := eval(t, e, &oracle.Case{Query: "SELECT ?x ?y { ?s <http://example/p> ?x . ?s <http://example/q> ?y }", Dataset: ds})
	if err != nil || len(a.Rows) != 1 {
		t.Errorf("blank node join: %+v, %v", a, err)
	}
}

// checkStop: Close stops the process by its PID and removes the temporary folder.
func checkStop(t *testing.T, e *Engine) {
	srv := e.Server()
	pid, dir := srv.PID(), srv.Dir
	if err := e.Close(); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Kill(pid, 0); err == nil {
		t.Errorf("virtuoso-t (pid %d) still runs after Close", pid)
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Errorf("the temporary folder %s is still there: %v", dir, err)
	}
}

func values(a *results.Answer, v string) []string {
	var out []string
	for _, r := range a.Rows {
		if t, ok := r[v]; ok {
			out = append(out, t.Value)
		}
	}
	return out
}

// equal compares as multisets (Virtuoso's row order is its own).
func equal(got, want []string) bool {
	return slices.Equal(slices.Sorted(slices.Values(got)), slices.Sorted(slices.Values(want)))
}
