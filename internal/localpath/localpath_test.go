package localpath

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sparql-oracle/oracle/internal/w3csuite"
)

func TestText(t *testing.T) {
	home, _ := os.UserHomeDir()
	repo, err := w3csuite.RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ in, want string }{
		{"GRAPH <file:///tmp/rasqal-2902071841/g0.nt> { ?s }", "GRAPH <<local file g0.nt>> { ?s }"},
		{"open /tmp/oracle-1/query.rq: no such file", "open <tmp>/oracle-1/query.rq: no such file"},
		{"at " + filepath.Join(repo, "bin", "x.jar") + ":3", "at <repository>/bin/x.jar:3"},
		{"/tmpfoo and /var/tmp/x stay", "/tmpfoo and /var/tmp/x stay"},
		{"no path here", "no path here"},
	} {
		if got := Text(c.in); got != c.want {
			t.Errorf("Text(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	if home != "" && home != "/" && !strings.HasPrefix(repo, home) {
		if got := Text(filepath.Join(home, ".cache", "x")); got != "~/.cache/x" {
			t.Errorf("home: %q", got)
		}
	}
}
