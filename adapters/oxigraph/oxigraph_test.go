package oxigraph

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
)

func engine(t *testing.T) oracle.Engine {
	dir, _ := filepath.Abs(".")
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "oxigraph")); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("oxigraph is not installed (scripts/install.sh installs it): %v", err)
		}
		t.Skip("oxigraph npm package not installed; run scripts/install.sh")
	}
	e := New(dir, 1)
	t.Cleanup(e.Close)
	return e
}

func TestRealQueries(t *testing.T) {
	e := engine(t)
	if v := e.Version(); v != "0.5.11" {
		t.Errorf("version %q, want the pinned 0.5.11", v)
	}
	ds := rdf.NewDataset()
	s, p := rdf.IRI("http://example/s"), rdf.IRI("http://example/p")
	ds.Add(rdf.Quad{S: s, P: p, O: rdf.String("default")})
	ds.Add(rdf.Quad{S: s, P: p, O: rdf.String("named"), G: rdf.IRI("http://example/g")})
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()

	// The named graph's triple must never show in the default graph.
	a, err := e.Eval(ctx, &oracle.Case{Query: "SELECT ?o WHERE { ?s ?p ?o }", Dataset: ds})
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Rows) != 1 || a.Rows[0]["o"] != rdf.String("default") {
		t.Fatalf("default graph answer %v", a.Rows)
	}
	a, err = e.Eval(ctx, &oracle.Case{Query: "CONSTRUCT { ?s ?p ?o } WHERE { GRAPH ?g { ?s ?p ?o } }", Dataset: ds})
	if err != nil {
		t.Fatal(err)
	}
	if a.Kind != results.Graph || len(a.Triples) != 1 || a.Triples[0].O != rdf.String("named") {
		t.Fatalf("CONSTRUCT answer %+v", a)
	}
	a, err = e.Eval(ctx, &oracle.Case{Query: "ASK { ?s ?p \"default\" }", Dataset: ds})
	if err != nil || a.Kind != results.Boolean || !a.Boolean {
		t.Fatalf("ASK answer %+v, %v", a, err)
	}
	if _, err := e.Eval(ctx, &oracle.Case{Query: "SELEC * {}", Dataset: ds}); oracle.Classify(err) != "rejected" {
		t.Errorf("a syntax error gave %v, want rejected", err)
	}
}
