package main

import (
	"slices"
	"strings"
	"testing"
)

// subcommands are the commands that dispatch on a subcommand.
var subcommands = map[string][]string{
	"sweep":   {"start", "status", "compare", "worker", "cancel", "reports", "export"},
	"triage":  {"set", "list", "history", "counts"},
	"engines": {"install"},
}

// everyCommand lists every command line that has its own flags.
func everyCommand() [][]string {
	var out [][]string
	for _, n := range commandNames() {
		out = append(out, []string{n})
		for _, s := range subcommands[n] {
			out = append(out, []string{n, s})
		}
	}
	return out
}

// TestHelpExitsZero: -h, -help and --help print a usage on stdout and
// exit 0 on every command and subcommand, and `oracle help CMD` too.
func TestHelpExitsZero(t *testing.T) {
	for _, cmd := range everyCommand() {
		for _, h := range []string{"-h", "--help"} {
			args := append(slices.Clone(cmd), h)
			code, out := capture(t, func() int { return dispatch(args) })
			if code != 0 || !strings.Contains(strings.ToLower(out), "usage") {
				t.Errorf("oracle %s: exit %d, stdout %q: want 0 and a usage", strings.Join(args, " "), code, trim(out))
			}
		}
	}
	for _, args := range [][]string{{"-h"}, {"--help"}, {"help"}, {"help", "diff"}, {"help", "sweep", "start"}} {
		if code, out := capture(t, func() int { return dispatch(args) }); code != 0 || !strings.Contains(strings.ToLower(out), "usage") {
			t.Errorf("oracle %s: exit %d, stdout %q", strings.Join(args, " "), code, trim(out))
		}
	}
}

// TestUsageErrorsExitTwo: an unknown flag, command or subcommand, or no
// command at all, is a usage error: exit 2.
func TestUsageErrorsExitTwo(t *testing.T) {
	cases := [][]string{{}, {"no-such-command"}, {"sweep"}, {"sweep", "nope"}, {"triage", "nope"}, {"help", "nope"}}
	for _, cmd := range everyCommand() {
		if len(subcommands[cmd[0]]) > 0 && len(cmd) == 1 && cmd[0] != "engines" {
			continue // `sweep --bogus` is an unknown subcommand, counted above
		}
		cases = append(cases, append(slices.Clone(cmd), "--no-such-flag"))
	}
	for _, args := range cases {
		if code, _ := capture(t, func() int { return dispatch(args) }); code != 2 {
			t.Errorf("oracle %s: exit %d, want 2", strings.Join(args, " "), code)
		}
	}
}

func trim(s string) string {
	if len(s) > 200 {
		return s[:200] + "…"
	}
	return s
}

// TestUsageIsTheSynopsis: every command and subcommand with flags prints
// its line of synopses (usage.go) first, in the one format, and accepts
// its flags after its arguments.
func TestUsageIsTheSynopsis(t *testing.T) {
	for _, cmd := range everyCommand() {
		name := strings.Join(cmd, " ")
		if len(subcommands[cmd[0]]) > 0 && len(cmd) == 1 && cmd[0] != "engines" {
			continue // a dispatcher's list of subcommands
		}
		syn, ok := synopses[name]
		if !ok {
			t.Errorf("oracle %s: no line in synopses (usage.go)", name)
			continue
		}
		_, out := capture(t, func() int { return dispatch(append(slices.Clone(cmd), "-h")) })
		if !strings.HasPrefix(out, "usage: "+syn+"\n") {
			t.Errorf("oracle %s -h: %q, want it to start with %q", name, trim(out), "usage: "+syn)
		}
	}
}

// TestFlagsAfterArguments: permute reads flags after the arguments, keeps
// a flag's value with it, and stops at "--".
func TestFlagsAfterArguments(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"rdflib --home DIR", "--home DIR -- rdflib"},
		{"--home=DIR rdflib jena", "--home=DIR -- rdflib jena"},
		{"rdflib --json jena", "--json -- rdflib jena"},
		{"a -- --home b", "-- a --home b"},
		{"- --home DIR", "--home DIR -- -"},
	} {
		fs := newSweepFlags("t", nil).fs
		fs.String("home", "", "")
		if got := strings.Join(permute(fs, strings.Fields(c.in)), " "); got != c.want {
			t.Errorf("permute(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
