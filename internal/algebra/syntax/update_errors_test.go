package syntax

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestUpdateErrors: every rejected request names the line and column of
// its first fault.
func TestUpdateErrors(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"INSERT DATA { ?s <p:q> 1 }", "line 1, column 15: variable ?s in INSERT DATA"},
		{"PREFIX : <http://ex/>\nDELETE DATA {\n  :a :b [] }", "line 3, column 9: blank node in DELETE DATA"},
		{"DELETE WHERE { _:b <http://ex/p> 1 }", "line 1, column 16: blank node in DELETE WHERE"},
		{"DELETE { ?s <http://ex/p> ( 1 ) } WHERE { ?s ?p ?o }", "line 1, column 27: collection (blank nodes) in a DELETE template"},
		{"INSERT DATA { _:b <http://ex/p> 1 } ;\nINSERT DATA { _:b <http://ex/p> 2 }", "line 2, column 15: blank node label _:b used in two INSERT DATA operations"},
		{"INSERT { ?s ?p ?o } WHERE { _:b ?p ?o } ;\nDELETE { ?s ?p ?o } WHERE { _:b ?p ?o }", "line 2, column 29: blank node label _:b"},
		{"CLEAR GRAPH", "line 1, column 12: expected IRI"},
		{"DROP DEAFULT", "line 1, column 6: expected GRAPH, DEFAULT, NAMED or ALL"},
		{"CREATE DEFAULT", "line 1, column 8: expected GRAPH"},
		{"COPY <http://ex/a> <http://ex/b>", "line 1, column 20: expected TO"},
		{"LOAD <http://ex/a> INTO <http://ex/b>", "line 1, column 25: expected GRAPH"},
		{"WITH <http://ex/g> WHERE { }", "line 1, column 20: expected DELETE or INSERT"},
		{"INSERT { <http://ex/a> <http://ex/p> 1 } USING <http://ex/g>", "line 1, column 61: expected WHERE"},
		{"INSERT DATA { <http://ex/a> <http://ex/p> 1 <http://ex/b> <http://ex/p> 2 }", "line 1, column 45: expected triples, GRAPH or '}'"},
		{"INSERT DATA { <http://ex/a> <http://ex/p>/<http://ex/q> 1 }", "line 1, column 42: expected"},
		{";", "line 1, column 1: expected update operation"},
		{"CLEAR ALL CLEAR ALL", "line 1, column 11: expected ';' or end of request"},
		{"INSERT DATA { <http://ex/a> <http://ex/p> 1 } ; ;", "line 1, column 49: expected update operation"},
	} {
		_, err := ParseUpdate(c.src, Options{})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want %q", c.src, err, c.want)
		}
	}
}

// TestUpdateAccepted: the forms the grammar allows that the W3C suite
// leaves out, each round-tripped.
func TestUpdateAccepted(t *testing.T) {
	for _, src := range []string{
		"",
		"PREFIX : <http://ex/>",
		"CLEAR ALL ;",
		"CLEAR ALL ; PREFIX : <http://ex/>",
		"INSERT DATA { GRAPH <http://ex/g> {} }",
		"DELETE { GRAPH ?g { ?s ?p ?o } } INSERT { ?s ?p [ <http://ex/q> ( 1 2 ) ] } USING <http://ex/a> USING NAMED <http://ex/b> WHERE { GRAPH ?g { ?s ?p ?o } }",
		"insert data { <http://ex/a> a <http://ex/C> . graph <http://ex/g> { <http://ex/a> a <http://ex/C> } . <http://ex/b> a <http://ex/C> }",
		"ADD SILENT DEFAULT TO GRAPH <http://ex/g> ; MOVE <http://ex/g> TO DEFAULT ; COPY GRAPH <http://ex/g> TO <http://ex/h>",
		"INSERT { ?s ?p ?o } WHERE { ?s ?p ?o } ; INSERT { ?s ?p ?o } WHERE { ?s ?p ?o }",
		"INSERT DATA { _:a <http://ex/p> 1 } ; INSERT { _:a <http://ex/p> ?o } WHERE { ?s ?p ?o }",
	} {
		parsed, failure := roundTrip(ParseUpdate, src, Options{})
		if !parsed {
			_, err := ParseUpdate(src, Options{})
			t.Errorf("%q rejected: %v", src, err)
		}
		if failure != "" {
			t.Errorf("%q: %s", src, failure)
		}
	}
}

// FuzzParseUpdate: no request panics, and every request that parses prints
// to text that parses back to an equal tree, printing being a fixed point.
func FuzzParseUpdate(f *testing.F) {
	for _, sub := range []string{"sparql11", "sparql12"} {
		root := filepath.Join(w3cDir(f), "sparql", sub)
		filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(p, ".ru") {
				if b, err := os.ReadFile(p); err == nil {
					f.Add(string(b))
				}
			}
			return nil
		})
	}
	recoverPanics = false
	f.Fuzz(func(t *testing.T, src string) {
		opts := Options{Base: "http://example.org/base/", MaxDepth: 64, MaxLength: 1 << 16}
		if _, failure := roundTrip(ParseUpdate, src, opts); failure != "" {
			t.Fatalf("request:\n%s\n%s", src, failure)
		}
	})
}
