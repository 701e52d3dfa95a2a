package w3c_test

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/internal/corpus"
	"github.com/sparql-oracle/oracle/internal/engine"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/reference"
	"github.com/sparql-oracle/oracle/internal/registry"
	"github.com/sparql-oracle/oracle/internal/w3c"
)

// TestReference runs the default W3C manifests through the reference
// evaluator and fails on any difference from baselines/reference.tsv: a new
// failure, a changed class, or an unexpected pass.
func TestReference(t *testing.T) {
	runAgainstBaseline(t, registry.Reference(reference.Options{Seed: 1}))
}

// TestEngineW3C holds the fast engine to the reference's baseline: it must
// pass and fail exactly where the reference does.
func TestEngineW3C(t *testing.T) {
	runAgainstBaseline(t, registry.Engine(engine.Options{Seed: 1}))
}

func runAgainstBaseline(t *testing.T, e oracle.Engine) {
	rep := runManifests(t, e, w3c.DefaultPaths)
	var table bytes.Buffer
	rep.WriteTable(&table)
	t.Logf("W3C suite, engine %s:\n%s", rep.Engine, table.String())
	holdTo(t, &rep, readBaseline(t, "reference.tsv"), nil)
}

// runManifests runs e over the manifests paths gives below the suite's
// root, each test within 20 seconds; the suite must be there.
func runManifests(t *testing.T, e oracle.Engine, paths func(root string) []string) w3c.Report {
	t.Helper()
	root, err := corpus.SuiteRoot()
	if err != nil {
		t.Fatal(err)
	}
	rep := w3c.Run(context.Background(), e, paths(root), w3c.Options{Timeout: 20 * time.Second, Root: root})
	if rep.Err != nil {
		t.Fatal(rep.Err)
	}
	return rep
}

// holdTo holds rep to its baseline: a new failure, a changed class or an
// unexpected pass fails t, a stale line is logged, and a test excluded
// (its id: why) is logged, never compared.
func holdTo(t *testing.T, rep *w3c.Report, base w3c.Baseline, excluded map[string]string) {
	t.Helper()
	for _, c := range rep.Compare(base) {
		switch {
		case excluded[c.ID] != "":
			t.Logf("excluded (%s): %s", excluded[c.ID], c)
		case !c.Fatal():
			t.Log(c)
		default:
			t.Error(c)
		}
	}
}

// readBaseline reads baselines/NAME at the repository root; absent is empty.
func readBaseline(t *testing.T, name string) w3c.Baseline {
	t.Helper()
	repo, err := corpus.RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	return readBaselineFile(t, filepath.Join(repo, "baselines", name), true)
}

// readBaselineFile reads the baseline at path; an absent file is empty when
// absentOK, else it fails the test.
func readBaselineFile(t *testing.T, path string, absentOK bool) w3c.Baseline {
	t.Helper()
	f, err := os.Open(path)
	if absentOK && errors.Is(err, os.ErrNotExist) {
		return w3c.Baseline{}
	}
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	b, err := w3c.ReadBaseline(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return b
}

// engineBaseline reads baselines/<name>.tsv and its "#exclude" lines.
func engineBaseline(t *testing.T, name string) (w3c.Baseline, map[string]string) {
	t.Helper()
	repo, err := corpus.RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(repo, "baselines", name+".tsv")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (write it with oracle w3c --engine %s --write-baseline)", err, name)
	}
	b, err := w3c.ReadBaseline(strings.NewReader(string(data)))
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	excluded := map[string]string{}
	sc := bufio.NewScanner(strings.NewReader(string(data)))
	for sc.Scan() {
		if f := strings.SplitN(sc.Text(), "\t", 3); len(f) == 3 && f[0] == "#exclude" {
			excluded[f[1]] = f[2]
		}
	}
	return b, excluded
}

