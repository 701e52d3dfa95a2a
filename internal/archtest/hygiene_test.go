package archtest

import (
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// howTo is the paragraph every package comment must have: where a new
// thing goes and which test proves it ("How to change it:", "How to add
// a sidecar engine:", or a "# How to add an operator" heading).
var howTo = regexp.MustCompile(`(?m)^(# )?How to (change|add)\b`)

// TestEveryPackageSaysHowToChangeIt: every package of the module has a
// doc.go whose package comment says what the package owns and how to
// change it.
func TestEveryPackageSaysHowToChangeIt(t *testing.T) {
	cmd := exec.Command("go", "list", "-f", "{{.ImportPath}}|{{.Dir}}", "./...")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		pkg, dir, _ := strings.Cut(line, "|")
		if msg := docProblem(filepath.Join(dir, "doc.go")); msg != "" {
			t.Errorf("%s: %s", strings.TrimPrefix(pkg, module), msg)
		}
	}
}

// docProblem says what is wrong with one package's doc.go, or "".
func docProblem(path string) string {
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.PackageClauseOnly|parser.ParseComments)
	switch {
	case os.IsNotExist(err):
		return "no doc.go: move the package comment into doc.go"
	case err != nil:
		return err.Error()
	case f.Doc == nil:
		return "doc.go has no package comment"
	case !howTo.MatchString(f.Doc.Text()):
		return `doc.go's package comment has no "How to change it:" paragraph (where a new thing goes, which test proves it)`
	}
	return ""
}

// cites matches what a comment must not cite: a project issue number (an
// upstream one is cited as owner/repo#N, which does not match) or the
// upper-case ARCHITECTURE file, which is not in the repository
// (docs/architecture.md is).
var cites = regexp.MustCompile(`(?i:\bissues? #?[0-9]+\b)|ARCHITECTURE\.md`)

// TestCommentsCiteNoIssueNumbers: a comment says why, citing a spec
// anchor or a file in the repository; an issue number means nothing to a
// reader of a clone. It reads the repository's own files (tracked or not
// yet added, never ignored ones: installed engines, node_modules, .venv).
func TestCommentsCiteNoIssueNumbers(t *testing.T) {
	cmd := exec.Command("git", "ls-files", "-co", "--exclude-standard", "--", "*.go", "*.sh", "*.py", "*.js")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("git ls-files: %v", err)
	}
	files := strings.Fields(string(out))
	if len(files) < 100 {
		t.Fatalf("git ls-files listed %d files; the repository has hundreds", len(files))
	}
	for _, rel := range files {
		for _, hit := range citations(t, rel) {
			t.Errorf("%s:%s: say why, citing a spec anchor or a file in the repository instead", rel, hit)
		}
	}
}

// citations lists "line: citation" for every comment of one file that cites
// an issue number or the upper-case ARCHITECTURE file.
func citations(t *testing.T, rel string) []string {
	path := filepath.Join(root, filepath.FromSlash(rel))
	if strings.HasSuffix(rel, ".go") {
		return goCitations(t, path)
	}
	b, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return nil // deleted in the work tree, not yet in the index
	}
	if err != nil {
		t.Fatal(err)
	}
	marker := "#"
	if strings.HasSuffix(rel, ".js") {
		marker = "//"
	}
	var hits []string
	for i, line := range strings.Split(string(b), "\n") {
		if _, comment, ok := strings.Cut(line, marker); ok && cites.MatchString(comment) {
			hits = append(hits, lineHit(i+1, comment))
		}
	}
	return hits
}

// goCitations reads a Go file's comments with go/parser, so a string
// literal never counts.
func goCitations(t *testing.T, path string) []string {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, nil, parser.ParseComments)
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	var hits []string
	for _, g := range f.Comments {
		for _, c := range g.List {
			if cites.MatchString(c.Text) {
				hits = append(hits, lineHit(fset.Position(c.Pos()).Line, c.Text))
			}
		}
	}
	return hits
}

// lineHit names one citation: the line and what it cites.
func lineHit(line int, text string) string {
	return strconv.Itoa(line) + ": " + cites.FindString(text)
}
