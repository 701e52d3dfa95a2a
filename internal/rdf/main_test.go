package rdf

import (
	"flag"
	"os"
	"path/filepath"
	"testing"
	"time"

	knakk "github.com/knakk/rdf"
)

var update = flag.Bool("update", false, "rewrite goldens")

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

// w3cDir finds the W3C rdf-tests checkout: $W3C_TESTS, else
// ../shared/w3c/rdf-tests next to the repository root (the dir with go.mod).
func w3cDir(t testing.TB) string {
	if d := os.Getenv("W3C_TESTS"); d != "" {
		return d
	}
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for d := wd; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return filepath.Join(d, "..", "shared", "w3c", "rdf-tests")
		}
		if filepath.Dir(d) == d {
			return ""
		}
	}
}
