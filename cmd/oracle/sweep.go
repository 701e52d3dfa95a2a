package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"text/tabwriter"

	"github.com/sparql-oracle/oracle/internal/corpus"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/store"
	"github.com/sparql-oracle/oracle/internal/sweep"
)

// defaultDB is the embedded store of `oracle serve` and `oracle sweep`.
const defaultDB = "oracle.db"

// runSweep implements
//
//	oracle sweep start   [--db D] [--spec FILE] [--gen FROM:TO] [--profile P] [--regress]
//	                     [--w3c] [--manifests M,...] [--engines a,b] [--workers N] [--no-wait] [--json]
//	                     [--reduce-per-key K] [--reduce-key feature|signature]
//	oracle sweep status  [--db D] [--json] [ID]
//	oracle sweep compare [--db D] [--json] [A] B   (A defaults to the previous sweep of B's corpus)
//	oracle sweep worker  [--db D] [--workers N] [--nightly FILE] [--reduce-key feature|signature]
//	oracle sweep cancel  [--db D] [--json] ID
//	oracle sweep reports [--db D] [--sweep N] [--engine E] [--class C] [--format table|json]
//	oracle sweep export  [--db D] --report ID --to DIR/NAME   (a regression seed, sweep_reports.go)
//
// Exit 0 on success, 1 on a failure, 2 on a usage error; `start` exits 3
// when the sweep shows an untriaged root cause new to the store
// (finishStart). `compare` with one id compares it with the
// previous sweep of the same corpus, over the engines and cases both ran.
func runSweep(args []string) int { return sweepMain(args, os.Stdout, os.Stderr) }

const sweepUsage = `usage: oracle sweep <subcommand> [flags]   (oracle sweep <subcommand> -h for its flags)

subcommands:
  start    start a corpus × engines sweep and wait for it (or --no-wait)
  status   one sweep, or the recent ones
  compare  what changed between two sweeps of the same corpus
  worker   run sweep case jobs (and the nightly schedule) from the store
  cancel   stop a sweep
  reports  list filed reports
  export   write a report's case as a regression seed`

func sweepMain(args []string, stdout, stderr io.Writer) int {
	return runSubcommand("sweep", sweepUsage, []subcommand{
		{"start", sweepStart}, {"status", sweepStatus}, {"compare", sweepCompare}, {"worker", sweepWorker},
		{"cancel", sweepCancel}, {"reports", sweepReports}, {"export", sweepExport},
	}, args, stdout, stderr)
}

// newSweepFlags are the flags every sweep subcommand has (--db, --json).
func newSweepFlags(name string, stderr io.Writer) sweepFlags {
	return storeFlags("sweep "+name, stderr)
}

func sweepFail(stderr io.Writer, err error) int { return cmdFail(stderr, "sweep", err) }

