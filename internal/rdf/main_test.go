package rdf

import (
	"os"
	"testing"
	"time"

	knakk "github.com/knakk/rdf"
	"github.com/sparql-oracle/oracle/internal/w3csuite"
)

// Test-only behaviours of a loader child, switched on by the parent test
// through the environment (the child inherits it).
const (
	rawKnakkEnv   = "RDF_TEST_CHILD_RAW_KNAKK" // decode stdin with knakk directly, no rewrite
	childSleepEnv = "RDF_TEST_CHILD_SLEEP"     // hang, to test the deadline
)

// TestMain lets the test binary act as `oracle load` for LoadIsolated.
func TestMain(m *testing.M) {
	if os.Getenv(childEnv) != "" {
		if os.Getenv(childSleepEnv) != "" {
			time.Sleep(time.Minute)
		}
		if os.Getenv(rawKnakkEnv) != "" {
			_, err := knakk.NewTripleDecoder(os.Stdin, knakk.Turtle).DecodeAll()
			if err != nil {
				os.Exit(1)
			}
			os.Exit(0)
		}
	}
	ServeLoadChild()
	os.Exit(m.Run())
}

// w3cDir is the W3C rdf-tests checkout (w3csuite: the submodule or a local
// copy); the test fails with w3csuite.Missing when there is none.
func w3cDir(t testing.TB) string { return w3csuite.Require(t) }
