package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/sparql-oracle/oracle/internal/corpus"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/registry"
	"github.com/sparql-oracle/oracle/internal/regress"
	"github.com/sparql-oracle/oracle/internal/store"
	"github.com/sparql-oracle/oracle/internal/sweep"
	"github.com/sparql-oracle/oracle/internal/triage"
	"github.com/sparql-oracle/oracle/internal/w3c"
)

const gateSynopsis = `oracle gate --engine NAME [--config FILE] [--baseline FILE] [--junit FILE]
            [--summary FILE] [--write-baseline FILE] [--store DSN] [--root DIR] [--corpus DIR]
            [--no-w3c] [--no-regress] [--run REGEXP] [--lacks F1,F2] [--timeout D] [--workers N]

Runs the engine on the W3C SPARQL query tests (judged against each test's
expected answer) and on the regression corpus (judged against the
reference), compares each test with the baseline (test-id<TAB>class<TAB>reason
lines: the tests expected not to pass; a W3C test's id is its IRI, a corpus
case's regress/<id>), writes JUnit XML and a Markdown summary (to --summary,
else $GITHUB_STEP_SUMMARY when set; always on stdout), and exits 1 when a
test the baseline expects to pass failed (passed -> failed), 2 on a usage or
I/O error, 0 otherwise (and on a first run without --baseline that writes
one with --write-baseline). A test the baseline lists that now passes, or
fails with another class, is reported, not fatal. docs/ci.md has a workflow.`

// gateFlags are the gate's options.
type gateFlags struct {
	engine, baseline, writeBaseline, junit, summary, dsn, root, corpus, run, lacks string
	noW3C, noRegress                                                               bool
	timeout                                                                        time.Duration
	workers                                                                        int
}

func gateFlagSet(g *gateFlags) *flag.FlagSet {
	fs := flag.NewFlagSet("gate", flag.ContinueOnError)
	fs.Usage = usageOf(fs, gateSynopsis)
	fs.Func("config", "engine registry config `FILE` (an endpoint: kind sparqlhttp; see deploy/engines.example.json)", registry.UseConfigFile)
	fs.StringVar(&g.engine, "engine", "", "the engine to gate (required)")
	fs.StringVar(&g.baseline, "baseline", "", "the baseline `FILE`: tests expected not to pass")
	fs.StringVar(&g.writeBaseline, "write-baseline", "", "write the tests that did not pass to `FILE`, as the next baseline")
	fs.StringVar(&g.junit, "junit", "", "write JUnit XML to `FILE`")
	fs.StringVar(&g.summary, "summary", os.Getenv("GITHUB_STEP_SUMMARY"), "append the Markdown summary to `FILE`")
	fs.StringVar(&g.dsn, "store", "", "import the per-test results into the store `DSN` (SQLite file or postgres:// URL) as a finished sweep")
	fs.StringVar(&g.root, "root", "", "the W3C suite's sparql/ folder (default: $W3C_TESTS, else the checkout's third_party/rdf-tests)")
	fs.StringVar(&g.corpus, "corpus", "", "the regression corpus folder (default: the checkout's corpus/regress, else the one the binary carries)")
	fs.BoolVar(&g.noW3C, "no-w3c", false, "skip the W3C suite")
	fs.BoolVar(&g.noRegress, "no-regress", false, "skip the regression corpus")
	fs.StringVar(&g.run, "run", "", "run only tests whose IRI or key matches `REGEXP`")
	fs.StringVar(&g.lacks, "lacks", "", "comma-separated mf:requires features the engine lacks (their tests are not run)")
	fs.DurationVar(&g.timeout, "timeout", w3c.DefaultTimeout, "per-test deadline")
	fs.IntVar(&g.workers, "workers", 0, "tests run at once (default GOMAXPROCS)")
	return fs
}

