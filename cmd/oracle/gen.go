package main

import (
	"bufio"
	"fmt"
	"io"
	"os"

	"github.com/sparql-oracle/oracle/internal/corpus"
)

// runGen implements
//
//	oracle gen [--seed S] [--count N] [--profile NAME|FILE.json]
//
// Each case prints as a "#### case gen/PROFILE/SEED" line, a "### query"
// line and the query, a "### data" line and the data as N-Quads; an update
// profile's case (corpus/profiles/update-*.json) prints "### update" and
// the request instead of the query (printGenUpdate). Exit 2 on a usage
// error.
func runGen(args []string) int { return genMain(args, os.Stdout, os.Stderr) }

func genMain(args []string, stdout, stderr io.Writer) int {
	fs, g := genCommand("gen", stderr)
	count := fs.Int("count", 1, "number of cases")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	p, err := corpus.ProfileByName(g.profile)
	if err != nil {
		fmt.Fprintln(stderr, "oracle gen:", err)
		return 1 // bad input: a profile that is not there or does not load
	}
	w := bufio.NewWriter(stdout)
	defer w.Flush()
	for i := 0; i < *count; i++ {
		if p.IsUpdate() {
			printGenUpdate(w, corpus.GenerateUpdate(g.seed+int64(i), p))
			continue
		}
		c := corpus.Generate(g.seed+int64(i), p)
		fmt.Fprintf(w, "#### case %s\n### query\n%s### data\n%s", c.Name(), c.Query, c.NQuads())
	}
	return 0
}

// printGenUpdate prints an update profile's case: the request after
// "### update", the store before it as N-Quads after "### data", and the
// named graphs that exist empty in that store (N-Quads cannot hold them),
// one "# empty graph <iri>" line each.
func printGenUpdate(w io.Writer, c *corpus.GenUpdate) {
	fmt.Fprintf(w, "#### case %s\n### update\n%s### data\n%s", c.Name(), c.Request, c.NQuads())
	for _, g := range c.Empty {
		fmt.Fprintf(w, "# empty graph <%s>\n", g.Value)
	}
}
