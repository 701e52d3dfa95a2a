package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

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

// TestInstalledBinaryOutsideTheCheckout proves that the tool
// installs: a binary built into an empty folder, with HOME and
// XDG_DATA_HOME pointing at empty folders and no ORACLE_HOME, installs
// oxigraph and rdflib from what it carries (npm ci from the embedded lock
// file, a virtual environment from requirements.txt; npm and pip reach
// their registries) and then judges both engines with `oracle diff` run
// from a folder outside the checkout. Bounded: the install has 15 minutes,
// the diff 3.
func TestInstalledBinaryOutsideTheCheckout(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: installs engines from the npm and PyPI registries")
	}
	bin := buildOracle(t)
	home, xdg, work := t.TempDir(), t.TempDir(), t.TempDir()
	env := userEnv("HOME="+home, "XDG_DATA_HOME="+xdg)
	run := func(limit time.Duration, args ...string) (int, string, string) {
		t.Helper()
		return runBuilt(t, bin, work, env, limit, args...)
	}
	if code, out, errs := run(15*time.Minute, "engines", "install", "oxigraph", "rdflib"); code != 0 {
		t.Fatalf("engines install: exit %d\n%s%s", code, out, errs)
	}
	data := filepath.Join(xdg, "sparql-oracle")
	for _, p := range []string{"adapters/oxigraph/node_modules/oxigraph", "adapters/python/sidecar.py", ".venv/bin/python"} {
		if _, err := os.Stat(filepath.Join(data, p)); err != nil {
			t.Errorf("not installed into the data folder: %v", err)
		}
	}
	checkListed(t, run, data)
	checkJudged(t, run, work)
}

type runFunc func(time.Duration, ...string) (int, string, string)

// checkListed: `oracle engines` finds both engines in the data folder and
// says how to install one that is missing.
func checkListed(t *testing.T, run runFunc, data string) {
	t.Helper()
	code, out, errs := run(3*time.Minute, "engines", "--format", "json", "--timeout", "60s")
	var st []engineStatus
	if err := json.Unmarshal([]byte(out), &st); code != 0 || err != nil {
		t.Fatalf("engines: exit %d, %v\n%s%s", code, err, out, errs)
	}
	for _, s := range st {
		switch {
		case s.Name == "oxigraph" || s.Name == "rdflib":
			if !s.Available || s.Location != "data folder "+data {
				t.Errorf("%s: available %v at %q (%s), want the data folder", s.Name, s.Available, s.Location, s.Reason)
			}
		case s.Name == "comunica" && (s.Available || s.Install != "oracle engines install comunica"):
			t.Errorf("comunica: available %v, install %q: want the command that installs it", s.Available, s.Install)
		}
	}
}

// checkJudged: `oracle diff` from a folder outside the checkout judges
// both engines (exit 0, both correct), and without --engines names the
// engines it could not run.
func checkJudged(t *testing.T, run runFunc, work string) {
	t.Helper()
	os.WriteFile(filepath.Join(work, "q.rq"), []byte("PREFIX : <http://example.org/>\nSELECT ?b WHERE { ?b :author :lem } ORDER BY ?b\n"), 0o644)
	os.WriteFile(filepath.Join(work, "d.ttl"), []byte(libraryTTL), 0o644)
	code, out, errs := run(3*time.Minute, "diff", "-q", "q.rq", "-d", "d.ttl", "--engines", "oxigraph,rdflib", "--format", "json")
	var rep struct {
		Kind     string `json:"kind"`
		Verdicts []struct {
			Engine  string `json:"engine"`
			Outcome string `json:"outcome"`
		} `json:"verdicts"`
		Notes []string `json:"notes"`
	}
	if err := json.Unmarshal([]byte(out), &rep); code != 0 || err != nil || rep.Kind != "all-correct" {
		t.Fatalf("diff --engines oxigraph,rdflib: exit %d, kind %q, %v\n%s%s", code, rep.Kind, err, out, errs)
	}
	judged := map[string]string{}
	for _, v := range rep.Verdicts {
		judged[v.Engine] = v.Outcome
	}
	if judged["oxigraph"] != "correct" || judged["rdflib"] != "correct" {
		t.Errorf("verdicts %v: want oxigraph and rdflib correct", judged)
	}
	_, out, _ = run(3*time.Minute, "diff", "-q", "q.rq", "-d", "d.ttl", "--format", "json")
	if !strings.Contains(out, "not run: ") || !strings.Contains(out, "jena") {
		t.Errorf("diff with the default set does not name the engines it left out:\n%s", out)
	}
	if code, _, errs := run(time.Minute, "diff", "-q", "q.rq", "-d", "d.ttl", "--engines", "jena"); code == 0 || !strings.Contains(errs, "oracle engines install jena") {
		t.Errorf("diff --engines jena (not installed): exit %d, stderr %q: want an error saying how to install it", code, errs)
	}
}
