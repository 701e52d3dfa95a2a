package golden

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite goldens")

// Update reports whether the tests run with -update: a test keeping a
// golden in a form of its own rewrites it then rather than comparing.
func Update() bool { return *update }

// File holds got to the file at path: with -update it writes got there
// (making its folder); else a missing file fails t and a different one is
// an error naming the first line that differs. It reports whether got
// stands in the file now, so a caller can add what a difference means.
func File(t testing.TB, path, got string) bool {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return true
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if string(want) != got {
		t.Errorf("%s differs from the output (rerun with -update if intended) at %s", path, FirstDiff(string(want), got))
		return false
	}
	return true
}

// FirstDiff names the first line where got differs from want, with both
// lines: the place to look in a golden of thousands of lines.
func FirstDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < max(len(w), len(g)); i++ {
		var a, b string
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			b = g[i]
		}
		if a != b {
			return fmt.Sprintf("line %d:\n- %s\n+ %s", i+1, a, b)
		}
	}
	return "(equal)"
}
