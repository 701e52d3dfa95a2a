package ops

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sparql-oracle/oracle/internal/golden"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// TestExpressionFiles runs every case of testdata/*.txt (their syntax:
// helpers_test.go) and, with -update, rewrites the expected side of the
// cases that differ.
func TestExpressionFiles(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.txt")
	if len(files) == 0 {
		t.Fatal("no testdata")
	}
	total := 0
	for _, f := range files {
		total += runFile(t, f)
	}
	t.Logf("%d expression cases", total)
}

func runFile(t *testing.T, path string) int {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	n, changed := 0, false
	for i, raw := range lines {
		text := strings.TrimSpace(raw)
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		n++
		got, ok := checkCase(t, fmt.Sprintf("%s:%d", path, i+1), text)
		if !ok && golden.Update() && got != "" {
			src, _, _ := strings.Cut(text, "=>")
			lines[i] = strings.TrimSpace(src) + " => " + got
			changed = true
		}
	}
	if changed {
		golden.File(t, path, strings.Join(lines, "\n"))
	}
	return n
}

// caseSyntax prints a result in the test files' syntax.
func caseSyntax(v Value) string {
	if v.Err != nil {
		return "error"
	}
	t := v.Term
	if t.IsLiteral() && t.Lang == "" && t.Datatype != rdf.XSDString && strings.HasPrefix(t.Datatype, rdf.XSD) {
		return `"` + rdf.EscapeString(t.Value) + `"^^xsd:` + strings.TrimPrefix(t.Datatype, rdf.XSD)
	}
	return t.String()
}

// checkCase runs one case; it returns the result in case syntax ("" if
// the case did not parse) and whether it matched.
func checkCase(t *testing.T, where, text string) (string, bool) {
	errorf := t.Errorf
	if golden.Update() {
		errorf = t.Logf // failures are rewritten, not reported
	}
	e, want, err := parseCase(text)
	if err != nil {
		errorf("%s: parse: %v", where, err)
		return "", false
	}
	got := Eval(e, testEnv, testContext())
	if want == "error" {
		if got.Err == nil {
			errorf("%s: %s\n\tgot %s, want error", where, text, render(got))
		}
		return caseSyntax(got), got.Err != nil
	}
	wt, err := parseTerm(want)
	if err != nil {
		errorf("%s: expected: %v", where, err)
		return caseSyntax(got), false
	}
	if got.Err != nil || got.Term != wt {
		reason := ""
		if got.Err != nil {
			reason = " (" + got.Err.Reason + ")"
		}
		errorf("%s: %s\n\tgot  %s%s\n\twant %s", where, text, render(got), reason, wt)
		return caseSyntax(got), false
	}
	return caseSyntax(got), true
}
