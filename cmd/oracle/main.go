// Command oracle is the one binary of sparql-oracle: a differential-testing
// oracle for SPARQL 1.1 engines. Each subcommand lives in its own file as a
// run<Name>(args []string) int function; main only dispatches.
package main

import (
	"fmt"
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

func main() {
	os.Exit(dispatch(os.Args[1:]))
}

func dispatch(args []string) int {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		usage()
		if len(args) == 0 {
			return 1
		}
		return 0
	}
	cmd, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(os.Stderr, "oracle: unknown command %q\n", args[0])
		usage()
		return 1
	}
	return cmd.run(args[1:])
}

func usage() {
	fmt.Fprintln(os.Stderr, "usage: oracle <command> [arguments]\n\ncommands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(os.Stderr, "  %-10s %s\n", n, commands[n].summary)
	}
}