func runGate(args []string) int {
	var g gateFlags
	fs := gateFlagSet(&g)
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if g.engine == "" || fs.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "oracle gate: --engine NAME is required and takes no arguments")
		fs.Usage()
		return exitUsageError
	}
	var filter *regexp.Regexp
	if g.run != "" {
		re, err := regexp.Compile(g.run)
		if err != nil {
			return gateFail(fmt.Errorf("--run: %w", err))
		}
		filter = re
	}
	ctx, stop := interrupted()
	defer stop()
	run, err := g.execute(ctx, filter)
	if err != nil {
		return gateFail(err)
	}
	return g.finish(ctx, run)
}

// execute builds the engine and runs both parts.
func (g *gateFlags) execute(ctx context.Context, filter *regexp.Regexp) (*gateRun, error) {
	engine, err := registry.New(g.engine)
	if err != nil {
		return nil, err
	}
	defer registry.Close(engine)
	run := &gateRun{Engine: engine.Name(), Version: engine.Version(), Started: time.Now()}
	if !g.noW3C {
		if err := g.runW3C(ctx, engine, filter, run); err != nil {
			return nil, err
		}
	}
	if !g.noRegress {
		if err := g.runRegress(ctx, engine, filter, run); err != nil {
			return nil, err
		}
	}
	run.Elapsed = time.Since(run.Started)
	return run, nil
}

// runW3C runs the default W3C manifests.
func (g *gateFlags) runW3C(ctx context.Context, engine oracle.Engine, filter *regexp.Regexp, run *gateRun) error {
	root, manifests, err := w3cManifests(g.root, nil)
	if err != nil {
		return err
	}
	opts := w3c.Options{Timeout: g.timeout, Root: root, Workers: g.workers}
	if g.lacks != "" {
		opts.Lacks = strings.Split(g.lacks, ",")
	}
	if filter != nil {
		opts.Filter = func(t *corpus.Test) bool { return filter.MatchString(t.ID) }
	}
	opts.Progress = w3cProgress("oracle gate: W3C tests")
	rep := w3c.Run(ctx, engine, manifests, opts)
	if rep.Err != nil {
		return rep.Err
	}
	run.Root = root
	run.addW3C(&rep, root, g.dsn != "")
	return nil
}

// runRegress judges each regression case on the reference and the engine.
func (g *gateFlags) runRegress(ctx context.Context, engine oracle.Engine, filter *regexp.Regexp, run *gateRun) error {
	dir := g.corpus
	if dir == "" {
		repo, err := corpus.DataRoot() // the checkout's, else the one the binary carries
		if err != nil {
			return fmt.Errorf("regression corpus: %w: pass --corpus DIR or --no-regress", err)
		}
		dir = filepath.Join(repo, "corpus", "regress")
	}
	cases, err := regress.LoadDir(dir)
	if err != nil {
		return fmt.Errorf("regression corpus: %w", err)
	}
	ref, err := registry.New(oracle.JudgeName)
	if err != nil {
		return err
	}
	defer registry.Close(ref)
	p := newProgress("oracle gate: regression corpus")
	defer p.done()
	for i, rc := range cases {
		p.update(i, len(cases), rc.ID)
		key := "regress/" + rc.ID
		if ctx.Err() != nil || (filter != nil && !filter.MatchString(key)) {
			continue
		}
		c := rc.Oracle()
		rep := triage.Judge(ctx, c, []oracle.Engine{ref, engine}, g.timeout)
		tc, rs := sweep.RegressResults(key, rc.ID, c, rep)
		run.addRegress(tc, rs, g.dsn != "")
		run.record(key, rc, engine.Name())
	}
	return nil
}

// record keeps what the corpus recorded of the engine on a case: a wrong
// verdict there is an expected failure, as a baseline line would say
// (the baseline file, when it lists the case, decides).
func (run *gateRun) record(key string, rc *regress.Case, engine string) {
	for _, e := range rc.Expect {
		if e.Engine != engine || e.Outcome == triage.Correct || len(e.Classes) == 0 {
			continue
		}
		if run.Recorded == nil {
			run.Recorded = w3c.Baseline{}
		}
		run.Recorded[key] = w3c.BaselineEntry{Class: string(e.Classes[0]),
			Reason: fmt.Sprintf("recorded in corpus/regress/%s/expect.tsv (%s %s)", rc.ID, e.Engine, e.Version)}
	}
}

