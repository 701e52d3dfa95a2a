package rdf

import (
	"strings"
	"sync/atomic"
)

// A loader worker parses every user document: untrusted text, as an
// engine's input is. So where the process links a jail (adapters/sidecar
// registers its bubblewrap sandbox, the one every engine runs in), the
// worker runs inside it, and with a minimal environment: the variables the
// loader itself reads (workerOwnEnv), never the server's own (tokens,
// database URLs). This package cannot import the sandbox (docs/
// architecture.md: internal/rdf imports knakk/rdf alone), hence the hook.

// WorkerJail wraps a loader worker's command line: given the worker's argv
// and the only environment it needs, it returns the command to run
// instead, its environment, and a cleanup for when the worker has ended.
type WorkerJail func(argv, env []string) (cmdArgv, cmdEnv []string, cleanup func(), err error)

var workerJail atomic.Pointer[WorkerJail]

// SetWorkerJail makes every loader worker started from now on run through
// j (nil: unconfined, with the caller's whole environment, as in this
// package's own tests). Idle workers started before keep running as they
// were started.
func SetWorkerJail(j WorkerJail) {
	if j == nil {
		workerJail.Store(nil)
		return
	}
	workerJail.Store(&j)
}

// workerOwnEnv keeps of env what a worker reads: its own switches
// (SPARQL_ORACLE_LOAD*), the test children's (RDF_TEST_CHILD_*) and the
// Go runtime's tuning.
func workerOwnEnv(env []string) []string {
	var out []string
	for _, kv := range env {
		for _, p := range []string{"SPARQL_ORACLE_LOAD", "RDF_TEST_CHILD_", "GOMAXPROCS=", "GOGC=", "GOMEMLIMIT=", "GODEBUG="} {
			if strings.HasPrefix(kv, p) {
				out = append(out, kv)
				break
			}
		}
	}
	return out
}

// workerCommand is the command line and environment of a worker started
// under env, through the jail when one is set.
func workerCommand(exe string, env []string) (argv, cmdEnv []string, cleanup func(), err error) {
	argv = []string{exe, "load", "-worker"}
	j := workerJail.Load()
	if j == nil {
		return argv, append(append([]string(nil), env...), workerEnv+"=1"), func() {}, nil
	}
	return (*j)(argv, append(workerOwnEnv(env), workerEnv+"=1"))
}
