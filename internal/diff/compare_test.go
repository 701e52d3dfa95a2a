package diff

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/sparql-oracle/oracle/internal/golden"
)

// TestCases runs every testdata/cases/*.txt file (format: compare_format_test.go).
func TestCases(t *testing.T) {
	files, err := filepath.Glob("testdata/cases/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no cases: %v", err)
	}
	for _, f := range files {
		t.Run(strings.TrimSuffix(filepath.Base(f), ".txt"), func(t *testing.T) { runCase(t, f) })
	}
}

func runCase(t *testing.T, path string) {
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	c, err := parseCase(string(src))
	if err != nil {
		t.Fatalf("%s:%v", path, err)
	}
	v := Compare(c.expected, c.actual)
	if v.OK != c.wantOK || !reflect.DeepEqual(v.Classes, c.wantClasses) {
		t.Errorf("%s: got %v %v, want ok=%v %v\n%s", path, v.OK, v.Classes, c.wantOK, c.wantClasses, v.Text())
	}
	if !strings.Contains(v.Note, c.wantNote) {
		t.Errorf("%s: note %q does not contain %q", path, v.Note, c.wantNote)
	}
	if again := Compare(c.expected, c.actual); again.Text() != v.Text() {
		t.Errorf("%s: not deterministic:\n%s\nvs\n%s", path, v.Text(), again.Text())
	}
	checkGolden(t, path, c, v.Text())
}

func checkGolden(t *testing.T, path string, c *caseFile, got string) {
	if golden.Update() {
		body := strings.TrimRight(strings.Join(c.sections, "\n"), "\n")
		out := body + "\n== result\n" + got
		if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if !c.hasResult {
		t.Errorf("%s: no == result section (run with -update)", path)
		return
	}
	if c.result != got {
		t.Errorf("%s: result differs (run with -update if intended)\ngot:\n%s\nwant:\n%s", path, got, c.result)
	}
}