func sweepStart(args []string, stdout, stderr io.Writer) int {
	f := newSweepFlags("start", stderr)
	specFile := f.fs.String("spec", "", "JSON sweep spec `file` (the body of POST /v1/sweeps); other corpus flags add to it")
	gen := f.fs.String("gen", "", "generated cases for seeds `FROM:TO` (TO exclusive)")
	profile := f.fs.String("profile", "", "generator profile for --gen")
	regress := f.fs.Bool("regress", false, "the regression corpus (corpus/regress)")
	w3cAll := f.fs.Bool("w3c", false, "the W3C tests: the query, SPARQL 1.1 Update and SPARQL 1.2 suites")
	manifests := f.fs.String("manifests", "", "W3C manifests, relative to the suite's sparql/ folder (implies --w3c)")
	engines := f.fs.String("engines", "", "comma-separated engines besides reference and engine (default: every engine of the default set that runs here, as diff and serve)")
	opts := runnerFlags(f.fs)
	noWait := f.fs.Bool("no-wait", false, "enqueue and return (workers elsewhere run it)")
	perKey := f.fs.Int("reduce-per-key", -1, "reductions per unreduced signature+feature before later ones reuse them (0: reduce all; -1: the spec's, default 3)")
	if code, ok := parseFlags(f.fs, args); !ok {
		return code
	}
	spec, err := buildSpec(*specFile, *gen, *profile, *regress, *w3cAll, *manifests, *engines)
	if err != nil {
		return sweepFail(stderr, err)
	}
	if *perKey >= 0 {
		spec.ReducePerKey = perKey
	}
	if len(spec.Engines) == 0 {
		run, note, err := defaultEngines()
		if err != nil {
			return sweepFail(stderr, err)
		}
		spec.Engines = run
		if note != "" {
			fmt.Fprintln(stderr, "oracle sweep:", note)
		}
	}
	if *noWait {
		opts.Workers = -1
	}
	return withRunner(*f.db, *opts, stderr, func(ctx context.Context, st *store.DB, r *sweep.Runner) int {
		defer r.Stop(context.Background())
		s, err := r.Submit(ctx, spec)
		if err != nil {
			return sweepFail(stderr, err)
		}
		fmt.Fprintf(stderr, "oracle sweep: sweep %d submitted\n", s.ID)
		if *noWait {
			return printSweeps(stdout, *f.json, []store.Sweep{s})
		}
		return finishStart(ctx, st, r, s.ID, *f.db, *f.json, stdout, stderr)
	})
}

// runnerFlags are the flags of the subcommands that run sweep jobs
// (start, worker): --workers and --reduce-key.
func runnerFlags(fs *flag.FlagSet) *sweep.Options {
	o := &sweep.Options{}
	fs.IntVar(&o.Workers, "workers", 0, "case jobs at once (0: GOMAXPROCS)")
	fs.StringVar(&o.ReduceKey, "reduce-key", sweep.KeyFeature, "the reduction memo's key: feature (signature and feature) or signature")
	return o
}

// withRunner opens the store db names (store.Open: `sweep start` and
// `sweep worker` create it), starts a sweep runner on it with opts and
// runs fn with both until SIGINT or SIGTERM cancels ctx; fn stops the
// runner, the store is closed after it.
func withRunner(db string, opts sweep.Options, stderr io.Writer, fn func(context.Context, *store.DB, *sweep.Runner) int) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	st, err := store.Open(ctx, db)
	if err != nil {
		return sweepFail(stderr, err)
	}
	defer st.Close()
	r, err := sweep.New(ctx, st, opts)
	if err == nil {
		err = r.Start(ctx)
	}
	if err != nil {
		return sweepFail(stderr, err)
	}
	return fn(ctx, st, r)
}

