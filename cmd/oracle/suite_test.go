package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sparql-oracle/oracle/internal/w3csuite"
)

// TestFreshCloneWithoutSuite proves that a fresh clone with
// no copy of the W3C suite fails with one clear message: scripts/suite.sh
// (which `make test` runs first) in a clone of this repository, beside no
// ../shared, with W3C_TESTS unset and git allowed only file:// (so the
// submodule's https URL is refused at once, as without a network), exits 1
// saying how to get the suite; given a local copy in W3C_TESTS it exits 0.
func TestFreshCloneWithoutSuite(t *testing.T) {
	local := w3csuite.Require(t)
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	clone := filepath.Join(t.TempDir(), "clone")
	env := append(envWithout("W3C_TESTS"), "GIT_ALLOW_PROTOCOL=file", "GIT_TERMINAL_PROMPT=0")
	git := exec.Command("git", "clone", "--quiet", "--no-hardlinks", root, clone)
	git.Env = env
	if out, err := git.CombinedOutput(); err != nil {
		t.Fatalf("git clone: %v\n%s", err, out)
	}
	if _, err := os.Stat(filepath.Join(clone, "..", "shared")); err == nil {
		t.Fatal("the clone has a ../shared beside it")
	}
	suite := func(env []string) (int, string) {
		cmd := exec.Command("bash", "scripts/suite.sh")
		cmd.Dir, cmd.Env = clone, env
		out, err := cmd.CombinedOutput()
		if x, ok := err.(*exec.ExitError); ok {
			return x.ExitCode(), string(out)
		}
		return 0, string(out)
	}
	code, out := suite(env)
	if code != 1 || !strings.Contains(out, "the W3C test suite (w3c/rdf-tests at the pinned commit) was not found and could not be fetched") ||
		!strings.Contains(out, "set W3C_TESTS") {
		t.Errorf("suite.sh in a fresh clone: exit %d, want 1 and the message\n%s", code, out)
	}
	if code, out := suite(append(env, "W3C_TESTS="+local)); code != 0 {
		t.Errorf("suite.sh with W3C_TESTS=%s: exit %d\n%s", local, code, out)
	}
}
