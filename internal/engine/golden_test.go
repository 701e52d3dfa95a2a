package engine_test

import (
	"context"
	"fmt"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/engine"
	"github.com/sparql-oracle/oracle/internal/golden"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// TestGolden runs the bundles of testdata/equiv through the engine alone
// and compares with testdata/golden/NAME.golden: the engine's own answers,
// reviewed once, so a change in behaviour shows even where the reference
// changed too. Rows are sorted unless the query orders them.
func TestGolden(t *testing.T) {
	files, _ := filepath.Glob("testdata/equiv/*.txt")
	for _, f := range files {
		ds, queries := readBundle(t, f)
		var out strings.Builder
		for _, q := range queries {
			fmt.Fprintf(&out, "== %s\n%s\n", q.name, render(t, q.text, ds))
		}
		golden.File(t, filepath.Join("testdata", "golden", strings.TrimSuffix(filepath.Base(f), ".txt")+".golden"), out.String())
	}
}

func render(t *testing.T, text string, ds *rdf.Dataset) string {
	t.Helper()
	q, err := algebra.Parse(text, "http://example.org/")
	if err != nil {
		return "parse error: " + err.Error()
	}
	res, err := engine.Eval(context.Background(), q, ds, nil, engine.Options{Seed: 1})
	if err != nil {
		return "error: " + err.Error()
	}
	var lines []string
	switch res.Form {
	case algebra.Ask:
		return fmt.Sprint(res.Boolean)
	case algebra.Construct, algebra.Describe:
		for _, tr := range res.Triples {
			lines = append(lines, tr.String())
		}
		sort.Strings(lines)
	default:
		for _, r := range res.Rows {
			var cells []string
			for _, v := range res.Vars {
				if term, ok := r[v]; ok {
					cells = append(cells, "?"+v+"="+term.String())
				}
			}
			lines = append(lines, strings.Join(cells, " "))
		}
		if !res.Ordered {
			sort.Strings(lines)
		}
	}
	return canonBlanks(strings.Join(append([]string{fmt.Sprintf("(%d)", len(lines))}, lines...), "\n"))
}

// canonBlanks renames blank nodes _:b0, _:b1... in order of appearance:
// the loader's labels depend on how many documents were loaded before.
func canonBlanks(s string) string {
	names := map[string]string{}
	return blankRE.ReplaceAllStringFunc(s, func(l string) string {
		if n, ok := names[l]; ok {
			return n
		}
		names[l] = fmt.Sprintf("_:b%d", len(names))
		return names[l]
	})
}

var blankRE = regexp.MustCompile(`_:[A-Za-z0-9_]+`)
