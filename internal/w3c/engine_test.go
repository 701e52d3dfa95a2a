package w3c_test

import (
	"bytes"
	"context"
	"os"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/internal/corpus"
	"github.com/sparql-oracle/oracle/internal/engine"
	"github.com/sparql-oracle/oracle/internal/registry"
	"github.com/sparql-oracle/oracle/internal/w3c"
)

// TestEngineW3C runs the default W3C manifests through the fast engine and
// holds it to the reference's baseline (baselines/reference.tsv): the engine
// must pass and fail exactly where the reference does.
func TestEngineW3C(t *testing.T) {
	root, err := corpus.SuiteRoot()
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("W3C suite required in CI: %v", err)
		}
		t.Skipf("W3C suite not available: %v", err)
	}
	baseline := readBaseline(t, "reference.tsv")
	eng := registry.Engine(engine.Options{Seed: 1})
	opts := w3c.Options{Timeout: 20 * time.Second, Root: root}
	rep := w3c.Run(context.Background(), eng, w3c.DefaultPaths(root), opts)
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
