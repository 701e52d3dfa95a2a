package reference

import (
	"context"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
)

type updateCase struct {
	name                                                    string
	store, sources, request, after, outcomes, indeterminate string
}

// readUpdateRequests reads testdata/updates.txt: "### name" opens a case,
// "-- key" lines its sections (the file's header says which).
func readUpdateRequests(t *testing.T) []updateCase {
	data, err := os.ReadFile("testdata/updates.txt")
	if err != nil {
		t.Fatal(err)
	}
	var out []updateCase
	for _, block := range splitSections(string(data), "### ")[1:] {
		sec := map[string]string{}
		for _, s := range splitSections(block.body, "-- ")[1:] {
			sec[s.head] = s.body
		}
		out = append(out, updateCase{
			name: block.head, store: sec["store"], sources: sec["sources"], request: sec["request"], after: sec["after"],
			outcomes: strings.TrimSpace(sec["outcomes"]), indeterminate: strings.TrimSpace(sec["indeterminate"]),
		})
	}
	if len(out) == 0 {
		t.Fatal("no update cases in testdata/updates.txt")
	}
	return out
}

// parseStore reads N-Quads plus "GRAPH <g>" lines (empty named graphs).
func parseStore(t *testing.T, text string) *rdf.Dataset {
	ds := rdf.NewDataset()
	var nq []string
	for _, l := range strings.Split(text, "\n") {
		if g, ok := strings.CutPrefix(strings.TrimSpace(l), "GRAPH <"); ok {
			ds.Named(rdf.IRI(strings.TrimSuffix(g, ">")), true)
			continue
		}
		nq = append(nq, l)
	}
	qs, err := rdf.ParseNQuads(strings.NewReader(strings.Join(nq, "\n")), "case")
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range qs {
		ds.Add(q)
	}
	return ds
}

// TestUpdateRequests applies each request of testdata/updates.txt and checks
// the judge's store (graph names, and quads up to blank-node renaming) and
// how many outcomes it permits.
func TestUpdateRequests(t *testing.T) {
	for _, c := range readUpdateRequests(t) {
		req, err := algebra.ParseUpdate(c.request, "")
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		sources := map[string]*rdf.Graph{}
		for _, q := range parseStore(t, c.sources).Quads() {
			if sources[q.G.Value] == nil {
				sources[q.G.Value] = rdf.NewGraph()
			}
			sources[q.G.Value].Add(q.Triple())
		}
		before := parseStore(t, c.store)
		keep := results.StoreOf(before)
		a, err := Update(context.Background(), req, before, sources, Options{Seed: 1})
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if open := a.Freedom.Indeterminate != ""; open != (c.indeterminate != "") {
			t.Errorf("%s: indeterminate %q", c.name, a.Freedom.Indeterminate)
		}
		if c.indeterminate == "" {
			checkStore(t, c, a.Store, results.StoreOf(parseStore(t, c.after)))
		}
		if n := 1 + len(a.Freedom.Update.Alternatives); strconv.Itoa(n) != c.outcomes {
			t.Errorf("%s: %d outcomes, want %s: %q", c.name, n, c.outcomes, a.Freedom.Update.Choices)
		}
		if got := results.StoreOf(before); len(got.Quads()) != len(keep.Quads()) || len(got.Named) != len(keep.Named) {
			t.Errorf("%s: Update changed the store it was given", c.name)
		}
	}
}

func checkStore(t *testing.T, c updateCase, got, want *results.Store) {
	t.Helper()
	var gn, wn []string
	for _, g := range got.Named {
		gn = append(gn, g.Name.Value)
	}
	for _, g := range want.Named {
		wn = append(wn, g.Name.Value)
	}
	if strings.Join(gn, " ") != strings.Join(wn, " ") {
		t.Errorf("%s: graphs %v, want %v", c.name, gn, wn)
	}
	if !rdf.IsomorphicQuads(got.Quads(), want.Quads()) {
		var b strings.Builder
		rdf.WriteNQuads(&b, got.Quads())
		t.Errorf("%s: store after:\n%s", c.name, b.String())
	}
}
