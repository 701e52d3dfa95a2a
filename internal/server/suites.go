package server

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/sparql-oracle/oracle/internal/corpus"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/store"
	"github.com/sparql-oracle/oracle/internal/sweep"
)

// A pass rate's denominator is its corpus's size, whichever run it comes
// from: a W3C sweep, `oracle w3c` and `oracle gate` run every test of
// the manifests they run (a sweep with none named: the three suites,
// sweep.W3CPaths; `oracle gate`: the query suites), and all are counted
// over the same number, the tests a run did not reach counted as not run. The
// sizes are the manifests' (sweep.W3CPaths: w3c.DefaultManifests for W3C
// query, w3c.UpdateManifests, sparql12/manifest.ttl) and the regression corpus's
// query cases (countQueryCases), read once; a corpus whose files are not at hand (a server without
// the suite) falls back to the distinct tests the store has results of,
// and says so (corpusSize.Known false).

// corpusSize is one corpus's number of tests and where it comes from.
type corpusSize struct {
	N     int
	Known bool // from the corpus's own files (else: the tests the store knows)
}

// sizesOnce reads the corpora's sizes once per process.
var sizesOnce = sync.OnceValue(readCorpusSizes)

// readCorpusSizes counts the tests of each corpus from its files.
func readCorpusSizes() map[string]int {
	out := map[string]int{}
	root, err := corpus.SuiteRoot()
	if err == nil {
		countManifests(out, root, sweep.W3CPaths(root)) // what a W3C sweep and `oracle w3c` run
	}
	if repo, err := corpus.RepoRoot(); err == nil {
		out[store.CorpusRegress] = countQueryCases(filepath.Join(repo, "corpus", "regress"))
	}
	return out
}

// countQueryCases counts the query cases of the regression corpus: the
// folders with a query.rq and no update.ru, the cases regress.LoadDir
// reads (a sweep and `oracle gate` run those).
func countQueryCases(dir string) int {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return 0
	}
	n := 0
	for _, e := range ents {
		_, q := os.Stat(filepath.Join(dir, e.Name(), "query.rq"))
		_, u := os.Stat(filepath.Join(dir, e.Name(), "update.ru"))
		if e.IsDir() && q == nil && u != nil {
			n++
		}
	}
	return n
}

// countManifests adds the distinct test keys of the manifests, by corpus.
func countManifests(out map[string]int, root string, paths []string) {
	suite, err := corpus.Load(paths...)
	if err != nil {
		return
	}
	seen := map[string]bool{}
	for _, t := range suite.Tests {
		key := sweep.W3CKey(t, root)
		if !seen[key] {
			seen[key] = true
			out[store.CorpusOf(key, store.SuiteOf(key))]++
		}
	}
}

// corpusRuns are what every pass rate is made of: each engine's counts
// per run of a corpus (store.CorpusCounts, oldest first) and the
// corpora's sizes (corpusSizes).
func (s *Server) corpusRuns(ctx context.Context) ([]store.SuiteCount, map[string]corpusSize, error) {
	counts, err := s.cfg.Store.CorpusCounts(ctx)
	if err != nil {
		return nil, nil, err
	}
	sizes, err := s.corpusSizes(ctx)
	return counts, sizes, err
}

// corpusSizes are the sizes of every corpus: its files', else the tests
// the store knows of it.
func (s *Server) corpusSizes(ctx context.Context) (map[string]corpusSize, error) {
	stored, err := s.cfg.Store.CorpusTests(ctx)
	if err != nil {
		return nil, err
	}
	files := s.sizes()
	out := map[string]corpusSize{}
	for _, c := range store.Corpora {
		if n := files[c]; n > 0 {
			out[c] = corpusSize{N: n, Known: true}
		} else {
			out[c] = corpusSize{N: stored[c]}
		}
	}
	return out, nil
}

