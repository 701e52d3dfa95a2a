package reference

import (
	"context"
	"strings"
	"testing"

	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// TestBeyondMinimalConformance: a number with more digits than XML Schema
// requires every processor to support leaves engines a choice, so the
// judge's answer is marked indeterminate; 18 digits do not.
func TestBeyondMinimalConformance(t *testing.T) {
	for _, c := range []struct {
		data, query string
		open        bool
	}{
		{"12345678901234567890", "SELECT * { ?s ?p ?o FILTER(?o) }", true},
		{"123456789012345678", "SELECT * { ?s ?p ?o FILTER(?o) }", false},
		{"0000123456789012345678.000", "SELECT * { ?s ?p ?o }", false},
		{"1", "SELECT * { ?s ?p ?o FILTER(?o < 12345678901234567890) }", true},
		{"1", "SELECT * { ?s ?p ?o FILTER(?o < 1.2345678901234567890) }", true},
		{"1", `SELECT * { ?s ?p ?o FILTER(?o < "123456789012345678901") }`, false},
	} {
		ds := rdf.NewDataset()
		ds.Add(rdf.Quad{S: rdf.IRI("http://e/s"), P: rdf.IRI("http://e/p"), O: rdf.Literal(c.data, rdf.XSDInteger)})
		q, err := algebra.Parse(c.query, "")
		if err != nil {
			t.Fatalf("%s: %v", c.query, err)
		}
		res, err := Eval(context.Background(), q, ds, nil, Options{})
		if err != nil {
			t.Fatalf("%s: %v", c.query, err)
		}
		if got := strings.Contains(res.Indeterminate, "18 digits"); got != c.open {
			t.Errorf("data %s, %s: indeterminate %q, want open=%v", c.data, c.query, res.Indeterminate, c.open)
		}
	}
}
