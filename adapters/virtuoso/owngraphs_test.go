package virtuoso

import (
	"context"
	"errors"
	"maps"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

const virtrdf = "http://www.openlinksw.com/schemas/virtrdf#"

// TestOwnGraphsOffLimits: Virtuoso's system graphs are off limits. Cases
// that name one (CLEAR GRAPH of virtrdf#, INSERT DATA into another, a
// dataset or FROM naming one) are unsupported before they run, and after
// every case each system graph holds the triples it held before the first;
// a graph a case left behind (an update's INSERT DATA into a graph of its
// own, a graph planted outside any case) is gone before the next case, so
// it cannot change a later answer.
func TestOwnGraphsOffLimits(t *testing.T) {
	e := engine(t)
	if _, err := eval(t, e, &oracle.Case{Query: "ASK {}"}); err != nil {
		t.Fatal(err)
	}
	h, err := e.Start(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	own := h.OwnGraphs()
	if own[virtrdf] == 0 {
		t.Fatalf("the system graph %s is not among the engine's own graphs: %v", virtrdf, own)
	}
	other := ""
	for g := range own {
		if g != virtrdf && (other == "" || strings.Contains(g, "localuriqaserver")) {
			other = g
		}
	}
	t.Logf("virtuoso's own graphs before any case: %v", own)
	unchanged := func(what string) {
		t.Helper()
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		// The graphs a query keeps loaded for the next query of its
		// dataset (sparqlhttp's keep.go) are the case's, not leftovers.
		if err := h.Release(ctx); err != nil {
			t.Fatal(err)
		}
		now, err := h.GraphCounts(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if !maps.Equal(now, own) {
			t.Errorf("after %s the store's graphs are %v, want the system graphs alone, unchanged: %v", what, now, own)
		}
	}
	named := rdf.NewDataset()
	named.Add(rdf.Quad{S: rdf.IRI("http://x/s"), P: rdf.IRI("http://x/p"), O: rdf.String("case"), G: rdf.IRI(other)})
	refused := []struct {
		name string
		run  func() error
	}{
		{"CLEAR GRAPH virtrdf#", func() error { return update(e, "CLEAR GRAPH <"+virtrdf+">") }},
		{"INSERT DATA into " + other, func() error {
			return update(e, `INSERT DATA { GRAPH <`+other+`> { <http://x/s> <http://x/p> "left" } }`)
		}},
		{"a dataset naming " + other, func() error {
			_, err := eval(t, e, &oracle.Case{Query: "SELECT * { GRAPH ?g { ?s ?p ?o } }", Dataset: named})
			return err
		}},
		{"FROM virtrdf#", func() error {
			_, err := eval(t, e, &oracle.Case{Query: "SELECT * FROM <" + virtrdf + "> { ?s ?p ?o } LIMIT 1"})
			return err
		}},
	}
	for _, c := range refused {
		err := c.run()
		if !errors.Is(err, oracle.ErrUnsupported) || !strings.Contains(err.Error(), "engine's own") {
			t.Errorf("%s: %v, want unsupported: a graph of the engine's own", c.name, err)
		}
		unchanged(c.name)
	}

	// A leftover: an update's graph of its own, and one planted outside any case.
	if err := update(e, `INSERT DATA { GRAPH <http://example/left> { <http://x/s> <http://x/p> "left" } }`); err != nil {
		t.Fatal(err)
	}
	unchanged("an update into a graph of its own")
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	srv := e.Server()
	status, body, err := h.Admin(ctx, srv.URL()+"/sparql-auth", url.Values{"query": {`INSERT DATA { GRAPH <http://example/left> { <http://x/s> <http://x/p> "planted" } GRAPH <http://example/planted> { <http://x/s> <http://x/p> "planted" } }`}})
	if err != nil || status != 200 {
		t.Fatalf("planting a graph: %d %s %v", status, body, err)
	}
	ds := rdf.NewDataset()
	ds.Add(rdf.Quad{S: rdf.IRI("http://x/s"), P: rdf.IRI("http://x/p"), O: rdf.String("case"), G: rdf.IRI("http://example/left")})
	a, err := eval(t, e, &oracle.Case{Query: "SELECT ?o { GRAPH <http://example/left> { ?s ?p ?o } }", Dataset: ds})
	if err != nil || !equal(values(a, "o"), []string{"case"}) {
		t.Errorf("a case naming the leftover's graph answered %v, %v; want its own triple alone", a, err)
	}
	unchanged("a case after a planted graph")
	// SELECT, not ASK: Virtuoso answers ASK { GRAPH <iri> { ?s ?p ?o } }
	// true on a fresh server that holds no such graph.
	a, err = eval(t, e, &oracle.Case{Query: "SELECT * { GRAPH <http://example/left> { ?s ?p ?o } }", Dataset: rdf.NewDataset()})
	if err != nil || len(a.Rows) != 0 {
		t.Errorf("a later case sees the leftover graph: %v, %v", a, err)
	}
}

func update(e *Engine, text string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	_, err := e.Update(ctx, &oracle.Case{Update: text, Dataset: rdf.NewDataset()})
	return err
}
