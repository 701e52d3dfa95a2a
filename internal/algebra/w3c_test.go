package algebra

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
	"github.com/sparql-oracle/oracle/internal/w3csuite"
)

// w3cDir is the W3C suite's sparql/ folder (w3csuite: the submodule or a
// local copy); the test fails with w3csuite.Missing when there is none.
func w3cDir(t testing.TB) string {
	t.Helper()
	return filepath.Join(w3csuite.Require(t), "sparql")
}

type w3cQuery struct {
	path, src string
}

func w3cQueries(t testing.TB) []w3cQuery {
	var qs []w3cQuery
	err := filepath.WalkDir(w3cDir(t), func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".rq") {
			return err
		}
		b, err := os.ReadFile(path)
		qs = append(qs, w3cQuery{path, string(b)})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return qs
}

// baseFor is the base IRI a W3C runner gives a query: its file URL.
func baseFor(path string) string { return "file://" + filepath.ToSlash(path) }

// TestW3CTranslate translates every W3C query that parses: none may fail
// or panic, and every one must print.
func TestW3CTranslate(t *testing.T) {
	qs := w3cQueries(t)
	parsed := 0
	for _, q := range qs {
		tree, err := syntax.Parse(q.src, syntax.Options{Base: baseFor(q.path)})
		if err != nil {
			continue
		}
		parsed++
		res, err := Translate(tree)
		if err != nil {
			t.Errorf("%s: %v", q.path, err)
			continue
		}
		if err := checkInvariants(res.Op); err != nil {
			t.Errorf("%s: %v", q.path, err)
		}
		// Translation is deterministic: a second run prints the same SSE.
		again, _ := Translate(tree)
		if s1, s2 := res.String(), again.String(); s1 != s2 || !balanced(s1) {
			t.Errorf("%s: SSE unstable or unbalanced:\n%s\n%s", q.path, s1, s2)
		}
	}
	t.Logf("translated %d of %d W3C queries (the rest do not parse)", parsed, len(qs))
	if parsed < len(qs)/2 {
		t.Errorf("only %d of %d W3C queries parsed", parsed, len(qs))
	}
}

// BenchmarkParseTranslate parses and translates every W3C query that parses;
// b.N counts passes over the whole set (see the queries/s metric).
func BenchmarkParseTranslate(b *testing.B) {
	var srcs []w3cQuery
	for _, q := range w3cQueries(b) {
		if _, err := Parse(q.src, baseFor(q.path)); err == nil {
			srcs = append(srcs, q)
		}
	}
	b.ResetTimer()
	for b.Loop() {
		for _, q := range srcs {
			if _, err := Parse(q.src, baseFor(q.path)); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(len(srcs)*b.N)/b.Elapsed().Seconds(), "queries/s")
}
