package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"
	"time"

	"github.com/sparql-oracle/oracle/internal/corpus"
	"github.com/sparql-oracle/oracle/internal/registry"
	"github.com/sparql-oracle/oracle/internal/w3c"
)

// runW3C implements
//
//	oracle w3c [--engine NAME] [--junit FILE] [--earl FILE] [--baseline FILE]
//	           [--write-baseline FILE] [--timeout D] [--root DIR] [--run REGEXP]
//	           [--lacks F1,F2] [--workers N] [--suite all|query|update] [-v]
//	           [MANIFEST ...]
//
// Without MANIFEST arguments it runs the query manifests (w3c.DefaultManifests)
// and the Update suite (w3c.UpdateManifests); --suite narrows that to one.
// The counts of query tests and update tests are printed apart. An engine
// that applies no updates skips the update tests. --baseline may be given
// more than once (the files are merged); when the run includes the Update
// suite and one baseline X.tsv is given, X-update.tsv next to it (the
// engine's Update baseline, e.g. baselines/jena-update.tsv) is merged too.
//
// It prints the folder table on stdout, a progress bar on stderr when that
// is a terminal, and exits 1 when tests fail that no baseline accepts: with
// --baseline, when the run differs from it (a new failure, a changed
// class, an unexpected pass); without, when any test fails or errs (unless
// --write-baseline writes them down as the new baseline); 2 on a usage or
// I/O error.
func runW3C(args []string) int {
	fs := flag.NewFlagSet("w3c", flag.ContinueOnError)
	engineName := fs.String("engine", "reference", "engine to test: "+strings.Join(registry.Names(), ", "))
	junit := fs.String("junit", "", "write JUnit XML to `FILE`")
	earl := fs.String("earl", "", "write an EARL Turtle report to `FILE`")
	var baselines []string
	fs.Func("baseline", "compare with the baseline `FILE` (test-id<TAB>class<TAB>reason); repeatable", func(v string) error {
		baselines = append(baselines, v)
		return nil
	})
	suite := fs.String("suite", "all", "without MANIFEST arguments: all (query and update manifests), query or update")
	writeBaseline := fs.String("write-baseline", "", "write the tests that did not pass to `FILE`, as a baseline")
	timeout := fs.Duration("timeout", w3c.DefaultTimeout, "per-test deadline")
	root := fs.String("root", "", "the suite's sparql/ folder (default: $W3C_TESTS, else the checkout's third_party/rdf-tests)")
	verbose := fs.Bool("v", false, "print every test that did not pass")
	run := fs.String("run", "", "run only tests whose IRI matches `REGEXP`")
	lacks := fs.String("lacks", "", "comma-separated mf:requires features the engine lacks (e.g. XsdDateOperations)")
	workers := fs.Int("workers", 0, "tests run at once (default GOMAXPROCS)")
	storeDSN := fs.String("store", "", "import the per-test results into the store `DSN` (SQLite file or postgres:// URL) for the dashboard (gate.go)")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	engine, err := registry.New(*engineName)
	if err != nil {
		return w3cFail(err)
	}
	defer registry.Close(engine) // sidecar pools, a Virtuoso server and its folder
	suiteRoot, manifests, err := w3cSuiteManifests(*root, *suite, fs.Args())
	if err != nil {
		return w3cFail(err)
	}
	opts := w3c.Options{Timeout: *timeout, Root: suiteRoot, Workers: *workers}
	if *lacks != "" {
		opts.Lacks = strings.Split(*lacks, ",")
	}
	if *run != "" {
		re, err := regexp.Compile(*run)
		if err != nil {
			return w3cFail(err)
		}
		opts.Filter = func(t *corpus.Test) bool { return re.MatchString(t.ID) }
	}
	opts.Progress = w3cProgress("oracle w3c")
	ctx, stop := interrupted()
	defer stop()
	rep := w3c.Run(ctx, engine, manifests, opts)
	if rep.Err != nil {
		return w3cFail(rep.Err)
	}
	if *storeDSN != "" {
		if err := importW3C(ctx, *storeDSN, &rep, suiteRoot, first(baselines)); err != nil {
			return w3cFail(err)
		}
	}
	return w3cReport(&rep, *verbose, *junit, *earl, *writeBaseline, w3cBaselines(baselines, &rep))
}

func first(xs []string) string {
	if len(xs) == 0 {
		return ""
	}
	return xs[0]
}

