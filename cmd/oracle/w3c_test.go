package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestW3CExitStatus: `oracle w3c` exits 1 when a test fails that no
// baseline accepts (here the reference fails a test whose expected result
// is wrong on purpose); writing the baseline, or running against it,
// accepts the failure: exit 0.
func TestW3CExitStatus(t *testing.T) {
	manifest := filepath.Join("testdata", "w3c", "manifest.ttl")
	base := filepath.Join(t.TempDir(), "reference.tsv")
	w3c := func(args ...string) (int, string) {
		args = append(append([]string{"--engine", "reference", "--root", "testdata"}, args...), manifest)
		return capture(t, func() int { return runW3C(args) })
	}
	if code, out := w3c(); code != 1 || !strings.Contains(out, "1 tests did not pass and no baseline accepts them") {
		t.Errorf("without a baseline: exit %d, want 1\n%s", code, out)
	}
	if code, out := w3c("--write-baseline", base); code != 0 {
		t.Errorf("--write-baseline: exit %d, want 0\n%s", code, out)
	}
	if code, out := w3c("--baseline", base); code != 0 || !strings.Contains(out, "matches baseline") {
		t.Errorf("--baseline: exit %d, want 0\n%s", code, out)
	}
}
