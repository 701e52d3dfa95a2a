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

// TestConcatAnyOrder: a GROUP_CONCAT value may join its pieces in any order
// (#defn_aggGroupConcat), but not with another separator.
func TestConcatAnyOrder(t *testing.T) {
	row := func(v string) []results.Solution { return []results.Solution{{"g": rdf.String(v)}} }
	judge := &results.Answer{Kind: results.Bindings, Vars: []string{"g"}, Rows: row("a,b,c"),
		Freedom: &results.Freedom{Concat: map[string]string{"g": ","}}}
	for v, want := range map[string]bool{"a,b,c": true, "c,a,b": true, "a b c": false, "a,b": false, "a,b,c,c": false} {
		got := Compare(judge, &results.Answer{Kind: results.Bindings, Vars: []string{"g"}, Rows: row(v)})
		if got.OK != want {
			t.Errorf("GROUP_CONCAT %q: OK=%v, want %v (%v)", v, got.OK, want, got.Classes)
		}
	}
}

// TestDescribeAnyGraph: a DESCRIBE answer's content is not prescribed
// (#describe), so any graph is correct against the judge's.
func TestDescribeAnyGraph(t *testing.T) {
	p := rdf.IRI("http://ex/p")
	judge := &results.Answer{Kind: results.Graph, Triples: []rdf.Triple{{S: p, P: p, O: p}},
		Freedom: &results.Freedom{Describe: true}}
	if v := Compare(judge, &results.Answer{Kind: results.Graph}); !v.OK {
		t.Errorf("an empty description was rejected: %v", v.Classes)
	}
	if v := Compare(judge, &results.Answer{Kind: results.Boolean}); v.OK {
		t.Error("a boolean is not a DESCRIBE answer")
	}
}

// TestExactDescribe: an external engine's description is any graph; an
// engine that shares the judge's DESCRIBE policy (the caller says which:
// triage.CompareOptions) is held to it, so `oracle selfcheck --engine
// jena` and `oracle diff` agree on DESCRIBE.
func TestExactDescribe(t *testing.T) {
	p := rdf.IRI("http://ex/p")
	judge := &results.Answer{Kind: results.Graph, Triples: []rdf.Triple{{S: p, P: p, O: p}},
		Freedom: &results.Freedom{Describe: true}}
	other := &results.Answer{Kind: results.Graph, Triples: []rdf.Triple{{S: p, P: p, O: rdf.String("x")}}}
	exact := Options{ExactDescribe: true}
	if v := CompareWith(judge, other, Options{}); !v.OK {
		t.Errorf("an engine's own description was rejected: %v", v.Classes)
	}
	if v := CompareWith(judge, other, exact); v.OK {
		t.Error("a description that differs from the judge's policy was accepted under ExactDescribe")
	}
	if v := CompareWith(judge, &results.Answer{Kind: results.Graph, Triples: judge.Triples}, exact); !v.OK {
		t.Errorf("an identical description was rejected under ExactDescribe: %v", v.Classes)
	}
	if !judge.Freedom.Describe {
		t.Error("ExactDescribe changed the judge's answer")
	}
}
