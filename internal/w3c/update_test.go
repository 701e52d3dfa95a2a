package w3c_test

import (
	"context"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/internal/corpus"
	"github.com/sparql-oracle/oracle/internal/engine"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/reference"
	"github.com/sparql-oracle/oracle/internal/registry"
	"github.com/sparql-oracle/oracle/internal/w3c"
)

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
	root, err := corpus.SuiteRoot()
	if err != nil {
		t.Fatal(err)
	}
	paths := w3c.UpdatePaths(root)
	rep := w3c.Run(context.Background(), e, paths, w3c.Options{Timeout: 20 * time.Second, Root: root})
	if rep.Err != nil {
		t.Fatal(rep.Err)
	}
	return rep
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
