package reduce

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
)

// TestUpdateEdits is TestEdits for update requests (testdata/
// update_edits.txt: one case per edit kind of update_edits.go and the
// query edits that reach into templates and WHERE); every output must
// parse again as an update. Rewrite with -update.
func TestUpdateEdits(t *testing.T) {
	path := filepath.Join("testdata", "update_edits.txt")
	text, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	header, cases := parseEditCases(string(text))
	for i := range cases {
		c := &cases[i]
		u, err := syntax.ParseUpdate(c.input, syntax.Options{})
		if err != nil {
			t.Fatalf("%s: input does not parse: %v", c.kind, err)
		}
		got := updateEditsOfKind(u, c.kind)
		if len(got) == 0 {
			t.Errorf("%s: no edit of this kind", c.kind)
		}
		for _, g := range got {
			if _, err := syntax.ParseUpdate(g, syntax.Options{}); err != nil {
				t.Errorf("%s: the edit\n%s\ndoes not parse: %v", c.kind, g, err)
			}
		}
		if *update {
			c.want = got
		} else if strings.Join(got, "---\n") != strings.Join(c.want, "---\n") {
			t.Errorf("%s:\ngot\n%s\nwant\n%s", c.kind, strings.Join(got, "---\n"), strings.Join(c.want, "---\n"))
		}
	}
	if *update {
		if err := os.WriteFile(path, []byte(formatEditCases(header, cases)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func updateEditsOfKind(u *syntax.Update, kind string) []string {
	var out []string
	for _, s := range updateSites(u) {
		if s.kind == kind {
			out = append(out, strings.TrimSpace(applyUpdateEdit(u, s).String())+"\n")
		}
	}
	return out
}

// TestUpdateEditSitesStable: a site computed on a request applies to a
// clone of it (the walk visits the same nodes in the same order), and
// every edit leaves the original untouched.
func TestUpdateEditSitesStable(t *testing.T) {
	src := "PREFIX ex: <http://e/>\nWITH ex:g DELETE { ex:s ex:p ?o } INSERT { GRAPH ex:h { ex:s ex:q ?o } } USING ex:u WHERE { ex:s ex:p ?o OPTIONAL { ?o ex:r 1 } } ;\nCLEAR SILENT GRAPH ex:g ;\nPREFIX b: <http://b/>\nINSERT DATA { b:x b:y \"z\" }"
	u, err := syntax.ParseUpdate(src, syntax.Options{})
	if err != nil {
		t.Fatal(err)
	}
	before := u.String()
	sites := updateSites(u)
	if len(sites) < 20 {
		t.Fatalf("only %d sites", len(sites))
	}
	for _, s := range sites {
		_ = applyUpdateEdit(u, s).String()
	}
	if u.String() != before {
		t.Errorf("an edit changed the original:\n%s", u.String())
	}
}
