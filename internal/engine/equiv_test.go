package engine_test

import (
	"context"
	"errors"
	"github.com/sparql-oracle/oracle/internal/selfcheck"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/engine"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/registry"
)

// TestEquivalence runs every query of testdata/equiv/*.txt through the
// reference and the engine and judges the engine's answer against the
// reference's, as the oracle does (diff.Compare with the reference's freedom).
//
// File format: sections introduced by a line "== data" (Turtle, default
// graph), "== graph IRI" (Turtle, a named graph) or "== query NAME"
// (SPARQL). Base IRI: http://example.org/. Both evaluators must succeed,
// except for queries named err_*, where both must fail.
func TestEquivalence(t *testing.T) {
	files, err := filepath.Glob("testdata/equiv/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no equivalence cases: %v", err)
	}
	ref := judge(t)
	eng := registry.Engine(engine.Options{Seed: 1})
	n := 0
	for _, f := range files {
		ds, queries := readBundle(t, f)
		for _, q := range queries {
			n++
			t.Run(filepath.Base(f)+"/"+q.name, func(t *testing.T) {
				c := &oracle.Case{Name: q.name, Query: q.text, Base: "http://example.org/", Dataset: ds}
				compareEngines(t, ref, eng, c, f, q.line)
			})
		}
	}
	t.Logf("%d queries compared", n)
}

// compareEngines judges the engine against the reference on c; it reports
// whether both failed (allowed only for cases named err_*).
func compareEngines(t *testing.T, ref, eng oracle.Engine, c *oracle.Case, file string, line int) (bothFailed bool) {
	t.Helper()
	want, werr := ref.Eval(context.Background(), c)
	got, gerr := eng.Eval(context.Background(), c)
	if errors.Is(werr, oracle.ErrBudget) && gerr == nil {
		t.Logf("%s:%d: the reference ran out of budget; the engine answered", file, line)
		return false
	}
	if werr != nil || gerr != nil {
		if (werr == nil) != (gerr == nil) || !strings.HasPrefix(c.Name, "err_") {
			t.Errorf("%s:%d: reference error %v, engine error %v", file, line, werr, gerr)
		}
		return werr != nil && gerr != nil
	}
	v := diff.Compare(selfcheck.InHouse(want), got)
	if slices.Contains(v.Classes, diff.ClassUndecided) {
		t.Logf("%s:%d: the comparator gave up (blank-node isomorphism budget)", file, line)
		return false
	}
	if !v.OK {
		var b strings.Builder
		for _, l := range v.Diff {
			b.WriteString("\n  " + l.String())
		}
		t.Errorf("%s:%d: %s %v%s", file, line, v.Summary, v.Classes, b.String())
	}
	return false
}

type bundleQuery struct {
	name, text string
	line       int
}

func readBundle(t *testing.T, file string) (*rdf.Dataset, []bundleQuery) {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	ds := rdf.NewDataset()
	var queries []bundleQuery
	var head string
	var body []string
	start := 0
	flush := func() {
		text := strings.Join(body, "\n")
		switch {
		case head == "data":
			addTurtle(t, ds, text, rdf.None)
		case strings.HasPrefix(head, "graph "):
			addTurtle(t, ds, text, rdf.IRI(strings.TrimSpace(strings.TrimPrefix(head, "graph "))))
		case strings.HasPrefix(head, "query "):
			queries = append(queries, bundleQuery{strings.TrimSpace(strings.TrimPrefix(head, "query ")), text, start})
		}
	}
	for i, l := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(l, "== ") {
			flush()
			head, body, start = strings.TrimPrefix(l, "== "), nil, i+1
			continue
		}
		body = append(body, l)
	}
	flush()
	return ds, queries
}

func addTurtle(t *testing.T, ds *rdf.Dataset, text string, g rdf.Term) {
	t.Helper()
	qs, err := rdf.Parse(strings.NewReader(text), rdf.Turtle, "http://example.org/", "bundle")
	if err != nil {
		t.Fatalf("%s: turtle: %v", t.Name(), err)
	}
	for _, q := range qs {
		q.G = g
		ds.Add(q)
	}
}