// finishStart waits for the sweep, prints it and its comparison with the
// previous sweep of the same corpus (store.PreviousSweep), and exits 3 when
// the sweep shows an untriaged root cause (a finding open, internal or
// suspect) new to the store (newRoots). A root cause triaged away
// (intended, known upstream, won't fix... by a person or by the family's
// known rules) or one filed before on any member of its family does not
// make it 3. The root causes are listed worst first, one line each.
func finishStart(ctx context.Context, st *store.DB, r *sweep.Runner, id int64, db string, asJSON bool, stdout, stderr io.Writer) int {
	stopProgress := watchSweep(ctx, st, id, stderr)
	s, err := r.Wait(ctx, id)
	stopProgress()
	if err != nil {
		return sweepFail(stderr, fmt.Errorf("sweep %d: %w (it resumes when a worker runs again)", id, err))
	}
	reduced, reused := r.Reductions()
	fmt.Fprintf(stderr, "oracle sweep: sweep %d: %d divergences reduced, %d filed from earlier reductions\n", id, reduced, reused)
	if code := printSweeps(stdout, asJSON, []store.Sweep{s}); code != 0 {
		return code
	}
	if j, err := st.JudgeSummary(ctx, id); err == nil && !asJSON {
		printJudges(stdout, j)
	}
	if s.State != store.SweepDone {
		fmt.Fprintf(stderr, "oracle sweep: sweep %d %s: %s\n", id, s.State, s.Error)
		return 1
	}
	fresh, err := newUntriaged(ctx, st, s, asJSON, stdout)
	if err != nil {
		return sweepFail(stderr, err)
	}
	roots, err := newRoots(ctx, st, s)
	if err != nil {
		return sweepFail(stderr, err)
	}
	recheck, err := newRecheck(ctx, st, s)
	if err != nil {
		return sweepFail(stderr, err)
	}
	if len(recheck) > 0 {
		fmt.Fprintf(stderr, "oracle sweep: sweep %d shows %d root cause(s) new to the store seen only on builds older than their maintainers' newest release: re-check them there before filing:\n", id, len(recheck))
		printRoots(stderr, recheck)
	}
	recorded, err := newRecorded(ctx, st, s)
	if err != nil {
		return sweepFail(stderr, err)
	}
	if len(recorded) > 0 {
		// Found again: docs/findings.md has each, reduced and checked
		// upstream, so one line names them and the command lists them.
		fmt.Fprintf(stderr, "oracle sweep: sweep %d shows %d root cause(s) new to the store that the regression corpus already records (docs/findings.md): `oracle triage list --db %s --sweep %d --status recorded`\n",
			id, len(recorded), oracle.ShellWord(db), id)
	}
	if len(roots) == 0 {
		return 0
	}
	severe, cosmetic := splitCosmetic(roots)
	fmt.Fprintf(stderr, "oracle sweep: sweep %d shows %d untriaged root cause(s) new to the store (%d findings: %s), worst first:\n",
		id, len(severe), len(fresh), idList(fresh))
	printRoots(stderr, severe)
	if len(cosmetic) > 0 {
		// Cosmetic root causes change no value a user computes with: one
		// line here, listed by the command it names.
		fmt.Fprintf(stderr, "oracle sweep: and %d cosmetic root cause(s) (a lexical form, a datatype that keeps the value, an empty head): `oracle triage list --db %s --sweep %d --severity cosmetic`\n",
			len(cosmetic), oracle.ShellWord(db), id)
	}
	return 3
}

// splitCosmetic parts the root causes into those that change an answer's
// value, rows or outcome and the cosmetic ones (diff.SeverityCosmetic).
func splitCosmetic(roots [][]store.Report) (severe, cosmetic [][]store.Report) {
	for _, rc := range roots {
		if rc[0].Severity == "cosmetic" {
			cosmetic = append(cosmetic, rc)
		} else {
			severe = append(severe, rc)
		}
	}
	return severe, cosmetic
}

// newUntriaged are the untriaged findings sweep s shows and the previous
// sweep of its corpus did not (all of them when there is none); the
// comparison is printed unless the output is JSON.
func newUntriaged(ctx context.Context, st *store.DB, s store.Sweep, asJSON bool, stdout io.Writer) ([]store.Report, error) {
	seen := map[int64]bool{}
	prev, ok, err := st.PreviousSweep(ctx, s.ID)
	if err != nil {
		return nil, err
	}
	if ok {
		c, err := st.Compare(ctx, prev.ID, s.ID)
		if err != nil {
			return nil, err
		}
		if !asJSON {
			printComparison(stdout, c)
		}
		if seen, err = sweepFindingIDs(ctx, st, prev.ID); err != nil {
			return nil, err
		}
	} else if !asJSON {
		fmt.Fprintf(stdout, "no earlier sweep of this corpus (%s): nothing to compare with\n", s.Spec.CorpusKey())
	}
	all, err := reportRowsOf(ctx, st, store.ReportFilter{SweepID: s.ID})
	var out []store.Report
	for _, r := range all {
		if !seen[r.ID] && store.Untriaged(r.Status) {
			out = append(out, r)
		}
	}
	return out, err
}

