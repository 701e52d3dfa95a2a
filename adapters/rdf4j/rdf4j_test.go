package rdf4j

import (
	"path/filepath"
	"testing"

	"github.com/sparql-oracle/oracle/adapters/adaptertest"
	"github.com/sparql-oracle/oracle/adapters/sidecar"
)

var engine = adaptertest.Starter(Jar, "the RDF4J sidecar jar", New)

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
	adaptertest.CheckClauses(t, engine(t), adaptertest.Dataset(), adaptertest.Source("src"), append([]adaptertest.ClauseCase{
		{Query: "SELECT ?o WHERE { ?s ?p ?o }", Want: []string{"default"}},
		{Query: "SELECT ?g FROM NAMED <http://example/src> WHERE { GRAPH ?g { ?s ?p ?o } }", Want: []string{"http://example/src"}},
		{Query: "SELECT ?g WHERE { GRAPH ?g { ?s ?p ?o } }", Want: []string{"http://example/g"}},
	}, adaptertest.SourceClauses...))
}

// TestUpdateReproducer: the native update reproducer (jshell), run with
// the sidecar's shaded jar as lib/ (it holds every RDF4J module the
// install line copies) on the JDK the jar was built with, prints the store
// the adapter answers.
func TestUpdateReproducer(t *testing.T) {
	dir, _ := filepath.Abs(".")
	adaptertest.CheckJarReproducer(t, engine(t), sidecar.Java(filepath.Join(dir, "target")), "jshell",
		filepath.Join(dir, Jar), "lib", "rdf4j.jar")
}
