package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/internal/corpus"
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
