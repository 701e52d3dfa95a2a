package comunica

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/adapters/adaptertest"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// TestUpdate: Comunica writes into the case's store (WHERE's default graph
// is the default graph alone), keeps the operations before a failing one
// (no transaction), keeps no empty graph, and LOAD is unsupported (this
// build has no dereference actor).
func TestUpdate(t *testing.T) {
	e := engine(t)
	for _, c := range []struct{ update, want, failed, err string }{
		{update: `INSERT { GRAPH <http://example/h> { ?s ?p ?o } } WHERE { ?s ?p ?o }`,
			want: `<s> <p> "default" .|<s> <p> "default" <h> .|<s> <p> "named" <g> .`},
		{update: `DELETE DATA { <http://example/s> <http://example/p> "named" }`,
			want: `<s> <p> "default" .|<s> <p> "named" <g> .`},
		{update: `CREATE GRAPH <http://example/e>`, want: `<s> <p> "default" .|<s> <p> "named" <g> .`},
		{update: `INSERT DATA { <http://example/x> <http://example/y> <http://example/z> }; CREATE GRAPH <http://example/g>`,
			want: `<s> <p> "default" .|<s> <p> "named" <g> .|<x> <y> <z> .`, failed: "already exists"},
		{update: `LOAD SILENT <http://example/doc>`, err: "unsupported"},
		{update: `INSERT DATA { ?x <http://example/p> 1 }`, err: "rejected"},
	} {
		got, failed, err := apply(e, c.update)
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
func apply(e oracle.Engine, update string) (store, failed string, err error) {
	u, _ := oracle.AsUpdater(e)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	a, err := u.Update(ctx, &oracle.UpdateCase{Update: update, Store: adaptertest.Dataset()})
	if err != nil {
		return "", "", err
	}
	var b strings.Builder
	rdf.WriteNQuads(&b, a.Store.Dataset().Quads())
	lines := strings.Split(strings.TrimSpace(strings.ReplaceAll(b.String(), "http://example/", "")), "\n")
	for i := 1; i < len(lines); i++ {
		for j := i; j > 0 && lines[j] < lines[j-1]; j-- {
			lines[j], lines[j-1] = lines[j-1], lines[j]
		}
	}
	return strings.Join(lines, "|"), a.Store.Err, nil
}
