package golden

import (
	"os"
	"path/filepath"
	"testing"
)

func TestFirstDiff(t *testing.T) {
	for _, c := range []struct{ want, got, diff string }{
		{"a\nb\n", "a\nb\n", "(equal)"},
		{"a\nb\n", "a\nc\n", "line 2:\n- b\n+ c"},
		{"a\n", "a\nmore\n", "line 2:\n- \n+ more"},
	} {
		if d := FirstDiff(c.want, c.got); d != c.diff {
			t.Errorf("FirstDiff(%q, %q) = %q, want %q", c.want, c.got, d, c.diff)
		}
	}
}

// recorder is a testing.TB that keeps the errors File reports.
type recorder struct {
	testing.TB
	errs []string
}

func (r *recorder) Helper() {}

func (r *recorder) Errorf(format string, args ...any) { r.errs = append(r.errs, format) }

// TestFile: an equal file passes, a different one is one error and File
// says so; under -update the file takes the output, its folder made.
func TestFile(t *testing.T) {
	defer func(was bool) { *update = was }(*update)
	path := filepath.Join(t.TempDir(), "sub", "out.golden")
	*update = true
	File(t, path, "one\n")
	*update = false
	r := &recorder{TB: t}
	if !File(r, path, "one\n") || len(r.errs) != 0 {
		t.Errorf("the file written under -update does not hold: %v", r.errs)
	}
	if File(r, path, "two\n") || len(r.errs) != 1 {
		t.Errorf("a different output: %d errors", len(r.errs))
	}
	if b, _ := os.ReadFile(path); string(b) != "one\n" {
		t.Errorf("the file was rewritten without -update: %q", b)
	}
}
