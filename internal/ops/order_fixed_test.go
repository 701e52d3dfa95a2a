package ops

import (
	"testing"

	"github.com/sparql-oracle/oracle/internal/rdf"
)

// TestOrderFixed: which pairs #modOrderBy orders, and which it leaves open.
func TestOrderFixed(t *testing.T) {
	i := func(v string) rdf.Term { return rdf.Literal(v, rdf.XSDInteger) }
	d := func(v string) rdf.Term { return rdf.Literal(v, rdf.XSDDouble) }
	s := func(v string) rdf.Term { return rdf.Literal(v, rdf.XSDString) }
	cases := []struct {
		a, b  rdf.Term
		fixed bool
	}{
		{i("1"), i("2"), true},
		{i("1"), rdf.Literal("1.0", rdf.XSDDecimal), false}, // a tie in value, two terms
		{i("1"), d("NaN"), false},
		{s("2"), d("INF"), false}, // two categories
		{s("a"), s("b"), true},
		{rdf.IRI("http://a"), rdf.IRI("http://b"), true},
		{rdf.Blank("x"), rdf.Blank("y"), false},
		{rdf.Blank("x"), rdf.IRI("http://a"), true},
		{rdf.IRI("http://a"), s("a"), true},
		{rdf.LangLiteral("a", "en"), rdf.LangLiteral("b", "en"), false},
		{i("7"), i("7"), true},
	}
	for _, c := range cases {
		if got := OrderFixed(c.a, c.b); got != c.fixed {
			t.Errorf("OrderFixed(%v, %v) = %v, want %v", c.a, c.b, got, c.fixed)
		}
		if got := OrderFixed(c.b, c.a); got != c.fixed {
			t.Errorf("OrderFixed(%v, %v) = %v, want %v (not symmetric)", c.b, c.a, got, c.fixed)
		}
	}
}
