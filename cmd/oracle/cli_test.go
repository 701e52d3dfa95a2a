package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCommandLines runs every command line of testdata/cli/commands.txt
// through the built command, in that folder, and compares its exit status
// and first stderr line with testdata/cli/cli.golden: the conventions of
// main.go (usage errors exit 2, bad input 1, messages start with the
// command that failed) as data. -update rewrites the golden.
func TestCommandLines(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join("testdata", "cli"))
	if err != nil {
		t.Fatal(err)
	}
	lines := readCommands(t, filepath.Join(dir, "commands.txt"))
	var got strings.Builder
	for _, line := range lines {
		code, first := runLine(t, dir, strings.Fields(line)[1:])
		fmt.Fprintf(&got, "%s\n\texit %d: %s\n", line, code, first)
	}
	golden := filepath.Join(dir, "cli.golden")
	if *updateExport {
		if err := os.WriteFile(golden, []byte(got.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (go test ./cmd/oracle -run TestCommandLines -update writes it)", err)
	}
	if got.String() != string(want) {
		t.Errorf("command lines differ from %s (-update rewrites it):\n%s", golden, lineDiff(string(want), got.String()))
	}
}

func readCommands(t *testing.T, path string) []string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if l := strings.TrimSpace(sc.Text()); l != "" && !strings.HasPrefix(l, "#") {
			out = append(out, l)
		}
	}
	return out
}

// runLine runs this test binary as the oracle (TestMain) in dir and
// returns the exit status and the first line of stderr.
func runLine(t *testing.T, dir string, args []string) (int, string) {
	t.Helper()
	code, _, stderr := runBinaryIn(t, dir, args...)
	first, _, _ := strings.Cut(stderr, "\n")
	return code, first
}

// lineDiff lists the lines of got that want does not have, and back.
func lineDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	var b strings.Builder
	for i := 0; i < max(len(w), len(g)); i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			fmt.Fprintf(&b, "-%s\n+%s\n", wl, gl)
		}
	}
	return b.String()
}