// TestReferenceUpdate runs the whole W3C SPARQL 1.1 Update suite
// (manifest-sparql11-update.ttl) through the reference: every test passes.
func TestReferenceUpdate(t *testing.T) {
	checkUpdateReport(t, runUpdateSuite(t, registry.Reference(reference.Options{Seed: 1})))
}

// TestEngineUpdate holds the fast engine to the same suite.
func TestEngineUpdate(t *testing.T) {
	checkUpdateReport(t, runUpdateSuite(t, registry.Engine(engine.Options{Seed: 1})))
}

func runUpdateSuite(t *testing.T, e oracle.Engine) w3c.Report {
	return runManifests(t, e, w3c.UpdatePaths)
}

func checkUpdateReport(t *testing.T, rep w3c.Report) {
	counts := map[w3c.Outcome]int{}
	for _, r := range rep.Results {
		counts[r.Outcome]++
		if r.Outcome == w3c.Fail || r.Outcome == w3c.Error {
			t.Errorf("%s: %s %s: %s %v", r.Test.ID, r.Outcome, r.Class, r.Reason, r.Diff)
		}
		if r.Outcome == w3c.Skip {
			t.Logf("skip %s: %s", r.Test.ID, r.Reason)
		}
	}
	t.Logf("%s: W3C Update suite: %d tests, %d pass, %d fail, %d error, %d skip",
		rep.Engine, len(rep.Results), counts[w3c.Pass], counts[w3c.Fail], counts[w3c.Error], counts[w3c.Skip])
	if counts[w3c.Pass] < 150 {
		t.Errorf("only %d tests passed", counts[w3c.Pass])
	}
}

// queryOnly hides the reference's Updater: an engine that only evaluates
// queries.
type queryOnly struct{ oracle.Engine }

// TestUpdateSkippedWithoutUpdater: an engine that applies no updates skips
// every test of the Update suite, saying why.
func TestUpdateSkippedWithoutUpdater(t *testing.T) {
	rep := runUpdateSuite(t, queryOnly{registry.Reference(reference.Options{Seed: 1})})
	for _, r := range rep.Results {
		if r.Outcome != w3c.Skip || r.Reason != "update test: the engine does not apply updates (no oracle.Updater)" {
			t.Fatalf("%s: %s %q, want a skip for want of an Updater", r.Test.ID, r.Outcome, r.Reason)
		}
	}
	if len(rep.Results) < 150 {
		t.Errorf("only %d tests", len(rep.Results))
	}
}

// The W3C SPARQL 1.2 tests (sparql12/manifest.ttl: syntax, eval-triple-terms,
// expression, grouping, lang-basedir, rdf11, version, codepoint-escapes)
// through the reference and the fast engine, against
// testdata/sparql12-{reference,engine}.tsv: the tests that do not pass yet,
// each with its reason (a new failure, a changed class or an unexpected pass
// fails). The lists differ only where the engine's own update path does.

func TestSPARQL12Reference(t *testing.T) {
	run12(t, registry.Reference(reference.Options{Seed: 1}), "testdata/sparql12-reference.tsv")
}

func TestSPARQL12Engine(t *testing.T) {
	run12(t, registry.Engine(engine.Options{Seed: 1}), "testdata/sparql12-engine.tsv")
}

func run12(t *testing.T, e oracle.Engine, baseline12 string) {
	rep := runManifests(t, e, func(root string) []string { return []string{filepath.Join(root, "sparql12", "manifest.ttl")} })
	var table bytes.Buffer
	rep.WriteTable(&table)
	t.Logf("W3C sparql12, engine %s:\n%s", rep.Engine, table.String())
	for _, r := range rep.Results {
		if r.Outcome != w3c.Pass {
			t.Logf("%s %s %s\n%s", r.Test.ID, r.Outcome, r.Reason, strings.Join(r.Diff, "\n"))
		}
	}
	holdTo(t, &rep, readBaselineFile(t, baseline12, false), nil)
}
