package sparqlhttp

import (
	"strings"

	"github.com/sparql-oracle/oracle/internal/oracle"
)

// The live endpoints' reproducers are curl scripts against the server a
// maintainer starts: the data loaded as N-Quads through the Graph Store
// Protocol (default graph as the store's default graph, which both servers
// query by default, named graphs named), the query sent by the SPARQL 1.1
// Protocol, a base IRI as a BASE line (the Protocol has no base parameter,
// as the adapter does). SELECT answers as TSV, ASK as results JSON,
// graphs as N-Triples.

func oxigraphCurl(c oracle.NativeCase) oracle.Native {
	root := "http://127.0.0.1:7878"
	serve := "oxigraph serve --bind 127.0.0.1:7878 &"
	run := curlScript(c, serve, root+"/query", root+"/store")
	if c.Update {
		run = curlUpdateScript(c, serve, root+"/query", root+"/store", root+"/update", root+"/store")
	}
	return oracle.Native{Install: "python3 -m pip install oxigraph==" + OxigraphServerPinned, Run: run}
}

func fusekiCurl(c oracle.NativeCase) oracle.Native {
	root := "http://127.0.0.1:3030"
	jar := "jena-fuseki-server-" + FusekiVersion + ".jar"
	serve := "java -jar " + jar + " --mem --update --localhost --port 3030 /ds &"
	run := curlScript(c, serve, root+"/ds/query", root+"/ds/data")
	if c.Update {
		run = curlUpdateScript(c, serve, root+"/ds/query", root+"/ds/data", root+"/ds/update", root+"/ds")
	}
	return oracle.Native{
		Install: "mvn -q dependency:copy -Dartifact=org.apache.jena:jena-fuseki-server:" + FusekiVersion + " -DoutputDirectory=.  # runs on Java 21 or newer",
		Run:     run,
	}
}

// curlScript starts the server, waits for it, loads data.nq, queries and
// stops the server.
func curlScript(c oracle.NativeCase, serve, query, store string) string {
	accept := map[string]string{"SELECT": "text/tab-separated-values", "ASK": "application/sparql-results+json"}[c.Form()]
	if c.GraphForm() {
		accept = "application/n-triples"
	}
	prefix, text := curlBase(c, "query.rq")
	return strings.Join([]string{
		serve + " server=$!",
		"until curl -sf -o /dev/null '" + query + "?query=ASK%7B%7D'; do sleep 0.2; done",
		"curl -sf -X POST -H 'Content-Type: application/n-quads' --data-binary @data.nq '" + store + "'",
		prefix + "curl -s -H 'Accept: " + accept + "' --data-urlencode query" + text + " '" + query + "'",
		"kill $server",
	}, "\n")
}

// curlUpdateScript starts the server, loads data.nq, sends update.ru by
// the SPARQL 1.1 Update protocol (application/sparql-update; a base IRI as
// a BASE line, as the adapter does), prints the whole store as N-Quads by
// a Graph Store GET of dump (the dataset), stops the server, and fails
// when the update did (its error body on stderr). Only the store goes to
// stdout: the server's log and the other answers go to stderr or nowhere.
func curlUpdateScript(c oracle.NativeCase, serve, query, store, update, dump string) string {
	prefix, body := curlBase(c, "update.ru")
	return strings.Join([]string{
		strings.TrimSuffix(serve, " &") + " >&2 & server=$!",
		"until curl -sf -o /dev/null '" + query + "?query=ASK%7B%7D'; do sleep 0.2; done",
		"curl -sf -o /dev/null -X POST -H 'Content-Type: application/n-quads' --data-binary @data.nq '" + store + "'",
		prefix + "curl -sS --fail-with-body -X POST -H 'Content-Type: application/sparql-update' --data-binary " + body + " '" + update + "' >&2; status=$?",
		"curl -sf -H 'Accept: application/n-quads' '" + dump + "'",
		"kill $server",
		"exit $status",
	}, "\n")
}

// curlBase is how curl reads the text in file: "@file", or, when the case
// has a base IRI, "@-" after a pipe that writes a BASE line before it (the
// Protocol has no base parameter; the adapter sends the same line).
func curlBase(c oracle.NativeCase, file string) (pipe, from string) {
	if c.Base == "" {
		return "", "@" + file
	}
	return "{ printf 'BASE <%s>\\n' " + oracle.ShellQuote(c.Base) + "; cat " + file + "; } | ", "@-"
}
