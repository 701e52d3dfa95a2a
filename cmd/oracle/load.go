package main

import (
	"fmt"
	"os"

	"github.com/sparql-oracle/oracle/internal/rdf"
)

// runLoad is `oracle load [-format F] [-base IRI] [-name NAME] [-max-quads N]`:
// it parses one RDF document from stdin and writes canonical N-Quads to
// stdout. rdf.LoadIsolated runs it as child processes so that a crash in
// the third-party RDF parser cannot take the service down: persistent
// workers, `load -worker`, that read framed requests on stdin until EOF
// (see rdf.RunLoad). main dispatches os.Args[2:] here for the "load"
// subcommand.
func runLoad(args []string) int {
	if wantsHelp(args) { // internal/rdf's flag set is not ours to describe
		fmt.Println("usage: " + synopses["load"])
		return 0
	}
	return rdf.RunLoad(args, os.Stdin, os.Stdout, os.Stderr)
}

// closeLoaders kills and reaps rdf.LoadIsolated's loader workers; serve
// calls it once the HTTP server has shut down.
func closeLoaders() { rdf.CloseLoaderPool() }

// startLoaders starts the loader workers in the background, so that the
// first requests with a Turtle dataset pay no process start.
func startLoaders() { rdf.StartLoaderPool() }