// sizes are the corpora's file sizes (Config.CorpusSizes in tests).
func (s *Server) sizes() map[string]int {
	if s.cfg.CorpusSizes != nil {
		return s.cfg.CorpusSizes
	}
	return sizesOnce()
}

// passRate is one engine's run of one corpus over the corpus's size.
type passRate struct {
	store.SuiteCount
	Size   corpusSize
	Has    bool // the engine has a run of the corpus
	Corpus string
	Lacks  string // why the engine runs none of the corpus (Server.lacks), "" when it may
}

// Shown says whether the rate is one: the engine has a run of the corpus,
// can run it, and ran some of its tests. Otherwise the pages say "not
// run" (Why), never 0 %: an engine that applies no updates did not fail
// the update tests.
func (p passRate) Shown() bool { return p.Has && p.Lacks == "" && p.Run() > 0 }

// Why says why a rate is not shown.
func (p passRate) Why() string {
	switch {
	case p.Lacks != "":
		return p.Lacks
	case p.Has && p.Run() == 0:
		return fmt.Sprintf("its run (#%d) ran none of the %d tests", p.SweepID, p.Size.N)
	}
	return "no run of this corpus yet"
}

// NotReached are the corpus's tests the run has no result for.
func (p passRate) NotReached() int { return max(0, p.Size.N-p.SuiteCount.Run()-p.SuiteCount.NotRun) }

// Skipped are the tests not run: recorded as not run, or not reached.
func (p passRate) Skipped() int { return p.SuiteCount.NotRun + p.NotReached() }

// Percent is passed ÷ the corpus's size.
func (p passRate) Percent() float64 {
	if p.Size.N == 0 {
		return 0
	}
	return 100 * float64(p.Passed) / float64(p.Size.N)
}

// rate is count over the corpus's size, marked when the engine cannot run
// the corpus.
func (s *Server) rate(c store.SuiteCount, sizes map[string]corpusSize) passRate {
	p := rateOf(c, sizes)
	p.Lacks = s.lacks(c.Engine, c.Suite)
	return p
}

// noRate is the rate of a corpus the engine has no run of.
func (s *Server) noRate(engine, corpus string, sizes map[string]corpusSize) passRate {
	return passRate{Corpus: corpus, Size: sizes[corpus], Lacks: s.lacks(engine, corpus)}
}

// lacks says why engine runs none of corpus, "" when it may: the update
// corpus needs an engine that applies updates, the SPARQL 1.2 one an
// engine that implements 1.2 (an engine without runs none of the update
// tests, w3c.Run skips them; and it lacks what the 1.2 tests test). A
// served engine answers for itself (oracle.AsUpdater, oracle.Supports12);
// another by its descriptor's Supports, when it declares any.
func (s *Server) lacks(engine, corpus string) string {
	need, what := "", ""
	switch corpus {
	case store.CorpusUpdate:
		need, what = "update", "applies no updates"
	case store.Corpus12:
		need, what = "sparql12", "does not implement SPARQL 1.2"
	default:
		return ""
	}
	for _, e := range s.cfg.Engines {
		if e.Name() != engine {
			continue
		}
		_, upd := oracle.AsUpdater(e)
		if (need == "update" && !upd) || (need == "sparql12" && !oracle.Supports12(e)) {
			return engine + " " + what
		}
		return ""
	}
	if d, ok := oracle.Describe(engine); ok && len(d.Supports) > 0 && !slices.Contains(d.Supports, need) {
		return engine + " " + what + " (its descriptor's supports: " + strings.Join(d.Supports, ", ") + ")"
	}
	return ""
}

// rateOf is count over the corpus's size.
func rateOf(c store.SuiteCount, sizes map[string]corpusSize) passRate {
	size := sizes[c.Suite]
	if n := c.Run() + c.NotRun; n > size.N { // a store older than the files: never a rate above 100%
		size = corpusSize{N: n}
	}
	return passRate{SuiteCount: c, Size: size, Has: true, Corpus: c.Suite}
}
