package algebra

import (
	"reflect"
	"testing"

	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// The document a query follows reaches the algebra (Query.Spec, Update.Spec).
func TestSpecCarried(t *testing.T) {
	cases := []struct {
		src  string
		want syntax.Spec
	}{
		{`SELECT * { ?s ?p ?o }`, syntax.Spec11},
		{`VERSION "1.2" SELECT * { ?s ?p ?o }`, syntax.Spec12},
		{`VERSION "1.1" SELECT * { ?s ?p ?o }`, syntax.Spec11},
		{`SELECT * { ?s ?p <<( ?a ?b ?c )>> }`, syntax.Spec12},
		{`SELECT (hasLANG(?o) AS ?h) { ?s ?p ?o }`, syntax.Spec12},
	}
	for _, c := range cases {
		q, err := Parse(c.src, "")
		if err != nil || q.Spec != c.want {
			t.Errorf("%s: Spec %v, error %v; want %v", c.src, q.Spec, err, c.want)
		}
	}
	u, err := ParseUpdate(`INSERT DATA { <a:s> <a:p> <a:o> {| <a:q> 1 |} }`, "")
	if err != nil || u.Spec != syntax.Spec12 {
		t.Errorf("update: %v, %v", u, err)
	}
}

// TT folds a triple term without variables into an RDF term; one with a
// variable, and in a template one with a blank node, stays a pattern.
func TestTripleNodes(t *testing.T) {
	a, b := T(rdf.IRI("http://ex/a")), T(rdf.IRI("http://ex/b"))
	if n := TT(a, b, a); n.IsTriple() || n.Term != rdf.TripleTerm(a.Term, b.Term, a.Term) {
		t.Errorf("constant triple term not folded: %+v", n)
	}
	if n := TT(a, b, TT(V("x"), b, a)); !n.IsTriple() || !n.Triple.O.IsTriple() {
		t.Errorf("nested pattern folded: %+v", n)
	}
	q, err := Parse(`CONSTRUCT { <http://ex/a> <http://ex/b> <<( _:x <http://ex/b> 1 )>> } WHERE {}`, "")
	if err != nil {
		t.Fatal(err)
	}
	if o := q.Template[0].O; !o.IsTriple() || !o.Triple.S.Term.IsBlank() {
		t.Errorf("template blank node inside a triple term: %+v", o)
	}
	op := &BGP{Triples: []TriplePattern{{S: V("r"), P: b, O: TT(V("s"), V("p"), TT(a, b, V("o")))}}}
	if got, want := VisibleVars(op), []string{"r", "s", "p", "o"}; !reflect.DeepEqual(got, want) {
		t.Errorf("VisibleVars %v, want %v", got, want)
	}
}
