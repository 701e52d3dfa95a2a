package main

import (
	"os"

	"github.com/sparql-oracle/oracle/internal/rdf"
)

// runLoad is `oracle load [-format F] [-base IRI] [-name NAME] [-max-quads N]`:
// it parses one RDF document from stdin and writes canonical N-Quads to
// stdout. rdf.LoadIsolated runs it as a child process so that a crash in the
// third-party RDF parser cannot take the service down. main dispatches
// os.Args[2:] here for the "load" subcommand.
func runLoad(args []string) int {
	return rdf.RunLoad(args, os.Stdin, os.Stdout, os.Stderr)
}
