package w3c_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/internal/corpus"
	"github.com/sparql-oracle/oracle/internal/engine"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/reference"
	"github.com/sparql-oracle/oracle/internal/registry"
	"github.com/sparql-oracle/oracle/internal/w3c"
)

// TestReference runs the default W3C manifests through the reference
// evaluator and fails on any difference from baselines/reference.tsv: a new
// failure, a changed class, or an unexpected pass.
func TestReference(t *testing.T) {
	runAgainstBaseline(t, registry.Reference(reference.Options{Seed: 1}))
}

// TestEngineW3C holds the fast engine to the reference's baseline: it must
// pass and fail exactly where the reference does.
func TestEngineW3C(t *testing.T) {
	runAgainstBaseline(t, registry.Engine(engine.Options{Seed: 1}))
}

func runAgainstBaseline(t *testing.T, e oracle.Engine) {
	root, err := corpus.SuiteRoot()
	if err != nil {
		t.Fatal(err)
	}
	baseline := readBaseline(t, "reference.tsv")
	opts := w3c.Options{Timeout: 20 * time.Second, Root: root}
	rep := w3c.Run(context.Background(), e, w3c.DefaultPaths(root), opts)
	if rep.Err != nil {
		t.Fatal(rep.Err)
	}
	var table bytes.Buffer
	rep.WriteTable(&table)
	t.Logf("W3C suite, engine %s:\n%s", rep.Engine, table.String())
	for _, c := range rep.Compare(baseline) {
		if c.Fatal() {
			t.Error(c)
		} else {
			t.Log(c)
		}
	}
}

// readBaseline reads baselines/NAME at the repository root; absent is empty.
func readBaseline(t *testing.T, name string) w3c.Baseline {
	t.Helper()
	repo, err := corpus.RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(filepath.Join(repo, "baselines", name))
	if errors.Is(err, os.ErrNotExist) {
		return w3c.Baseline{}
	}
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	b, err := w3c.ReadBaseline(f)
	if err != nil {
		t.Fatalf("baselines/%s: %v", name, err)
	}
	return b
}
