package w3c_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/internal/corpus"
	"github.com/sparql-oracle/oracle/internal/engine"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/reference"
	"github.com/sparql-oracle/oracle/internal/registry"
	"github.com/sparql-oracle/oracle/internal/w3c"
)

// The W3C SPARQL 1.2 tests (sparql12/manifest.ttl: syntax, eval-triple-terms,
// expression, grouping, lang-basedir, rdf11, version, codepoint-escapes)
// through the reference and the fast engine, against
// testdata/sparql12-{reference,engine}.tsv: the tests that do not pass yet,
// each with its reason (a new failure, a changed class or an unexpected pass
// fails). The lists differ only where the engine's own update path does.

func TestSPARQL12Reference(t *testing.T) {
	run12(t, registry.Reference(reference.Options{Seed: 1}), "testdata/sparql12-reference.tsv")
}

func TestSPARQL12Engine(t *testing.T) {
	run12(t, registry.Engine(engine.Options{Seed: 1}), "testdata/sparql12-engine.tsv")
}

func run12(t *testing.T, e oracle.Engine, baseline12 string) {
	root, err := corpus.SuiteRoot()
	if err != nil {
		t.Fatal(err)
	}
	opts := w3c.Options{Timeout: 20 * time.Second, Root: root}
	rep := w3c.Run(context.Background(), e, []string{filepath.Join(root, "sparql12", "manifest.ttl")}, opts)
	if rep.Err != nil {
		t.Fatal(rep.Err)
	}
	var table bytes.Buffer
	rep.WriteTable(&table)
	t.Logf("W3C sparql12, engine %s:\n%s", rep.Engine, table.String())
	for _, r := range rep.Results {
		if r.Outcome != w3c.Pass {
			t.Logf("%s %s %s\n%s", r.Test.ID, r.Outcome, r.Reason, strings.Join(r.Diff, "\n"))
		}
	}
	f, err := os.Open(baseline12)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	b, err := w3c.ReadBaseline(f)
	if err != nil {
		t.Fatalf("%s: %v", baseline12, err)
	}
	for _, c := range rep.Compare(b) {
		if c.Fatal() {
			t.Error(c)
		} else {
			t.Log(c)
		}
	}
}
