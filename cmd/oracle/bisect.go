package main

import (
	"context"
	"fmt"
	"os"
	"strings"
	"text/tabwriter"

	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/registry"
	"github.com/sparql-oracle/oracle/internal/regress"
)

// runBisect implements
//
//	oracle bisect -q query.rq [-d data | --dataset catalogue.json] --engine NAME
//	              [--class CLASS] [--format text|json] [--timeout D] [--base IRI]
//
// The case runs on every installed release of the engine (the pinned one
// and those installed beside it: registry.Releases, `jena@5.6.0`), each
// judged against the reference as `oracle diff` judges it; a release
// reproduces the divergence when it is judged wrong or fails where the
// judge answered (with --class, only that class counts). It prints a row
// per release and the line ("jena: present in 5.6.0, fixed in 6.2.0").
// Exit 0 when the last release does not reproduce it, 3 when it does, 4
// when the last release could not be judged, 1 on bad input, 2 on a
// usage error.
func runBisect(args []string) int {
	fs, f := caseCommand("bisect")
	engine := fs.String("engine", "", "the engine whose installed releases to run (required): "+strings.Join(registry.External(), ", "))
	class := fs.String("class", "", "count a release as reproducing only with this divergence `CLASS`")
	fs.Usage = usageOf(fs, "oracle bisect -q query.rq [-d data | --dataset catalogue.json] --engine NAME [--class CLASS] [--format text|json]")
	f.format = "text"
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if f.format == "text" {
		f.format = "table" // caseFlags checks its own formats
	}
	if err := f.check(fs.Args()); err != nil || *engine == "" {
		fmt.Fprintln(os.Stderr, "oracle bisect:", bisectUsage(err))
		return exitUsageError
	}
	return bisect(f, *engine, diff.Class(*class))
}

func bisectUsage(err error) string {
	if err != nil {
		return err.Error()
	}
	return "--engine NAME is required"
}

func bisect(f *caseFlags, engine string, class diff.Class) int {
	ctx := context.Background()
	c, err := f.readCase(ctx)
	if err != nil {
		fmt.Fprintln(os.Stderr, "oracle bisect:", err)
		return 1
	}
	vs, err := regress.Bisect(ctx, c, engine, class, f.timeout)
	if err != nil {
		fmt.Fprintln(os.Stderr, "oracle bisect:", err)
		return 1
	}
	line := regress.BisectLine(engine, vs)
	if f.format == "json" {
		printJSON(os.Stdout, struct {
			Engine   string                   `json:"engine"`
			Line     string                   `json:"line"`
			Releases []regress.ReleaseVerdict `json:"releases"`
		}{engine, line, vs})
	} else {
		printBisect(vs, line)
	}
	return bisectStatus(vs)
}

// readCase reads the query and the dataset as `oracle diff` does (the
// data parsed in a child process), without building any engine.
func (f *caseFlags) readCase(ctx context.Context) (*oracle.Case, error) {
	q, err := readInput(f.query)
	if err != nil {
		return nil, err
	}
	c := &oracle.Case{Name: f.query, Query: string(q), Base: f.base, Dataset: rdf.NewDataset()}
	return c, f.loadData(ctx, c)
}

func printBisect(vs []regress.ReleaseVerdict, line string) {
	tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ENGINE\tVERSION\tOUTCOME\tCLASSES\tREPRODUCES")
	for _, v := range vs {
		repro := fmt.Sprint(v.Present)
		if v.Unjudged {
			repro = "not judged"
		}
		var cls []string
		for _, c := range v.Classes {
			cls = append(cls, string(c))
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", v.Release.Name, v.Version, v.Outcome, strings.Join(cls, ","), repro)
	}
	tw.Flush()
	fmt.Println(line)
}

// bisectStatus is the exit status by the newest release's verdict.
func bisectStatus(vs []regress.ReleaseVerdict) int {
	if len(vs) == 0 {
		return 4
	}
	last := vs[len(vs)-1]
	switch {
	case last.Unjudged:
		return 4
	case last.Present:
		return 3
	}
	return 0
}
