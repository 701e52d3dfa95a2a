package virtuoso

import (
	"net/http"
	"net/url"
	"testing"

	"github.com/sparql-oracle/oracle/adapters/adaptertest"
	"github.com/sparql-oracle/oracle/internal/results"
)

// TestUpdate: updates on the real server run in the case's own graphs
// (the default graph a graph of the case's, GRAPH ?g kept off Virtuoso's
// system graphs), every graph the case made is gone after it, what could
// reach every graph or the network is unsupported, and a request our
// parser refuses is only probed, never run.
func TestUpdate(t *testing.T) {
	e := engine(t)
	adaptertest.CheckUpdates(t, e, nil, []adaptertest.UpdateCheck{
		{Update: `INSERT { GRAPH <http://example/h> { ?s ?p ?o } } WHERE { ?s ?p ?o }`,
			Want: `<s> <p> "default" .|<s> <p> "default" <h> .|<s> <p> "named" <g> .`},
		{Update: `DELETE DATA { <http://example/s> <http://example/p> "default" }`, Want: `<s> <p> "named" <g> .`},
		{Update: `INSERT { ?s <http://example/in> ?g } WHERE { GRAPH ?g { ?s ?p ?o } }`,
			Want: `<s> <in> <g> .|<s> <p> "default" .|<s> <p> "named" <g> .`},
		{Update: `CLEAR DEFAULT ; DROP GRAPH <http://example/g>`, Want: ``},
		{Update: `DROP ALL`, Err: "unsupported"},
		{Update: `CLEAR NAMED`, Err: "unsupported"},
		{Update: `LOAD <http://example/doc>`, Err: "unsupported"},
		{Update: `WITH <http://example/g> DELETE { ?s ?p ?o } WHERE { ?s ?p ?o }`, Err: "unsupported"},
		{Update: `DROP ALL ;;`, Err: "unsupported"},
		{Update: `DROP ALL ; INSERT DATA {`, Err: "rejected"}, // a request neither parser takes
	})
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
