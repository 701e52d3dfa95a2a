package jena

import (
	"github.com/sparql-oracle/oracle/adapters/sidecar"
	"github.com/sparql-oracle/oracle/internal/oracle"
)

func init() { sidecar.SetReproducer(Name, Reproduce) }

// Reproduce is Jena's own reproducer (oracle.Reproducer) for the pinned
// release.
func Reproduce(c oracle.NativeCase) oracle.Native { return reproducer(Version)(c) }

// reproducer is the reproducer of one release: the apache-jena
// distribution's `sparql` (arq.sparql, from jena-cmds): --data reads
// N-Quads into an in-memory dataset, named graphs as named graphs, no union
// default graph, as the sidecar does with jena-arq. Jena 6 needs Java 21.
func reproducer(release string) func(oracle.NativeCase) oracle.Native {
	dist := "apache-jena-" + release
	return func(c oracle.NativeCase) oracle.Native {
		format := map[string]string{"SELECT": "TSV", "ASK": "JSON"}[c.Form()]
		if c.GraphForm() {
			format = "NT"
		}
		run := dist + "/bin/sparql --data=data.nq --query=query.rq --results=" + format
		if c.Base != "" {
			run += " --base=" + oracle.ShellQuote(c.Base)
		}
		return oracle.Native{Install: "curl -sSL https://archive.apache.org/dist/jena/binaries/" + dist + ".tar.gz | tar xz", Run: run}
	}
}
