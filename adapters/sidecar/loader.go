package sidecar

import (
	"os"

	"github.com/sparql-oracle/oracle/internal/rdf"
)

// The isolated data loader (internal/rdf LoadIsolated, `oracle load
// -worker`) parses every user dataset: it runs in the same sandbox as the
// engines, with a minimal environment. internal/rdf cannot import this
// package, so every program that links the sandbox registers it there.
func init() { rdf.SetWorkerJail(loaderJail) }

// loaderJail runs a loader worker in Jail (bubblewrap: no network, the
// system read-only, a private tmpfs), the program itself readable. Where
// bwrap does not work the worker runs as before, but with the same minimal
// environment (cleanEnv plus the loader's own variables): a server that
// cannot confine its engines still keeps its secrets from the parser.
func loaderJail(argv, env []string) ([]string, []string, func(), error) {
	if Confined().Mode != ModeBwrap {
		return argv, append(cleanEnv(os.TempDir()), env...), func() {}, nil
	}
	j := Jail{ReadOnly: []string{argv[0]}}
	l, err := j.Prepare(argv, env)
	if err != nil {
		return nil, nil, nil, err
	}
	return l.Argv, l.Env, l.Cleanup, nil
}
