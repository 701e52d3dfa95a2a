package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"

	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/pipeline"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/reduce"
	"github.com/sparql-oracle/oracle/internal/report"
	"github.com/sparql-oracle/oracle/internal/triage"
)

// diffUpdate implements `oracle diff -u update.ru [-d data | --dataset
// catalogue.json]`: the request is applied to the store the data describes
// (TriG or N-Quads for named graphs; Turtle, N-Triples, RDF/XML fill the
// default graph; a catalogue's sources are what LOAD may read) by the judge,
// the fast engine and every requested engine that applies updates, and
// each store after it is judged (triage.RunUpdate). Exit statuses as diff's:
// 0 all correct, 3 a wrong store, 4 unjudged, 1 bad input (unreadable
// files, data that does not parse, a request the judge rejects), 2 flags.
func diffUpdate(cf *caseFlags, file string, rest []string, opt updateOptions) int {
	switch {
	case len(rest) > 0:
		fmt.Fprintf(os.Stderr, "oracle diff: unexpected arguments %q\n", rest)
		return exitArgs
	case cf.query != "":
		fmt.Fprintln(os.Stderr, "oracle diff: give -q or -u, not both")
		return exitArgs
	case cf.checkData() != nil:
		fmt.Fprintln(os.Stderr, "oracle diff:", cf.checkData())
		return exitArgs
	case cf.format != "json" && cf.format != "table" && cf.format != "md" && cf.format != "markdown":
		fmt.Fprintf(os.Stderr, "oracle diff: --format %q: want md, json or table with -u\n", cf.format)
		return exitArgs
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	c, err := cf.updateCase(ctx, file)
	if err != nil {
		return usageError("diff", err)
	}
	engines, _, err := buildEngines(cf.engines)
	if err != nil {
		return usageError("diff", err)
	}
	defer closeEngines(engines)
	if opt.reduce || cf.format == "md" || cf.format == "markdown" {
		return reportUpdate(ctx, cf, c, engines, opt)
	}
	r, err := triage.RunUpdate(ctx, c, engines, cf.timeout)
	if err != nil {
		return usageError("diff", err)
	}
	if err := writeUpdateReport(cf.format, r); err != nil {
		return usageError("diff", err)
	}
	return updateExit(r)
}

// updateCase reads the request and its store (loadData).
func (f *caseFlags) updateCase(ctx context.Context, file string) (*oracle.Case, error) {
	src, err := readInput(file)
	if err != nil {
		return nil, err
	}
	c := &oracle.Case{Name: file, Base: f.base, Dataset: rdf.NewDataset()}
	if err := f.loadCase(ctx, c, true); err != nil {
		return nil, err
	}
	c.Update = string(src)
	if c.Update == "" {
		c.Update = "\n" // the empty request: an update case writes it as white space (oracle.Case)
	}
	return c.Prepare(), nil
}

func writeUpdateReport(format string, r *triage.UpdateReport) error {
	if format == "json" {
		return printJSON(os.Stdout, r)
	}
	_, err := fmt.Print(r.Table())
	return err
}

func updateExit(r *triage.UpdateReport) int { return kindExit(r.Kind) }

// updateOptions are diff's reduction flags as -u reads them.
type updateOptions struct {
	reduce bool
	limits reduce.Limits
}

// reportUpdate writes the run's divergences up (pipeline.RunUpdate): with
// --reduce each engine's divergence reduced against the judge alone to a
// verified 1-minimal request and store, each report with the engine's own
// reproducer; Markdown, or JSON with --format json.
func reportUpdate(ctx context.Context, cf *caseFlags, c *oracle.Case, engines []oracle.Engine, opt updateOptions) int {
	run, bugs, err := pipeline.RunUpdate(ctx, c, engines, pipeline.Options{Deadline: cf.timeout, Reduce: opt.reduce, Limits: opt.limits})
	if err != nil {
		return usageError("diff", err)
	}
	switch {
	case cf.format == "json":
		err = printJSON(os.Stdout, struct {
			Kind   triage.Kind  `json:"kind"`
			Reason string       `json:"reason,omitempty"`
			Bugs   []report.Bug `json:"bugs"`
			Notes  []string     `json:"notes,omitempty"`
		}{run.Kind, run.Reason, bugs, run.Notes})
	case len(bugs) == 0:
		_, err = fmt.Printf("No divergence: %s%s.\n", run.Kind, parenthesised(run.Reason))
	case cf.format == "table":
		for _, b := range bugs {
			fmt.Printf("%s  %s\n", b.ID, b.Title)
		}
	default:
		err = report.WriteMarkdown(os.Stdout, bugs)
	}
	if err != nil {
		return usageError("diff", err)
	}
	return kindExit(run.Kind)
}

func parenthesised(s string) string {
	if s == "" {
		return ""
	}
	return " (" + s + ")"
}
