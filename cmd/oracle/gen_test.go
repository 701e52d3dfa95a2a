package main

import (
	"bytes"
	"regexp"
	"strings"
	"testing"
)

func TestGenCommand(t *testing.T) {
	var out, errb bytes.Buffer
	if code := genMain([]string{"--seed", "3", "--count", "2"}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	s := out.String()
	if strings.Count(s, "#### case gen/default/") != 2 || !strings.Contains(s, "#### case gen/default/4\n### query\n") ||
		strings.Count(s, "### data\n") != 2 {
		t.Errorf("output:\n%s", s)
	}
	var again bytes.Buffer
	genMain([]string{"--seed", "3", "--count", "2"}, &again, &errb)
	if again.String() != s {
		t.Error("gen is not deterministic")
	}
	if code := genMain([]string{"--profile", "nope"}, &out, &errb); code != 1 {
		t.Errorf("unknown profile: exit %d, want 1", code)
	}
}

func TestSelfcheckCommand(t *testing.T) {
	var out, errb bytes.Buffer
	code := selfcheckMain([]string{"--cases", "50", "--seed", "9", "--judge", "reference", "--engine", "reference"}, &out, &errb)
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	last := lines[len(lines)-1]
	if code != 0 || !regexp.MustCompile(`^cases=50 disagreements=0 seconds=[0-9.]+$`).MatchString(last) {
		t.Errorf("exit %d, last line %q, stderr %s", code, last, errb.String())
	}
	if code := selfcheckMain([]string{"--engine", "nope"}, &out, &errb); code != 1 {
		t.Errorf("unknown engine: exit %d, want 1", code)
	}
}
