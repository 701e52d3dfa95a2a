// Command oracle is the one binary of sparql-oracle: a differential-testing
// oracle for SPARQL 1.1 engines. Each subcommand lives in its own file as a
// run<Name>(args []string) int function; main only dispatches.
//
// Conventions every command follows (help_test.go holds them): -h, -help
// and --help print the usage on stdout and exit 0, on every command and
// subcommand; a usage error (an unknown flag, command or argument) exits 2.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
)

// command is one subcommand.
type command struct {
	run     func(args []string) int
	summary string
}

// commands maps a subcommand name to its implementation; files add to it in init.
var commands = map[string]command{}

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

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: oracle <command> [arguments]\n\ncommands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
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

// parseFlags parses a command's flags: help goes to stdout with exit 0, a
// bad flag is a usage error (exit 2); ok is false when the command must
// stop and return code.
func parseFlags(fs *flag.FlagSet, args []string) (code int, ok bool) {
	if wantsHelp(args) {
		fs.SetOutput(os.Stdout)
	}
	err := fs.Parse(args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		return 0, false
	case err != nil:
		return exitUsageError, false
	}
	return 0, true
}

// usageOf is a FlagSet's Usage: the synopsis, then the flags.
func usageOf(fs *flag.FlagSet, synopsis string) func() {
	return func() {
		fmt.Fprintf(fs.Output(), "usage: %s\n", synopsis)
		fs.PrintDefaults()
	}
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
