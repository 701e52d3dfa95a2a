// Package comunica runs Comunica (@comunica/query-sparql-rdfjs over an N3.js
// store) as a sidecar engine. The sidecar is sidecar.js beside this file; its
// pinned dependencies are in package.json and package-lock.json, installed by
// scripts/install.sh. It runs in a network namespace of its own: Comunica
// would otherwise dereference FROM IRIs and SERVICE endpoints.
//
// Updates (oracle.Updater, the sidecar's "update" op): QueryEngine.queryVoid
// on a fresh N3.js Store holding the case's store, Comunica's only source
// and so its destination. Comunica's choices: the N3.js Store holds quads,
// not graphs, so an empty named graph (the case's, or CREATE's) is not in
// the store after a request, and CREATE of a graph holding quads fails; the
// operations run in order with no transaction, so a failing request keeps
// the operations before it (§2.2). LOAD is unsupported: this build has no
// dereference actor, so Comunica fails every LOAD, SILENT too; the sidecar
// refuses a request whose parsed algebra holds one. W3C Update baseline:
// baselines/comunica-update.tsv.
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
