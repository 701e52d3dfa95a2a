package rdf

import (
	"strings"
	"testing"
)

// TestTurtleErrorPositions: a Turtle syntax error names the line and
// column where the document goes wrong, also at the end of the input (the
// end of the last token), and an unclosed bracket names where it opened.
func TestTurtleErrorPositions(t *testing.T) {
	const head = "@prefix : <http://e/> .\n:z :z :z .\n"
	for _, c := range []struct{ doc, want string }{
		{":a :b ( 1 2 .\n", "d.ttl:3:13: expected an object or ')' to close the '(' at 3:7, found '.'"},
		{":a :b [ :c 1 .\n", "d.ttl:3:14: expected ']' to close the '[' at 3:7, found '.'"},
		{":a :b :c ) .\n", "d.ttl:3:10: expected '.' to end the triples, found ')'"},
		{":a :b ( 1 ] .\n", "d.ttl:3:11: expected an object or ')' to close the '(' at 3:7, found ']'"},
		{":a :b \"x\"@en-- .\n", "d.ttl:3:10: bad language tag"},
		{":a :b :c .\n:d", "d.ttl:4:3: unexpected end of input"},
		{":a :b :c .\n:d :e  \n\n", "d.ttl:4:6: unexpected end of input"},
		{":a :b \"x .\n", "d.ttl:3:"},
		{"ex:a :b :c .\n", "d.ttl:3:1: undeclared prefix"},
	} {
		_, err := Parse(strings.NewReader(head+c.doc), Turtle, "http://base/", "d.ttl")
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q...", c.doc, err, c.want)
		}
	}
	for _, ok := range []string{":a :b [ :c ( 1 [ :d 2 ] ) ] .\n", "[] :b \"(\" , \"x\"@en-US, \"y\"@de-1996 .\n", ":a :b () .\n"} {
		if _, err := Parse(strings.NewReader(head+ok), Turtle, "http://base/", "d.ttl"); err != nil {
			t.Errorf("%q: %v", ok, err)
		}
	}
}
