// Command oracle is the one binary of sparql-oracle: a differential-testing
// oracle for SPARQL 1.1 engines. Each subcommand lives in its own file as a
// run<Name>(args []string) int function, listed with its summary in the
// one table of commands.go; main only dispatches.
//
// Conventions every command follows (help_test.go and cli_test.go with
// testdata/cli hold them): -h, -help and --help print the usage on stdout
// and exit 0, on every command and subcommand; the usage is the command's
// line of synopses (usage.go: its arguments, then its flags); flags go
// before or after the arguments (parseFlags); a usage error (an unknown
// flag, command or argument) exits 2, bad input (a file, a name, a store
// that is not there or does not parse) 1; every message starts with
// "oracle COMMAND:" (usageFail, cmdFail); the commands that run engines
// take --home DIR (addHome) and those that build engines from the
// registry --config FILE (addConfig, flags.go); anything longer than a
// second shows its progress on stderr (progress.go). `oracle diff` takes a query (-q,
// diff.go) or an update request (-u, diff_update.go) through one loading
// of the data (caseFlags.loadCase) and one exit rule (kindExit). Shared
// pieces, used rather than written again: interrupted (the Ctrl-C
// context), runSubcommand (sweep's and triage's subcommands),
// commandNames (the table's names, sorted), writeOut (a report file:
// gate, w3c), printJSON (every JSON
// output), caseCommand and genCommand (the flag set of a command that
// reads a case or generates cases), storeFlags, withStore and withRunner
// (store.go, sweep.go: a sweep or triage subcommand's --db and --json, the
// existing store it reads, the sweep runner `sweep start` and `sweep
// worker` start), parseOneArg and triageFiltered (a store subcommand's
// arguments), and in the tests helpers_test.go's TestMain, capture,
// runSub, requireInstalled and writeFiles (a command run in-process), and
// diff_exit_test.go's runBinaryIn (the test binary as oracle), buildOracle,
// runBuilt and userEnv (a built binary run as a user without the checkout).
//
// How to change it: a new command is a file with its run<Name> function,
// a line in the commands table (commands.go), and its synopsis in
// usage.go; a flag two commands share is defined once in flags.go.
// help_test.go and cli_test.go (testdata/cli) then hold it to the
// conventions above. Logic belongs in the internal package the command
// wires, not here (docs/architecture.md, "Packages and what each may
// import").
package main
