package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/sparql-oracle/oracle/internal/w3csuite"
)

// TestFirstHour is a new user's first hour with the binary alone: built
// outside any checkout's reach (go build -o into a temporary folder, VCS
// stamping off as GOFLAGS may set it, the commit by -ldflags as the
// Makefile stamps it), run from a temporary folder with a fresh HOME. It
// installs rdflib with --home after the name, judges the README's library
// example, sweeps a profile by name and by file path, and gates rdflib
// without a baseline: every step works without the checkout, from what
// the binary carries.
func TestFirstHour(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and installs rdflib (about a minute)")
	}
	suite := w3csuite.Require(t)
	const commit = "0123456789abcdef0123456789abcdef01234567"
	bin := buildOracle(t, "-buildvcs=false", "-ldflags", "-X github.com/sparql-oracle/oracle/internal/report.BuildCommit="+commit)
	work, home := t.TempDir(), t.TempDir()
	data := filepath.Join(home, "engines")
	profile, _ := os.ReadFile(filepath.Join("..", "..", "corpus", "profiles", "agg-edge.json"))
	writeIn(t, work, map[string]string{"query.rq": libraryQuery, "data.ttl": libraryTTL, "mine.json": string(profile)})
	env := userEnv("HOME="+home, "XDG_CACHE_HOME="+filepath.Join(home, ".cache"), "W3C_TESTS="+suite)
	run := func(args ...string) (int, string, string) {
		t.Helper()
		code, out, errs := runBuilt(t, bin, work, env, 0, args...)
		t.Logf("oracle %s: exit %d\n%.1500s", strings.Join(args, " "), code, errs)
		return code, out, errs
	}

	if _, out, _ := run("version"); !strings.Contains(out, "(commit "+commit[:12]) {
		t.Errorf("oracle version without VCS stamping: %q, want the -ldflags commit", out)
	}
	if code, _, errs := run("engines", "install", "rdflib", "--home", data); code != 0 {
		t.Skipf("rdflib cannot be installed here: %s", lastLine(errs))
	}
	// The README's library example: RDFLib's COUNT over an empty group
	// (ENGINES.md) is an engine bug, exit 3.
	if code, out, _ := run("diff", "-q", "query.rq", "-d", "data.ttl", "--engines", "rdflib", "--home", data, "--format", "json"); code != exitDiverges || !strings.Contains(out, `"rdflib"`) {
		t.Errorf("diff: exit %d, want 3 (rdflib wrong)\n%.600s", code, out)
	}
	done := regexp.MustCompile(`\bdone\s+20\s+20\b`)
	for p, engine := range map[string]string{"numeric": "rdflib", filepath.Join(work, "mine.json"): "engine"} {
		code, out, errs := run("sweep", "start", "--gen", "0:20", "--profile", p, "--engines", engine, "--db", "sweeps.db", "--home", data)
		if code != 0 && code != 3 || !done.MatchString(out) || strings.Contains(errs, "want gen/") {
			t.Errorf("sweep start --profile %s: exit %d, want 0 or 3 and 20 of 20 cases done\n%s%s", p, code, out, errs)
		}
	}
	code, out, errs := run("gate", "--engine", "rdflib", "--home", data, "--root", filepath.Join(suite, "sparql"),
		"--run", "aggregates/manifest#agg0|regress/avg-", "--write-baseline", "baseline.tsv")
	if code != 0 || !strings.Contains(out, "No baseline yet: recording one") || strings.Contains(out, "went from passed to failed") {
		t.Errorf("first gate without a baseline: exit %d, want 0 and 'recording one'\n%s%s", code, out, errs)
	}
	if _, err := os.Stat(filepath.Join(work, "baseline.tsv")); err != nil {
		t.Errorf("the first gate wrote no baseline: %v", err)
	}
}

const libraryQuery = "PREFIX : <http://example.org/>\nSELECT ?a (COUNT(?b) AS ?n) WHERE { ?b :translator ?a . ?b :pages ?p } GROUP BY ?a ORDER BY ?a\n"

func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return lines[len(lines)-1]
}
