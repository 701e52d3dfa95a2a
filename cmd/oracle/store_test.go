package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadOnlyCommandsNeedAnExistingDB: a --db that does not exist is an
// error for the commands that read a store, and they do not create it.
func TestReadOnlyCommandsNeedAnExistingDB(t *testing.T) {
	typo := filepath.Join(t.TempDir(), "oracel.db")
	for _, args := range [][]string{
		{"sweep", "status"}, {"sweep", "compare", "1"}, {"sweep", "cancel", "1"},
		{"sweep", "reports"}, {"sweep", "export", "--report", "1", "--to", filepath.Join(t.TempDir(), "x")},
		{"triage", "list"}, {"triage", "counts"}, {"triage", "history", "1"},
	} {
		main := sweepMain
		if args[0] == "triage" {
			main = triageMain
		}
		code, _, errs := runSub(main, append([]string{args[1], "--db", typo}, args[2:]...)...)
		if code != 1 || !strings.Contains(errs, "no such store") {
			t.Errorf("%v: exit %d, stderr %q: want 1 and \"no such store\"", args, code, errs)
		}
		if _, err := os.Stat(typo); err == nil {
			t.Fatalf("%v created %s", args, typo)
		}
	}
}
