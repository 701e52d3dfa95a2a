package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/sparql-oracle/oracle/internal/algebra"
)

// runParse implements
//
//	oracle parse [-base IRI] FILE.rq
//
// It parses and translates the query (§18.2) and prints the algebra in SSE
// on stdout, exit 0. A syntax error is printed on stderr as
// "FILE: line L, column C: message", exit 1; a usage or I/O error exits 2.
// FILE "-" reads stdin.
func runParse(args []string) int {
	return parseMain(args, os.Stdin, os.Stdout, os.Stderr)
}

func parseMain(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("parse", flag.ContinueOnError)
	fs.SetOutput(stderr)
	base := fs.String("base", "", "base `IRI` for relative IRIs (default: the file's file:// URL)")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if fs.NArg() != 1 {
		return usageFail(stderr, fs, "want one query file, got %q", fs.Args())
	}
	name := fs.Arg(0)
	src, err := readQuery(name, stdin)
	if err != nil {
		fmt.Fprintln(stderr, "oracle parse:", err)
		return 1
	}
	if *base == "" {
		*base = fileBase(name)
	}
	q, err := algebra.Parse(string(src), *base)
	if err != nil {
		fmt.Fprintf(stderr, "oracle parse: %s: %v\n", name, err)
		return 1
	}
	fmt.Fprintln(stdout, q.String())
	return 0
}

func readQuery(name string, stdin io.Reader) ([]byte, error) {
	if name == "-" {
		return io.ReadAll(stdin)
	}
	return os.ReadFile(name)
}

// fileBase is the file:// URL of a query file, the base a test runner uses.
func fileBase(name string) string {
	if name == "-" {
		return ""
	}
	abs, err := filepath.Abs(name)
	if err != nil {
		return ""
	}
	return "file://" + filepath.ToSlash(abs)
}
