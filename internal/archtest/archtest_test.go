package archtest

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
)

const (
	root   = "../.."
	module = "github.com/sparql-oracle/oracle/"
)

// allowedFile reads docs/imports.txt: package, colon, allowed imports.
func allowedFile(t *testing.T) map[string][]string {
	t.Helper()
	f, err := os.Open(filepath.Join(root, "docs", "imports.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string][]string{}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		pkg, rest, ok := strings.Cut(line, ":")
		if !ok {
			t.Fatalf("docs/imports.txt:%d: want \"package: imports...\"", n)
		}
		out[pkg] = sorted(strings.Fields(rest))
	}
	return out
}

// tableRows reads the import table of docs/architecture.md: the first
// cell's package, the last cell's backquoted imports.
func tableRows(t *testing.T) map[string][]string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(root, "docs", "architecture.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, section, _ := strings.Cut(string(b), "## Packages and what each may import")
	section, _, _ = strings.Cut(section, "\n## ")
	tick := regexp.MustCompile("`([^`]+)`")
	out := map[string][]string{}
	for _, line := range strings.Split(section, "\n") {
		cells := strings.Split(line, "|")
		if len(cells) < 5 || !strings.HasPrefix(strings.TrimSpace(cells[1]), "`") {
			continue
		}
		pkg := strings.Trim(strings.TrimSpace(cells[1]), "`")
		var imps []string
		for _, m := range tick.FindAllStringSubmatch(cells[len(cells)-2], -1) {
			imps = append(imps, m[1])
		}
		out[pkg] = sorted(imps)
	}
	return out
}

func sorted(s []string) []string {
	s = slices.Clone(s)
	sort.Strings(s)
	if s == nil {
		s = []string{}
	}
	return s
}

// imports lists each package's non-test imports, as go list gives them:
// the module's packages by their path inside it, other modules by their
// module-like prefix; the standard library is left out.
func imports(t *testing.T) map[string][]string {
	t.Helper()
	cmd := exec.Command("go", "list", "-f", "{{.ImportPath}}|{{join .Imports \" \"}}", "./...")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	got := map[string][]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		pkg, imps, _ := strings.Cut(line, "|")
		pkg = strings.TrimPrefix(pkg, module)
		var mine []string
		for _, imp := range strings.Fields(imps) {
			if p := external(imp); p != "" {
				mine = append(mine, p)
			}
		}
		got[pkg] = mine
	}
	return got
}

// external names an import the table governs, or "" for the standard
// library: a module package by its path inside the module, a third-party
// package by its first path elements (github.com/owner/repo, host/repo).
func external(imp string) string {
	if rest, ok := strings.CutPrefix(imp, module); ok {
		return rest
	}
	parts := strings.Split(imp, "/")
	switch {
	case !strings.Contains(parts[0], "."):
		return ""
	case parts[0] == "github.com" && len(parts) >= 3:
		return strings.Join(parts[:3], "/")
	case len(parts) >= 2:
		return strings.Join(parts[:2], "/")
	}
	return imp
}

// TestImportsFollowTheTable: every package of the module has a row, and
// imports only what its row allows.
func TestImportsFollowTheTable(t *testing.T) {
	allowed := allowedFile(t)
	for pkg, imps := range imports(t) {
		ok, listed := allowed[pkg]
		if !listed {
			t.Errorf("%s has no row in docs/imports.txt and docs/architecture.md", pkg)
			continue
		}
		for _, imp := range imps {
			if !slices.Contains(ok, imp) {
				t.Errorf("%s imports %s, which its row does not allow (docs/imports.txt, docs/architecture.md)", pkg, imp)
			}
		}
	}
}

// TestArchitectureTableIsTheFile: the page's table and docs/imports.txt
// list the same packages with the same imports.
func TestArchitectureTableIsTheFile(t *testing.T) {
	file, table := allowedFile(t), tableRows(t)
	for pkg, imps := range file {
		row, ok := table[pkg]
		switch {
		case !ok:
			t.Errorf("%s is in docs/imports.txt but not in docs/architecture.md's table", pkg)
		case !slices.Equal(row, imps):
			t.Errorf("%s: docs/architecture.md allows %v, docs/imports.txt %v", pkg, row, imps)
		}
	}
	for pkg := range table {
		if _, ok := file[pkg]; !ok {
			t.Errorf("%s is in docs/architecture.md's table but not in docs/imports.txt", pkg)
		}
	}
}

// TestDocsLinkInsideTheRepository: every relative link of the README and
// the docs names a file of the repository, and none leaves it.
func TestDocsLinkInsideTheRepository(t *testing.T) {
	link := regexp.MustCompile(`\]\(([^)#\s]+)[^)]*\)`)
	docs, _ := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	abs, _ := filepath.Abs(root)
	for _, doc := range append(docs, filepath.Join(root, "README.md")) {
		b, err := os.ReadFile(doc)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range link.FindAllStringSubmatch(string(b), -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			p, _ := filepath.Abs(filepath.Join(filepath.Dir(doc), target))
			if !strings.HasPrefix(p, abs+string(filepath.Separator)) {
				t.Errorf("%s links to %s, outside the repository", doc, target)
			} else if _, err := os.Stat(p); err != nil {
				t.Errorf("%s links to %s: %v", doc, target, err)
			}
		}
	}
}
