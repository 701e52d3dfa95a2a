package algebra

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
	"github.com/sparql-oracle/oracle/internal/golden"
)

// goldenBase is the base IRI the golden queries are parsed against.
const goldenBase = "http://example.org/base/"

// TestGolden translates every testdata/sse/*.rq and compares Query.String()
// with the .sse file beside it. Run with -update to rewrite the goldens,
// then read the diff against §18.2.
func TestGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/sse/*.rq")
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden queries: %v", err)
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".rq")
		t.Run(name, func(t *testing.T) { checkGolden(t, f) })
	}
}

func checkGolden(t *testing.T, rq string) {
	src, err := os.ReadFile(rq)
	if err != nil {
		t.Fatal(err)
	}
	q, err := Parse(string(src), goldenBase)
	if err != nil {
		t.Fatalf("%s: %v", rq, err)
	}
	if err := checkInvariants(q.Op); err != nil {
		t.Errorf("%s: %v", rq, err)
	}
	got := q.String() + "\n"
	if !balanced(got) {
		t.Errorf("%s: unbalanced SSE", rq)
	}
	golden.File(t, strings.TrimSuffix(rq, ".rq")+".sse", got)
}

// TestParseErrors: bad queries give a positioned error, never a panic.
func TestParseErrors(t *testing.T) {
	cases := []struct{ src, want string }{
		{"SELECT * WHERE { ?s ?p }", "line 1, column"},
		{"SELECT * WHERE {\n  ?s ex:p ?o }", "line 2, column"},
		{"SELECT (SUM(SUM(?x)) AS ?y) {}", "line 1, column"},
	}
	for _, c := range cases {
		_, err := Parse(c.src, "")
		var se *syntax.Error
		if err == nil || !errors.As(err, &se) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Parse(%q) = %v, want a *syntax.Error containing %q", c.src, err, c.want)
		}
	}
}

// TestTranslateErrors covers the errors Translate raises itself, on trees
// the parser's checks would have refused.
func TestTranslateErrors(t *testing.T) {
	agg := &syntax.Aggregate{Pos: syntax.Pos{Line: 3, Col: 7}, Name: "COUNT", Star: true}
	q := &syntax.Query{Form: syntax.FormSelect, Select: &syntax.Projection{Star: true},
		Where: &syntax.GroupPattern{Elems: []syntax.Pattern{&syntax.Filter{Expr: agg}}}}
	_, err := Translate(q)
	if err == nil || !strings.Contains(err.Error(), "line 3, column 7: aggregate COUNT not allowed") {
		t.Errorf("aggregate in FILTER: got %v", err)
	}
}

// FuzzParseTranslate: whatever parses must translate without error or panic
// and print. Seeded with the golden queries.
func FuzzParseTranslate(f *testing.F) {
	files, _ := filepath.Glob("testdata/sse/*.rq")
	for _, file := range files {
		if b, err := os.ReadFile(file); err == nil {
			f.Add(string(b))
		}
	}
	f.Fuzz(func(t *testing.T, src string) {
		tree, err := syntax.Parse(src, syntax.Options{Base: goldenBase})
		if err != nil {
			return
		}
		q, err := Translate(tree)
		if err != nil {
			t.Fatalf("parsed but did not translate: %v\n%s", err, src)
		}
		_ = q.String()
	})
}
