package corpus

import "github.com/sparql-oracle/oracle/internal/w3csuite"

// ErrNoSuite is returned by SuiteRoot when the W3C test suite is not found.
var ErrNoSuite = w3csuite.ErrMissing

// SuiteRoot returns the directory holding sparql10/ and sparql11/ of the
// W3C test suite: the sparql/ folder of the checkout w3csuite finds (the
// repository's submodule, $W3C_TESTS, or ../shared/w3c/rdf-tests).
func SuiteRoot() (string, error) { return w3csuite.Sparql() }

// RepoRoot walks up from the working directory to the directory holding go.mod.
func RepoRoot() (string, error) { return w3csuite.RepoRoot() }
