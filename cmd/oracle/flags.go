package main

import (
	"flag"

	"github.com/sparql-oracle/oracle/internal/registry"
)

// The flags several commands share, defined once: --home (usage.go,
// addHome), --config (addConfig) and the generator's --seed and --profile
// (genFlags). parseFlags adds --home and --config to the commands that
// take them; a command with a flag of its own by that name keeps it.

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

// genFlags are the flags of the commands that generate cases (gen,
// selfcheck): the seed of the first case and the generator profile.
type genFlags struct {
	seed    int64
	profile string
}

func (g *genFlags) register(fs *flag.FlagSet) {
	fs.Int64Var(&g.seed, "seed", 1, "seed of the first case; case i uses seed+i")
	fs.StringVar(&g.profile, "profile", "default", "generator profile: default, nondet, large, or a JSON `file`")
}
