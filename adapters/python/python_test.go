package python

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

var pinned = map[string]string{"pyoxigraph": "0.5.13", "oxilite": "0.9.1", "rdflib": "7.6.0"}

func engines(t *testing.T) []oracle.Engine {
	dir, _ := filepath.Abs(".")
	py := filepath.Join(dir, "..", "..", ".venv", "bin", "python")
	if _, err := os.Stat(py); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("the virtual environment is missing (scripts/install.sh makes it): %v", err)
		}
		t.Skip("no .venv; run scripts/install.sh")
	}
	var out []oracle.Engine
	for _, n := range Names {
		e := New(n, dir, py, 1)
		t.Cleanup(e.Close)
		out = append(out, e)
	}
	return out
}

// TestRealQueries runs the same small cases through each real engine.
func TestRealQueries(t *testing.T) {
	ds := rdf.NewDataset()
	s, p := rdf.IRI("http://example/s"), rdf.IRI("http://example/p")
	ds.Add(rdf.Quad{S: s, P: p, O: rdf.String("default")})
	ds.Add(rdf.Quad{S: s, P: p, O: rdf.String("named"), G: rdf.IRI("http://example/g")})
	for _, e := range engines(t) {
		t.Run(e.Name(), func(t *testing.T) {
			if v := e.Version(); v != pinned[e.Name()] {
				t.Errorf("version %q, want pinned %q", v, pinned[e.Name()])
			}
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			a, err := e.Eval(ctx, &oracle.Case{Query: "SELECT ?o WHERE { ?s ?p ?o }", Dataset: ds})
			if err != nil {
				t.Fatal(err)
			}
			if len(a.Rows) != 1 || a.Rows[0]["o"] != rdf.String("default") {
				t.Errorf("the default graph must hold only its own triple: %v", a.Rows)
			}
			a, err = e.Eval(ctx, &oracle.Case{Query: "SELECT ?g ?o WHERE { GRAPH ?g { ?s ?p ?o } }", Dataset: ds})
			if err != nil || len(a.Rows) != 1 || a.Rows[0]["g"] != rdf.IRI("http://example/g") {
				t.Errorf("GRAPH ?g: %v, %v", a, err)
			}
			a, err = e.Eval(ctx, &oracle.Case{Query: "CONSTRUCT WHERE { ?s ?p ?o }", Dataset: ds})
			if err != nil || a.Kind != results.Graph || len(a.Triples) != 1 {
				t.Errorf("CONSTRUCT: %+v, %v", a, err)
			}
			_, err = e.Eval(ctx, &oracle.Case{Query: "SELEC * {}", Dataset: ds})
			if oracle.Classify(err) != "rejected" {
				t.Errorf("syntax error classified %q (%v)", oracle.Classify(err), err)
			}
		})
	}
}
