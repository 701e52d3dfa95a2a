// Package comunica runs Comunica (@comunica/query-sparql-rdfjs over an N3.js
// store) as a sidecar engine. The sidecar is sidecar.js beside this file; its
// pinned dependencies are in package.json and package-lock.json, installed by
// scripts/install.sh. It runs in a network namespace of its own: Comunica
// would otherwise dereference FROM IRIs and SERVICE endpoints.
package comunica

import (
	"path/filepath"

	"github.com/sparql-oracle/oracle/adapters/sidecar"
)

// Name is the engine's name in the CLI, the API, baselines and reports.
const Name = "comunica"

// Config returns the sidecar configuration; dir is this adapter's folder.
func Config(dir string, pool int) sidecar.Config {
	return sidecar.Config{
		Name:        Name,
		Command:     []string{"node", filepath.Join(dir, "sidecar.js")},
		Dir:         dir,
		Pool:        pool,
		MaxRequests: 2000,
		NoNetwork:   true,
		Limits:      sidecar.DefaultLimits,
		HeapArgs:    sidecar.NodeHeap,
	}
}

// New returns the engine.
func New(dir string, pool int) *sidecar.Engine { return sidecar.New(Config(dir, pool)) }
