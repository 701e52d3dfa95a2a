package corpus

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
)

// The SPARQL 1.2 syntax tests through the manifest reader: every query and
// update syntax test of sparql12/manifest.ttl, parsed by the 1.2 document
// (Test.SPARQL12) and translated to the algebra, must be accepted when
// positive and rejected when negative. No baseline: all 203 pass.
func TestW3CSyntax12(t *testing.T) {
	root := suiteOrSkip(t)
	s, err := Load(filepath.Join(root, "sparql12/manifest.ttl"))
	if err != nil {
		t.Fatal(err)
	}
	n, pass := 0, 0
	for _, test := range s.Tests {
		positive, ok := test.Syntax()
		upd := false
		if !ok {
			positive, ok = test.UpdateSyntax()
			upd = true
		}
		if !ok {
			continue
		}
		n++
		err := parse12(t, test, upd)
		switch {
		case positive && err != nil:
			t.Errorf("%s: positive test rejected: %v", test.ID, err)
		case !positive && err == nil:
			t.Errorf("%s: negative test accepted", test.ID)
		default:
			pass++
		}
	}
	t.Logf("SPARQL 1.2 syntax: %d/%d pass", pass, n)
	if n != 203 {
		t.Errorf("found %d syntax tests, want 203", n)
	}
}

func parse12(t *testing.T, test *Test, upd bool) error {
	path, ok := FilePath(test.Query)
	if !ok {
		t.Fatalf("%s: query is not a file IRI: %s", test.ID, test.Query)
	}
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	opts := syntax.Options{Base: test.Query, Spec: syntax.Spec12}
	if upd {
		u, err := syntax.ParseUpdate(string(src), opts)
		if err != nil {
			return err
		}
		_, err = algebra.TranslateUpdate(u)
		return err
	}
	q, err := syntax.Parse(string(src), opts)
	if err != nil {
		return err
	}
	_, err = algebra.Translate(q)
	return err
}