// sweepFindingIDs are the ids of the findings a sweep showed.
func sweepFindingIDs(ctx context.Context, st store.Store, id int64) (map[int64]bool, error) {
	rs, err := reportRowsOf(ctx, st, store.ReportFilter{SweepID: id})
	out := map[int64]bool{}
	for _, r := range rs {
		out[r.ID] = true
	}
	return out, err
}

// reportRowsOf reads every report matching f, page by page.
func reportRowsOf(ctx context.Context, st store.Store, f store.ReportFilter) ([]store.Report, error) {
	var out []store.Report
	for f.Limit = store.MaxLimit; ; f.Offset += f.Limit {
		p, err := st.Reports(ctx, f)
		if err != nil {
			return nil, err
		}
		out = append(out, p.Reports...)
		if len(p.Reports) == 0 || f.Offset+len(p.Reports) >= p.Total {
			return out, nil
		}
	}
}

func idList(rs []store.Report) string {
	var ids []string
	for i, r := range rs {
		if i == 20 {
			ids = append(ids, fmt.Sprintf("and %d more", len(rs)-i))
			break
		}
		ids = append(ids, "#"+strconv.FormatInt(r.ID, 10))
	}
	return strings.Join(ids, ", ")
}

// buildSpec reads the spec file, if any, and adds the corpus flags.
func buildSpec(file, gen, profile string, regress, w3cAll bool, manifests, engines string) (store.SweepSpec, error) {
	var spec store.SweepSpec
	if file != "" {
		b, err := os.ReadFile(file)
		if err != nil {
			return spec, err
		}
		if err := json.Unmarshal(b, &spec); err != nil {
			return spec, fmt.Errorf("%w: spec %s: %v", store.ErrInvalid, file, err)
		}
	}
	if gen != "" {
		from, to, err := seedRange(gen)
		if err != nil {
			return spec, err
		}
		spec.Generated = &store.GenSource{From: from, To: to, Profile: profile}
	}
	if spec.Generated != nil && len(spec.Generated.ProfileJSON) == 0 {
		if err := inlineProfile(spec.Generated); err != nil { // a path, from --profile or the spec file
			return spec, err
		}
	}
	spec.Regress = spec.Regress || regress
	if w3cAll || manifests != "" {
		spec.W3C = &store.W3CSource{Manifests: splitList(manifests)}
	}
	spec.Engines = append(spec.Engines, splitList(engines)...)
	return spec, nil
}

