package server

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/internal/corpus"
	"github.com/sparql-oracle/oracle/internal/engine"
	"github.com/sparql-oracle/oracle/internal/registry"
	"github.com/sparql-oracle/oracle/internal/store"
	"github.com/sparql-oracle/oracle/internal/sweep"
	"github.com/sparql-oracle/oracle/internal/w3c"
)

// suitesManifests are the update and SPARQL 1.2 folders a W3C sweep of
// the browser test runs: 4 update evaluation tests, 1 update syntax test,
// 9 SPARQL 1.2 syntax tests.
var suitesManifests = []string{"sparql11/clear/manifest.ttl", "sparql11/syntax-update-2/manifest.ttl", "sparql12/version/manifest.ttl"}

// runSuitesSweep runs a W3C sweep of suitesManifests through the judge,
// the fast engine and liar (which applies no updates and lacks SPARQL
// 1.2) with the real sweep runner.
func runSuitesSweep(t *testing.T, st *store.DB) store.Sweep {
	t.Helper()
	spec := w3cSpec
	w3cSpec.Name, w3cSpec.W3C = "w3c update and 1.2", &store.W3CSource{Manifests: suitesManifests}
	defer func() { w3cSpec = spec }()
	return runW3CSweep(t, st, true)
}

// suitesTally is what `oracle w3c` counts of the fast engine on
// suitesManifests: passed per corpus (store.CorpusOf).
func suitesTally(t *testing.T) map[string]int {
	t.Helper()
	root, err := corpus.SuiteRoot()
	if err != nil {
		t.Skip("W3C suite not found:", err)
	}
	var paths []string
	for _, m := range suitesManifests {
		paths = append(paths, filepath.Join(root, filepath.FromSlash(m)))
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	rep := w3c.Run(ctx, registry.Engine(engine.Options{}), paths, w3c.Options{Root: root, Workers: 2})
	if rep.Err != nil {
		t.Fatal(rep.Err)
	}
	out := map[string]int{}
	for i := range rep.Results {
		key := sweep.W3CKey(rep.Results[i].Test, root)
		if rep.Results[i].Outcome == w3c.Pass {
			out[store.CorpusOf(key, store.SuiteOf(key))]++
		}
	}
	return out
}

// checkSuites: the update and SPARQL 1.2 columns are filled from the
// sweep. The fast engine's rate on each is what `oracle w3c` passes of
// it over the corpus's size, the same on the front page, the engines
// page, its engine page and the tests page; liar, which applies no
// updates and lacks SPARQL 1.2, shows both "not run", never 0 %.
func checkSuites(t *testing.T, b *browser, sizes map[string]int, sw store.Sweep) {
	b.t = t
	tally := suitesTally(t)
	for i, corpus := range []string{store.CorpusUpdate, store.Corpus12} {
		if tally[corpus] == 0 || sizes[corpus] == 0 {
			t.Fatalf("%s: oracle w3c passes %d of the fast engine, the corpus has %d tests", corpus, tally[corpus], sizes[corpus])
		}
		want := fmt.Sprintf("%.1f%%", 100*float64(tally[corpus])/float64(sizes[corpus]))
		sel := fmt.Sprintf(`td[data-corpus=%q]`, corpus)
		b.open("/")
		front := b.text(`#corpus-engine ` + sel + ` a`)
		small := b.text(`#corpus-engine ` + sel + ` small`)
		liarFront := b.text(`#corpus-liar ` + sel)
		b.open("/engines")
		list := b.text(`#engine-engine ` + sel + ` a`)
		liarList := b.text(`#engine-liar ` + sel)
		b.open("/tests")
		tests := b.text(`#rates-engine ` + sel + ` a`)
		b.open(fmt.Sprintf("/tests?sweep=%d", sw.ID))
		testsSweep := b.text(`#rates-engine ` + sel + ` a`)
		liarTests := b.text(`#rates-liar ` + sel)
		b.open("/engines/engine")
		row := fmt.Sprintf(`tr.rate-row:nth-of-type(%d)`, i+3) // header, W3C query, then update, 1.2
		page, passed := b.text(row+` .rate-cell strong`), b.text(row+` .passed`)
		b.open("/engines/liar")
		liarPage := b.text(row)
		t.Logf("%s: oracle w3c passes %d of %d; front %s (%s), engines %s, tests %s / sweep %s, engine page %s (%s passed); liar: %q",
			corpus, tally[corpus], sizes[corpus], front, small, list, tests, testsSweep, page, passed, liarFront)
		for where, got := range map[string]string{"front page": front, "engines page": list, "tests page": tests,
			"tests page of the sweep": testsSweep, "engine page": page} {
			if got != want {
				t.Errorf("%s: the %s says %q, oracle w3c's count over the corpus's size is %q", corpus, where, got, want)
			}
		}
		if passed != fmt.Sprint(tally[corpus]) || !strings.HasPrefix(small, fmt.Sprintf("%d/%d", tally[corpus], sizes[corpus])) {
			t.Errorf("%s: passed %s on the engine page, %q on the front page; oracle w3c passes %d of %d", corpus, passed, small, tally[corpus], sizes[corpus])
		}
		for where, got := range map[string]string{"front page": liarFront, "engines page": liarList, "tests page": liarTests, "engine page": liarPage} {
			if !strings.Contains(got, "not run") || strings.Contains(got, "%") {
				t.Errorf("%s: liar (no updates, no SPARQL 1.2) on the %s: %q; want not run, no rate", corpus, where, got)
			}
		}
	}
	b.open("/")
	b.shot("index.png")
}

// checkEngineRootCauses: the engines page counts each engine's root
// causes as its engine page does (open, intended, known), not findings.
func checkEngineRootCauses(t *testing.T, b *browser) map[string][3]string {
	b.t = t
	out := map[string][3]string{}
	for _, e := range []string{"reference", "engine", "liar"} {
		b.open("/engines")
		list := [3]string{b.text(`#engine-` + e + ` a.rc-open-n`), b.text(`#engine-` + e + ` td.rc-intended`), b.text(`#engine-` + e + ` td.rc-known`)}
		b.open("/engines/" + e)
		page := [3]string{b.text("#open-count"), b.text("#intended-count"), b.text("#known-count")}
		if list != page {
			t.Errorf("%s: the engines page counts %v root causes (open, intended, known), its engine page %v", e, list, page)
		}
		out[e] = list
	}
	return out
}

// TestDashboardLacks: who runs none of the update or SPARQL 1.2 corpus.
// A served engine answers for itself (liar: no updater, no 1.2; the fast
// engine has both); another by its descriptor's Supports (rdflib applies
// updates and lacks 1.2); an engine whose descriptor declares nothing is
// judged by its runs (Shown: a run that ran none of the tests).
func TestDashboardLacks(t *testing.T) {
	s, _ := newTest(t, Config{})
	for _, c := range []struct {
		engine, corpus string
		lacks          bool
	}{
		{"liar", store.CorpusUpdate, true}, {"liar", store.Corpus12, true}, {"liar", store.CorpusQuery, false},
		{"engine", store.CorpusUpdate, false}, {"engine", store.Corpus12, false},
		{"rdflib", store.CorpusUpdate, false}, {"rdflib", store.Corpus12, true},
		{"rasqal", store.CorpusUpdate, false}, {"no-such-engine", store.Corpus12, false},
	} {
		if got := s.lacks(c.engine, c.corpus); (got != "") != c.lacks {
			t.Errorf("lacks(%s, %s) = %q, want lacking %v", c.engine, c.corpus, got, c.lacks)
		}
	}
	none := s.rate(store.SuiteCount{Engine: "rasqal", Suite: store.CorpusUpdate, NotRun: 157}, map[string]corpusSize{store.CorpusUpdate: {N: 157, Known: true}})
	if none.Shown() || !strings.Contains(none.Why(), "ran none") {
		t.Errorf("a run with every test not run: shown %v, why %q; want not run", none.Shown(), none.Why())
	}
}
