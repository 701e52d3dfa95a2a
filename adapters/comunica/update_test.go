package comunica

import (
	"testing"

	"github.com/sparql-oracle/oracle/adapters/adaptertest"
)

// TestUpdate: Comunica writes into the case's store (WHERE's default graph
// is the default graph alone), keeps the operations before a failing one
// (no transaction), keeps no empty graph, and LOAD is unsupported (this
// build has no dereference actor).
func TestUpdate(t *testing.T) {
	adaptertest.CheckUpdates(t, engine(t), nil, []adaptertest.UpdateCheck{
		{Update: `INSERT { GRAPH <http://example/h> { ?s ?p ?o } } WHERE { ?s ?p ?o }`,
			Want: `<s> <p> "default" .|<s> <p> "default" <h> .|<s> <p> "named" <g> .`},
		{Update: `DELETE DATA { <http://example/s> <http://example/p> "named" }`,
			Want: `<s> <p> "default" .|<s> <p> "named" <g> .`},
		{Update: `CREATE GRAPH <http://example/e>`, Want: `<s> <p> "default" .|<s> <p> "named" <g> .`},
		{Update: `INSERT DATA { <http://example/x> <http://example/y> <http://example/z> }; CREATE GRAPH <http://example/g>`,
			Want: `<s> <p> "default" .|<s> <p> "named" <g> .|<x> <y> <z> .`, Failed: "already exists"},
		{Update: `LOAD SILENT <http://example/doc>`, Err: "unsupported"},
		{Update: `INSERT DATA { ?x <http://example/p> 1 }`, Err: "rejected"},
	})
}
