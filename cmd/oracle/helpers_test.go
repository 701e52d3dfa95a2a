package main

import (
	"bytes"
	"io"
	"os"
	"testing"

	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/registry"
)

// TestMain lets the test binary act as `oracle load` for rdf.LoadIsolated,
// which diff and reduce use for the data files.
// With ORACLE_TEST_MAIN=1 the test binary is the oracle command itself
// (serve_kill_test.go runs `oracle serve` that way and SIGKILLs it).
func TestMain(m *testing.M) {
	rdf.ServeLoadChild()
	if os.Getenv("ORACLE_TEST_MAIN") == "1" {
		os.Exit(dispatch(os.Args[1:]))
	}
	os.Exit(m.Run())
}

// capture runs f with os.Stdout redirected and returns what it printed.
func capture(t *testing.T, f func() int) (int, string) {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	old := os.Stdout
	os.Stdout = w
	done := make(chan string)
	go func() {
		b, _ := io.ReadAll(r)
		done <- string(b)
	}()
	code := f()
	os.Stdout = old
	w.Close()
	return code, <-done
}

func writeFiles(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	writeIn(t, dir, files)
	return dir
}

// requireInstalled skips the test when the engine is not installed, except
// in CI, where scripts/install.sh must have installed it.
func requireInstalled(t *testing.T, name string) {
	t.Helper()
	if registry.Installed(name) {
		return
	}
	if os.Getenv("CI") == "true" {
		t.Fatalf("%s is not installed (scripts/install.sh installs it)", name)
	}
	t.Skipf("%s is not installed; run scripts/install.sh", name)
}

// runSub runs a command's main (triageMain, sweepMain) with args and
// returns its exit status, stdout and stderr.
func runSub(main func([]string, io.Writer, io.Writer) int, args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := main(args, &out, &errb)
	return code, out.String(), errb.String()
}
