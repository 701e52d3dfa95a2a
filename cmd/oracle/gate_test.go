package main

import (
	"context"
	"encoding/xml"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sparql-oracle/oracle/internal/corpus"
	"github.com/sparql-oracle/oracle/internal/store"
)

// gateFixture is a run of four tests: one passes, one the baseline
// expects to fail fails, one it expects to fail passes, one it expects
// to pass fails.
func gateFixture() *gateRun {
	t := func(id, status, class string) gateTest {
		return gateTest{TestResult: store.TestResult{Test: "w3c/x#" + id, Engine: "e", Suite: store.SuiteQuery11, Status: status, Class: class, Reason: "why " + id},
			ID: "http://t/" + id, Name: id, Folder: "sparql11/x", BaseClass: class}
	}
	return &gateRun{Engine: "e", Version: "1.0", Tests: []gateTest{
		t("ok", store.TestPassed, ""), t("known", store.TestFailed, "missing-rows"),
		t("fixed", store.TestPassed, ""), t("broken", store.TestFailed, "wrong-value"),
	}}
}

// TestGateVerdicts: only passed→failed is fatal; the summary says so
// first, lists it with a link to the test, and lists the fixed test; the
// JUnit file has one failure; the written baseline lists what failed.
func TestGateVerdicts(t *testing.T) {
	dir := t.TempDir()
	base := filepath.Join(dir, "base.tsv")
	os.WriteFile(base, []byte("http://t/known\tmissing-rows\tknown bug #1\nhttp://t/fixed\textra-rows\tfixed upstream?\n"), 0o644)
	g := gateFlags{baseline: base, junit: filepath.Join(dir, "j.xml"), summary: filepath.Join(dir, "sum.md"),
		writeBaseline: filepath.Join(dir, "next.tsv")}
	run := gateFixture()
	if code := g.finish(context.Background(), run); code != 1 {
		t.Fatalf("exit %d, want 1 (a test went from passed to failed)", code)
	}
	sum := read(t, g.summary)
	for _, want := range []string{"❌ **1 test(s) went from passed to failed**", "### Passed → failed (1)",
		"[broken](http://t/broken)", "### Failed → passed (1)", "| SPARQL 1.1 query | 2 | 1 | 1 | 0 | 50.0% |"} {
		if !strings.Contains(sum, want) {
			t.Errorf("summary lacks %q:\n%s", want, sum)
		}
	}
	var doc gateSuites
	if err := xml.Unmarshal([]byte(read(t, g.junit)), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Tests != 4 || doc.Failures != 1 || doc.Suites[0].Skipped != 1 {
		t.Errorf("JUnit: %d tests, %d failures, %d skipped; want 4, 1, 1", doc.Tests, doc.Failures, doc.Suites[0].Skipped)
	}
	next, err := readBaselineFile(g.writeBaseline)
	if err != nil {
		t.Fatal(err)
	}
	if len(next) != 2 || next["http://t/known"].Reason != "known bug #1" || next["http://t/broken"].Class != "wrong-value" {
		t.Errorf("written baseline %+v: want known (its reason kept) and broken", next)
	}
	run = gateFixture()
	run.Tests = run.Tests[:3]
	if code := (&gateFlags{baseline: base}).finish(context.Background(), run); code != 0 {
		t.Errorf("without the broken test: exit %d, want 0", code)
	}
}

// TestGateReference runs the real gate on the reference over one W3C
// folder and a few corpus cases with its committed baseline, imports the
// results into a store, and finds them there.
func TestGateReference(t *testing.T) {
	if _, err := corpus.SuiteRoot(); err != nil {
		t.Skip("W3C suite not found (W3C_TESTS):", err)
	}
	dir := t.TempDir()
	db := filepath.Join(dir, "oracle.db")
	sum := filepath.Join(dir, "sum.md")
	code, out, errs := runBinary(t, "gate", "--engine", "reference", "--baseline", "../../baselines/reference.tsv",
		"--run", "sparql11/bind/|regress/", "--store", db, "--summary", sum, "--junit", filepath.Join(dir, "j.xml"))
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errs)
	}
	if !strings.Contains(out, "✅ **No test went from passed to failed**") || !strings.Contains(read(t, sum), "| regression corpus |") {
		t.Errorf("summary:\n%s", out)
	}
	st, err := store.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	page, err := st.Tests(context.Background(), store.TestFilter{Suite: store.SuiteQuery11})
	if err != nil {
		t.Fatal(err)
	}
	if page.Total != 10 || page.Counts[store.TestPassed] != 10 {
		t.Errorf("stored: %d bind tests, %v; want 10 passed", page.Total, page.Counts)
	}
	c, _, err := st.Test(context.Background(), "w3c/sparql11/bind/manifest.ttl#bind01", 0)
	if err != nil || !strings.Contains(c.Query, "BIND") || c.Expected == nil {
		t.Errorf("the test page of bind01: %+v, %v", c, err)
	}
}

// TestGateUsage: the engine is required.
func TestGateUsage(t *testing.T) {
	if code, _, errs := runBinary(t, "gate"); code != 2 || !strings.Contains(errs, "--engine NAME is required") {
		t.Errorf("exit %d, %s", code, errs)
	}
}

func read(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
