package rdf

import (
	"strings"
	"testing"
)

func TestIsomorphic(t *testing.T) {
	cases := []struct {
		a, b string
		want bool
	}{
		{"_:a <http://p> _:b .\n", "_:x <http://p> _:y .\n", true},
		{"_:a <http://p> _:a .\n", "_:x <http://p> _:y .\n", false},
		{"_:a <http://p> \"1\" .\n_:b <http://p> \"2\" .\n", "_:x <http://p> \"2\" .\n_:y <http://p> \"1\" .\n", true},
		{"_:a <http://p> \"1\" .\n", "_:a <http://p> \"1\"^^<http://www.w3.org/2001/XMLSchema#integer> .\n", false},
		// two 3-cycles vs one 6-cycle: same degrees everywhere, not isomorphic
		{"_:a <http://p> _:b .\n_:b <http://p> _:c .\n_:c <http://p> _:a .\n_:d <http://p> _:e .\n_:e <http://p> _:f .\n_:f <http://p> _:d .\n",
			"_:a <http://p> _:b .\n_:b <http://p> _:c .\n_:c <http://p> _:d .\n_:d <http://p> _:e .\n_:e <http://p> _:f .\n_:f <http://p> _:a .\n", false},
		{"<http://s> <http://p> <http://o> .\n<http://s> <http://p> <http://o> .\n", "<http://s> <http://p> <http://o> .\n", true},
		{"_:a <http://p> <http://o> _:g .\n", "_:x <http://p> <http://o> _:y .\n", true},
		{"_:a <http://p> <http://o> _:a .\n", "_:x <http://p> <http://o> _:y .\n", false},
		{"_:a <http://p> <http://o> <http://g> .\n", "_:x <http://p> <http://o> .\n", false},
		// blank nodes inside triple terms take part in the bijection
		{"_:a <http://p> <<( _:a <http://q> _:b )>> .\n", "_:x <http://p> <<( _:x <http://q> _:y )>> .\n", true},
		{"_:a <http://p> <<( _:a <http://q> _:b )>> .\n", "_:x <http://p> <<( _:y <http://q> _:x )>> .\n", false},
		{"<http://s> <http://p> <<( _:a <http://q> <<( _:a <http://r> \"1\" )>> )>> .\n",
			"<http://s> <http://p> <<( _:z <http://q> <<( _:z <http://r> \"1\" )>> )>> .\n", true},
		{"<http://s> <http://p> <<( _:a <http://q> <<( _:a <http://r> \"1\" )>> )>> .\n",
			"<http://s> <http://p> <<( _:z <http://q> <<( _:w <http://r> \"1\" )>> )>> .\n", false},
	}
	for i, c := range cases {
		a, err1 := ParseNQuads(strings.NewReader(c.a), "a")
		b, err2 := ParseNQuads(strings.NewReader(c.b), "b")
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		if got := IsomorphicQuads(a, b); got != c.want {
			t.Errorf("case %d: IsomorphicQuads = %v, want %v", i, got, c.want)
		}
		if got := IsomorphicQuads(b, a); got != c.want {
			t.Errorf("case %d (swapped): IsomorphicQuads = %v, want %v", i, got, c.want)
		}
	}
	if !Isomorphic([]Triple{{Blank("a"), IRI("http://p"), String("x")}}, []Triple{{Blank("z"), IRI("http://p"), String("x")}}) {
		t.Error("Isomorphic on triples")
	}
}