// finish compares with the baseline and writes every output.
func (g *gateFlags) finish(ctx context.Context, run *gateRun) int {
	base := w3c.Baseline{}
	if g.baseline != "" {
		b, err := readBaselineFile(g.baseline)
		if err != nil {
			return gateFail(err)
		}
		base, run.BaselinePath = b, g.baseline
	}
	run.NoBaseline, run.Recording = g.baseline == "", g.writeBaseline
	run.judge(base)
	outs := []struct {
		path  string
		write func(io.Writer) error
	}{{g.junit, run.writeJUnit}, {g.writeBaseline, run.writeBaseline}}
	for _, o := range outs {
		if err := writeOut(o.path, o.write); err != nil {
			return gateFail(err)
		}
	}
	md := run.markdown()
	fmt.Print(md)
	if err := appendFile(g.summary, md); err != nil {
		return gateFail(err)
	}
	if g.dsn != "" {
		if err := run.store(ctx, g.dsn); err != nil {
			return gateFail(err)
		}
	}
	switch {
	case run.NoBaseline && g.writeBaseline != "": // the first run records the baseline the next ones read
		fmt.Fprintf(os.Stderr, "oracle gate: no baseline yet: recorded %d failing tests as the baseline %s\n", run.count(verdictFailing), g.writeBaseline)
		return 0
	case run.count(verdictRegressed)+run.count(verdictFailing) == 0:
		return 0
	}
	return 1
}

func readBaselineFile(path string) (w3c.Baseline, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := w3c.ReadBaseline(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return b, nil
}

// writeOut creates path and writes it (gate's and w3c's report files);
// an empty path writes nothing.
func writeOut(path string, write func(io.Writer) error) error {
	if path == "" {
		return nil
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := write(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// appendFile appends text to path (a CI job summary is appended to).
func appendFile(path, text string) error {
	if path == "" {
		return nil
	}
	f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	if _, err := f.WriteString(text); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func gateFail(err error) int {
	fmt.Fprintln(os.Stderr, "oracle gate:", err)
	return 2
}

// importW3C stores an `oracle w3c` run (its --store flag): every test's
// status as a finished sweep. base is the baseline the run was compared
// with, else the engine's committed one (baselines/<engine>.tsv).
func importW3C(ctx context.Context, dsn string, rep *w3c.Report, root, baselinePath string) error {
	run := &gateRun{Engine: rep.Engine, Version: rep.Version, Started: rep.Started, Elapsed: rep.Elapsed, Root: root}
	run.addW3C(rep, root, true)
	base := sweep.ReadBaseline("", rep.Engine)
	if baselinePath != "" {
		b, err := readBaselineFile(baselinePath)
		if err != nil {
			return err
		}
		base = b
	}
	run.judge(base)
	return run.store(ctx, dsn)
}

// store imports the run as a finished sweep of one engine.
func (run *gateRun) store(ctx context.Context, dsn string) error {
	st, err := store.Open(ctx, dsn)
	if err != nil {
		return err
	}
	defer st.Close()
	spec := store.SweepSpec{Name: "gate " + run.Engine, Engines: []string{run.Engine}}
	if run.Root != "" {
		spec.W3C = &store.W3CSource{}
	}
	spec.Regress = run.hasRegress()
	sw, err := st.CreateSweep(ctx, spec)
	if err != nil {
		return err
	}
	if err := st.StartSweep(ctx, sw.ID, len(run.Tests)); err != nil {
		return err
	}
	if err := st.RecordTests(ctx, sw.ID, run.Cases, run.results()); err != nil {
		st.FinishSweep(ctx, sw.ID, store.SweepFailed, err.Error())
		return err
	}
	if err := st.FinishSweep(ctx, sw.ID, store.SweepDone, ""); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "imported %d test results of %s as sweep %d into %s\n", len(run.Tests), run.Engine, sw.ID, dsn)
	return nil
}
