package oxigraph

import (
	"github.com/sparql-oracle/oracle/adapters/sidecar"
	"github.com/sparql-oracle/oracle/internal/oracle"
)

func init() { sidecar.SetReproducer(Name, Reproduce) }

// Reproduce is Oxigraph's own reproducer (oracle.Reproducer): the npm
// package (the WASM build), as sidecar.js loads it: Store.load of the
// N-Quads text, Store.query with results_format.
func Reproduce(c oracle.NativeCase) oracle.Native { return reproduce(c, "0.5.11") }

// ReleaseReproducer is the reproducer of npm oxigraph at another release
// than the pinned one (the engine oxigraph@<release>, installed beside it):
// the same script, that release installed.
func ReleaseReproducer(release string) func(oracle.NativeCase) oracle.Native {
	return func(c oracle.NativeCase) oracle.Native { return reproduce(c, release) }
}

func reproduce(c oracle.NativeCase, version string) oracle.Native {
	if c.Update {
		return reproduceUpdate(c, version)
	}
	format := map[string]string{"SELECT": "text/tab-separated-values", "ASK": "application/sparql-results+json"}[c.Form()]
	if c.GraphForm() {
		format = "application/n-triples"
	}
	opts := "{ results_format: " + oracle.JSString(format)
	if c.Base != "" {
		opts += ", base_iri: " + oracle.JSString(c.Base)
	}
	return oracle.Native{Install: "npm install oxigraph@" + version, Run: oracle.Heredoc("node -",
		"const fs = require('fs'), oxigraph = require('oxigraph');",
		"const store = new oxigraph.Store();",
		"store.load(fs.readFileSync('data.nq', 'utf8'), { format: 'application/n-quads' });",
		"const answer = store.query(fs.readFileSync('query.rq', 'utf8'), "+opts+" });",
		"process.stdout.write(answer);")}
}

// reproduceUpdate applies update.ru with Store.update to a store holding
// data.nq, as sidecar.js does, and prints the store after it as N-Quads; a
// failing request prints the store it left, then fails with the error.
func reproduceUpdate(c oracle.NativeCase, version string) oracle.Native {
	opts := "{}"
	if c.Base != "" {
		opts = "{ base_iri: " + oracle.JSString(c.Base) + " }"
	}
	return oracle.Native{Install: "npm install oxigraph@" + version, Run: oracle.Heredoc("node -",
		"const fs = require('fs'), oxigraph = require('oxigraph');",
		"const store = new oxigraph.Store();",
		"store.load(fs.readFileSync('data.nq', 'utf8'), { format: 'application/n-quads' });",
		"try {",
		"  store.update(fs.readFileSync('update.ru', 'utf8'), "+opts+");",
		"} finally {",
		"  process.stdout.write(store.dump({ format: 'application/n-quads' }));",
		"}")}
}
