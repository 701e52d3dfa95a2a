package reduce

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sparql-oracle/oracle/internal/golden"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// editCase is one section of testdata/edits.txt: an edit kind, an input
// query, and every query that kind of edit makes from it.
type editCase struct {
	kind, input string
	want        []string
}

// TestEdits applies every edit of one kind to the input and compares the
// printed results with the file; each result must parse again. Queries:
// testdata/edits.txt; update requests: testdata/update_edits.txt (one case
// per edit kind of update_edits.go and the query edits that reach into
// templates and WHERE).
func TestEdits(t *testing.T) {
	for file, g := range map[string]grammar{"edits.txt": queryGrammar, "update_edits.txt": updateGrammar} {
		t.Run(file, func(t *testing.T) { testEdits(t, filepath.Join("testdata", file), g) })
	}
}

func testEdits(t *testing.T, path string, g grammar) {
	text, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	header, cases := parseEditCases(string(text))
	for i := range cases {
		c := &cases[i]
		tr, err := g.parse(c.input, "")
		if err != nil {
			t.Fatalf("%s: input does not parse: %v", c.kind, err)
		}
		got := editsOfKind(g, tr, c.kind)
		if len(got) == 0 {
			t.Errorf("%s: no edit of this kind", c.kind)
		}
		for _, out := range got {
			if _, err := g.parse(out, ""); err != nil {
				t.Errorf("%s: the edit\n%s\ndoes not parse: %v", c.kind, out, err)
			}
		}
		if golden.Update() {
			c.want = got
		} else if strings.Join(got, "---\n") != strings.Join(c.want, "---\n") {
			t.Errorf("%s:\ngot\n%s\nwant\n%s", c.kind, strings.Join(got, "---\n"), strings.Join(c.want, "---\n"))
		}
	}
	if golden.Update() {
		golden.File(t, path, formatEditCases(header, cases))
	}
}

func editsOfKind(g grammar, tr tree, kind string) []string {
	var out []string
	for _, s := range g.sites(tr) {
		if s.kind == kind {
			out = append(out, strings.TrimSpace(g.apply(tr, s).String())+"\n")
		}
	}
	return out
}

// TestEditSitesStable: a site computed on a request applies to a clone of
// it (the walk visits the same nodes in the same order), and every edit
// leaves the original untouched.
func TestEditSitesStable(t *testing.T) {
	for _, in := range []struct {
		g   grammar
		src string
	}{
		{updateGrammar, "PREFIX ex: <http://e/>\nWITH ex:g DELETE { ex:s ex:p ?o } INSERT { GRAPH ex:h { ex:s ex:q ?o } } USING ex:u WHERE { ex:s ex:p ?o OPTIONAL { ?o ex:r 1 } } ;\nCLEAR SILENT GRAPH ex:g ;\nPREFIX b: <http://b/>\nINSERT DATA { b:x b:y \"z\" }"},
		{queryGrammar, "PREFIX ex: <http://e/>\nSELECT DISTINCT ?o (STR(?o) AS ?s) WHERE { ex:s ex:p ?o OPTIONAL { ?o ex:r 1 } FILTER(?o != \"z\"@en) } ORDER BY ?o LIMIT 3"},
	} {
		tr, err := in.g.parse(in.src, "")
		if err != nil {
			t.Fatal(err)
		}
		before := tr.String()
		sites := in.g.sites(tr)
		if len(sites) < 20 {
			t.Fatalf("only %d sites in %s", len(sites), in.src)
		}
		for _, s := range sites {
			_ = in.g.apply(tr, s).String()
		}
		if tr.String() != before {
			t.Errorf("an edit changed the original:\n%s", tr.String())
		}
	}
}

// parseEditCases reads the header comment and the "=== kind" sections.
func parseEditCases(text string) (string, []editCase) {
	parts := strings.Split(text, "\n=== ")
	header := parts[0]
	var out []editCase
	for _, p := range parts[1:] {
		kind, body, _ := strings.Cut(p, "\n")
		chunks := strings.Split(body, "---\n")
		c := editCase{kind: strings.TrimSpace(kind), input: strings.TrimSpace(chunks[0]) + "\n"}
		for _, w := range chunks[1:] {
			c.want = append(c.want, strings.TrimSpace(w)+"\n")
		}
		out = append(out, c)
	}
	return header, out
}

func formatEditCases(header string, cases []editCase) string {
	var b strings.Builder
	b.WriteString(header)
	for _, c := range cases {
		b.WriteString("\n=== " + c.kind + "\n" + c.input)
		for _, w := range c.want {
			b.WriteString("---\n" + w)
		}
	}
	return b.String()
}

// TestLiteralEverywhere: a literal in both the data and the query shrinks
// in both at once, every occurrence alike.
func TestLiteralEverywhere(t *testing.T) {
	ds := rdf.NewDataset()
	ds.Add(rdf.Quad{S: rdf.IRI("http://e/s"), P: rdf.IRI("http://e/p"), O: rdf.LangLiteral("chat", "en")})
	ds.Add(rdf.Quad{S: rdf.IRI("http://e/s"), P: rdf.IRI("http://e/q"), O: rdf.Literal("12", rdf.XSDInteger)})
	c := &oracle.Case{Query: `SELECT * { ?s <http://e/p> "chat"@EN FILTER(?s != "chat"@en && 12 > 1) }`, Dataset: ds}
	q, err := queryGrammar.parse(c.Query, "")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, cd := range queryForm.literalCandidates(c, q) {
		got = append(got, cd.what+"\n"+strings.TrimSpace(cd.c.Query)+"\n"+strings.TrimSpace(datasetKey(cd.c.Dataset)))
	}
	want := []string{
		`shrink-literal-everywhere "chat"@en -> "chat"
SELECT *
WHERE {
  ?s <http://e/p> "chat" .
  FILTER(?s != "chat" && 12 > 1)
}
<http://e/s> <http://e/p> "chat" .
<http://e/s> <http://e/q> "12"^^<http://www.w3.org/2001/XMLSchema#integer> .`,
		`shrink-literal-everywhere "chat"@en -> ""@en
SELECT *
WHERE {
  ?s <http://e/p> ""@en .
  FILTER(?s != ""@en && 12 > 1)
}
<http://e/s> <http://e/p> ""@en .
<http://e/s> <http://e/q> "12"^^<http://www.w3.org/2001/XMLSchema#integer> .`,
	}
	if len(got) < len(want) {
		t.Fatalf("got %d candidates:\n%s", len(got), strings.Join(got, "\n\n"))
	}
	for i, w := range want {
		if got[i] != w {
			t.Errorf("candidate %d:\n%s\nwant\n%s", i, got[i], w)
		}
	}
	twelve := 0
	for _, cd := range queryForm.literalCandidates(c, q) {
		if !strings.HasPrefix(cd.what, `shrink-literal-everywhere "12"`) {
			continue
		}
		twelve++
		if strings.Contains(cd.c.Query, " 12 ") || strings.Contains(datasetKey(cd.c.Dataset), `"12"^^`) {
			t.Errorf("%s: 12 must change in the query and the data alike:\n%s\n%s", cd.what, cd.c.Query, datasetKey(cd.c.Dataset))
		}
	}
	if twelve != 3 { // "12", 0 and 1
		t.Errorf("%d candidates for 12, want 3", twelve)
	}
}
