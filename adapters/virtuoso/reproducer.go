package virtuoso

import (
	"strings"

	"github.com/sparql-oracle/oracle/internal/oracle"
)

// reproGraph holds the default graph: Virtuoso has no default graph of its
// own (a query's default is the union of every graph), so the data's
// default graph is loaded into this graph and named as the query's default
// graph, each named graph as a named graph (as the adapter does).
const reproGraph = "urn:sparql-oracle:repro:default"

// Reproduce is Virtuoso's own reproducer (oracle.Reproducer).
func (e *Engine) Reproduce(c oracle.NativeCase) (oracle.Native, bool) {
	return Reproduce(c), true
}

// Reproduce: isql-vt against a running server (Debian's service: SQL port
// 1111, user dba). TTLP flag 512 reads N-Quads (the bulk loader's flags for
// .nq files); the file must lie in a folder of DirsAllowed. isql prints
// SELECT as results JSON, ASK and graphs as N-Triples (its JSON writer has
// no booleans, its TSV drops datatypes); errors go to stderr, exit status 0.
func Reproduce(c oracle.NativeCase) oracle.Native {
	named := c.Graphs()
	graphs := append([]string{reproGraph}, named...)
	if len(named) == 0 {
		named = []string{reproGraph + ":none"} // else GRAPH ?g ranges over every graph held
	}
	lines := []string{"# with the server running and this folder in DirsAllowed (virtuoso.ini)",
		"isql-vt 1111 dba dba VERBOSE=OFF BANNER=OFF PROMPT=OFF ECHO=OFF BLOBS=ON <<EOF"}
	for _, g := range graphs {
		lines = append(lines, "SPARQL CLEAR GRAPH <"+g+">;")
	}
	lines = append(lines, "DB.DBA.TTLP(file_to_string_output('$PWD/data.nq'), '', '"+reproGraph+"', 255 + 512);")
	format := "NT"
	if c.Form() == "SELECT" {
		format = "JSON"
	}
	define := "SPARQL DEFINE output:format \"" + format + "\" DEFINE input:default-graph-uri <" + reproGraph + ">"
	for _, g := range named {
		define += " DEFINE input:named-graph-uri <" + g + ">"
	}
	if c.Base != "" {
		define += " BASE <" + c.Base + ">"
	}
	lines = append(lines, define, "$(cat query.rq)", ";", "EOF")
	return oracle.Native{Install: "sudo apt-get install virtuoso-opensource=7.2.5.1+dfsg1-0.3", Run: strings.Join(lines, "\n")}
}
