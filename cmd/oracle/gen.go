package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/sparql-oracle/oracle/internal/corpus"
)

func init() {
	commands["gen"] = command{runGen, "print generated cases (query, then data as N-Quads)"}
}

// runGen implements
//
//	oracle gen [--seed S] [--count N] [--profile NAME|FILE.json]
//
// Each case prints as a "#### case gen/PROFILE/SEED" line, a "### query"
// line and the query, a "### data" line and the data as N-Quads. Exit 2 on
// a usage error.
func runGen(args []string) int { return genMain(args, os.Stdout, os.Stderr) }

func genMain(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("gen", flag.ContinueOnError)
	fs.SetOutput(stderr)
	seed := fs.Int64("seed", 1, "seed of the first case; case i uses seed+i")
	count := fs.Int("count", 1, "number of cases")
	profile := fs.String("profile", "default", "generator profile: default, nondet, large, or a JSON `file`")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	p, err := corpus.ProfileByName(*profile)
	if err != nil {
		fmt.Fprintln(stderr, "oracle gen:", err)
		return 2
	}
	w := bufio.NewWriter(stdout)
	defer w.Flush()
	for i := 0; i < *count; i++ {
		c := corpus.Generate(*seed+int64(i), p)
		fmt.Fprintf(w, "#### case %s\n### query\n%s### data\n%s", c.Name(), c.Query, c.NQuads())
	}
	return 0
}
