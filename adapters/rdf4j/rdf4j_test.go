package rdf4j

import (
	"path/filepath"
	"testing"

	"github.com/sparql-oracle/oracle/adapters/adaptertest"
	"github.com/sparql-oracle/oracle/adapters/sidecar"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

func engine(t *testing.T) *sidecar.Engine {
	t.Helper()
	dir, _ := filepath.Abs(".")
	adaptertest.Require(t, filepath.Join(dir, Jar), "the RDF4J sidecar jar")
	e := New(dir, 1)
	t.Cleanup(e.Close)
	return e
}

// TestRealEngine: the checks every adapter runs (dataset, forms,
// rejection, no network, no file) on the real MemoryStore.
func TestRealEngine(t *testing.T) {
	adaptertest.Run(t, engine(t), Version)
}

// TestDatasetClauses: FROM and FROM NAMED resolve against the case's
// graphs and sources only, without FROM the default graph is the null
// context alone (RDF4J's own default is the union of all), SERVICE is
// unsupported, and a parse error is a refusal.
func TestDatasetClauses(t *testing.T) {
	e := engine(t)
	src := map[string]*rdf.Graph{"http://example/src": rdf.NewGraph(rdf.Triple{
		S: rdf.IRI("http://example/s"), P: rdf.IRI("http://example/p"), O: rdf.String("src")})}
	adaptertest.CheckClauses(t, e, adaptertest.Dataset(), src, []adaptertest.ClauseCase{
		{Query: "SELECT ?o WHERE { ?s ?p ?o }", Want: []string{"default"}},
		{Query: "SELECT ?o FROM <http://example/src> WHERE { ?s ?p ?o }", Want: []string{"src"}},
		{Query: "SELECT ?o FROM <http://example/g> WHERE { ?s ?p ?o }", Want: []string{"named"}},
		{Query: "SELECT ?o FROM <http://example/none> WHERE { ?s ?p ?o }"},
		{Query: "SELECT ?g FROM NAMED <http://example/src> WHERE { GRAPH ?g { ?s ?p ?o } }", Want: []string{"http://example/src"}},
		{Query: "SELECT ?g WHERE { GRAPH ?g { ?s ?p ?o } }", Want: []string{"http://example/g"}},
		{Query: "SELECT * WHERE { ?s ?p ?o } LIMIT 1 OFFSET 1 LIMIT 2", Err: "rejected"},
		{Query: "SELECT * WHERE { SERVICE <http://example/sparql> { ?s ?p ?o } }", Err: "unsupported"},
	})
}
