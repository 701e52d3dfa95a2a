package main

import (
	"path/filepath"
	"testing"

	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
)

// TestDiffParsesOnce: `oracle diff` with four engines (the judge, the fast
// engine and two external engines, each of which reads the query's form
// and dataset clause) parses the query once, where the case is made; every
// stage then reads that tree (oracle.Case.Tree). The engines agree on the
// library data, so no reduction or write-up parses variants of it.
func TestDiffParsesOnce(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: starts two external engines")
	}
	dir := writeFiles(t, map[string]string{"query.rq": agreedQuery, "data.ttl": libraryTTL})
	args := []string{"diff", "-q", filepath.Join(dir, "query.rq"), "-d", filepath.Join(dir, "data.ttl"),
		"--engines", "reference,engine,oxigraph,rdflib", "--format", "json"}
	before := syntax.Parses()
	code, out := capture(t, func() int { return dispatch(args) })
	parses := syntax.Parses() - before
	if code != exitOK {
		t.Fatalf("oracle diff exited %d, want %d (the engines agree):\n%s", code, exitOK, out)
	}
	if parses != 1 {
		t.Errorf("oracle diff with four engines parsed the query %d times, want once", parses)
	}
}

// agreedQuery is a query over the library data every engine answers alike.
const agreedQuery = "PREFIX : <http://example.org/>\nSELECT ?b ?p WHERE { ?b :pages ?p } ORDER BY ?b\n"
