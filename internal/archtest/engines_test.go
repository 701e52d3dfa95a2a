package archtest

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/sparql-oracle/oracle/internal/oracle"
	_ "github.com/sparql-oracle/oracle/internal/registry" // registers every adapter's descriptor
)

// engineNames are the names of the engines the adapters describe (the
// in-house evaluators, family sparql-oracle, are the oracle's own).
func engineNames(t *testing.T) []string {
	var out []string
	for _, d := range oracle.Described() {
		if d.Family != "sparql-oracle" {
			out = append(out, strings.ToLower(d.Name))
		}
	}
	if len(out) < 10 {
		t.Fatalf("only %d described engines (%v): the registry links every adapter in", len(out), out)
	}
	return out
}

// TestNoEngineNamedOutsideItsAdapter: each engine is described once, in
// its adapter folder (oracle.Descriptor); no Go file outside adapters/
// and internal/registry (which links the adapters in), tests aside,
// holds an engine's name as a word of a string literal (an import path
// of its adapter included) or of an identifier (split at case changes:
// jenaRelease, FusekiJar). What such a file needs of an engine it reads
// from the descriptors.
func TestNoEngineNamedOutsideItsAdapter(t *testing.T) {
	names := engineNames(t)
	var found []string
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if rel == "adapters" || rel == "internal/registry" || rel == "third_party" || d.Name() == "testdata" ||
				d.Name() == "node_modules" || rel != "." && strings.HasPrefix(d.Name(), ".") {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(rel, ".go") && !strings.HasSuffix(rel, "_test.go") {
			found = append(found, namesIn(t, p, rel, names)...)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range found {
		t.Errorf("%s: move what it says of the engine into the engine's descriptor (adapters/<name>/descriptor.go)", f)
	}
}

// installFiles are the files that install the engines outside Go: they
// take the engine list and every per-engine step from the descriptors
// (`oracle engines install --all`, internal/install), so they name no
// engine, comments included. scripts/image-check.sh is left out: it is an
// end-to-end test of the image, whose expected engines are its data.
var installFiles = []string{"scripts/install.sh", "scripts/fuzz.sh", "scripts/suite.sh", "Dockerfile", ".ci/run"}

// TestNoEngineNamedInInstallFiles: adding an engine changes none of
// installFiles.
func TestNoEngineNamedInInstallFiles(t *testing.T) {
	names := engineNames(t)
	for _, rel := range installFiles {
		data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(rel)))
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(data), "\n") {
			for _, w := range literalWords(line) {
				if slices.Contains(names, w) {
					t.Errorf("%s:%d: names the engine %s: read it from the descriptors (oracle engines install --all)", rel, i+1, w)
					break
				}
			}
		}
	}
}

// namesIn lists "file:line: name in <what>" for every engine name in the
// string literals and identifiers of one Go file.
func namesIn(t *testing.T, path, rel string, names []string) []string {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatalf("%s: %v", rel, err)
	}
	var out []string
	report := func(pos token.Pos, words []string, what string) {
		for _, w := range words {
			if slices.Contains(names, w) {
				out = append(out, rel+":"+strconv.Itoa(fset.Position(pos).Line)+": "+w+" in "+what)
				return
			}
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.BasicLit:
			if s, err := strconv.Unquote(x.Value); err == nil && x.Kind == token.STRING {
				report(x.Pos(), literalWords(s), "the string "+x.Value)
			}
		case *ast.Ident:
			report(x.Pos(), identWords(x.Name), "the identifier "+x.Name)
		}
		return true
	})
	return out
}

// literalWords are a string's words, lower case: runs of letters and
// digits, and hyphenated runs whole ("oxigraph-server") and in parts.
func literalWords(s string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '-'
	}) {
		out = append(out, w)
		out = append(out, strings.Split(w, "-")...)
	}
	return out
}

// identWords are an identifier whole and its parts split where a lower
// case letter meets an upper case one or at underscores, lower case.
func identWords(id string) []string {
	out := []string{strings.ToLower(id)}
	start, rs := 0, []rune(id)
	for i := 1; i <= len(rs); i++ {
		if i == len(rs) || rs[i] == '_' || unicode.IsUpper(rs[i]) && unicode.IsLower(rs[i-1]) {
			out = append(out, strings.ToLower(strings.Trim(string(rs[start:i]), "_")))
			start = i
		}
	}
	return out
}

// TestWordSplitting pins what counts as naming an engine.
func TestWordSplitting(t *testing.T) {
	for _, c := range []struct {
		words []string
		name  string
		want  bool
	}{
		{identWords("jenaRelease"), "jena", true},
		{identWords("FusekiJar"), "fuseki", true},
		{identWords("mavenRDF4J"), "rdf4j", true},
		{identWords("rasqalish"), "rasqal", false},
		{literalWords("adapters/oxigraph-server/x"), "oxigraph-server", true},
		{literalWords("adapters/oxigraph-server/x"), "oxigraph", true},
		{literalWords("pyoxigraph==0.4"), "oxigraph", false},
		{literalWords("the Virtuoso server"), "virtuoso", true},
	} {
		if got := slices.Contains(c.words, c.name); got != c.want {
			t.Errorf("%v contains %s: %v, want %v", c.words, c.name, got, c.want)
		}
	}
}
