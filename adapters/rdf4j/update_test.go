package rdf4j

import (
	"testing"

	"github.com/sparql-oracle/oracle/adapters/adaptertest"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// TestUpdate: the case's store maps onto RDF4J's as for queries (the
// default graph is the null context, not RDF4J's union of every context),
// for WHERE, DELETE DATA and templates alike; GRAPH ?g sees graphs an
// earlier operation made; LOAD reads the case's documents only; a failing
// request leaves the store as it was (one transaction); an empty graph is
// not kept (a context exists only with statements).
func TestUpdate(t *testing.T) {
	src := map[string]*rdf.Graph{"http://example/doc": rdf.NewGraph(rdf.Triple{
		S: rdf.IRI("http://example/a"), P: rdf.IRI("http://example/b"), O: rdf.IRI("http://example/c")})}
	adaptertest.CheckUpdates(t, engine(t), src, []adaptertest.UpdateCheck{
		{Update: `INSERT { GRAPH <http://example/h> { ?s ?p ?o } } WHERE { ?s ?p ?o }`,
			Want: `<s> <p> "default" .|<s> <p> "default" <h> .|<s> <p> "named" <g> .`},
		{Update: `DELETE DATA { <http://example/s> <http://example/p> "named" }`,
			Want: `<s> <p> "default" .|<s> <p> "named" <g> .`},
		{Update: `DELETE { ?s ?p ?o } WHERE { ?s ?p ?o }`, Want: `<s> <p> "named" <g> .`},
		{Update: `INSERT DATA { GRAPH <http://example/h> { <http://example/x> <http://example/y> 1 } };
			INSERT { ?s <http://example/in> ?g } WHERE { GRAPH ?g { ?s ?p ?o } }`,
			Want: `<s> <in> <g> .|<s> <p> "default" .|<s> <p> "named" <g> .|<x> <in> <h> .|<x> <y> "1"^^<http://www.w3.org/2001/XMLSchema#integer> <h> .`},
		{Update: `WITH <http://example/g> DELETE { ?s ?p ?o } WHERE { ?s ?p ?o }`, Want: `<s> <p> "default" .`},
		{Update: `INSERT { ?s ?p "using" } USING <http://example/g> WHERE { ?s ?p ?o }`,
			Want: `<s> <p> "default" .|<s> <p> "named" <g> .|<s> <p> "using" .`},
		{Update: `LOAD <http://example/doc> INTO GRAPH <http://example/d>`,
			Want: `<a> <b> <c> <d> .|<s> <p> "default" .|<s> <p> "named" <g> .`},
		{Update: `LOAD SILENT <http://example/elsewhere>`, Want: `<s> <p> "default" .|<s> <p> "named" <g> .`},
		{Update: `CREATE GRAPH <http://example/e>`, Want: `<s> <p> "default" .|<s> <p> "named" <g> .`},
		{Update: `INSERT DATA { <http://example/x> <http://example/y> <http://example/z> }; LOAD <http://example/elsewhere>`,
			Want: `<s> <p> "default" .|<s> <p> "named" <g> .`, Failed: "not a document of the case"},
		{Update: `LOAD <file:///etc/passwd>`, Err: "unsupported"},
		{Update: `INSERT DATA { ?x <http://example/p> 1 }`, Err: "rejected"},
	})
}
