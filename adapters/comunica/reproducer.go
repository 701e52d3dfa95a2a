package comunica

import (
	"github.com/sparql-oracle/oracle/adapters/sidecar"
	"github.com/sparql-oracle/oracle/internal/oracle"
)

func init() { sidecar.SetReproducer(Name, Reproduce) }

// Reproduce is Comunica's own reproducer (oracle.Reproducer): Comunica over
// an N3.js store holding the N-Quads, as sidecar.js does (quads in the
// default graph form the default graph).
func Reproduce(c oracle.NativeCase) oracle.Native {
	if c.Update {
		return reproduceUpdate(c)
	}
	format := map[string]string{"SELECT": "text/tab-separated-values", "ASK": "application/sparql-results+json"}[c.Form()]
	if c.GraphForm() {
		format = "application/n-triples"
	}
	return native(
		"const quads = new N3.Parser({ format: 'application/n-quads' }).parse(fs.readFileSync('data.nq', 'utf8'));",
		"const engine = new QueryEngine();",
		"engine.query(fs.readFileSync('query.rq', 'utf8'), "+queryContext("new N3.Store(quads)", c.Base)+")",
		"  .then((answer) => engine.resultToString(answer, "+oracle.JSString(format)+"))",
		"  .then(({ data }) => data.pipe(process.stdout));")
}

// reproduceUpdate applies update.ru with queryVoid to an N3.js store holding
// data.nq, Comunica's only source and so its destination (sidecar.js), and
// prints the store after it as N-Quads; a failing request prints the store
// it left, then fails with the error.
func reproduceUpdate(c oracle.NativeCase) oracle.Native {
	return native(
		"const store = new N3.Store(new N3.Parser({ format: 'application/n-quads' }).parse(fs.readFileSync('data.nq', 'utf8')));",
		"const dump = () => process.stdout.write(new N3.Writer({ format: 'application/n-quads' }).quadsToString(store.getQuads()));",
		"new QueryEngine().queryVoid(fs.readFileSync('update.ru', 'utf8'), "+queryContext("store", c.Base)+")",
		"  .then(dump, (err) => { dump(); console.error(err.message); process.exitCode = 1; });")
}

// native is a Node script run on the pinned Comunica and N3.js (those of
// package-lock.json), after the lines that load both.
func native(lines ...string) oracle.Native {
	return oracle.Native{Install: "npm install @comunica/query-sparql-rdfjs@5.4.1 n3@2.13.12", Run: oracle.Heredoc("node -",
		append([]string{"const fs = require('fs'), N3 = require('n3');",
			"const { QueryEngine } = require('@comunica/query-sparql-rdfjs');"}, lines...)...)}
}

// queryContext is Comunica's query context as sidecar.js gives it: the store as
// the only source, strict parsing, the case's base IRI when it has one.
func queryContext(store, base string) string {
	ctx := "{ sources: [" + store + "], lenient: false"
	if base != "" {
		ctx += ", baseIRI: " + oracle.JSString(base)
	}
	return ctx + " }"
}
