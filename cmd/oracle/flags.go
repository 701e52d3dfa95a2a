package main

import (
	"flag"
	"io"

	"github.com/sparql-oracle/oracle/internal/registry"
)

// The flags several commands share, defined once: --home (usage.go,
// addHome), --config (addConfig), --memory-budget (addMemoryBudget), the
// generator's --seed and --profile (genFlags), a case's flags (caseFlags,
// diff.go) and a sweep runner's (runnerFlags, sweep.go). parseFlags adds
// --home and --config to the commands that take them; a command with a
// flag of its own by that name keeps it.

// configCommands are the commands that build engines from the registry,
// so read its config file; gate and engines word their --config
// themselves.
var configCommands = map[string]bool{"bisect": true, "diff": true, "reduce": true, "w3c": true}

// addConfig gives a command of configCommands its --config flag unless it
// has one.
func addConfig(fs *flag.FlagSet) {
	if configCommands[fs.Name()] && fs.Lookup("config") == nil {
		fs.Func("config", "engine registry config `FILE` (see deploy/engines.example.json)", registry.UseConfigFile)
	}
}

// addMemoryBudget gives a command that starts engines (diff, serve) its
// --memory-budget flag.
func addMemoryBudget(fs *flag.FlagSet) {
	fs.Func("memory-budget", "memory `SIZE` all engine processes share (\"12GiB\", \"60%\" of the machine; default $"+registry.MemoryBudgetEnv+", else 60%)", registry.UseMemoryBudget)
}

// genFlags are the flags of the commands that generate cases (gen,
// selfcheck): the seed of the first case and the generator profile.
type genFlags struct {
	seed    int64
	profile string
}

// genCommand is the flag set of a command that generates cases, its
// errors on stderr, with genFlags.
func genCommand(name string, stderr io.Writer) (*flag.FlagSet, *genFlags) {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	g := &genFlags{}
	fs.Int64Var(&g.seed, "seed", 1, "seed of the first case; case i uses seed+i")
	fs.StringVar(&g.profile, "profile", "default", "generator profile: default, nondet, large, or a JSON `file`")
	return fs, g
}
