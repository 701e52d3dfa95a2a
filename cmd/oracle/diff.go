package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"time"

	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/pipeline"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/reduce"
	"github.com/sparql-oracle/oracle/internal/registry"
	"github.com/sparql-oracle/oracle/internal/report"
	"github.com/sparql-oracle/oracle/internal/triage"
)

// Exit statuses of diff (reduce and serve share 0, 1 and 3). README.md,
// "Using it", documents them.
const (
	exitOK        = 0 // diff: every requested engine judged correct; reduce: nothing to reduce
	exitUsage     = 1 // bad input rejected before any engine runs (reduce, serve: any usage error)
	exitArgs      = 2 // diff: bad flags or arguments
	exitDiverges  = 3 // some engine wrong (an engine bug, or the fast engine: internal bug)
	exitUnjudged  = 4 // diff: nothing, or not everything, could be judged
	maxInputBytes = 64 << 20
)

// caseFlags are the flags of the commands that read a case (diff, bisect,
// reduce).
type caseFlags struct {
	leftOut                                     string // the default set's engines left out (buildEngines), for the notes
	query, data, dataset, base, engines, format string
	timeout                                     time.Duration
	// emptyDataset asks for the empty dataset on purpose: without it a
	// case with neither -d nor --dataset is a usage error, not a silent
	// judgement over nothing.
	emptyDataset bool
}

// caseCommand is the flag set of a command that reads a case, with
// caseFlags.
func caseCommand(name string) (*flag.FlagSet, *caseFlags) {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	f := &caseFlags{}
	fs.StringVar(&f.query, "q", "", "the query `FILE` (SPARQL)")
	fs.StringVar(&f.data, "d", "", "the data `FILE` (format from its extension: .ttl .nt .nq .rdf ...)")
	fs.StringVar(&f.dataset, "dataset", "", "a JSON dataset catalogue `FILE` (default, named graphs, sources)")
	fs.StringVar(&f.base, "base", "", "base `IRI` for the query and the data")
	fs.StringVar(&f.engines, "engines", "", "comma-separated external engines to run besides reference and engine (default: every installed adapter)")
	fs.StringVar(&f.format, "format", "table", "output: md, json or table")
	fs.DurationVar(&f.timeout, "timeout", 30*time.Second, "deadline per engine and query")
	fs.BoolVar(&f.emptyDataset, "empty-dataset", false, "run over an empty dataset (instead of -d or --dataset)")
	return fs, f
}

