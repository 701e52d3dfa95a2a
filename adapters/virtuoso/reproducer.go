package virtuoso

import (
	"sort"
	"strings"

	"github.com/sparql-oracle/oracle/adapters/sparqlhttp"
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
// The case's IRIs reach the shell only inside quoted heredocs and
// single-quoted words (oracle.Heredoc, oracle.ShellQuote): isql's input is
// assembled from them, the folder's path and query.rq by a command group.
func Reproduce(c oracle.NativeCase) oracle.Native {
	if c.Update {
		return reproduceUpdate(c)
	}
	named := c.Graphs()
	graphs := append([]string{reproGraph}, named...)
	if len(named) == 0 {
		named = []string{reproGraph + ":none"} // else GRAPH ?g ranges over every graph held
	}
	var clear []string
	for _, g := range graphs {
		clear = append(clear, "SPARQL CLEAR GRAPH <"+g+">;")
	}
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
	lines := []string{"# with the server running and this folder in DirsAllowed (virtuoso.ini)",
		"{ " + oracle.Heredoc("cat", clear...), ttlp, oracle.Heredoc("cat", define),
		"cat query.rq; printf '\\n;\\n'; } | " + isql}
	return oracle.Native{Install: install, Run: strings.Join(lines, "\n")}
}

const (
	install = "sudo apt-get install virtuoso-opensource=7.2.5.1+dfsg1-0.3"
	isql    = "isql-vt 1111 dba dba VERBOSE=OFF BANNER=OFF PROMPT=OFF ECHO=OFF BLOBS=ON"
	// ttlp loads data.nq into reproGraph, its named graphs under their
	// IRIs; the folder's path is a SQL string (a quote doubled).
	ttlp = `printf "DB.DBA.TTLP(file_to_string_output('%s/data.nq'), '', '` + reproGraph + `', 255 + 512);\n" "$(pwd | sed "s/'/''/g")"`
)

// reproduceUpdate applies update.ru as the adapter does (update.go): the
// data's default graph in reproGraph and its named graphs under their
// IRIs (isql, TTLP), each created (CREATE SILENT GRAPH), the request sent
// over HTTP to /sparql-auth (the service's port 8890, dba by digest) with
// reproGraph as input:default-graph-uri and, as input:named-graph-uri,
// the data's graphs and every IRI of the request; then every one of those
// graphs is printed as N-Quads (CONSTRUCT as N-Triples, the graph name
// added by sed; reproGraph's triples as the default graph). The command
// fails when the request did (its error on stderr).
func reproduceUpdate(c oracle.NativeCase) oracle.Native {
	graphs := graphsOf(c)
	var drop, create []string
	for _, g := range append([]string{reproGraph}, graphs...) {
		drop = append(drop, "SPARQL DROP SILENT GRAPH <"+g+">;")
	}
	for _, g := range append([]string{reproGraph}, c.Graphs()...) {
		create = append(create, "SPARQL CREATE SILENT GRAPH <"+g+">;")
	}
	define := "DEFINE input:default-graph-uri <" + reproGraph + ">"
	for _, g := range graphs {
		define += " DEFINE input:named-graph-uri <" + g + ">"
	}
	if c.Base != "" {
		define += " BASE <" + c.Base + ">"
	}
	lines := []string{"# with the server running and this folder in DirsAllowed (virtuoso.ini)",
		"{ " + oracle.Heredoc("cat", drop...), ttlp, oracle.Heredoc("cat", create...), "} | " + isql + " >/dev/null",
		"# the request over HTTP, as the adapter sends it (each operation applied as it runs)",
		"{ printf '%s\\n' " + oracle.ShellQuote(define) + "; cat update.ru; } | curl -sS --fail-with-body --digest -u dba:dba --data-urlencode update@- http://127.0.0.1:8890/sparql-auth >&2; status=$?"}
	for _, g := range append([]string{reproGraph}, graphs...) {
		construct := "SPARQL DEFINE output:format \"NT\" CONSTRUCT { ?s ?p ?o } FROM <" + g + "> WHERE { ?s ?p ?o };"
		tail := "sed " + oracle.ShellQuote(`s| \.$| `+sedReplacement("<"+g+">")+` .|`)
		if g == reproGraph {
			tail = "cat"
		}
		lines = append(lines, "printf '%s\\n' "+oracle.ShellQuote(construct)+" | "+isql+" | grep ' \\.$' | "+tail)
	}
	lines = append(lines, "exit $status")
	return oracle.Native{Install: install, Run: strings.Join(lines, "\n")}
}

// sedReplacement escapes s for the replacement of a sed s||| command:
// \, & (the matched text) and the delimiter |.
func sedReplacement(s string) string {
	return strings.NewReplacer(`\`, `\\`, `&`, `\&`, `|`, `\|`, "\n", "\\\n").Replace(s)
}

// graphsOf lists the data's named graphs and every IRI of the request.
func graphsOf(c oracle.NativeCase) []string {
	seen := map[string]bool{}
	var out []string
	for _, g := range append(c.Graphs(), sparqlhttp.RequestIRIs(c.Query, c.Base)...) {
		if !seen[g] && !notIRIREF.MatchString(g) {
			seen[g] = true
			out = append(out, g)
		}
	}
	sort.Strings(out)
	return out
}
