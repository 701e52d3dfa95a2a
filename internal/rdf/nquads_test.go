package rdf

import (
	"bytes"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/sparql-oracle/oracle/internal/golden"
)

// TestWriteNQuadsGolden reads testdata/canonical-in.nq with ParseNQuads and
// writes it canonically (sorted, deduplicated, canonical escapes);
// testdata/canonical.golden holds the result (-update rewrites it).
func TestWriteNQuadsGolden(t *testing.T) {
	in, err := os.ReadFile("testdata/canonical-in.nq")
	if err != nil {
		t.Fatal(err)
	}
	qs, err := ParseNQuads(bytes.NewReader(in), "canonical-in.nq")
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := WriteNQuads(&out, qs); err != nil {
		t.Fatal(err)
	}
	canonical := out.String()
	golden.File(t, "testdata/canonical.golden", canonical)
	// Canonical output reads back to the same quads and writes identically.
	again, err := ParseNQuads(&out, "canonical.golden")
	if err != nil {
		t.Fatal(err)
	}
	var out2 bytes.Buffer
	WriteNQuads(&out2, again)
	if out2.String() != canonical {
		t.Errorf("round trip changed the text:\n%s", out2.String())
	}
}

func TestParseNQuadsErrors(t *testing.T) {
	cases := []struct{ in, want string }{
		{"<http://a> <http://b> <http://c>", "x.nq:1:33: expected graph label or '.'"},
		{"<http://a> <http://b> \"c\" <http://g> <http://h> .", "x.nq:1:38: expected '.'"},
		{"\n<http://a> <http://b> \"c\n\" .", "x.nq:2:25: line break in string"},
		{"<http://a> <http://b> \"\\q\" .", "x.nq:1:24: bad escape"},
		{"<http://a> <http://b> <http://c d> .", "x.nq:1:32: character ' '"},
		{"<http://a> <http://b> \"c\"@ .", "x.nq:1:26: bad language tag"},
		{"\"s\" <http://b> <http://c> .", "x.nq:1:1: expected IRI or blank node as subject"},
		{"<http://a> <http://b> <http://c> . <http://a> <http://b> <http://c> .", "x.nq:1:36: expected end of line"},
	}
	for _, c := range cases {
		_, err := ParseNQuads(strings.NewReader(c.in), "x.nq")
		var se *SyntaxError
		if !errors.As(err, &se) || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("ParseNQuads(%q) error = %v; want %q...", c.in, err, c.want)
		}
	}
}

func TestNTriplesRejectsGraph(t *testing.T) {
	doc := "<http://a> <http://b> <http://c> <http://g> .\n"
	if _, err := Parse(strings.NewReader(doc), NTriples, "", "x.nt"); err == nil {
		t.Error("N-Triples with a graph label: want error")
	}
	if qs, err := Parse(strings.NewReader(doc), NQuads, "", "x.nq"); err != nil || qs[0].G != IRI("http://g") {
		t.Errorf("N-Quads: %v, %v", qs, err)
	}
}

// TestParseGeneralized: an engine's answer may hold a triple that is not
// RDF; ParseGeneralized reads it (and IsRDF says so) where ParseNQuads
// refuses it.
func TestParseGeneralized(t *testing.T) {
	for _, src := range []string{
		"\"1\"^^<http://www.w3.org/2001/XMLSchema#integer> <http://e/p> \"x\" .\n",
		"<http://e/s> \"p\" <http://e/o> .\n",
		"<http://e/s> _:p <http://e/o> .\n",
	} {
		if _, err := ParseNQuads(strings.NewReader(src), "x"); err == nil {
			t.Errorf("ParseNQuads accepted %q", src)
		}
		qs, err := ParseGeneralized(strings.NewReader(src), "x")
		if err != nil || len(qs) != 1 || qs[0].Triple().IsRDF() {
			t.Errorf("ParseGeneralized(%q) = %v, %v", src, qs, err)
		}
	}
	qs, err := ParseGeneralized(strings.NewReader("<http://e/s> <http://e/p> \"o\" .\n\"s\" <http://e/p> <<( <http://e/a> <http://e/b> <http://e/c> )>> .\n"), "x")
	if err != nil || len(qs) != 2 || !qs[0].Triple().IsRDF() || qs[1].Triple().IsRDF() {
		t.Errorf("got %v, %v", qs, err)
	}
	if _, err := ParseGeneralized(strings.NewReader("<http://e/s> <http://e/p> .\n"), "x"); err == nil {
		t.Error("a statement without object read")
	}
}
