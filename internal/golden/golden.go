package golden

import (
	"flag"
	"os"
	"path/filepath"
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
