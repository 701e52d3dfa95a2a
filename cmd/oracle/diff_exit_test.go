package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/internal/corpus"
)

// runBinary runs this test binary as the oracle command (TestMain,
// ORACLE_TEST_MAIN=1) and returns its exit status, stdout and stderr.
func runBinary(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	return runBinaryIn(t, "", args...)
}

// runBinaryIn is runBinary in the folder dir ("" for this one).
func runBinaryIn(t *testing.T, dir string, args ...string) (int, string, string) {
	t.Helper()
	root, err := corpus.RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "ORACLE_TEST_MAIN=1", "ORACLE_HOME="+root)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err = cmd.Run()
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		return exit.ExitCode(), out.String(), errb.String()
	case err != nil:
		t.Fatal(err)
	}
	return 0, out.String(), errb.String()
}

// The helpers of the tests that build the binary and run it as a user
// without the checkout would (TestFirstHour,
// TestInstalledBinaryOutsideTheCheckout).

// buildOracle builds this command into a temporary folder with the go
// build flags given and returns the binary's path.
func buildOracle(t *testing.T, flags ...string) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "oracle")
	build := exec.Command("go", append(append([]string{"build"}, flags...), "-o", bin, ".")...)
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// checkoutEnv are the variables that point the binary into the checkout
// or at this user's folders.
var checkoutEnv = []string{"HOME", "ORACLE_HOME", "ORACLE_CONFIG", "XDG_DATA_HOME", "XDG_CACHE_HOME", "W3C_TESTS", "ORACLE_TEST_MAIN"}

// userEnv is the environment of a user without the checkout: this
// machine's PATH and settings without checkoutEnv, then set ("HOME=...").
func userEnv(set ...string) []string {
	return append(envWithout(checkoutEnv...), set...)
}

// envWithout is this process's environment without the variables named.
func envWithout(names ...string) []string {
	return slices.DeleteFunc(os.Environ(), func(kv string) bool {
		k, _, _ := strings.Cut(kv, "=")
		return slices.Contains(names, k)
	})
}

// runBuilt runs bin in dir with env and returns its exit status, stdout
// and stderr; a run that cannot start, or that outlives limit (0: no
// limit), fails the test.
func runBuilt(t *testing.T, bin, dir string, env []string, limit time.Duration, args ...string) (int, string, string) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	if limit > 0 {
		ctx, cancel = context.WithTimeout(context.Background(), limit)
	}
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Dir, cmd.Env = dir, env
	var out, errb strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	if ctx.Err() != nil {
		t.Fatalf("oracle %v: not done within %s\n%s", args, limit, errb.String())
	}
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		t.Fatal(err)
	}
	return cmd.ProcessState.ExitCode(), out.String(), errb.String()
}

