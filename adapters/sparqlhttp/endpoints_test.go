package sparqlhttp_test

import (
	"context"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/adapters/adaptertest"
	"github.com/sparql-oracle/oracle/adapters/sparqlhttp"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// root is the checkout: the endpoints' programs are installed under it.
func root(t *testing.T) string {
	r, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// endpoints are the live servers this package runs, built from the
// checkout's installs (skipped when absent, except under CI=true).
func endpoints(t *testing.T) map[string]*sparqlhttp.Managed {
	r := root(t)
	oxi := filepath.Join(r, ".venv", "bin", "oxigraph")
	jar := filepath.Join(r, sparqlhttp.FusekiJar)
	out := map[string]*sparqlhttp.Managed{}
	t.Run("installed", func(t *testing.T) {
		adaptertest.Require(t, oxi, "the Oxigraph server (PyPI oxigraph)")
		out[sparqlhttp.OxigraphServerName] = sparqlhttp.OxigraphServer(oxi)
	})
	t.Run("fuseki-installed", func(t *testing.T) {
		adaptertest.Require(t, jar, "Fuseki's jar")
		out[sparqlhttp.FusekiName] = sparqlhttp.Fuseki(sparqlhttp.FusekiJava(jar), jar)
	})
	for _, m := range out {
		t.Cleanup(m.Close)
	}
	return out
}

// TestLiveEndpoints runs every adapter's shared checks (dataset, forms,
// rejection, no network, no file) against the real servers, started on
// loopback ports chosen at run time, and checks the server is gone after
// Close.
func TestLiveEndpoints(t *testing.T) {
	for name, m := range endpoints(t) {
		t.Run(name, func(t *testing.T) {
			adaptertest.Run(t, m, m.Version())
			if m.URL() == "" {
				t.Fatal("no server ran")
			}
			t.Logf("%s %s served on %s", name, m.Version(), m.URL())
		})
	}
}

// TestCurlReproducers runs each endpoint's curl reproducer the way a
// maintainer does (the server started by the script itself, on its fixed
// port) on a case with a default graph, a named graph and a base IRI, and
// compares with the adapter's answer.
func TestCurlReproducers(t *testing.T) {
	if _, err := exec.LookPath("curl"); err != nil {
		t.Skip("no curl")
	}
	r := root(t)
	nc := oracle.NativeCase{
		Query: "SELECT ?o ?g WHERE { { ?s ?p ?o } UNION { GRAPH ?g { ?s ?p ?o } } FILTER(?o != <rel>) } ORDER BY ?o",
		Data:  "<http://example/s> <http://example/p> \"default\" .\n<http://example/s> <http://example/p> \"named\" <http://example/g> .\n",
		Base:  "http://example/base/",
	}
	for name, m := range endpoints(t) {
		t.Run(name, func(t *testing.T) {
			n, ok := m.Reproduce(nc)
			if !ok {
				t.Fatal("no reproducer")
			}
			script := strings.ReplaceAll(n.Run, "oxigraph serve", filepath.Join(r, ".venv", "bin", "oxigraph")+" serve")
			script = strings.ReplaceAll(script, "java -jar jena-fuseki", sparqlhttp.FusekiJava(filepath.Join(r, sparqlhttp.FusekiJar))+" -jar "+filepath.Join(r, "adapters", "sparqlhttp", "fuseki", "jena-fuseki"))
			// The script starts its server itself: a cold Fuseki on a loaded
			// machine takes tens of seconds.
			out, stderr, err := adaptertest.RunScript(t, t.TempDir(), "sh", script, nc, nil, 3*time.Minute)
			if err != nil {
				t.Fatalf("%v\n%s\n%s%s", err, script, out, stderr)
			}
			if !strings.Contains(out, `"default"`) || !strings.Contains(out, `"named"	<http://example/g>`) {
				t.Errorf("the curl script's answer lacks the case's rows:\n%s", out)
			}
			ds := rdf.NewDataset()
			for _, q := range nc.Quads() {
				ds.Add(q)
			}
			a, err := m.Eval(context.Background(), &oracle.Case{Query: nc.Query, Base: nc.Base, Dataset: ds})
			if err != nil || len(a.Rows) != 2 {
				t.Errorf("the adapter: %+v, %v", a, err)
			}
		})
	}
}
