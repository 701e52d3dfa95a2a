package syntax

import (
	"os"
	"strings"
	"testing"
)

func TestResolveRFC3986(t *testing.T) {
	b, err := os.ReadFile("testdata/resolve.tsv")
	if err != nil {
		t.Fatal(err)
	}
	const base = "http://a/b/c/d;p?q"
	for i, line := range strings.Split(string(b), "\n") {
		f := strings.Fields(line)
		if len(f) != 2 || strings.HasPrefix(line, "#") {
			continue
		}
		if got := resolveIRI(base, f[0]); got != f[1] {
			t.Errorf("testdata/resolve.tsv:%d: resolve(%q) = %q, want %q", i+1, f[0], got, f[1])
		}
	}
	if got := resolveIRI(base, ""); got != "http://a/b/c/d;p?q" {
		t.Errorf("empty reference: %q", got)
	}
}
