package corpus

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
)

// The W3C query syntax suites: every Positive/NegativeSyntaxTest(11)
// reachable from these roots goes through algebra.Parse (the parser plus
// the §18.2 translation and its static checks, #sparqlGrammar notes 1-13).
var syntaxRoots = []string{
	"sparql10/manifest-syntax.ttl",
	"sparql11/manifest-sparql11-query.ttl",
	// The 3 SERVICE syntax tests: the 215 of the brief count them, though
	// only manifest-sparql11-fed.ttl reaches them.
	"sparql11/syntax-fed/manifest.ttl",
	// SPARQL 1.2: 102 positive and 81 negative query syntax
	// tests, parsed by the 1.2 document (Test.SPARQL12).
	"sparql12/manifest.ttl",
}

// Counts in the pinned snapshot (PROVENANCE.txt): a change means the reader
// lost or gained tests. 215 + 102 positive, 90 + 81 negative.
const wantPositive, wantNegative = 317, 171

// loadSuite loads the manifests at the paths rel (relative to the suite's
// sparql/ folder); without a copy of the suite the test fails with
// w3csuite.Missing (nothing skips silently).
func loadSuite(t *testing.T, rel ...string) *Suite {
	t.Helper()
	root := must(t, SuiteRoot)
	var paths []string
	for _, r := range rel {
		paths = append(paths, filepath.Join(root, r))
	}
	s, err := Load(paths...)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// must returns what f finds (a folder), failing the test when it finds none.
func must(t *testing.T, f func() (string, error)) string {
	t.Helper()
	v, err := f()
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestW3CSyntax(t *testing.T) {
	suite := loadSuite(t, syntaxRoots...)
	baseline, err := readSyntaxBaseline(t)
	if err != nil {
		t.Fatal(err)
	}
	var nPos, nNeg, passPos, passNeg int
	failing := map[string]string{}
	for _, test := range suite.Tests {
		positive, ok := test.Syntax()
		if !ok {
			continue
		}
		pass, detail := runSyntax(test, positive)
		switch {
		case positive:
			nPos++
			passPos += b2i(pass)
		default:
			nNeg++
			passNeg += b2i(pass)
		}
		if !pass {
			failing[test.ID] = detail
		}
	}
	t.Logf("positive: %d/%d pass; negative: %d/%d pass; %d in baseline",
		passPos, nPos, passNeg, nNeg, len(baseline))
	if nPos != wantPositive || nNeg != wantNegative {
		t.Errorf("found %d positive and %d negative syntax tests, want %d and %d",
			nPos, nNeg, wantPositive, wantNegative)
	}
	compareSyntaxBaseline(t, failing, baseline)
}

// runSyntax parses one test's query; pass means accepted for a positive
// test, rejected for a negative one. A panic or a hang is a failure.
func runSyntax(test *Test, positive bool) (bool, string) {
	path, ok := FilePath(test.Query)
	if !ok {
		return false, "query is not a file IRI: " + test.Query
	}
	src, err := os.ReadFile(path)
	if err != nil {
		return false, err.Error()
	}
	err = parseGuarded(string(src), test.Query, test.SPARQL12())
	switch {
	case errors.Is(err, errParserBroken):
		return false, err.Error()
	case positive && err != nil:
		return false, "rejected: " + err.Error()
	case !positive && err == nil:
		return false, "accepted"
	}
	return true, ""
}

var errParserBroken = errors.New("parser broken")

// parseGuarded runs algebra.Parse with a recover and a deadline; a test of
// the SPARQL 1.2 suite is parsed by the 1.2 document and translated.
func parseGuarded(src, base string, v12 bool) error {
	done := make(chan error, 1)
	go func() {
		defer func() {
			if r := recover(); r != nil {
				done <- fmt.Errorf("%w: panic: %v", errParserBroken, r)
			}
		}()
		if v12 {
			done <- parse12(src, base)
			return
		}
		_, err := algebra.Parse(src, base)
		done <- err
	}()
	select {
	case err := <-done:
		return err
	case <-time.After(10 * time.Second):
		return fmt.Errorf("%w: no answer within 10s", errParserBroken)
	}
}

// compareSyntaxBaseline fails on a new failure and on an unexpected pass.
func compareSyntaxBaseline(t *testing.T, failing, baseline map[string]string) {
	t.Helper()
	var ids []string
	for id := range failing {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		if _, ok := baseline[id]; !ok {
			t.Errorf("new failure: %s: %s", id, failing[id])
		}
	}
	ids = ids[:0]
	for id := range baseline {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		if _, ok := failing[id]; !ok {
			t.Errorf("unexpected pass (remove it from baselines/syntax.tsv): %s", id)
		}
	}
}

// readSyntaxBaseline reads baselines/syntax.tsv: "test-id<TAB>reason" lines,
// '#' comments and blank lines ignored.
func readSyntaxBaseline(t *testing.T) (map[string]string, error) {
	repo, err := RepoRoot()
	if err != nil {
		return nil, err
	}
	f, err := os.Open(filepath.Join(repo, "baselines", "syntax.tsv"))
	if errors.Is(err, os.ErrNotExist) {
		return map[string]string{}, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	out := map[string]string{}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		id, reason, ok := strings.Cut(line, "\t")
		if !ok || strings.TrimSpace(reason) == "" {
			return nil, fmt.Errorf("baselines/syntax.tsv:%d: want \"test-id<TAB>reason\"", n)
		}
		out[id] = reason
	}
	return out, sc.Err()
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

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
