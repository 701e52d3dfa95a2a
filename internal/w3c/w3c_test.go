package w3c_test

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

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