// inlineProfile puts a profile given as a file path into the spec: its
// content, under its NAME@HASH (corpus.InlineName), so the case keys
// gen/NAME@HASH/<seed> rebuild the same cases on any worker, whatever
// folder it runs in.
func inlineProfile(g *store.GenSource) error {
	if !strings.HasSuffix(g.Profile, ".json") && !strings.ContainsAny(g.Profile, `/\`) {
		return nil
	}
	b, err := os.ReadFile(g.Profile)
	if err != nil {
		return fmt.Errorf("--profile: %w", err)
	}
	name := corpus.InlineName(g.Profile, b)
	if _, err := corpus.RegisterInline(name, b); err != nil {
		return fmt.Errorf("%w: --profile %s: %v", store.ErrInvalid, g.Profile, err)
	}
	g.Profile, g.ProfileJSON = name, b
	return nil
}

func seedRange(s string) (int64, int64, error) {
	a, b, ok := strings.Cut(s, ":")
	from, err1 := strconv.ParseInt(a, 10, 64)
	to, err2 := strconv.ParseInt(b, 10, 64)
	if !ok || err1 != nil || err2 != nil {
		return 0, 0, fmt.Errorf("%w: --gen %q: want FROM:TO, two integers", store.ErrInvalid, s)
	}
	return from, to, nil
}

func splitList(s string) []string {
	var out []string
	for _, x := range strings.Split(s, ",") {
		if x = strings.TrimSpace(x); x != "" {
			out = append(out, x)
		}
	}
	return out
}

func sweepStatus(args []string, stdout, stderr io.Writer) int {
	f := newSweepFlags("status", stderr)
	if code, ok := parseFlags(f.fs, args); !ok {
		return code
	}
	if f.fs.NArg() > 1 {
		return usageFail(stderr, f.fs, "want at most one sweep ID, got %q", f.fs.Args())
	}
	return withStore("sweep", *f.db, stderr, func(ctx context.Context, st *store.DB) error {
		if f.fs.NArg() == 0 {
			ss, err := st.Sweeps(ctx, store.SweepFilter{})
			if err == nil {
				printSweeps(stdout, *f.json, ss)
			}
			return err
		}
		return printStatus(ctx, st, f.fs.Arg(0), *f.json, stdout)
	})
}

// printStatus prints one sweep (arg, its id), its judges and the cases it
// only partly judged or flagged.
func printStatus(ctx context.Context, st store.Store, arg string, asJSON bool, stdout io.Writer) error {
	id, err := sweepID(arg)
	if err != nil {
		return err
	}
	s, err := st.Sweep(ctx, id)
	if err != nil {
		return err
	}
	cases, err := st.CaseFlags(ctx, id, store.MaxLimit)
	if err != nil {
		return err
	}
	judges, err := st.JudgeSummary(ctx, id)
	if err != nil {
		return err
	}
	if asJSON {
		return printJSON(stdout, sweepWithCases{s, cases, judges})
	}
	printSweeps(stdout, false, []store.Sweep{s})
	printJudges(stdout, judges)
	printCaseFlags(stdout, s, cases)
	return nil
}

// sweepID reads a sweep id argument; one that is not a number is invalid
// (a usage error: cmdFail).
func sweepID(arg string) (int64, error) {
	id, err := strconv.ParseInt(arg, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("%w: sweep id %q", store.ErrInvalid, arg)
	}
	return id, nil
}

// sweepWithCases is `oracle sweep status --json ID`: the sweep and the
// cases it only partly judged or flagged a divergence on.
type sweepWithCases struct {
	store.Sweep
	Cases  []store.CaseFlags  `json:"cases"`
	Judges store.JudgeSummary `json:"judges"`
}

// printCaseFlags lists, under one sweep's line, the cases not judged for
// every engine (never counted as correct) and the divergences flagged
// instead of filed (their reduction against the judge lost them).
func printCaseFlags(w io.Writer, s store.Sweep, cases []store.CaseFlags) {
	for _, c := range cases {
		if c.Unjudged != "" {
			fmt.Fprintf(w, "unjudged %s: %s\n", c.Case, c.Unjudged)
		}
		for _, f := range c.Flagged {
			fmt.Fprintf(w, "flagged  %s: %s %s: %s\n", c.Case, f.Engine, f.Class, f.Reason)
		}
	}
	if n := s.Unjudged + s.Failed; n > 0 {
		fmt.Fprintf(w, "%d case(s) not judged for every engine: not counted as correct\n", n)
	}
	if len(cases) == store.MaxLimit {
		fmt.Fprintf(w, "(the first %d cases listed)\n", store.MaxLimit)
	}
}

func printSweeps(w io.Writer, asJSON bool, ss []store.Sweep) int {
	if asJSON {
		if len(ss) == 1 {
			printJSON(w, ss[0])
		} else {
			printJSON(w, ss)
		}
		return 0
	}
	tw := tabwriter.NewWriter(w, 2, 8, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tNAME\tSTATE\tDONE\tTOTAL\tDIVERGED\tFAILED\tUNJUDGED\tFLAGGED\tENGINES\tSECONDS")
	for _, s := range ss {
		secs := ""
		if !s.Finished.IsZero() && !s.Started.IsZero() {
			secs = fmt.Sprintf("%.1f", s.Finished.Sub(s.Started).Seconds())
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%d\t%d\t%d\t%d\t%d\t%d\t%s\t%s\n", s.ID, s.Spec.Name, s.State, s.Done, s.Total,
			s.Diverged, s.Failed, s.Unjudged, s.Flagged, strings.Join(s.Spec.Engines, ","), secs)
	}
	tw.Flush()
	return 0
}

func sweepCompare(args []string, stdout, stderr io.Writer) int {
	f := newSweepFlags("compare", stderr)
	if code, ok := parseFlags(f.fs, args); !ok {
		return code
	}
	if f.fs.NArg() < 1 || f.fs.NArg() > 2 {
		return usageFail(stderr, f.fs, "want one or two sweep IDs, got %q", f.fs.Args())
	}
	ids := make([]int64, f.fs.NArg())
	for i, a := range f.fs.Args() {
		var err error
		if ids[i], err = sweepID(a); err != nil {
			return sweepFail(stderr, err)
		}
	}
	return withStore("sweep", *f.db, stderr, func(ctx context.Context, st *store.DB) error {
		c, err := compareSweeps(ctx, st, ids)
		if err != nil {
			return err
		}
		if *f.json {
			return printJSON(stdout, c)
		}
		printComparison(stdout, c)
		return nil
	})
}

// compareSweeps compares sweeps ids[0] and ids[1], or the previous
// sweep of the same corpus (store.PreviousSweep) and ids[0].
func compareSweeps(ctx context.Context, st store.Store, ids []int64) (store.Comparison, error) {
	if len(ids) == 1 {
		prev, ok, err := st.PreviousSweep(ctx, ids[0])
		if err != nil {
			return store.Comparison{}, err
		}
		if !ok {
			return store.Comparison{}, fmt.Errorf("sweep %d has no finished sweep of the same corpus before it; name both: oracle sweep compare A B", ids[0])
		}
		ids = []int64{prev.ID, ids[0]}
	}
	return st.Compare(ctx, ids[0], ids[1])
}

func printComparison(w io.Writer, c store.Comparison) {
	fmt.Fprintf(w, "sweep %d against sweep %d: %d new, %d fixed, %d moved, %d undecided, %d unchanged findings over %d cases and the engines %s\n",
		c.B, c.A, len(c.New), len(c.Fixed), len(c.Moved), len(c.Undecided), len(c.Unchanged), c.Cases, strings.Join(c.Engines, ", "))
	for _, n := range c.Notes {
		fmt.Fprintf(w, "  note: %s\n", n)
	}
	for _, g := range []struct {
		name string
		rs   []store.Report
	}{{"new", c.New}, {"fixed", c.Fixed}, {"moved", c.Moved}, {"undecided", c.Undecided}, {"unchanged", c.Unchanged}} {
		for _, r := range g.rs {
			fmt.Fprintf(w, "  %-9s #%d %s [%s, %s]\n", g.name, r.ID, r.Title, r.Engine, r.Status)
		}
	}
}

// sweepWorker runs sweep jobs (and the nightly schedule) until SIGINT or
// SIGTERM: the worker deployment of a PostgreSQL-backed service.
func sweepWorker(args []string, stdout, stderr io.Writer) int {
	f := newSweepFlags("worker", stderr)
	opts := runnerFlags(f.fs)
	nightly := f.fs.String("nightly", "", "JSON sweep spec `file` to run every night at 02:00 UTC")
	if code, ok := parseFlags(f.fs, args); !ok {
		return code
	}
	if opts.Workers < 0 {
		fmt.Fprintln(stderr, "oracle sweep worker: --workers must not be negative")
		return 2
	}
	if *nightly != "" {
		spec, err := buildSpec(*nightly, "", "", false, false, "", "")
		if err != nil {
			return sweepFail(stderr, err)
		}
		opts.Nightly = &spec
	}
	return withRunner(*f.db, *opts, stderr, func(ctx context.Context, _ *store.DB, r *sweep.Runner) int {
		fmt.Fprintln(stderr, "oracle sweep worker: running; SIGTERM stops it after the running jobs")
		<-ctx.Done()
		if err := r.Stop(context.Background()); err != nil {
			return sweepFail(stderr, err)
		}
		return 0
	})
}
