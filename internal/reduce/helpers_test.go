package reduce_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/reference"
	"github.com/sparql-oracle/oracle/internal/registry"
)

// The helpers this package's tests share: the real engines a test runs
// on, and a case folder read as a query case or an update case (one
// reader of its data for both kinds).

// installed builds the judge and the named engines, skipping the test when
// one is not installed here.
func installed(t *testing.T, names ...string) []oracle.Engine {
	t.Helper()
	out := []oracle.Engine{registry.Reference(reference.Options{})}
	for _, n := range names {
		if !registry.Installed(n) {
			t.Skipf("%s is not installed (scripts/install.sh)", n)
		}
		e, err := registry.New(n)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { registry.Close(e) })
		out = append(out, e)
	}
	return out
}

// loadCase reads a query case folder: query.rq over data.nq.
func loadCase(t *testing.T, dir string) *oracle.Case {
	t.Helper()
	return &oracle.Case{Name: filepath.Base(dir), Query: caseText(t, dir, "query.rq"), Dataset: loadCaseData(t, dir)}
}

// loadUpdate reads an update case folder: update.ru over data.nq.
func loadUpdate(t *testing.T, dir string) *oracle.Case {
	t.Helper()
	return &oracle.Case{Name: filepath.Base(dir), Update: caseText(t, dir, "update.ru"), Dataset: loadCaseData(t, dir)}
}

func caseText(t *testing.T, dir, file string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, file))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// loadCaseData reads dir/data.nq; a case without one has an empty store.
func loadCaseData(t *testing.T, dir string) *rdf.Dataset {
	t.Helper()
	ds := rdf.NewDataset()
	f, err := os.Open(filepath.Join(dir, "data.nq"))
	if os.IsNotExist(err) {
		return ds
	}
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	qs, err := rdf.ParseNQuads(f, "data.nq")
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range qs {
		ds.Add(x)
	}
	return ds
}
