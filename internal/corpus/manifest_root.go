package corpus

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// ErrNoSuite is returned by SuiteRoot when the W3C test suite is not found.
var ErrNoSuite = errors.New("W3C test suite not found")

// SuiteRoot returns the directory holding sparql10/ and sparql11/ of the
// W3C test suite. $W3C_TESTS wins: it may name the rdf-tests checkout or its
// sparql/ folder. Otherwise the suite is looked for at
// ../shared/w3c/rdf-tests/sparql relative to the repository root (the
// nearest directory above the working directory that holds go.mod).
func SuiteRoot() (string, error) {
	if env := os.Getenv("W3C_TESTS"); env != "" {
		return sparqlDir(env)
	}
	root, err := RepoRoot()
	if err != nil {
		return "", err
	}
	return sparqlDir(filepath.Join(root, "..", "shared", "w3c", "rdf-tests"))
}

// sparqlDir accepts either rdf-tests/ or rdf-tests/sparql/.
func sparqlDir(dir string) (string, error) {
	for _, d := range []string{filepath.Join(dir, "sparql"), dir} {
		if st, err := os.Stat(filepath.Join(d, "sparql11")); err == nil && st.IsDir() {
			return filepath.Abs(d)
		}
	}
	return "", fmt.Errorf("%w at %s (set W3C_TESTS to the rdf-tests checkout)", ErrNoSuite, dir)
}

// RepoRoot walks up from the working directory to the directory holding go.mod.
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
			return "", fmt.Errorf("%w: no go.mod above the working directory", ErrNoSuite)
		}
		dir = parent
	}
}
