package rdf

import "testing"

func TestTripleTermRoundTrip(t *testing.T) {
	inner := TripleTerm(IRI("http://ex/s"), IRI("http://ex/p"), LangLiteral("a:1:b", "EN"))
	cases := []struct {
		s, p, o Term
		want    string
	}{
		{Blank("b1"), IRI("http://ex/p"), Literal("1", XSDInteger),
			`<<( _:b1 <http://ex/p> "1"^^<http://www.w3.org/2001/XMLSchema#integer> )>>`},
		{IRI("http://ex/s"), IRI("http://ex/q"), inner,
			`<<( <http://ex/s> <http://ex/q> <<( <http://ex/s> <http://ex/p> "a:1:b"@en )>> )>>`},
		{IRI("http://ex/s"), IRI("http://ex/p"), DirLangLiteral("x", "AR", "rtl"),
			`<<( <http://ex/s> <http://ex/p> "x"@ar--rtl )>>`},
	}
	for _, c := range cases {
		tt := TripleTerm(c.s, c.p, c.o)
		s, p, o, ok := tt.TripleParts()
		if !ok || s != c.s || p != c.p || o != c.o {
			t.Errorf("TripleParts(%v) = %v %v %v %v", tt, s, p, o, ok)
		}
		if got := tt.String(); got != c.want {
			t.Errorf("String() = %s, want %s", got, c.want)
		}
		if TripleTerm(c.s, c.p, c.o) != tt {
			t.Errorf("equal triple terms differ: %v", tt)
		}
	}
	if TripleTerm(IRI("a"), IRI("b"), String("c")) == TripleTerm(IRI("a"), IRI("b"), String("c ")) {
		t.Error("triple terms with different objects are equal")
	}
	if _, _, _, ok := IRI("x").TripleParts(); ok {
		t.Error("an IRI has triple parts")
	}
}
