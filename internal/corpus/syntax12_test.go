package corpus

import (
	"os"
	"testing"

	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
)

// parse12 parses a query by the SPARQL 1.2 document and translates it
// (TestW3CSyntax runs the sparql12 query syntax tests through it).
func parse12(src, base string) error {
	q, err := syntax.Parse(src, syntax.Options{Base: base, Spec: syntax.Spec12})
	if err != nil {
		return err
	}
	_, err = algebra.Translate(q)
	return err
}

// TestW3CUpdateSyntax12: the 20 update syntax tests of sparql12/manifest.ttl
// (PositiveUpdateSyntaxTest / NegativeUpdateSyntaxTest), parsed by the 1.2
// document and translated, accepted when positive, refused when negative.
func TestW3CUpdateSyntax12(t *testing.T) {
	s := loadSuite(t, "sparql12/manifest.ttl")
	n := 0
	for _, test := range s.Tests {
		positive, ok := test.UpdateSyntax()
		if !ok {
			continue
		}
		n++
		err := parseUpdate12(t, test)
		switch {
		case positive && err != nil:
			t.Errorf("%s: positive test rejected: %v", test.ID, err)
		case !positive && err == nil:
			t.Errorf("%s: negative test accepted", test.ID)
		}
	}
	if n != 20 {
		t.Errorf("found %d update syntax tests, want 20", n)
	}
}

func parseUpdate12(t *testing.T, test *Test) error {
	path, ok := FilePath(test.Query)
	if !ok {
		t.Fatalf("%s: request is not a file IRI: %s", test.ID, test.Query)
	}
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	u, err := syntax.ParseUpdate(string(src), syntax.Options{Base: test.Query, Spec: syntax.Spec12})
	if err != nil {
		return err
	}
	_, err = algebra.TranslateUpdate(u)
	return err
}
