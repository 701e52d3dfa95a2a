package w3csuite

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// Submodule is the suite's path inside the repository.
const Submodule = "third_party/rdf-tests"

// Missing says how to get the suite; it is the one message every test that
// needs the suite fails with.
const Missing = "the W3C test suite (w3c/rdf-tests at the pinned commit) was not found: " +
	"run `git submodule update --init " + Submodule + "` (or `make suite`), " +
	"or set W3C_TESTS to a local rdf-tests checkout"

// ErrMissing is returned when no copy of the suite is found.
var ErrMissing = errors.New(Missing)

// Dir returns the rdf-tests checkout: $W3C_TESTS when set (it must hold the
// suite), else the submodule when initialised, else ../shared/w3c/rdf-tests
// beside the repository (the nearest folder above the working directory
// holding go.mod).
func Dir() (string, error) {
	if env := os.Getenv("W3C_TESTS"); env != "" {
		if d, ok := checkout(env); ok {
			return d, nil
		}
		return "", fmt.Errorf("W3C_TESTS=%s holds no rdf-tests checkout (no sparql/sparql11 inside): %w", env, ErrMissing)
	}
	root, err := RepoRoot()
	if err != nil {
		return "", fmt.Errorf("%v: %w", err, ErrMissing)
	}
	for _, c := range []string{filepath.Join(root, Submodule), filepath.Join(root, "..", "shared", "w3c", "rdf-tests")} {
		if d, ok := checkout(c); ok {
			return d, nil
		}
	}
	return "", ErrMissing
}

// Sparql returns the suite's sparql/ folder (holding sparql10/, sparql11/).
func Sparql() (string, error) {
	d, err := Dir()
	if err != nil {
		return "", err
	}
	return filepath.Join(d, "sparql"), nil
}

// TB is what Require needs of a test (a *testing.T, *testing.B or
// testing.TB): the package is imported by the oracle's own commands
// (internal/sweep, internal/corpus), which must not link package testing.
type TB interface {
	Helper()
	Fatal(args ...any)
}

// Require returns the checkout for a test, failing it with Missing when
// there is none.
func Require(t TB) string {
	t.Helper()
	d, err := Dir()
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// checkout accepts an rdf-tests checkout or its sparql/ folder and returns
// the checkout.
func checkout(dir string) (string, bool) {
	for _, d := range []string{dir, filepath.Dir(filepath.Clean(dir))} {
		if st, err := os.Stat(filepath.Join(d, "sparql", "sparql11")); err == nil && st.IsDir() {
			abs, err := filepath.Abs(d)
			return abs, err == nil
		}
	}
	return "", false
}

// RepoRoot walks up from the working directory to the folder holding go.mod.
func RepoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no go.mod above the working directory")
		}
		dir = parent
	}
}
