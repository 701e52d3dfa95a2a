package report

import (
	"bytes"
	"strings"
	"testing"

	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/triage"
)

func TestTermText(t *testing.T) {
	for _, c := range []struct {
		term rdf.Term
		want string
	}{
		{rdf.Literal("1", rdf.XSDInteger), `"1"^^xsd:integer`},
		{rdf.Literal("a\tb", rdf.XSDString), `"a\tb"`},
		{rdf.Literal("x", "http://example.org/dt"), `"x"^^<http://example.org/dt>`},
		{rdf.Literal("<p>", "http://www.w3.org/1999/02/22-rdf-syntax-ns#HTML"), `"<p>"^^rdf:HTML`},
		{rdf.IRI(rdf.XSDInteger), "<" + rdf.XSDInteger + ">"}, // an IRI, not a datatype: kept
	} {
		if got := termText(c.term); got != c.want {
			t.Errorf("termText(%v) = %s, want %s", c.term, got, c.want)
		}
	}
	// A lexical form that looks like a datatype stays as it is.
	in := `?x="a\"^^<http://www.w3.org/2001/XMLSchema#int>" ?y="2"^^<http://www.w3.org/2001/XMLSchema#int>`
	want := `?x="a\"^^<http://www.w3.org/2001/XMLSchema#int>" ?y="2"^^xsd:int`
	if got := shortTerms(in); got != want {
		t.Errorf("shortTerms:\n got %s\nwant %s", got, want)
	}
}

// TestOneWritingOfTerms: the value a title names is written the same way
// in the effect, the actual answer's table and the row diff, in the
// Markdown and in the JSON.
func TestOneWritingOfTerms(t *testing.T) {
	c, outs := reportCase()
	r := triage.Triage(c, outs)
	bugs := Bugs(r)
	const term = `"204"^^xsd:decimal`
	er := bugs[0].Reports[0]
	for what, text := range map[string]string{"title": er.Title, "effect": er.Effect, "table": er.Answer.Answer.Text,
		"diff": strings.Join(er.Answer.Diff, "\n")} {
		if !strings.Contains(text, term) {
			t.Errorf("%s %q does not write %s", what, text, term)
		}
	}
	var md, js bytes.Buffer
	if err := WriteMarkdown(&md, bugs); err != nil {
		t.Fatal(err)
	}
	if err := NewJSON(r, bugs).WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	for what, text := range map[string]string{"markdown": md.String(), "json": js.String()} {
		if strings.Contains(text, "XMLSchema#decimal") {
			t.Errorf("%s writes the decimal datatype in full somewhere", what)
		}
	}
}
