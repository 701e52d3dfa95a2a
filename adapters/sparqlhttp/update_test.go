package sparqlhttp_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/sparql-oracle/oracle/adapters/adaptertest"
	"github.com/sparql-oracle/oracle/adapters/sparqlhttp"
)

// TestLiveUpdates applies updates through the SPARQL 1.1 Update protocol
// on the real servers: the case's default graph is the store's unnamed
// graph, the store is reset between cases (a second case never sees the
// first's quads), a request that fails while it runs answers the store it
// left with the failure, a malformed one is rejected, and LOAD is
// unsupported (never sent: the server would fetch).
func TestLiveUpdates(t *testing.T) {
	for name, m := range endpoints(t) {
		t.Run(name, func(t *testing.T) {
			adaptertest.CheckUpdates(t, m, nil, []adaptertest.UpdateCheck{
				{Update: `INSERT { GRAPH <http://example/h> { ?s ?p ?o } } WHERE { ?s ?p ?o }`,
					Want: `<s> <p> "default" .|<s> <p> "default" <h> .|<s> <p> "named" <g> .`},
				{Update: `DELETE WHERE { ?s ?p ?o }`, Want: `<s> <p> "named" <g> .`},
				{Update: `INSERT DATA { _:b <http://example/p> 1 . GRAPH <http://example/g> { _:b <http://example/p> 2 } }`,
					Want: `<s> <p> "default" .|<s> <p> "named" <g> .|_:0 <p> "1"^^<http://www.w3.org/2001/XMLSchema#integer> .|_:0 <p> "2"^^<http://www.w3.org/2001/XMLSchema#integer> <g> .`},
				{Update: `INSERT DATA { <http://example/x> <http://example/y> <http://example/z> } ; CLEAR GRAPH <http://example/absent>`,
					AnyStore: true, Failed: "absent"},
				{Update: `INSERT DATA { ?x <http://example/p> 1 }`, Err: "rejected"},
				{Update: `LOAD <http://example/doc>`, Err: "unsupported"},
			})
		})
	}
}

// TestCurlUpdateReproducers runs each endpoint's update reproducer (the
// server started by the script on its fixed port, the store loaded by the
// Graph Store Protocol, the request by the Update protocol, the store
// dumped as N-Quads) and holds its output to the adapter's answer.
func TestCurlUpdateReproducers(t *testing.T) {
	if _, err := exec.LookPath("curl"); err != nil {
		t.Skip("no curl")
	}
	r := root(t)
	jar := filepath.Join(r, sparqlhttp.FusekiJar)
	path := filepath.Join(r, ".venv", "bin") + string(os.PathListSeparator) +
		filepath.Dir(sparqlhttp.FusekiJava(jar)) + string(os.PathListSeparator) + os.Getenv("PATH")
	for name, m := range endpoints(t) {
		t.Run(name, func(t *testing.T) {
			adaptertest.CheckUpdateReproducer(t, m, []string{"PATH=" + path}, func(dir string) {
				if err := os.Symlink(jar, filepath.Join(dir, filepath.Base(jar))); err != nil {
					t.Fatal(err)
				}
			})
		})
	}
}
