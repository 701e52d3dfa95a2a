package ops

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestAudit12 is the audit of the SPARQL 1.2 additions against the editor's
// draft (commit 0a1aaaf, 2026-07-30), in the format of TestAudit:
// testdata/audit12/*.txt quote /work/shared/spec/sparql12-query-draft.md
// (SPARQL12_SPEC overrides the path) sentence by sentence.
func TestAudit12(t *testing.T) {
	files, _ := filepath.Glob("testdata/audit12/*.txt")
	if len(files) == 0 {
		t.Fatal("no audit files")
	}
	path := os.Getenv("SPARQL12_SPEC")
	if path == "" {
		path = "/work/shared/spec/sparql12-query-draft.md"
	}
	spec := ""
	if data, err := os.ReadFile(path); err == nil {
		spec = headingAnchors(string(data))
	} else {
		t.Logf("draft text not found (%v): quotes not checked", err)
	}
	testSpec12 = true
	defer func() { testSpec12 = false }()
	sentences, cases := runAudit(t, files, spec)
	t.Logf("audit (1.2 draft): %d sentences, %d cases", sentences, cases)
}

var anchorsOnlyRE = regexp.MustCompile(`^\s*(\{#[^}]*\}\s*)+$`)

// headingAnchors moves the draft's anchors written on a line of their own
// before a heading ("{#func-triple}", "", "##### TRIPLE") onto the heading,
// the shape the 1.1 text has and specSentences reads.
func headingAnchors(spec string) string {
	lines := strings.Split(spec, "\n")
	for i, l := range lines {
		if !anchorsOnlyRE.MatchString(l) {
			continue
		}
		j := i + 1
		for j < len(lines) && strings.TrimSpace(lines[j]) == "" {
			j++
		}
		if j < len(lines) && headingRE.MatchString(lines[j]) {
			lines[j] += " " + strings.TrimSpace(l)
			lines[i] = ""
		}
	}
	return strings.Join(lines, "\n")
}
