package reference

import (
	"testing"

	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// TestSubstitute: #defn_substitute replaces occurrences of bound variables,
// keeps binding positions, drops VALUES rows that disagree with μ.
func TestSubstitute(t *testing.T) {
	a, b := rdf.IRI(ex+"a"), rdf.IRI(ex+"b")
	mu := Mapping{}.With("x", a)
	in := &algebra.Filter{
		Exprs: []algebra.Expr{&algebra.Call{Name: algebra.OpBound, Args: []algebra.Expr{&algebra.Var{Name: "x"}}},
			&algebra.Call{Name: algebra.OpEq, Args: []algebra.Expr{&algebra.Var{Name: "x"}, &algebra.Var{Name: "y"}}}},
		Op: &algebra.Join{
			L: &algebra.Extend{Var: "x", Expr: &algebra.Var{Name: "x"},
				Op: &algebra.BGP{Triples: []algebra.TriplePattern{{S: algebra.V("x"), P: algebra.T(b), O: algebra.V("y")}}}},
			R: &algebra.Graph{Name: algebra.V("x"), Op: &algebra.Table{Vars: []string{"x", "z"},
				Rows: [][]rdf.Term{{a, b}, {b, b}, {rdf.None, a}}}},
		},
	}
	got := algebra.String(substitute(in, mu))
	want := algebra.String(&algebra.Filter{
		Exprs: []algebra.Expr{&algebra.Const{Term: rdf.Bool(true)},
			&algebra.Call{Name: algebra.OpEq, Args: []algebra.Expr{&algebra.Const{Term: a}, &algebra.Var{Name: "y"}}}},
		Op: &algebra.Join{
			L: &algebra.Extend{Var: "x", Expr: &algebra.Const{Term: a},
				Op: &algebra.BGP{Triples: []algebra.TriplePattern{{S: algebra.T(a), P: algebra.T(b), O: algebra.V("y")}}}},
			R: &algebra.Graph{Name: algebra.T(a), Op: &algebra.Table{Vars: []string{"x", "z"},
				Rows: [][]rdf.Term{{a, b}, {rdf.None, a}}}},
		},
	})
	if got != want {
		t.Errorf("substitute:\n got %s\nwant %s", got, want)
	}
	if algebra.String(substitute(in, Mapping{})) != algebra.String(in) {
		t.Error("substitute with μ0 changed the pattern")
	}
}

// TestGraphNames: GRAPH ?g iterates the IRI-named graphs of D (#defn_evalGraph),
// GRAPH <iri> evaluates in D[iri] or gives the empty multiset.
func TestGraphNames(t *testing.T) {
	ds := rdf.NewDataset()
	p := rdf.IRI(ex + "p")
	ds.Add(rdf.Quad{S: rdf.IRI(ex + "a"), P: p, O: rdf.String("1"), G: rdf.IRI(ex + "g1")})
	ds.Add(rdf.Quad{S: rdf.IRI(ex + "b"), P: p, O: rdf.String("2"), G: rdf.Blank("g2")})
	ds.Named(rdf.IRI(ex+"empty"), true)
	bgp := &algebra.BGP{Triples: []algebra.TriplePattern{{S: algebra.V("s"), P: algebra.T(p), O: algebra.V("o")}}}
	cases := []struct {
		name algebra.Node
		op   algebra.Op
		want string
	}{
		{algebra.V("g"), bgp, `g=:g1 s=:a o="1"`},
		{algebra.V("g"), &algebra.BGP{}, "g=:empty | g=:g1"},
		{algebra.T(rdf.IRI(ex + "g1")), bgp, `s=:a o="1"`},
		{algebra.T(rdf.IRI(ex + "nope")), &algebra.BGP{}, "-"},
	}
	for _, c := range cases {
		e := testEvaluator(ds)
		got, err := e.Graph(ds.Default, c.name, c.op)
		if err != nil {
			t.Fatal(err)
		}
		if want := multiset(t, c.want); !sameBag(got, want) {
			t.Errorf("GRAPH %v: got %v want %v", c.name, keys(got), keys(want))
		}
	}
}
