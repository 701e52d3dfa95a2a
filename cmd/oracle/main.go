package main

import (
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strings"
)

// command is one subcommand.
type command struct {
	run     func(args []string) int
	summary string
}

// exitUsageError is the status of a usage error on every command.
const exitUsageError = 2

func main() {
	os.Exit(dispatch(os.Args[1:]))
}

func dispatch(args []string) int {
	if len(args) == 0 {
		usage(os.Stderr)
		return exitUsageError
	}
	if isHelp(args[0]) || args[0] == "help" {
		return help(args[1:])
	}
	cmd, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(os.Stderr, "oracle: unknown command %q\n", args[0])
		usage(os.Stderr)
		return exitUsageError
	}
	if wantsHelp(args[1:]) {
		return runForHelp(cmd, args[1:])
	}
	return cmd.run(args[1:])
}

// runForHelp runs a command asked for help: every command stops at the
// help flag before doing anything, and the usage it writes, on whichever
// stream, goes to stdout. Exit 0.
func runForHelp(cmd command, args []string) int {
	stderr := os.Stderr
	os.Stderr = os.Stdout
	defer func() { os.Stderr = stderr }()
	cmd.run(args)
	return 0
}

// help prints the command list, or `oracle help CMD [SUB]` a command's usage.
func help(args []string) int {
	if len(args) == 0 {
		usage(os.Stdout)
		return 0
	}
	if _, ok := commands[args[0]]; !ok {
		fmt.Fprintf(os.Stderr, "oracle help: unknown command %q\n", args[0])
		return exitUsageError
	}
	return dispatch(append(append([]string{}, args...), "-h"))
}

// commandNames are the names of the commands table, sorted.
func commandNames() []string { return slices.Sorted(maps.Keys(commands)) }

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: oracle <command> [arguments]\n\ncommands:")
	for _, n := range commandNames() {
		fmt.Fprintf(w, "  %-10s %s\n", n, commands[n].summary)
	}
	fmt.Fprintln(w, "\n`oracle help <command>` or `oracle <command> -h` describes one command.")
}

// isHelp reports whether arg asks for help.
func isHelp(arg string) bool { return arg == "-h" || arg == "-help" || arg == "--help" }

// wantsHelp reports whether a help flag comes before any "--".
func wantsHelp(args []string) bool {
	for _, a := range args {
		if a == "--" {
			return false
		}
		if isHelp(a) {
			return true
		}
	}
	return false
}

// parseFlags parses a command's flags, before or after its positional
// arguments (interspersed: `engines install rdflib --home DIR`), up to a
// "--" after which everything is an argument. Help goes to stdout with exit
// 0, a bad flag is a usage error (exit 2); ok is false when the command must
// stop and return code. The usage is the command's line in synopses
// (usage.go) when it has one.
func parseFlags(fs *flag.FlagSet, args []string) (code int, ok bool) {
	if syn, has := synopses[fs.Name()]; has {
		fs.Usage = usageOf(fs, syn)
	}
	addHome(fs)
	addConfig(fs)
	if wantsHelp(args) {
		fs.SetOutput(os.Stdout)
		fs.Parse(permute(fs, args))
		return 0, false
	}
	// The flag package prints a bare "flag provided but not defined";
	// the error is written here instead, prefixed by the command.
	out := fs.Output()
	fs.SetOutput(io.Discard)
	err := fs.Parse(permute(fs, args))
	fs.SetOutput(out)
	if err != nil {
		return usageFail(out, fs, "%v", err), false
	}
	return 0, true
}

// permute moves every flag (with its value, for a flag that takes one) in
// front of the positional arguments, so the standard flag package, which
// stops at the first argument, reads them all. An unknown flag stays a
// flag: Parse reports it.
func permute(fs *flag.FlagSet, args []string) []string {
	var flags, pos []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			pos = append(pos, args[i+1:]...)
			i = len(args)
		case len(a) < 2 || a[0] != '-':
			pos = append(pos, a)
		default:
			flags = append(flags, a)
			if takesValue(fs, a) && i+1 < len(args) {
				i++
				flags = append(flags, args[i])
			}
		}
	}
	return append(append(flags, "--"), pos...)
}

// takesValue reports whether the flag arg (-name or --name, no "=value")
// reads the next argument as its value: a known flag that is not boolean.
func takesValue(fs *flag.FlagSet, arg string) bool {
	name := strings.TrimLeft(arg, "-")
	if strings.Contains(name, "=") {
		return false
	}
	f := fs.Lookup(name)
	if f == nil {
		return false
	}
	b, isBool := f.Value.(interface{ IsBoolFlag() bool })
	return !isBool || !b.IsBoolFlag()
}

// usageOf is a FlagSet's Usage: the synopsis, then the flags.
func usageOf(fs *flag.FlagSet, synopsis string) func() {
	return func() {
		fmt.Fprintf(fs.Output(), "usage: %s\n", synopsis)
		if hasFlags(fs) {
			fmt.Fprintln(fs.Output(), "\nflags (before or after the arguments):")
			fs.PrintDefaults()
		}
	}
}

func hasFlags(fs *flag.FlagSet) bool {
	n := 0
	fs.VisitAll(func(*flag.Flag) { n++ })
	return n > 0
}

// subcommand is one subcommand of a command that has them (sweep, triage).
type subcommand struct {
	name string
	run  func(args []string, stdout, stderr io.Writer) int
}

// runSubcommand runs the subcommand args[0] names, one of subs (the order
// in which its error lists them), after subUsage: help prints usage,
// none or another name is a usage error.
func runSubcommand(cmd, usage string, subs []subcommand, args []string, stdout, stderr io.Writer) int {
	if code, done := subUsage(args, stdout, stderr, usage); done {
		return code
	}
	names := make([]string, len(subs))
	for i, s := range subs {
		if s.name == args[0] {
			return s.run(args[1:], stdout, stderr)
		}
		names[i] = s.name
	}
	last := len(names) - 1
	fmt.Fprintf(stderr, "oracle %s: unknown subcommand %q (want %s or %s)\n", cmd, args[0], strings.Join(names[:last], ", "), names[last])
	return exitUsageError
}

// subUsage prints a command's subcommands; help asks for it (exit 0), no
// or an unknown subcommand is a usage error (exit 2).
func subUsage(args []string, stdout, stderr io.Writer, text string) (int, bool) {
	switch {
	case len(args) > 0 && (isHelp(args[0]) || args[0] == "help"):
		fmt.Fprintln(stdout, text)
		return 0, true
	case len(args) == 0:
		fmt.Fprintln(stderr, text)
		return exitUsageError, true
	}
	return 0, false
}