// runDiff implements
//
//	oracle diff -q query.rq [-d data.ttl | --dataset catalogue.json] [--engines a,b,...]
//	            [--format md|json|table] [--reduce] [--timeout D] [--base IRI] [--memory-budget SIZE]
//	oracle diff -u update.ru [-d data.trig|data.nq | --dataset catalogue.json] [--engines ...] [--format md|json|table] [--reduce]
//
// It exits 0 when every requested engine is judged correct, 3 when one
// diverges, 4 when the case is unjudged (the judge runs out of budget or
// time, the dataset clause names a graph the catalogue does not hold, or
// some engine timed out, was unavailable or lacks the feature), 1 on bad
// input rejected before any engine runs (a file that cannot be read, data
// that does not parse, a query the judge rejects: its syntax or a static
// rule of SPARQL 1.1, with line and column; an unknown engine), 2 on bad
// flags or arguments.
func runDiff(args []string) int {
	fs, cf := caseCommand("diff")
	addMemoryBudget(fs)
	doReduce := fs.Bool("reduce", false, "reduce every divergence and report the minimal cases")
	maxCalls := fs.Int("max-calls", 1000, "oracle calls per reduction")
	maxTime := fs.Duration("max-time", 2*time.Minute, "wall time per reduction")
	fileContested := fs.Bool("file-contested", false, "write divergences resting on a contested reading of the spec up as engine bugs (default: as spec questions)")
	update := fs.String("u", "", "an update request `FILE` (SPARQL 1.1 Update) instead of -q: the engines' stores after it are judged (diff_update.go)")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if *update != "" {
		lim := reduce.Limits{MaxCalls: *maxCalls, MaxTime: *maxTime, Deadline: cf.timeout}
		return diffUpdate(cf, *update, fs.Args(), updateOptions{reduce: *doReduce, limits: lim})
	}
	if err := cf.check(fs.Args()); err != nil {
		return usageFail(os.Stderr, fs, "%v", err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	c, engines, err := cf.load(ctx, fs.Args())
	if err != nil {
		return usageError("diff", err)
	}
	defer closeEngines(engines)
	if _, err := c.Info(); err != nil {
		// The judge rejects the query (its syntax, or a static rule of
		// SPARQL 1.1 such as a BIND variable already in scope): bad input,
		// refused before any engine runs, as POST /v1/diff refuses it
		// (400, with line and column).
		return usageError("diff", queryError(c, err))
	}
	stopProgress := watchClock(ctx, "oracle diff: judging"+map[bool]string{true: " and reducing"}[*doReduce], "")
	r, bugs := pipeline.Run(ctx, c, engines, pipeline.Options{Deadline: cf.timeout, Reduce: *doReduce,
		Limits: reduce.Limits{MaxCalls: *maxCalls, MaxTime: *maxTime, Deadline: cf.timeout}})
	stopProgress()
	bugs = report.WithQuestions(r, bugs, *fileContested, engines...)
	if note := cf.leftOut; note != "" {
		r.Notes = append(r.Notes, note)
	}
	if err := render(os.Stdout, cf.format, r, bugs); err != nil {
		return usageError("diff", err)
	}
	return kindExit(r.Kind)
}

// kindExit is the exit status of a run of either kind: "all-correct" only
// when every requested engine was judged correct; an oracle-suspect case
// judges no external engine.
func kindExit(k triage.Kind) int {
	switch k {
	case triage.KindAllCorrect:
		return exitOK
	case triage.KindEngineBug, triage.KindInternalBug:
		return exitDiverges
	}
	return exitUnjudged
}

func render(w io.Writer, format string, r *triage.Report, bugs []report.Bug) error {
	switch format {
	case "json":
		return report.NewJSON(r, bugs).WriteJSON(w)
	case "md", "markdown":
		// The notes (the engines left out among them) follow the report.
		defer writeNotes(w, r.Notes)
		if len(bugs) == 0 && r.Reason != "" { // unjudged: say why
			_, err := fmt.Fprintf(w, "No divergence: %s (%s).\n", r.Kind, r.Reason)
			return err
		}
		if len(bugs) == 0 && r.JudgedBy != "" { // the large-case judge: say who judged
			_, err := fmt.Fprintf(w, "No divergence: %s (%s).\n", r.Kind, r.JudgedBy)
			return err
		}
		if len(bugs) == 0 {
			_, err := fmt.Fprintf(w, "No divergence: %s.\n", r.Kind)
			return err
		}
		return report.WriteMarkdown(w, bugs)
	case "table":
		return report.WriteTable(w, r, bugs...) // the verdicts, then every engine's report
	}
	return fmt.Errorf("--format %q: want md, json or table", format)
}

// load reads the query and the dataset (untrusted RDF is parsed in a child
// process, rdf.LoadIsolated) and builds the engines.
func (f *caseFlags) load(ctx context.Context, rest []string) (*oracle.Case, []oracle.Engine, error) {
	if err := f.check(rest); err != nil {
		return nil, nil, err
	}
	q, err := readInput(f.query)
	if err != nil {
		return nil, nil, err
	}
	// The case is made here: its query is parsed once, every stage after
	// reads that tree (oracle.Case.Prepare).
	c := (&oracle.Case{Name: f.query, Query: string(q), Base: f.base, Dataset: rdf.NewDataset()}).Prepare()
	if err := f.loadData(ctx, c); err != nil {
		return nil, nil, err
	}
	engines, note, err := buildEngines(f.engines)
	f.leftOut = note
	return c, engines, err
}

// check refuses flags and arguments that cannot make a case (a usage
// error, before any file is read).
func (f *caseFlags) check(rest []string) error {
	switch {
	case len(rest) > 0:
		return fmt.Errorf("unexpected arguments %q", rest)
	case f.query == "":
		return errors.New("-q query.rq is required")
	}
	if err := f.checkData(); err != nil {
		return err
	}
	switch {
	case f.format != "md" && f.format != "markdown" && f.format != "json" && f.format != "table":
		return fmt.Errorf("--format %q: want md, json or table", f.format)
	}
	return nil
}

// checkData asks for exactly one of -d, --dataset and --empty-dataset.
func (f *caseFlags) checkData() error {
	n := 0
	for _, given := range []bool{f.data != "", f.dataset != "", f.emptyDataset} {
		if given {
			n++
		}
	}
	switch {
	case n == 0:
		return errors.New("no data: give -d DATA or --dataset CATALOGUE.json (or --empty-dataset to judge over an empty dataset)")
	case n > 1:
		return errors.New("give one of -d, --dataset and --empty-dataset")
	}
	return nil
}

// queryError says why the judge refused the query; a text that is an
// update request was given to -q where -u takes it.
func queryError(c *oracle.Case, err error) error {
	if _, uerr := algebra.ParseUpdate(c.Query, c.Base); uerr == nil {
		return fmt.Errorf("%s is a SPARQL Update request, not a query: give it with -u %s", c.Name, c.Name)
	}
	return fmt.Errorf("the query is not SPARQL 1.1: %w", err)
}

// loadData fills a query case's dataset from -d or --dataset.
func (f *caseFlags) loadData(ctx context.Context, c *oracle.Case) error {
	return f.loadCase(ctx, c, false)
}

// loadCase fills c's dataset from -d or --dataset (a catalogue, with the
// sources LOAD may read), for both kinds: an update request's store is the
// dataset of a case without a query. A store's file must name its format
// (update): guessed as Turtle, a TriG store would lose its named graphs.
func (f *caseFlags) loadCase(ctx context.Context, c *oracle.Case, update bool) error {
	limits := rdf.Limits{MaxBytes: maxInputBytes}
	switch {
	case f.data != "":
		data, err := readInput(f.data)
		if err != nil {
			return err
		}
		if update && rdf.FormatFromName(f.data) == rdf.FormatUnknown {
			return fmt.Errorf("%s: unknown RDF format (want .trig, .nq, .ttl, .nt or .rdf)", f.data)
		}
		quads, err := rdf.LoadIsolated(ctx, data, rdf.FormatFromName(f.data), f.base, f.data, limits)
		if err != nil {
			return err
		}
		for _, q := range quads {
			c.Dataset.Add(q)
		}
	case f.dataset != "":
		data, err := readInput(f.dataset)
		if err != nil {
			return err
		}
		dc, err := pipeline.CatalogueCase(ctx, c.Name, c.Query, c.Base, data, limits)
		if err != nil {
			return err
		}
		*c = *dc
	}
	return nil
}

func readInput(path string) ([]byte, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if st.Size() > maxInputBytes {
		return nil, fmt.Errorf("%s: %d bytes exceeds the limit of %d", path, st.Size(), maxInputBytes)
	}
	return os.ReadFile(path)
}

// buildEngines makes the named engines. The reference (the judge) and the
// fast engine (whose disagreement with it is an internal bug) always run,
// first; list chooses the external engines, or, when it names none, the
// default set, probed once (pipeline.Engines); the note names the default
// set's engines left out.
func buildEngines(list string) ([]oracle.Engine, string, error) {
	var requested []string
	for _, n := range strings.Split(list, ",") {
		if n = strings.TrimSpace(n); n != "" {
			requested = append(requested, n)
		}
	}
	names, note := pipeline.Engines(requested, defaultSet)
	var out []oracle.Engine
	for _, n := range names {
		e, err := registry.Shared(n) // the one instance the sweep runner uses too
		if err != nil {
			closeEngines(out)
			return nil, "", err
		}
		out = append(out, e)
	}
	return out, note, nil
}

// writeNotes ends a Markdown report with the run's notes.
func writeNotes(w io.Writer, notes []string) {
	for _, n := range notes {
		fmt.Fprintf(w, "\nNote: %s\n", n)
	}
}

func closeEngines(es []oracle.Engine) {
	for _, e := range es {
		registry.Close(e) // virtuoso's Close returns an error; registry.Close handles both
	}
}

func usageError(cmd string, err error) int {
	fmt.Fprintf(os.Stderr, "oracle %s: %v\n", cmd, err)
	return exitUsage
}
