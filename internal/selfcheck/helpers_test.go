package selfcheck

import (
	"errors"
	"os"
	"testing"

	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/registry"
)

// engines returns the reference (judge) and the fast engine, skipping when
// the fast engine is not registered yet.
func engines(t testing.TB) (oracle.Engine, oracle.Engine) {
	ref, err := registry.New("reference")
	if err != nil {
		t.Fatal(err)
	}
	eng, err := registry.New("engine")
	if err != nil {
		t.Skipf("the fast engine is not in the registry yet: %v", err)
	}
	return ref, eng
}

// installed is the engine name as the registry builds it, closed when
// the test ends; a test whose engine is not installed is skipped, except
// under CI=true, where it fails.
func installed(t *testing.T, name string) oracle.Engine {
	eng, err := registry.New(name)
	if errors.Is(err, registry.ErrNotInstalled) {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s: %v", name, err)
		}
		t.Skipf("%s: %v", name, err)
	}
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { registry.Close(eng) })
	return eng
}

// readDataset reads the RDF file at path (its format by its name) into a
// dataset.
func readDataset(t *testing.T, path string) *rdf.Dataset {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	quads, err := rdf.Parse(f, rdf.FormatFromName(path), "", path)
	if err != nil {
		t.Fatal(err)
	}
	return datasetOf(quads)
}

// datasetOf is the dataset of quads.
func datasetOf(quads []rdf.Quad) *rdf.Dataset {
	ds := rdf.NewDataset()
	for _, q := range quads {
		ds.Add(q)
	}
	return ds
}
