package rdf

import (
	"errors"
	"strings"
	"testing"
)

// TestRDFXMLUndeclaredPrefix: a name whose prefix no xmlns binds is an
// error at its tag (it once loaded as <base>prefixLocal); a declared one,
// xml:lang and a default namespace still load.
func TestRDFXMLUndeclaredPrefix(t *testing.T) {
	const head = `<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"`
	for _, c := range []struct {
		name, doc   string
		line, col   int
		prefix      string
		wantTriples int
	}{
		{"element", head + ">\n  <ex:Thing rdf:about=\"http://ex/a\"/>\n</rdf:RDF>", 2, 3, "ex", 0},
		{"property", head + ">\n <rdf:Description rdf:about=\"http://ex/a\">\n  <ex:p>v</ex:p>\n </rdf:Description>\n</rdf:RDF>", 3, 3, "ex", 0},
		{"attribute", head + ">\n <rdf:Description rdf:about=\"http://ex/a\" ex:p=\"v\"/>\n</rdf:RDF>", 2, 2, "ex", 0},
		{"out of scope", head + ">\n <rdf:Description rdf:about=\"http://ex/a\" xmlns:ex=\"http://ex/\"><ex:p>v</ex:p></rdf:Description>\n <rdf:Description rdf:about=\"http://ex/b\"><ex:q>w</ex:q></rdf:Description>\n</rdf:RDF>", 3, 43, "ex", 0},
		{"declared", head + ` xmlns:ex="http://ex/"><ex:Thing rdf:about="http://ex/a" xml:lang="en"><ex:p>v</ex:p></ex:Thing></rdf:RDF>`, 0, 0, "", 2},
		{"default namespace", head + `><rdf:Description rdf:about="http://ex/a"><p xmlns="http://ex/">v</p></rdf:Description></rdf:RDF>`, 0, 0, "", 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			qs, err := Parse(strings.NewReader(c.doc), RDFXML, "http://base/", "doc.rdf")
			if c.prefix == "" {
				if err != nil || len(qs) != c.wantTriples {
					t.Fatalf("got %d quads, error %v; want %d quads", len(qs), err, c.wantTriples)
				}
				return
			}
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("got %d quads (%v), error %v; want a syntax error", len(qs), qs, err)
			}
			if se.Line != c.line || se.Col != c.col || !strings.Contains(se.Msg, `"`+c.prefix+`"`) {
				t.Errorf("error %v: want line %d column %d naming prefix %q", se, c.line, c.col, c.prefix)
			}
		})
	}
}
