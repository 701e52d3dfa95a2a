package syntax

import (
	"github.com/sparql-oracle/oracle/internal/w3csuite"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// w3cDir is the W3C rdf-tests checkout (w3csuite: the submodule or a local
// copy); the test fails with w3csuite.Missing when there is none.
func w3cDir(t testing.TB) string { return w3csuite.Require(t) }

type syntaxCase struct {
	file     string
	positive bool
	update   bool // an Update syntax test
}

var (
	reStmtEnd = regexp.MustCompile(`(?m)\.\s*$`)
	reType    = regexp.MustCompile(`mf:(Positive|Negative)SyntaxTest(11)?\b`)
	reAction  = regexp.MustCompile(`mf:action\s*<([^>]+)>`)
)

// syntaxManifests are the manifests holding the query syntax tests
// (included from sparql10/manifest-syntax.ttl and the sparql11 query and
// federation manifests).
var syntaxManifests = []string{
	"sparql10/syntax-sparql1", "sparql10/syntax-sparql2", "sparql10/syntax-sparql3",
	"sparql10/syntax-sparql4", "sparql10/syntax-sparql5", "sparql11/aggregates",
	"sparql11/construct", "sparql11/grouping", "sparql11/syntax-fed", "sparql11/syntax-query",
}

// syntaxCases greps the manifests: a cheap reader, enough for this package's
// own iteration (internal/corpus has the real manifest reader).
func syntaxCases(t testing.TB) []syntaxCase {
	return manifestCases(t, filepath.Join(w3cDir(t), "sparql"), syntaxManifests, reType)
}

// manifestCases reads root/m/manifest.ttl for each m and lists the tests
// whose type re matches (its first group "Positive" or "Negative") with
// their action file.
func manifestCases(t testing.TB, root string, manifests []string, re *regexp.Regexp) []syntaxCase {
	var out []syntaxCase
	for _, m := range manifests {
		dir := filepath.Join(root, m)
		b, err := os.ReadFile(filepath.Join(dir, "manifest.ttl"))
		if err != nil {
			t.Fatal(err)
		}
		for _, st := range reStmtEnd.Split(stripComments(string(b)), -1) {
			ty, act := re.FindStringSubmatch(st), reAction.FindStringSubmatch(st)
			if ty == nil || act == nil {
				continue
			}
			out = append(out, syntaxCase{filepath.Join(dir, act[1]), ty[1] == "Positive", strings.Contains(ty[0], "Update")})
		}
	}
	return out
}

// allQueries lists every .rq file under the sparql10, sparql11 and
// sparql12 folders.
func allQueries(t testing.TB) []string {
	root := filepath.Join(w3cDir(t), "sparql")
	var out []string
	for _, sub := range []string{"sparql10", "sparql11", "sparql12"} {
		filepath.WalkDir(filepath.Join(root, sub), func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(p, ".rq") {
				out = append(out, p)
			}
			return nil
		})
	}
	return out
}

func TestW3CSyntax(t *testing.T) {
	judgeSuite(t, "W3C syntax", syntaxCases(t), 300, queryErr)
}

func queryErr(src string, opts Options) error {
	_, err := Parse(src, opts)
	return err
}

func updateErr(src string, opts Options) error {
	_, err := ParseUpdate(src, opts)
	return err
}

// judgeSuite judges a suite's cases and fails when it holds fewer than min
// (a manifest not found or not read).
func judgeSuite(t *testing.T, name string, cases []syntaxCase, min int, parse func(string, Options) error) {
	t.Helper()
	pass := judgeSyntax(t, cases, parse)
	t.Logf("%s: %d/%d", name, pass, len(cases))
	if len(cases) < min {
		t.Errorf("found only %d %s cases", len(cases), name)
	}
}

// judgeSyntax parses every case (its base IRI the file's) and reports each
// verdict that disagrees with the manifest; it returns how many agree.
func judgeSyntax(t *testing.T, cases []syntaxCase, parse func(string, Options) error) int {
	t.Helper()
	pass := 0
	for _, c := range cases {
		src, err := os.ReadFile(c.file)
		if err != nil {
			t.Error(err)
			continue
		}
		perr := parse(string(src), Options{Base: "file://" + filepath.ToSlash(c.file)})
		switch {
		case c.positive && perr != nil:
			t.Errorf("%s: positive test rejected: %v", c.file, perr)
		case !c.positive && perr == nil:
			t.Errorf("%s: negative test accepted", c.file)
		default:
			pass++
		}
	}
	return pass
}

func stripComments(s string) string {
	var lines []string
	for _, ln := range strings.Split(s, "\n") {
		if !strings.HasPrefix(strings.TrimSpace(ln), "#") {
			lines = append(lines, ln)
		}
	}
	return strings.Join(lines, "\n")
}
