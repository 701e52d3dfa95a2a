package corpus

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
)

// updateMarks are strings each update profile's requests must show over
// its seeds: the constructs the profile exists to exercise.
var updateMarks = map[string][]string{
	"update-modify":       {"DELETE {", "INSERT {", "OPTIONAL", "FILTER", "_:t", "[]", "[ <", " ;\n", "<http://example.org/g2>"},
	"update-graphs":       {"CLEAR SILENT", "DROP GRAPH", "CREATE SILENT GRAPH", "COPY", "MOVE SILENT", "ADD", "DEFAULT", "NAMED", "ALL", "<http://example.org/g9>", "<http://example.org/g2>", " ;\n"},
	"update-data":         {"INSERT DATA", "DELETE DATA", "GRAPH <", "_:d0_", " ;\n"},
	"update-delete-where": {"DELETE WHERE", "GRAPH ?g", "GRAPH <"},
	"update-using":        {"WITH <", "USING <", "USING NAMED <", "GRAPH ?"},
	"update":              {"INSERT DATA", "DELETE DATA", "DELETE WHERE", "WITH <", "USING", "CLEAR", "DROP", "CREATE", "COPY", "MOVE", "ADD", "LOAD", " ;\n"},
	"update-plain":        {"INSERT DATA", "DELETE DATA", "DELETE WHERE", "WHERE {", "COPY", " ;\n"},
	"update-sequence":     {"INSERT DATA", "DELETE DATA", "DELETE WHERE", "WHERE {", "CLEAR", "DROP", "CREATE", "COPY", "MOVE", "ADD", "LOAD", "PREFIX ex:", " ;\n"},
}

// TestUpdateProfiles: every corpus/profiles/update-*.json is an update
// profile whose requests (2,000 seeds; 300 with -short) parse with our
// parser (algebra.ParseUpdate: grammar, static rules and translation),
// round-trip through the printer (parse(print(tree)) equals the tree and
// printing is a fixed point), are deterministic by seed, and show the
// profile's constructs.
func TestUpdateProfiles(t *testing.T) {
	n := int64(2000)
	if testing.Short() {
		n = 300
	}
	files, _ := filepath.Glob(filepath.Join(repoRoot(t), "corpus", "profiles", "update-*.json"))
	if len(files)+1 != len(updateMarks) {
		t.Errorf("%d update profiles, %d with marks: add the new profile's marks", len(files), len(updateMarks)-1)
	}
	files = append(files, "update")
	for _, f := range files {
		p, err := ProfileByName(f)
		if err != nil {
			t.Fatal(err)
		}
		if !p.IsUpdate() {
			t.Fatalf("%s: no update.* weight", f)
		}
		var all strings.Builder
		for seed := int64(0); seed < n; seed++ {
			c := GenerateUpdate(seed, p)
			if msg := checkGenUpdate(c); msg != "" {
				t.Fatalf("%s seed %d: %s\n%s", p.Name, seed, msg, c.Request)
			}
			if again := GenerateUpdate(seed, p); again.Request != c.Request || again.NQuads() != c.NQuads() {
				t.Fatalf("%s seed %d: two generations differ", p.Name, seed)
			}
			if p.Name == "update-plain" && (strings.Contains(c.NQuads(), "^^") || strings.Contains(c.Request, "^^")) {
				t.Fatalf("update-plain seed %d: a typed literal\n%s\n%s", seed, c.Request, c.NQuads())
			}
			all.WriteString(c.Request)
		}
		for _, m := range updateMarks[p.Name] {
			if !strings.Contains(all.String(), m) {
				t.Errorf("%s: no request shows %q", p.Name, m)
			}
		}
	}
}

// checkGenUpdate parses, translates and round-trips one request.
func checkGenUpdate(c *GenUpdate) string {
	if _, err := algebra.ParseUpdate(c.Request, ""); err != nil {
		return fmt.Sprintf("algebra.ParseUpdate: %v", err)
	}
	u1, err := syntax.ParseUpdate(c.Request, syntax.Options{})
	if err != nil {
		return fmt.Sprintf("syntax.ParseUpdate: %v", err)
	}
	if !syntax.Equal(u1, c.Tree) {
		return "the parsed tree differs from the generated one"
	}
	if s := u1.String(); s != c.Request {
		return "printing the parsed tree is not a fixed point:\n" + s
	}
	return ""
}

// TestQueryProfilesAreNotUpdate: the built-in profiles but "update" and the hunt profiles
// stay query profiles (the update.* weights default to 0).
func TestQueryProfilesAreNotUpdate(t *testing.T) {
	for name, mk := range Profiles {
		if mk().IsUpdate() != (name == "update") {
			t.Errorf("built-in profile %s is an update profile", name)
		}
	}
	for name := range huntMarks {
		if huntProfile(t, name).IsUpdate() {
			t.Errorf("hunt profile %s is an update profile", name)
		}
	}
}

func repoRoot(t *testing.T) string { return must(t, RepoRoot) }
