package corpus

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/sparql-oracle/oracle/internal/w3csuite"
)

// ErrNoSuite is returned by SuiteRoot when the W3C test suite is not found.
var ErrNoSuite = w3csuite.ErrMissing

// SuiteRoot returns the directory holding sparql10/ and sparql11/ of the
// W3C test suite: the sparql/ folder of the checkout w3csuite finds (the
// repository's submodule, $W3C_TESTS, or ../shared/w3c/rdf-tests).
func SuiteRoot() (string, error) { return w3csuite.Sparql() }

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
			return "", fmt.Errorf("no go.mod above the working directory")
		}
		dir = parent
	}
}
