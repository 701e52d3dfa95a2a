package oxigraph

import "github.com/sparql-oracle/oracle/adapters/sidecar"

// Name is the engine's name in the CLI, the API, baselines and reports.
const Name = "oxigraph"

// Config returns the sidecar configuration (sidecar.NodeConfig); dir is
// this adapter's folder (adapters/oxigraph in the repository).
func Config(dir string, pool int) sidecar.Config {
	c := sidecar.NodeConfig(Name, dir, pool, 10000, OOM)
	c.SPARQL12 = true // oxigraph 0.5 on npm is built with RDF 1.2
	return c
}

// OOM: the WASM build ends a failed allocation (memory.grow refused under
// the process's memory share) in an "unreachable" trap, as it ends a
// panic: it means memory only when the process had used over half its
// share (adapters/sidecar/pool_budget.go).
var OOM = sidecar.OOMTexts{NearLimit: []string{"unreachable"}}

// New returns the engine.
func New(dir string, pool int) *sidecar.Engine { return sidecar.New(Config(dir, pool)) }
