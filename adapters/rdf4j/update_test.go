package rdf4j

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/adapters/adaptertest"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
)

// TestUpdate: the case's store maps onto RDF4J's as for queries (the
// default graph is the null context, not RDF4J's union of every context),
// for WHERE, DELETE DATA and templates alike; GRAPH ?g sees graphs an
// earlier operation made; LOAD reads the case's documents only; a failing
// request leaves the store as it was (one transaction); an empty graph is
// not kept (a context exists only with statements).
func TestUpdate(t *testing.T) {
	e := engine(t)
	src := map[string]*rdf.Graph{"http://example/doc": rdf.NewGraph(rdf.Triple{
		S: rdf.IRI("http://example/a"), P: rdf.IRI("http://example/b"), O: rdf.IRI("http://example/c")})}
	for _, c := range []struct{ update, want, failed, err string }{
		{update: `INSERT { GRAPH <http://example/h> { ?s ?p ?o } } WHERE { ?s ?p ?o }`,
			want: `<s> <p> "default" .|<s> <p> "default" <h> .|<s> <p> "named" <g> .`},
		{update: `DELETE DATA { <http://example/s> <http://example/p> "named" }`,
			want: `<s> <p> "default" .|<s> <p> "named" <g> .`},
		{update: `DELETE { ?s ?p ?o } WHERE { ?s ?p ?o }`, want: `<s> <p> "named" <g> .`},
		{update: `INSERT DATA { GRAPH <http://example/h> { <http://example/x> <http://example/y> 1 } };
			INSERT { ?s <http://example/in> ?g } WHERE { GRAPH ?g { ?s ?p ?o } }`,
			want: `<s> <in> <g> .|<s> <p> "default" .|<s> <p> "named" <g> .|<x> <in> <h> .|<x> <y> "1"^^<http://www.w3.org/2001/XMLSchema#integer> <h> .`},
		{update: `WITH <http://example/g> DELETE { ?s ?p ?o } WHERE { ?s ?p ?o }`, want: `<s> <p> "default" .`},
		{update: `INSERT { ?s ?p "using" } USING <http://example/g> WHERE { ?s ?p ?o }`,
			want: `<s> <p> "default" .|<s> <p> "named" <g> .|<s> <p> "using" .`},
		{update: `LOAD <http://example/doc> INTO GRAPH <http://example/d>`,
			want: `<a> <b> <c> <d> .|<s> <p> "default" .|<s> <p> "named" <g> .`},
		{update: `LOAD SILENT <http://example/elsewhere>`, want: `<s> <p> "default" .|<s> <p> "named" <g> .`},
		{update: `CREATE GRAPH <http://example/e>`, want: `<s> <p> "default" .|<s> <p> "named" <g> .`},
		{update: `INSERT DATA { <http://example/x> <http://example/y> <http://example/z> }; LOAD <http://example/elsewhere>`,
			want: `<s> <p> "default" .|<s> <p> "named" <g> .`, failed: "not a document of the case"},
		{update: `LOAD <file:///etc/passwd>`, err: "unsupported"},
		{update: `INSERT DATA { ?x <http://example/p> 1 }`, err: "rejected"},
	} {
		got, failed, err := apply(e, c.update, src)
		if oracle.Classify(err) != c.err {
			t.Errorf("%s: %v, want outcome %q", c.update, err, c.err)
		}
		if got != c.want || !strings.Contains(failed, c.failed) || (c.failed == "") != (failed == "") {
			t.Errorf("%s:\n got %s (failure %q)\nwant %s (failure %q)", c.update, got, failed, c.want, c.failed)
		}
	}
}

// apply runs an update on adaptertest's dataset and answers the store after
// it as sorted N-Quads lines joined by "|", the example namespace left out,
// and the failure the store carries.
func apply(e oracle.Engine, update string, src map[string]*rdf.Graph) (store, failed string, err error) {
	u, _ := oracle.AsUpdater(e)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	a, err := u.Update(ctx, &oracle.UpdateCase{Update: update, Store: adaptertest.Dataset(), Sources: src})
	if err != nil {
		return "", "", err
	}
	return storeLines(a.Store), a.Store.Err, nil
}

func storeLines(st *results.Store) string {
	var b strings.Builder
	rdf.WriteNQuads(&b, st.Dataset().Quads())
	lines := strings.Split(strings.TrimSpace(strings.ReplaceAll(b.String(), "http://example/", "")), "\n")
	return strings.Join(sorted(lines), "|")
}

func sorted(s []string) []string {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
	return s
}
