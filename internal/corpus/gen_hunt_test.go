package corpus

import (
	"crypto/sha256"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
	"github.com/sparql-oracle/oracle/internal/golden"
)

// huntProfile loads corpus/profiles/<name>.json.
func huntProfile(t *testing.T, name string) *Profile {
	t.Helper()
	root, err := RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	p, err := ProfileByName(filepath.Join(root, "corpus", "profiles", name+".json"))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// huntMarks are strings each hunt profile's queries or data must show over
// 300 seeds: the constructs the profile exists to exercise.
var huntMarks = map[string][]string{
	"agg-edge":         {"HAVING", "OPTIONAL", "GROUP BY", "<http://example.org/p9>", `"abc"^^<http://www.w3.org/2001/XMLSchema#integer>`, "AVG(", "SUM("},
	"numeric":          {"XMLSchema#byte>(", "XMLSchema#int>", "ROUND(", "ABS(", "+1", " / ", "SUM(", "AVG("},
	"negation":         {"MINUS", "NOT EXISTS", "OPTIONAL", "FILTER(BOUND(", "EXISTS", "?w .\n"},
	"optional-nwd":     {"OPTIONAL {\n      ?", "    OPTIONAL {\n      ?"},
	"filter-scope":     {"OPTIONAL", "FILTER", "BOUND("},
	"bind-values":      {"UNDEF UNDEF", "VALUES (", "BIND(1 / 0 AS", "COALESCE"},
	"paths":            {"*", "+", ")?", "!(", "^"},
	"graphs":           {"GRAPH ?", "FROM NAMED <", "FROM <", "_:n2"},
	"subquery-slice":   {"{\n    SELECT", "LIMIT", "OFFSET", "ORDER BY"},
	"strings":          {"\U0001D538", "\u0301", "@en-gb-oed", "LANGMATCHES(", "STRBEFORE(", "ENCODE_FOR_URI(", "REPLACE(", "REGEX("},
	"distinct-bnodes":  {"DISTINCT", "REDUCED", "COUNT(DISTINCT", "_:n3"},
	"construct-bnodes": {"_:t0", "[]", "[ <", "CONSTRUCT\nWHERE", "\"s\" <"},
}

// TestHuntProfiles: every hunt profile's cases parse and print back to the
// same text, respect the size bounds, and show the profile's constructs.
func TestHuntProfiles(t *testing.T) {
	for name, marks := range huntMarks {
		p := huntProfile(t, name)
		var all strings.Builder
		for seed := int64(0); seed < 300; seed++ {
			c := Generate(seed, p)
			if len(c.Data) < p.MinQuads || len(c.Data) > p.MaxQuads {
				t.Fatalf("%s: %d quads outside [%d,%d]", c.Name(), len(c.Data), p.MinQuads, p.MaxQuads)
			}
			if _, err := algebra.Parse(c.Query, ""); err != nil {
				t.Errorf("%s: %v\n%s", c.Name(), err, c.Query)
				continue
			}
			if re, err := syntax.Parse(c.Query, syntax.Options{}); err != nil || re.String() != c.Query {
				t.Errorf("%s: print/parse not a fixed point (%v)", c.Name(), err)
			}
			all.WriteString(c.Query + c.NQuads())
		}
		for _, m := range marks {
			if !strings.Contains(all.String(), m) {
				t.Errorf("profile %s: no case contains %q", name, m)
			}
		}
	}
}

// TestHuntFeaturesOff: the features added for the hunt profiles draw no
// random number at weight 0, so the built-in profiles and the older JSON
// profiles give the cases they gave before (testdata/gen-stable.txt holds
// a hash of seeds 1..200 of each; -update rewrites it after a deliberate
// change of the generator).
func TestHuntFeaturesOff(t *testing.T) {
	var b strings.Builder
	for _, name := range []string{"default", "nondet", "large", "stress", "freedom"} {
		p, err := ProfileByName(name)
		if err != nil {
			p = huntProfile(t, name)
		}
		h := sha256.New()
		for seed := int64(1); seed <= 200; seed++ {
			c := Generate(seed, p)
			fmt.Fprintf(h, "%s\n%s", c.Query, c.NQuads())
		}
		fmt.Fprintf(&b, "%s %x\n", name, h.Sum(nil))
	}
	path := filepath.Join("testdata", "gen-stable.txt")
	if !golden.File(t, path, b.String()) {
		t.Errorf("generated cases changed (a new feature draws randomness at weight 0?)")
	}
}

// TestProfileByBareName: a bare name that is not built in loads
// corpus/profiles/<name>.json (sweep keys gen/<name>/<seed> rely on it);
// names with a path separator or a dot do not.
func TestProfileByBareName(t *testing.T) {
	p, err := ProfileByName("paths")
	if err != nil || p.Name != "paths" || p.Weights["p.path_loop"] == 0 {
		t.Fatalf("ProfileByName(paths) = %+v, %v", p, err)
	}
	for _, bad := range []string{"nope", "../profiles/paths", "paths.", ""} {
		if _, err := ProfileByName(bad); err == nil {
			t.Errorf("ProfileByName(%q): no error", bad)
		}
	}
}
