package main

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// The helpers of the tests that build the binary and run it as a user
// without the checkout would (TestFirstHour, TestInstalledBinaryOutsideTheCheckout).

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
	env := slices.DeleteFunc(os.Environ(), func(kv string) bool {
		k, _, _ := strings.Cut(kv, "=")
		return slices.Contains(checkoutEnv, k)
	})
	return append(env, set...)
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