// w3cBaselines adds X-update.tsv to a single baseline X.tsv when the run
// holds update tests and that file exists (w3c.go's doc comment).
func w3cBaselines(given []string, rep *w3c.Report) []string {
	if len(given) != 1 || !strings.HasSuffix(given[0], ".tsv") || strings.HasSuffix(given[0], "-update.tsv") {
		return given
	}
	if _, upd := rep.Split(); upd.Tests == upd.Skipped {
		return given
	}
	companion := strings.TrimSuffix(given[0], ".tsv") + "-update.tsv"
	if _, err := os.Stat(companion); err != nil {
		return given
	}
	return append(given, companion)
}

// w3cManifests resolves the suite root and the manifests to run: args, or
// the query manifests (w3c.DefaultManifests).
func w3cManifests(root string, args []string) (string, []string, error) {
	return w3cSuiteManifests(root, "query", args)
}

// w3cSuiteManifests is w3cManifests with a choice of suite when args name
// no manifest: all (query and update manifests), query or update.
func w3cSuiteManifests(root, suite string, args []string) (string, []string, error) {
	if root == "" {
		r, err := corpus.SuiteRoot()
		if err != nil && len(args) == 0 {
			return "", nil, err
		}
		root = r
	}
	if len(args) > 0 {
		return root, args, nil
	}
	switch suite {
	case "all":
		return root, append(w3c.DefaultPaths(root), w3c.UpdatePaths(root)...), nil
	case "query":
		return root, w3c.DefaultPaths(root), nil
	case "update":
		return root, w3c.UpdatePaths(root), nil
	}
	return "", nil, fmt.Errorf("--suite %q: want all, query or update", suite)
}

// w3cReport writes the outputs and compares with the baseline.
func w3cReport(rep *w3c.Report, verbose bool, junit, earl, writeBaseline string, baselines []string) int {
	rep.WriteTable(os.Stdout)
	fmt.Printf("engine %s %s: %d tests in %s\n", rep.Engine, rep.Version, len(rep.Results), rep.Elapsed.Round(time.Millisecond))
	query, update := rep.Split()
	fmt.Printf("query tests: %s\nupdate tests: %s\n", query, update)
	if verbose {
		w3cPrintNotPassing(rep)
	}
	for _, out := range []struct {
		path  string
		write func(io.Writer) error
	}{{junit, rep.WriteJUnit}, {earl, rep.WriteEARL}, {writeBaseline, rep.WriteBaseline}} {
		if err := writeOut(out.path, out.write); err != nil {
			return w3cFail(err)
		}
	}
	if len(baselines) == 0 {
		return w3cUnaccepted(rep, writeBaseline)
	}
	return w3cCompareBaseline(rep, baselines)
}

// w3cUnaccepted is the exit status of a run without a baseline: 1 when a
// test failed or erred, since nothing accepts it, unless the run writes
// the baseline that will.
func w3cUnaccepted(rep *w3c.Report, writeBaseline string) int {
	n := 0
	for _, r := range rep.Results {
		if r.Outcome == w3c.Fail || r.Outcome == w3c.Error {
			n++
		}
	}
	switch {
	case n == 0:
		return 0
	case writeBaseline != "":
		fmt.Printf("%d tests did not pass: written to the baseline %s\n", n, writeBaseline)
		return 0
	}
	fmt.Printf("%d tests did not pass and no baseline accepts them (--baseline baselines/%s.tsv, -v lists them)\n", n, rep.Engine)
	return 1
}

func w3cPrintNotPassing(rep *w3c.Report) {
	for _, r := range rep.Results {
		if r.Outcome == w3c.Fail || r.Outcome == w3c.Error {
			fmt.Printf("%s %s [%s] %s\n", r.Outcome, r.Test.ID, r.Class, r.Reason)
			for _, d := range r.Diff {
				fmt.Println("    " + d)
			}
		}
	}
}

func w3cCompareBaseline(rep *w3c.Report, paths []string) int {
	b, err := readBaselines(paths)
	if err != nil {
		return w3cFail(err)
	}
	path := strings.Join(paths, " + ")
	code := 0
	for _, c := range rep.Compare(b) {
		fmt.Println(c)
		if c.Fatal() {
			code = 1
		}
	}
	if code == 0 {
		fmt.Printf("matches baseline %s\n", path)
	}
	return code
}

// readBaselines reads and merges baseline files (a test listed twice keeps
// the later file's entry).
func readBaselines(paths []string) (w3c.Baseline, error) {
	out := w3c.Baseline{}
	for _, p := range paths {
		f, err := os.Open(p)
		if err != nil {
			return nil, err
		}
		b, err := w3c.ReadBaseline(f)
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", p, err)
		}
		for id, e := range b {
			out[id] = e
		}
	}
	return out, nil
}

func w3cIsTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

func w3cFail(err error) int {
	fmt.Fprintln(os.Stderr, "oracle w3c:", err)
	return 2
}
