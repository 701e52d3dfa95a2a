package syntax

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

var reUpdateType = regexp.MustCompile(`mf:(Positive|Negative)UpdateSyntaxTest11\b`)

// updateSyntaxCases greps the two update syntax manifests (as syntaxCases does).
func updateSyntaxCases(t testing.TB) []syntaxCase {
	root := filepath.Join(w3cDir(t), "sparql", "sparql11")
	return manifestCases(t, root, []string{"syntax-update-1", "syntax-update-2"}, reUpdateType)
}

// TestW3CUpdateSyntax judges syntax-update-1/2; TestW3CUpdateRoundTrip
// round-trips their requests with the others.
func TestW3CUpdateSyntax(t *testing.T) {
	judgeSuite(t, "W3C update syntax", updateSyntaxCases(t), 50, updateErr)
}

// TestW3CUpdateRoundTrip round-trips every .ru file of the W3C suite (the
// evaluation tests' requests too).
func TestW3CUpdateRoundTrip(t *testing.T) {
	root := filepath.Join(w3cDir(t), "sparql", "sparql11")
	parsed, total := 0, 0
	filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".ru") {
			return nil
		}
		total++
		src, _ := os.ReadFile(p)
		ok, failure := roundTrip(ParseUpdate, string(src), Options{Base: "file://" + filepath.ToSlash(p)})
		if ok {
			parsed++
		}
		if failure != "" {
			t.Errorf("%s: %s", p, failure)
		}
		return nil
	})
	t.Logf("update round trip: %d parsed of %d .ru files", parsed, total)
}
