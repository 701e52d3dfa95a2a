package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
)

func sweepRun(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := sweepMain(args, &out, &errb)
	return code, out.String(), errb.String()
}

// TestSweepCommand runs two small sweeps through the CLI, then status and compare.
func TestSweepCommand(t *testing.T) {
	db := filepath.Join(t.TempDir(), "o.db")
	for i := 0; i < 2; i++ {
		code, out, errs := sweepRun("start", "--db", db, "--gen", "0:6", "--workers", "2", "--engines", "reference")
		if code != 0 || !strings.Contains(out, "done") || !strings.Contains(out, " 6 ") {
			t.Fatalf("start: exit %d\n%s%s", code, out, errs)
		}
	}
	code, out, _ := sweepRun("status", "--db", db)
	if code != 0 || strings.Count(out, "done") != 2 {
		t.Fatalf("status: exit %d\n%s", code, out)
	}
	code, out, _ = sweepRun("compare", "--db", db, "2")
	if code != 0 || !strings.Contains(out, "sweep 2 against sweep 1: 0 new, 0 fixed, 0 moved, 0 undecided, 0 unchanged findings over 6 cases") {
		t.Fatalf("compare: exit %d\n%s", code, out)
	}
	code, out, _ = sweepRun("status", "--db", db, "--json", "1")
	if code != 0 || !strings.Contains(out, `"state": "done"`) {
		t.Fatalf("status --json: exit %d\n%s", code, out)
	}
}

func TestSweepCommandErrors(t *testing.T) {
	db := filepath.Join(t.TempDir(), "o.db")
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{nil, 2, "usage"},
		{[]string{"frobnicate"}, 2, "unknown subcommand"},
		{[]string{"start", "--db", db}, 2, "names no corpus"},
		{[]string{"start", "--db", db, "--gen", "x"}, 2, "want FROM:TO"},
		{[]string{"start", "--db", db, "--gen", "0:2", "--engines", "nope"}, 2, "unknown engine"},
		{[]string{"status", "--db", db, "42"}, 1, "not found"},
		{[]string{"status", "--db", db + ".typo"}, 1, "no such store"},
		{[]string{"reports", "--db", db + ".typo"}, 1, "no such store"},
		{[]string{"compare", "--db", db, "1"}, 1, "no finished sweep"},
	} {
		code, _, errs := sweepRun(c.args...)
		if code != c.code || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, want %d with %q; stderr:\n%s", c.args, code, c.code, c.want, errs)
		}
	}
}
