package sparqlhttp_test

import (
	"context"
	"errors"
	"os"
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

// TestLiveUpdates applies updates through the SPARQL 1.1 Update protocol
// on the real servers: the case's default graph is the store's unnamed
// graph, the store is reset between cases (a second case never sees the
// first's quads), a request that fails while it runs answers the store it
// left with the failure, a malformed one is rejected, and LOAD is
// unsupported (never sent: the server would fetch).
func TestLiveUpdates(t *testing.T) {
	for name, m := range endpoints(t) {
		t.Run(name, func(t *testing.T) {
			for _, c := range []struct{ update, want, failed string }{
				{update: `INSERT { GRAPH <http://example/h> { ?s ?p ?o } } WHERE { ?s ?p ?o }`,
					want: `<s> <p> "default" .|<s> <p> "default" <h> .|<s> <p> "named" <g> .`},
				{update: `DELETE WHERE { ?s ?p ?o }`, want: `<s> <p> "named" <g> .`},
				{update: `INSERT DATA { _:b <http://example/p> 1 . GRAPH <http://example/g> { _:b <http://example/p> 2 } }`,
					want: `<s> <p> "default" .|<s> <p> "named" <g> .|_:0 <p> "1"^^<http://www.w3.org/2001/XMLSchema#integer> .|_:0 <p> "2"^^<http://www.w3.org/2001/XMLSchema#integer> <g> .`},
				{update: `INSERT DATA { <http://example/x> <http://example/y> <http://example/z> } ; CLEAR GRAPH <http://example/absent>`,
					failed: "absent"},
			} {
				got, failed, err := apply(m, c.update)
				if err != nil || !strings.Contains(failed, c.failed) || (c.failed == "") != (failed == "") {
					t.Errorf("%s: %v, failure %q; want failure %q", c.update, err, failed, c.failed)
				}
				if c.want != "" && got != c.want {
					t.Errorf("%s:\n got %s\nwant %s", c.update, got, c.want)
				}
			}
			for update, want := range map[string]error{
				`INSERT DATA { ?x <http://example/p> 1 }`: oracle.ErrRejected,
				`LOAD <http://example/doc>`:               oracle.ErrUnsupported,
			} {
				if _, _, err := apply(m, update); !errors.Is(err, want) {
					t.Errorf("%s: %v, want %v", update, err, want)
				}
			}
		})
	}
}

// apply runs an update on adaptertest's dataset and answers the store after
// it as sorted N-Quads lines joined by "|", the example namespace left out
// and blank nodes numbered in order, and the failure the store carries.
func apply(e oracle.Engine, update string) (store, failed string, err error) {
	u, ok := oracle.AsUpdater(e)
	if !ok {
		return "", "", errors.New("not an Updater")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
	defer cancel()
	a, err := u.Update(ctx, &oracle.UpdateCase{Update: update, Store: adaptertest.Dataset()})
	if err != nil {
		return "", "", err
	}
	var b strings.Builder
	rdf.WriteNQuads(&b, a.Store.Dataset().Quads())
	text := strings.ReplaceAll(b.String(), "http://example/", "")
	lines := strings.Split(strings.TrimSpace(text), "\n")
	for i := range lines {
		if j := strings.Index(lines[i], "_:"); j == 0 {
			lines[i] = "_:0" + lines[i][strings.Index(lines[i], " "):]
		}
	}
	for i := 1; i < len(lines); i++ {
		for j := i; j > 0 && lines[j] < lines[j-1]; j-- {
			lines[j], lines[j-1] = lines[j-1], lines[j]
		}
	}
	return strings.Join(lines, "|"), a.Store.Err, nil
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
