package comunica

import "github.com/sparql-oracle/oracle/adapters/sidecar"

// Name is the engine's name in the CLI, the API, baselines and reports.
const Name = "comunica"

// Config returns the sidecar configuration (sidecar.NodeConfig); dir is
// this adapter's folder.
func Config(dir string, pool int) sidecar.Config {
	c := sidecar.NodeConfig(Name, dir, pool, 2000, OOM)
	c.SPARQL12 = true // Comunica 5 parses and evaluates SPARQL 1.2
	return c
}

// OOM: V8's own words for a string or buffer past what it can allocate
// (a CONCAT that doubles, a GROUP_CONCAT over a cross product): memory,
// not an error of Comunica's (adapters/sidecar/pool_budget.go).
var OOM = sidecar.OOMTexts{Always: []string{"Invalid string length", "Array buffer allocation failed"}}

// New returns the engine.
func New(dir string, pool int) *sidecar.Engine { return sidecar.New(Config(dir, pool)) }