// writeIn writes files (name: body) into dir.
func writeIn(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for n, body := range files {
		if err := os.WriteFile(filepath.Join(dir, n), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// diffJSON is what the exit tests read of `oracle diff --format json`.
type diffJSON struct {
	Kind     string   `json:"kind"`
	Notes    []string `json:"notes"`
	Verdicts []struct {
		Engine, Outcome, Error string
	} `json:"verdicts"`
	Bugs []json.RawMessage `json:"bugs"`
}

func parseDiffJSON(t *testing.T, out string) diffJSON {
	t.Helper()
	var r diffJSON
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	return r
}

// TestDiffExitStatuses runs the built command on the cases of README's
// exit-status table: nothing unjudged looks correct (exit 0) or like an
// engine bug (exit 3).
func TestDiffExitStatuses(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"ok.rq":     "SELECT ?s ?o { ?s <http://example.org/author> ?o }",
		"syntax.rq": "SELECT * WHERE { ?s ?p \n",
		"scope.rq":  "SELECT * { BIND(1 AS ?x) BIND(2 AS ?x) }",
		"from.rq":   "SELECT * FROM <http://example.org/not-loaded> { ?s ?p ?o }",
		"d.ttl":     libraryTTL,
	})
	f := func(name string) string { return filepath.Join(dir, name) }
	cases := []struct {
		name   string
		args   []string
		status int
		kind   string // the JSON report's kind, when one is printed
		note   string // a note must contain this
	}{
		{"all correct", []string{"-q", f("ok.rq"), "-d", f("d.ttl"), "--engines", "engine"}, exitOK, "all-correct", ""},
		{"syntax error: bad input, no engine runs", []string{"-q", f("syntax.rq"), "-d", f("d.ttl"), "--engines", "engine"}, exitUsage, "", ""},
		{"a static rule broken: the judge rejects it, bad input", []string{"-q", f("scope.rq"), "--empty-dataset", "--engines", "engine"}, exitUsage, "", ""},
		{"every engine times out", []string{"-q", f("ok.rq"), "-d", f("d.ttl"), "--engines", "engine", "--timeout", "1ns"}, exitUnjudged, "unjudged", "UNJUDGED"},
		{"a FROM the catalogue does not hold", []string{"-q", f("from.rq"), "-d", f("d.ttl"), "--engines", "engine"}, exitUnjudged, "unjudged", "<http://example.org/not-loaded>"},
		{"bad flag", []string{"--bogus"}, exitArgs, "", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			args := append([]string{"diff"}, c.args...)
			if c.kind != "" {
				args = append(args, "--format", "json")
			}
			status, out, stderr := runBinary(t, args...)
			if status != c.status {
				t.Fatalf("exit %d, want %d\nstdout: %s\nstderr: %s", status, c.status, out, stderr)
			}
			if c.kind == "" {
				return
			}
			r := parseDiffJSON(t, out)
			if r.Kind != c.kind || !strings.Contains(strings.Join(r.Notes, "\n"), c.note) || len(r.Bugs) != 0 {
				t.Errorf("kind %q notes %q bugs %d; want %q, a note with %q, no bug", r.Kind, r.Notes, len(r.Bugs), c.kind, c.note)
			}
		})
	}
}

// A syntax error is reported with its position, before any engine runs.
func TestDiffSyntaxErrorPosition(t *testing.T) {
	dir := writeFiles(t, map[string]string{"q.rq": "SELECT * WHERE {\n  ?s ?p \n"})
	status, _, stderr := runBinary(t, "diff", "-q", filepath.Join(dir, "q.rq"), "--empty-dataset", "--engines", "engine")
	if status != exitUsage || !strings.Contains(stderr, "line 3") {
		t.Errorf("exit %d, stderr %q: want 1 and the position", status, stderr)
	}
}

// An endpoint that refuses connections (the sparqlhttp adapter on a closed
// loopback port) is unavailable: not correct, not a crash bug; the case is
// unjudged in every format.
func TestDiffRefusedEndpoint(t *testing.T) {
	port := freeAddr(t) // nothing listens there once freeAddr returns
	cfg := fmt.Sprintf(`{"engines": [{"name": "reference"}, {"name": "engine"},
		{"name": "down", "kind": "sparqlhttp", "url": "http://%[1]s/query", "store": "http://%[1]s/data", "load": "graphstore"}]}`, port)
	dir := writeFiles(t, map[string]string{"q.rq": "SELECT * { ?s ?p ?o }", "d.ttl": libraryTTL, "engines.json": cfg})
	base := []string{"diff", "--config", filepath.Join(dir, "engines.json"), "-q", filepath.Join(dir, "q.rq"), "-d", filepath.Join(dir, "d.ttl"), "--engines", "engine,down"}
	status, out, stderr := runBinary(t, append(base, "--format", "json")...)
	if status != exitUnjudged {
		t.Fatalf("exit %d, want %d\n%s\n%s", status, exitUnjudged, out, stderr)
	}
	r := parseDiffJSON(t, out)
	for _, v := range r.Verdicts {
		if v.Engine == "down" && v.Outcome != "unavailable" {
			t.Errorf("down: %s (%s), want unavailable", v.Outcome, v.Error)
		}
	}
	if r.Kind != "unjudged" || len(r.Bugs) != 0 {
		t.Errorf("kind %s, %d bugs: want unjudged, none", r.Kind, len(r.Bugs))
	}
	for _, format := range []string{"table", "md"} {
		status, out, _ := runBinary(t, append(base, "--format", format)...)
		if status != exitUnjudged || !strings.Contains(out, "unjudged") || strings.Contains(out, "all-correct") {
			t.Errorf("--format %s: exit %d:\n%s", format, status, out)
		}
	}
}
