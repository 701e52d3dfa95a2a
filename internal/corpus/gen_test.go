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

// TestGenerateAccepted: generated queries parse and translate (algebra.Parse),
// print back to the same text, and the data is within the profile's bounds.
func TestGenerateAccepted(t *testing.T) {
	const n = 2000
	for _, name := range []string{"default", "nondet"} {
		p, _ := ProfileByName(name)
		ok := 0
		for seed := int64(0); seed < n; seed++ {
			c := Generate(seed, p)
			if len(c.Data) < p.MinQuads || len(c.Data) > p.MaxQuads {
				t.Fatalf("seed %d: %d quads outside [%d,%d]", seed, len(c.Data), p.MinQuads, p.MaxQuads)
			}
			if _, err := algebra.Parse(c.Query, ""); err != nil {
				if n-ok < 10 {
					t.Logf("seed %d: %v\n%s", seed, err, c.Query)
				}
				continue
			}
			ok++
			reparsed, err := syntax.Parse(c.Query, syntax.Options{})
			if err != nil || reparsed.String() != c.Query {
				t.Errorf("seed %d: print/parse not a fixed point (%v)\n%s", seed, err, c.Query)
			}
		}
		rate := float64(ok) / n
		t.Logf("profile %s: %d/%d accepted (%.2f%%)", name, ok, n, 100*rate)
		if rate < 0.99 {
			t.Errorf("profile %s: acceptance %.2f%% < 99%%", name, 100*rate)
		}
	}
}

// TestGenerateDeterministic: the same (seed, profile) gives the same bytes.
func TestGenerateDeterministic(t *testing.T) {
	for seed := int64(0); seed < 200; seed++ {
		a, b := Generate(seed, nil), Generate(seed, DefaultProfile())
		if a.Query != b.Query || a.NQuads() != b.NQuads() {
			t.Fatalf("seed %d: two generations differ", seed)
		}
	}
	if Generate(1, nil).Query == Generate(2, nil).Query && Generate(3, nil).Query == Generate(4, nil).Query {
		t.Error("different seeds give the same queries")
	}
}

// TestGenerateCoverage: over many seeds every feature the brief lists shows
// up in the printed text, and the default profile has no RAND/NOW/UUID/BNODE.
func TestGenerateCoverage(t *testing.T) {
	var all strings.Builder
	for seed := int64(0); seed < 3000; seed++ {
		all.WriteString(Generate(seed, nil).Query)
	}
	text := all.String()
	for _, kw := range []string{"OPTIONAL", "UNION", "MINUS", "FILTER", "BIND", "GRAPH <", "GRAPH ?",
		"VALUES", "UNDEF", "{\n    SELECT", "NOT EXISTS", "EXISTS", "GROUP BY", "HAVING", "ORDER BY",
		"LIMIT", "OFFSET", "DISTINCT", "REDUCED", "ASK", "CONSTRUCT", "DESCRIBE", "_:t", "[]",
		"COUNT(*)", "GROUP_CONCAT", "SEPARATOR", "AVG", "REGEX", "LANGMATCHES", "COALESCE",
		"IF(", " IN (", "NOT IN", "DATATYPE", "ISNUMERIC", "STRLEN", "ROUND", "XMLSchema#integer>(",
		"*", "+", "^", "|", "/", "!", "?)", "CONSTRUCT\nWHERE", "FROM <", "FROM NAMED <"} {
		if !strings.Contains(text, kw) {
			t.Errorf("no generated query contains %q", kw)
		}
	}
	for _, kw := range []string{"RAND(", "NOW(", "UUID(", "STRUUID(", "BNODE("} {
		if strings.Contains(text, kw) {
			t.Errorf("default profile generated %s", kw)
		}
	}
}

func TestProfileJSON(t *testing.T) {
	p, err := LoadProfile(strings.NewReader(`{"name":"x","max_quads":50,"weights":{"form.ask":0,"p.limit":100}}`))
	if err != nil {
		t.Fatal(err)
	}
	if p.Name != "x" || p.MaxQuads != 50 || p.MinQuads != 3 || p.Weights["form.ask"] != 0 || p.Weights["expr.var"] == 0 {
		t.Errorf("loaded %+v", p)
	}
	for _, bad := range []string{`{"weights":{"nope":1}}`, `{"max_quads":1,"min_quads":2}`,
		`{"weights":{"p.limit":101}}`, `{"bogus":1}`, `{"weights":{"form.select":0,"form.ask":0,"form.construct":0,"form.describe":0,"form.aggregate":0}}`} {
		if _, err := LoadProfile(strings.NewReader(bad)); err == nil {
			t.Errorf("LoadProfile(%s): no error", bad)
		}
	}
	if _, err := ProfileByName("nope"); err == nil {
		t.Error("ProfileByName(nope): no error")
	}
}

// TestPoolFile keeps corpus/pool.nt equal to the built-in pool and checks
// the pool parses and holds the adversarial terms the generator relies on.
func TestPoolFile(t *testing.T) {
	root := repoRoot(t)
	path := filepath.Join(root, "corpus", "pool.nt")
	if !golden.File(t, path, poolNT) {
		t.Errorf("%s is gen_pool.go's poolNT: run with -update, or copy the file into gen_pool.go", path)
	}
	terms := Pool()
	seen := map[string]bool{}
	for _, tm := range terms {
		seen[tm.String()] = true
	}
	for _, want := range []string{`"-0.0E0"^^<http://www.w3.org/2001/XMLSchema#double>`, `"chat"@en-gb`,
		`"01"^^<http://www.w3.org/2001/XMLSchema#integer>`, `""`, `_:b0`, `"abc"^^<http://www.w3.org/2001/XMLSchema#integer>`} {
		if !seen[want] {
			t.Errorf("pool lacks %s", want)
		}
	}
}

// huntProfile loads corpus/profiles/<name>.json.
func huntProfile(t *testing.T, name string) *Profile {
	t.Helper()
	p, err := ProfileByName(filepath.Join(repoRoot(t), "corpus", "profiles", name+".json"))
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

// repoRoot is the checkout holding corpus/ and baselines/.
func repoRoot(t *testing.T) string { return must(t, RepoRoot) }
