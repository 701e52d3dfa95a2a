package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/sparql-oracle/oracle/internal/corpus"
)

// TestGenUpdateProfile: an update profile's cases print the request under
// "### update", deterministically.
func TestGenUpdateProfile(t *testing.T) {
	var out, errb bytes.Buffer
	if code := genMain([]string{"--profile", "update-graphs", "--seed", "7", "--count", "3"}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	s := out.String()
	if strings.Count(s, "### update\n") != 3 || strings.Contains(s, "### query") ||
		!strings.Contains(s, "#### case gen/update-graphs/8\n### update\n") {
		t.Errorf("output:\n%s", s)
	}
	var again bytes.Buffer
	genMain([]string{"--profile", "update-graphs", "--seed", "7", "--count", "3"}, &again, &errb)
	if again.String() != s {
		t.Error("gen is not deterministic")
	}
}

// TestSelfcheckUpdate: `oracle selfcheck` runs update cases with an update
// profile, and with --update over a query profile (the built-in "update"):
// the fast engine's stores agree with the reference's.
func TestSelfcheckUpdate(t *testing.T) {
	for _, args := range [][]string{
		{"--profile", "update-sequence", "--cases", "60"},
		{"--update", "--cases", "60"},
	} {
		var out, errb bytes.Buffer
		code := selfcheckMain(append(args, "--seed", "11"), &out, &errb)
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		last := lines[len(lines)-1]
		if code != 0 || !regexp.MustCompile(`^cases=60 disagreements=0 seconds=[0-9.]+$`).MatchString(last) ||
			!strings.Contains(errb.String(), "agree=60 ") {
			t.Errorf("%v: exit %d, last line %q, stderr %s", args, code, last, errb.String())
		}
	}
}

// TestW3CSuites: without manifest arguments `oracle w3c` runs the query
// and the Update manifests and counts them apart; --suite narrows the run.
// The reference passes the Update suite whole.
func TestW3CSuites(t *testing.T) {
	root, err := corpus.SuiteRoot()
	if err != nil {
		t.Skipf("no W3C suite: %v", err)
	}
	if _, err := os.Stat(filepath.Join(root, "sparql11", "manifest-sparql11-update.ttl")); err != nil {
		t.Skipf("no W3C Update suite: %v", err)
	}
	code, out := capture(t, func() int { return runW3C([]string{"--engine", "reference", "--suite", "update"}) })
	upd := regexp.MustCompile(`(?m)^update tests: (\d+) tests: (\d+) passed, 0 failed, 0 errors, 0 skipped$`).FindStringSubmatch(out)
	if code != 0 || upd == nil || upd[1] != upd[2] || !strings.Contains(out, "query tests: 0 tests") {
		t.Errorf("--suite update: exit %d\n%s", code, out)
	}
	_, _, err = w3cSuiteManifests(root, "nope", nil)
	if err == nil {
		t.Error("--suite nope: no error")
	}
	_, all, _ := w3cSuiteManifests(root, "all", nil)
	_, query, _ := w3cSuiteManifests(root, "query", nil)
	if len(all) != len(query)+1 || !strings.HasSuffix(all[len(all)-1], "manifest-sparql11-update.ttl") {
		t.Errorf("all: %v, query: %v", all, query)
	}
}
