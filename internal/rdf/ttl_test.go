package rdf

import (
	"errors"
	"strings"
	"testing"
)

// TestNestingBounded: hostile nesting is a positioned syntax error, never
// a stack overflow (Turtle brackets, triple terms, reified triples,
// annotations; N-Triples triple terms).
func TestNestingBounded(t *testing.T) {
	const n = 100000
	cases := []struct {
		name   string
		format Format
		doc    string
	}{
		{"collections", Turtle, "<s> <p> " + strings.Repeat("(", n)},
		{"property lists", Turtle, "<s> <p> " + strings.Repeat("[ <p> ", n)},
		{"triple terms", Turtle, "<s> <p> " + strings.Repeat("<<( <s> <p> ", n)},
		{"reified triples", TriG, "{ " + strings.Repeat("<< ", n)},
		{"annotations", Turtle, "<s> <p> " + strings.Repeat("<o> {| <p> ", n)},
		{"n-triples triple terms", NTriples, "<http://s> <http://p> " + strings.Repeat("<<( <http://s> <http://p> ", n)},
	}
	for _, c := range cases {
		_, err := Parse(strings.NewReader(c.doc), c.format, "http://ex.org/", "deep")
		var se *SyntaxError
		if !errors.As(err, &se) || se.Line != 1 || !strings.Contains(se.Msg, "deeper than") {
			t.Errorf("%s: %v; want a *SyntaxError about the nesting bound", c.name, err)
		}
	}
}

// TestTurtleWithinBound: nesting up to the bound reads.
func TestTurtleWithinBound(t *testing.T) {
	doc := "<s> <p> " + strings.Repeat("<<( <s> <p> ", maxTTLDepth-1) + "<o>" + strings.Repeat(" )>>", maxTTLDepth-1) + " ."
	qs, err := Parse(strings.NewReader(doc), Turtle, "http://ex.org/", "deep")
	if err != nil || len(qs) != 1 {
		t.Fatalf("%d quads, %v", len(qs), err)
	}
	depth := 0
	for o := qs[0].O; o.IsTriple(); depth++ {
		_, _, o, _ = o.TripleParts()
	}
	if depth != maxTTLDepth-1 {
		t.Errorf("depth %d, want %d", depth, maxTTLDepth-1)
	}
}
