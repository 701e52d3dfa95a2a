package registry

import (
	"slices"
	"strings"
	"testing"

	"github.com/sparql-oracle/oracle/internal/rdf"
)

func TestNames(t *testing.T) {
	names := Names()
	if !slices.IsSorted(names) || !slices.Contains(names, "engine") || !slices.Contains(names, "reference") {
		t.Errorf("Names() = %q: want sorted, with engine and reference", names)
	}
	e, err := New("reference")
	if err != nil || e.Name() != "reference" || e.Version() == "" {
		t.Errorf("New(reference) = %v, %v", e, err)
	}
	if _, err := New("nope"); err == nil || !strings.Contains(err.Error(), "reference") {
		t.Errorf("New(nope): want an error listing the known engines, got %v", err)
	}
}

func dataset(n int) *rdf.Dataset {
	ds := rdf.NewDataset()
	for i := 0; i < n; i++ {
		ds.Add(rdf.Quad{S: rdf.IRI("http://e/s"), P: rdf.IRI("http://e/p"), O: rdf.Literal(string(rune('a'+i)), "")})
	}
	return ds
}
