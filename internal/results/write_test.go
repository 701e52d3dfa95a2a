package results

import (
	"bytes"
	"strings"
	"testing"

	"github.com/sparql-oracle/oracle/internal/rdf"
)

func TestParseFormat(t *testing.T) {
	cases := map[string]Format{
		"json": JSON, ".srj": JSON, "application/sparql-results+json; charset=utf-8": JSON,
		"XML": XML, "srx": XML, "application/sparql-results+xml": XML,
		"csv": CSV, "text/csv;charset=UTF-8": CSV,
		"tsv": TSV, "text/tab-separated-values": TSV,
		"ttl": Turtle, "text/turtle": Turtle, "rdf": RDFXML, "application/rdf+xml": RDFXML,
		"nt": NTriples, "application/n-triples": NTriples,
	}
	for in, want := range cases {
		if got, err := ParseFormat(in); err != nil || got != want {
			t.Errorf("ParseFormat(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "yaml", "text/html", ";;"} {
		if _, err := ParseFormat(bad); err == nil {
			t.Errorf("ParseFormat(%q) accepted", bad)
		}
	}
	if f, _ := FormatFromName("dir/x.y.srx"); f != XML {
		t.Errorf("FormatFromName: %q", f)
	}
}

// TestWriteRejects: writers refuse answers no valid document can carry,
// instead of writing something a reader would reject or misread.
func TestWriteRejects(t *testing.T) {
	iri := rdf.IRI("http://a")
	cases := []struct {
		name, format, wantErr string
		a                     *Answer
	}{
		{"nil", "json", "nil answer", nil},
		{"graph as json", "json", "graph answer has no tabular form", &Answer{Kind: Graph}},
		{"graph as tsv", "tsv", "graph answer has no tabular form", &Answer{Kind: Graph}},
		{"zero kind", "xml", "Kind(0)", &Answer{}},
		{"row var not in vars", "json", "binds ?y", &Answer{Kind: Bindings, Vars: []string{"x"}, Rows: []Solution{{"y": iri}}}},
		{"repeated var", "csv", `"x" is empty or repeated`, &Answer{Kind: Bindings, Vars: []string{"x", "x"}}},
		{"tab in tsv var", "tsv", "cannot be written in TSV", &Answer{Kind: Bindings, Vars: []string{"a\tb"}}},
		{"control char in xml", "xml", "XML 1.0 cannot carry", &Answer{Kind: Bindings, Vars: []string{"x"}, Rows: []Solution{{"x": rdf.String("\x01")}}}},
		{"bindings as ntriples", "nt", "needs a Graph answer", &Answer{Kind: Bindings}},
		{"no turtle writer", "ttl", "no writer", &Answer{Kind: Graph}},
		{"space in iri tsv", "tsv", "Turtle syntax cannot carry", &Answer{Kind: Bindings, Vars: []string{"x"}, Rows: []Solution{{"x": rdf.IRI("http://a b")}}}},
		{"brace in datatype nt", "nt", "Turtle syntax cannot carry", &Answer{Kind: Graph, Triples: []rdf.Triple{{S: iri, P: iri, O: rdf.Literal("x", "http://a{b}")}}}},
	}
	for _, c := range cases {
		err := Write(&bytes.Buffer{}, c.a, c.format)
		if err == nil || !strings.Contains(err.Error(), c.wantErr) {
			t.Errorf("%s: error %v, want one containing %q", c.name, err, c.wantErr)
		}
	}
}

// TestWriteUnboundAndZeroTerm: a zero Term in a Solution is unbound.
func TestWriteUnboundAndZeroTerm(t *testing.T) {
	a := &Answer{Kind: Bindings, Vars: []string{"x", "y"}, Rows: []Solution{{"x": rdf.None, "y": rdf.IRI("http://a")}}}
	want := &Answer{Kind: Bindings, Vars: []string{"x", "y"}, Rows: []Solution{{"y": rdf.IRI("http://a")}}}
	for f, c := range codecs {
		var buf bytes.Buffer
		if err := c.write(&buf, a); err != nil {
			t.Fatal(err)
		}
		back, err := c.read(&buf)
		if err != nil || !sameAnswer(back, want) {
			t.Errorf("%s: got %v\n%s", f, err, dump(back))
		}
	}
}

// TestTSVRenamesInvalidBlankLabels: JSON and XML allow any blank-node label;
// TSV and N-Triples get fresh valid ones, never colliding with labels kept.
func TestTSVRenamesInvalidBlankLabels(t *testing.T) {
	a := &Answer{Kind: Bindings, Vars: []string{"x", "y"}, Rows: []Solution{
		{"x": rdf.Blank("nodeID://b1"), "y": rdf.Blank("r1")},
		{"x": rdf.Blank("a b"), "y": rdf.Blank("nodeID://b1")},
	}}
	var buf bytes.Buffer
	if err := WriteTSV(&buf, a); err != nil {
		t.Fatal(err)
	}
	want := "?x\t?y\n_:r2\t_:r1\n_:r3\t_:r2\n"
	if buf.String() != want {
		t.Fatalf("got %q, want %q", buf.String(), want)
	}
	if _, err := ReadTSV(&buf); err != nil {
		t.Fatal(err)
	}
}

func TestWriteNTriples(t *testing.T) {
	s, p := rdf.IRI("http://example.org/s"), rdf.IRI("http://example.org/p")
	a := &Answer{Kind: Graph, Triples: []rdf.Triple{
		{S: s, P: p, O: rdf.LangLiteral("b\ta\"\n", "EN")},
		{S: rdf.Blank("not valid!"), P: p, O: rdf.Literal("1", rdf.XSDInteger)},
		{S: s, P: p, O: rdf.LangLiteral("b\ta\"\n", "en")},
		{S: s, P: p, O: rdf.IRI("http://example.org/é")},
	}}
	var buf bytes.Buffer
	if err := WriteNTriples(&buf, a); err != nil {
		t.Fatal(err)
	}
	want := "<http://example.org/s> <http://example.org/p> \"b\ta\\\"\\n\"@en .\n" +
		"<http://example.org/s> <http://example.org/p> <http://example.org/é> .\n" +
		"_:r1 <http://example.org/p> \"1\"^^<http://www.w3.org/2001/XMLSchema#integer> .\n"
	if buf.String() != want {
		t.Fatalf("got\n%s\nwant\n%s", buf.String(), want)
	}
	quads, err := rdf.ParseNQuads(strings.NewReader(want), "written")
	if err != nil {
		t.Fatalf("the N-Triples reader rejects our output: %v", err)
	}
	if len(quads) != 3 {
		t.Errorf("read back %d triples, want 3", len(quads))
	}
}
