package corpus

import (
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
