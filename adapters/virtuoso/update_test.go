package virtuoso

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/adapters/adaptertest"
	"github.com/sparql-oracle/oracle/adapters/sparqlhttp"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
)

// TestUpdate: updates on the real server run in the case's own graphs
// (the default graph a graph of the case's, GRAPH ?g kept off Virtuoso's
// system graphs), every graph the case made is gone after it, what could
// reach every graph or the network is unsupported, and a request our
// parser refuses is only probed, never run.
func TestUpdate(t *testing.T) {
	e := engine(t, sparqlhttp.LoadGraphStore)
	for _, c := range []struct{ update, want string }{
		{`INSERT { GRAPH <http://example/h> { ?s ?p ?o } } WHERE { ?s ?p ?o }`,
			`<s> <p> "default" .|<s> <p> "default" <h> .|<s> <p> "named" <g> .`},
		{`DELETE DATA { <http://example/s> <http://example/p> "default" }`, `<s> <p> "named" <g> .`},
		{`INSERT { ?s <http://example/in> ?g } WHERE { GRAPH ?g { ?s ?p ?o } }`,
			`<s> <in> <g> .|<s> <p> "default" .|<s> <p> "named" <g> .`},
		{`CLEAR DEFAULT ; DROP GRAPH <http://example/g>`, ``},
	} {
		got, err := apply(e, c.update)
		if err != nil || got != c.want {
			t.Errorf("%s:\n got %s (%v)\nwant %s", c.update, got, err, c.want)
		}
	}
	for _, update := range []string{`DROP ALL`, `CLEAR NAMED`, `LOAD <http://example/doc>`,
		`WITH <http://example/g> DELETE { ?s ?p ?o } WHERE { ?s ?p ?o }`, `DROP ALL ;;`} {
		if _, err := apply(e, update); !errors.Is(err, oracle.ErrUnsupported) {
			t.Errorf("%s: %v, want unsupported", update, err)
		}
	}
	if _, err := apply(e, `DROP ALL ; INSERT DATA {`); !errors.Is(err, oracle.ErrRejected) {
		t.Errorf("a request neither parser takes: %v, want rejected", err)
	}
	if left := caseGraphs(t, e); len(left) != 0 {
		t.Errorf("graphs left behind: %v", left)
	}
}

// caseGraphs asks the server itself, with no dataset named (every graph
// it holds), for graphs of the cases.
func caseGraphs(t *testing.T, e *Engine) []string {
	q := `SELECT DISTINCT ?g WHERE { GRAPH ?g { ?s ?p ?o } FILTER(STRSTARTS(STR(?g), "http://example/") || STRSTARTS(STR(?g), "urn:sparql-oracle:")) }`
	srv := e.Server()
	req, _ := http.NewRequest(http.MethodGet, srv.URL()+"/sparql?"+url.Values{"query": {q}}.Encode(), nil)
	req.Header.Set("Accept", "application/sparql-results+json")
	resp, err := srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	a, err := results.ReadJSON(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return values(a, "g")
}

// apply runs an update on adaptertest's dataset and answers the store after
// it as sorted N-Quads lines joined by "|", the example namespace left out.
func apply(e oracle.Engine, update string) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	a, err := e.(oracle.Updater).Update(ctx, &oracle.UpdateCase{Update: update, Store: adaptertest.Dataset()})
	if err != nil {
		return "", err
	}
	var b strings.Builder
	rdf.WriteNQuads(&b, a.Store.Dataset().Quads())
	lines := strings.Split(strings.TrimSpace(strings.ReplaceAll(b.String(), "http://example/", "")), "\n")
	for i := 1; i < len(lines); i++ {
		for j := i; j > 0 && lines[j] < lines[j-1]; j-- {
			lines[j], lines[j-1] = lines[j-1], lines[j]
		}
	}
	return strings.Join(lines, "|"), nil
}
