package results

import (
	"strings"
	"testing"
)

// TestTripleTermNestingBounded: every reader refuses triple terms nested
// deeper than maxTermDepth with an error, never a stack overflow.
func TestTripleTermNestingBounded(t *testing.T) {
	const n = 200
	iri := func(s string) string { return `{"type":"uri","value":"http://ex.org/` + s + `"}` }
	js := strings.Repeat(`{"type":"triple","value":{"subject":`+iri("s")+`,"predicate":`+iri("p")+`,"object":`, n) +
		iri("o") + strings.Repeat("}}", n)
	xs := strings.Repeat("<triple><subject><uri>http://s</uri></subject><predicate><uri>http://p</uri></predicate><object>", n) +
		"<uri>http://o</uri>" + strings.Repeat("</object></triple>", n)
	ts := strings.Repeat("<<( <http://s> <http://p> ", n) + "<http://o>" + strings.Repeat(" )>>", n)
	for _, c := range []struct{ format, doc string }{
		{"json", `{"head":{"vars":["x"]},"results":{"bindings":[{"x":` + js + `}]}}`},
		{"xml", `<sparql xmlns="http://www.w3.org/2005/sparql-results#"><head><variable name="x"/></head><results><result><binding name="x">` + xs + `</binding></result></results></sparql>`},
		{"tsv", "?x\n" + ts + "\n"},
	} {
		_, err := Read(strings.NewReader(c.doc), c.format)
		if err == nil || !strings.Contains(err.Error(), "nested deeper than") {
			t.Errorf("%s: %v; want the nesting bound", c.format, err)
		}
	}
}
