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
	ctx := "{ sources: [new N3.Store(quads)], lenient: false"
	if c.Base != "" {
		ctx += ", baseIRI: " + oracle.JSString(c.Base)
	}
	return oracle.Native{Install: "npm install @comunica/query-sparql-rdfjs@5.4.1 n3@2.13.12", Run: oracle.Heredoc("node -",
		"const fs = require('fs'), N3 = require('n3');",
		"const { QueryEngine } = require('@comunica/query-sparql-rdfjs');",
		"const quads = new N3.Parser({ format: 'application/n-quads' }).parse(fs.readFileSync('data.nq', 'utf8'));",
		"const engine = new QueryEngine();",
		"engine.query(fs.readFileSync('query.rq', 'utf8'), "+ctx+" })",
		"  .then((answer) => engine.resultToString(answer, "+oracle.JSString(format)+"))",
		"  .then(({ data }) => data.pipe(process.stdout));")}
}

// reproduceUpdate applies update.ru with queryVoid to an N3.js store holding
// data.nq, Comunica's only source and so its destination (sidecar.js), and
// prints the store after it as N-Quads; a failing request prints the store
// it left, then fails with the error.
func reproduceUpdate(c oracle.NativeCase) oracle.Native {
	ctx := "{ sources: [store], lenient: false"
	if c.Base != "" {
		ctx += ", baseIRI: " + oracle.JSString(c.Base)
	}
	return oracle.Native{Install: "npm install @comunica/query-sparql-rdfjs@5.4.1 n3@2.13.12", Run: oracle.Heredoc("node -",
		"const fs = require('fs'), N3 = require('n3');",
		"const { QueryEngine } = require('@comunica/query-sparql-rdfjs');",
		"const store = new N3.Store(new N3.Parser({ format: 'application/n-quads' }).parse(fs.readFileSync('data.nq', 'utf8')));",
		"const dump = () => process.stdout.write(new N3.Writer({ format: 'application/n-quads' }).quadsToString(store.getQuads()));",
		"new QueryEngine().queryVoid(fs.readFileSync('update.ru', 'utf8'), "+ctx+" })",
		"  .then(dump, (err) => { dump(); console.error(err.message); process.exitCode = 1; });")}
}
