package syntax

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// The SPARQL 1.2 syntax tests (rdf-tests sparql/sparql12, manifest.ttl
// includes): every mf:PositiveSyntaxTest / NegativeSyntaxTest and their
// Update forms, parsed by the 1.2 document (Options.Spec Spec12) and by
// SpecAuto, which must reach the same verdict on all but the tests that
// only the declared document decides (codepoint-esc-01-bad: `ASK {}`
// written in escapes is 1.1 text, and SpecAuto reads it as 1.1).

var reType12 = regexp.MustCompile(`mf:(Positive|Negative)(Update)?SyntaxTest\b`)

func syntaxCases12(t testing.TB) []syntaxCase {
	root := filepath.Join(w3cDir(t), "sparql", "sparql12")
	dirs, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	var manifests []string
	for _, d := range dirs {
		if _, err := os.Stat(filepath.Join(root, d.Name(), "manifest.ttl")); err == nil {
			manifests = append(manifests, d.Name())
		}
	}
	return manifestCases(t, root, manifests, reType12)
}

func parseCase12(c syntaxCase, spec Spec) (Node, string, error) {
	b, err := os.ReadFile(c.file)
	if err != nil {
		return nil, "", err
	}
	opts := Options{Base: "file://" + filepath.ToSlash(c.file), Spec: spec}
	if c.update {
		u, err := ParseUpdate(string(b), opts)
		if err != nil {
			return nil, "", err
		}
		return u, u.String(), nil
	}
	q, err := Parse(string(b), opts)
	if err != nil {
		return nil, "", err
	}
	return q, q.String(), nil
}

func TestW3CSyntax12(t *testing.T) {
	cases := syntaxCases12(t)
	pass := 0
	for _, c := range cases {
		n, printed, err := parseCase12(c, Spec12)
		switch {
		case c.positive && err != nil:
			t.Errorf("%s: positive test rejected: %v", c.file, err)
		case !c.positive && err == nil:
			t.Errorf("%s: negative test accepted:\n%s", c.file, printed)
		default:
			pass++
		}
		if n != nil {
			checkRoundTrip12(t, c, n, printed)
		}
	}
	t.Logf("W3C SPARQL 1.2 syntax: %d/%d", pass, len(cases))
	if len(cases) < 200 {
		t.Errorf("found only %d SPARQL 1.2 syntax cases", len(cases))
	}
}

// checkRoundTrip12: the printed form parses to an Equal tree and prints the same.
func checkRoundTrip12(t *testing.T, c syntaxCase, n Node, printed string) {
	t.Helper()
	var again Node
	var err error
	var reprinted string
	if c.update {
		var u *Update
		u, err = ParseUpdate(printed, Options{Spec: Spec12})
		if u != nil {
			again, reprinted = u, u.String()
		}
	} else {
		var q *Query
		q, err = Parse(printed, Options{Spec: Spec12})
		if q != nil {
			again, reprinted = q, q.String()
		}
	}
	switch {
	case err != nil:
		t.Errorf("%s: printed form does not parse: %v\n%s", c.file, err, printed)
	case !Equal(n, again):
		t.Errorf("%s: printed form parses to another tree:\n%s", c.file, printed)
	case reprinted != printed:
		t.Errorf("%s: printing is not a fixed point:\n%s\n----\n%s", c.file, printed, reprinted)
	}
}

// TestW3CSyntax12Auto: SpecAuto reaches the 1.2 verdict on every 1.2 test
// but the ones whose text is 1.1 that only the 1.2 document rejects.
func TestW3CSyntax12Auto(t *testing.T) {
	only12 := map[string]bool{"codepoint-esc-01-bad.rq": true, "codepoint-esc-03-bad.rq": true, "duplicated-values-variable.rq": true}
	for _, c := range syntaxCases12(t) {
		_, _, err := parseCase12(c, SpecAuto)
		if (err == nil) != c.positive && !only12[filepath.Base(c.file)] {
			t.Errorf("%s: SpecAuto: positive=%v, error %v", c.file, c.positive, err)
		}
	}
}

// TestW3CSyntax11Strict: the 1.1 suite under Spec11 gives the same verdicts.
func TestW3CSyntax11Strict(t *testing.T) {
	judgeSyntax(t, syntaxCases(t), func(src string, opts Options) error {
		opts.Spec = Spec11
		return queryErr(src, opts)
	})
}
