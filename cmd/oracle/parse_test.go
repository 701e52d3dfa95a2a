package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func runParseOn(t *testing.T, src string, args ...string) (int, string, string) {
	t.Helper()
	file := filepath.Join(t.TempDir(), "q.rq")
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	code := parseMain(append(args, file), strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

func TestParseGood(t *testing.T) {
	code, out, errs := runParseOn(t, "PREFIX : <http://ex/>\nSELECT ?x { ?x :p ?o FILTER(?o = 1) }\n")
	want := "(select (?x)\n  (project (?x)\n    (filter (= ?o 1)\n      (bgp (triple ?x <http://ex/p> ?o)))))\n"
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	if !strings.HasSuffix(out, want[len("(select (?x)\n"):]) || !strings.HasPrefix(out, "(select (?x)\n  (base <file://") {
		t.Errorf("stdout:\n%s\nwant (after the base line):\n%s", out, want)
	}
}

func TestParseBase(t *testing.T) {
	code, out, _ := runParseOn(t, "ASK { <a> <b> <c> }", "-base", "http://x/")
	if code != 0 || !strings.Contains(out, "(triple <http://x/a> <http://x/b> <http://x/c>)") {
		t.Errorf("exit %d, stdout:\n%s", code, out)
	}
}

func TestParseBad(t *testing.T) {
	code, out, errs := runParseOn(t, "SELECT * WHERE {\n  ?s ?p }\n")
	if code != 1 || out != "" {
		t.Fatalf("exit %d, stdout %q", code, out)
	}
	if !strings.Contains(errs, "q.rq: line 2, column 9:") {
		t.Errorf("stderr %q lacks the file and position", errs)
	}
}

func TestParseUsage(t *testing.T) {
	var out, errb bytes.Buffer
	if code := parseMain(nil, strings.NewReader(""), &out, &errb); code != 2 {
		t.Errorf("no file: exit %d, want 2", code)
	}
	if code := parseMain([]string{"/nonexistent/q.rq"}, strings.NewReader(""), &out, &errb); code != 1 {
		t.Errorf("missing file: exit %d, want 1", code)
	}
}
