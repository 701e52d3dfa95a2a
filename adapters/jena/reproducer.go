package jena

import (
	"github.com/sparql-oracle/oracle/adapters/sidecar"
	"github.com/sparql-oracle/oracle/internal/oracle"
)

func init() { sidecar.SetReproducer(Name, Reproduce) }

// Reproduce is Jena's own reproducer (oracle.Reproducer): the apache-jena
// distribution's `sparql` (arq.sparql, from jena-cmds): --data reads
// N-Quads into an in-memory dataset, named graphs as named graphs, no union
// default graph, as the sidecar does with jena-arq.
func Reproduce(c oracle.NativeCase) oracle.Native {
	format := map[string]string{"SELECT": "TSV", "ASK": "JSON"}[c.Form()]
	if c.GraphForm() {
		format = "NT"
	}
	run := "apache-jena-5.6.0/bin/sparql --data=data.nq --query=query.rq --results=" + format
	if c.Base != "" {
		run += " --base=" + oracle.ShellQuote(c.Base)
	}
	return oracle.Native{Install: "curl -sSL https://archive.apache.org/dist/jena/binaries/apache-jena-5.6.0.tar.gz | tar xz", Run: run}
}
