package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

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
