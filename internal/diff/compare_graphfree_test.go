package diff

import (
	"testing"

	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
)

// TestGraphAlternatives: a sliced CONSTRUCT may return any graph its judge
// lists in Freedom.Graphs, and nothing else; with GraphsCapped an unlisted
// graph is undecided, not wrong.
func TestGraphAlternatives(t *testing.T) {
	p := rdf.IRI("http://ex/p")
	tr := func(o string) []rdf.Triple { return []rdf.Triple{{S: rdf.Blank("b"), P: p, O: rdf.String(o)}} }
	judge := &results.Answer{Kind: results.Graph, Triples: tr("a"),
		Freedom: &results.Freedom{Graphs: [][]rdf.Triple{tr("b")}}}
	for o, want := range map[string]bool{"a": true, "b": true, "c": false} {
		v := Compare(judge, &results.Answer{Kind: results.Graph, Triples: tr(o)})
		if v.OK != want {
			t.Errorf("graph with %q: OK=%v, want %v (%v)", o, v.OK, want, v.Classes)
		}
	}
	judge.Freedom.GraphsCapped = true
	v := Compare(judge, &results.Answer{Kind: results.Graph, Triples: tr("c")})
	if v.OK || len(v.Classes) != 1 || v.Classes[0] != ClassUndecided {
		t.Errorf("capped choices: %v %v, want undecided", v.OK, v.Classes)
	}
}
