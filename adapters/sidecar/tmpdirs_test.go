package sidecar

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestCleanStale: folders a dead run made are removed, this run's and
// those without a pid in their name are kept, and TempDir names its
// folders with this process's pid.
func TestCleanStale(t *testing.T) {
	dir := t.TempDir()
	dead := exec.Command("true")
	if err := dead.Run(); err != nil {
		t.Fatal(err)
	}
	gone := strconv.Itoa(dead.Process.Pid) // reaped: no process has it (barring reuse)
	self := strconv.Itoa(os.Getpid())
	for _, n := range []string{"oracle-virtuoso-" + gone + "-abc", "oracle-endpoint-" + gone + "-x", "oracle-engine-" + self + "-y", "oracle-virtuoso-legacy123", "other-" + gone + "-z"} {
		if err := os.MkdirAll(filepath.Join(dir, n, "db"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	removed := cleanStale(dir)
	left, _ := os.ReadDir(dir)
	var names []string
	for _, e := range left {
		names = append(names, e.Name())
	}
	if len(removed) != 2 || strings.Join(names, " ") != "oracle-engine-"+self+"-y oracle-virtuoso-legacy123 other-"+gone+"-z" {
		t.Errorf("removed %v, left %v", removed, names)
	}
	d, err := TempDir("oracle-endpoint-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(d)
	if !strings.HasPrefix(filepath.Base(d), "oracle-endpoint-"+self+"-") {
		t.Errorf("TempDir made %s, want the pid in its name", d)
	}
}
