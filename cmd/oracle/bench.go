package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/sparql-oracle/oracle/internal/engine"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/registry"
	"github.com/sparql-oracle/oracle/internal/results"
)

// benchConfig is the parsed command line of `oracle bench`.
type benchConfig struct {
	sizes   []int
	engines []string // "engine" first: every ratio and answer check is against it
	runs    int
	format  string
	timeout time.Duration // per request, loading included
	reach   bool          // --reach: the reach table instead of the timings
	limit   time.Duration // --reach's per-evaluation limit
	columns string        // --reach-columns: reference, engine, judge
	sizeSet bool          // --triples was given
}

// runBench implements
//
//	oracle bench [--triples 100000,1000000] [--engines engine,NAME...]
//	             [--runs N] [--format md|json] [--timeout D]
//	oracle bench --reach [--triples LADDER] [--limit 30s] [--reach-columns reference,engine,judge]
//
// It generates the BSBM-like dataset once per size, loads it into each
// engine once (the sidecars keep it by dataset_id), runs each query of
// engine.BSBMQueries once to warm up and then N times per engine, and
// prints each engine's median own query time, its ratio to ours, and
// whether its answer equals ours. The engines it can time are those whose
// descriptor says how to start their sidecar (oracle.Descriptor.Bench);
// they are the default list. An engine that is not installed is skipped
// with a note. Exit 2 on a usage error, 1 when nothing could run.
func runBench(args []string) int {
	// An interrupt cancels the requests, so the sidecars are killed.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return benchMain(ctx, args, os.Stdout, os.Stderr)
}

func benchMain(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	cfg, err := parseBench(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		return 2
	}
	if cfg.reach {
		sizes := reachLadder
		if cfg.sizeSet {
			sizes = cfg.sizes
		}
		cols, err := parseReachColumns(cfg.columns)
		if err != nil {
			fmt.Fprintln(stderr, "oracle bench:", err)
			return 2
		}
		if err := runReach(ctx, sizes, cfg.limit, cols, stdout, stderr); err != nil {
			fmt.Fprintln(stderr, "oracle bench:", err)
			return 1
		}
		return 0
	}
	rep, err := runBenchmark(ctx, cfg, stderr)
	if err != nil {
		fmt.Fprintln(stderr, "oracle bench:", err)
		return 1
	}
	if cfg.format == "json" {
		err = printJSON(stdout, rep)
	} else {
		err = writeBenchMarkdown(stdout, rep)
	}
	if err != nil {
		fmt.Fprintln(stderr, "oracle bench:", err)
		return 1
	}
	return 0
}

func parseBench(args []string, stderr io.Writer) (*benchConfig, error) {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	sizes := fs.String("triples", "100000,1000000", "comma-separated dataset sizes")
	engines := fs.String("engines", strings.Join(append([]string{"engine"}, benchable()...), ","), "comma-separated engines")
	cfg := &benchConfig{}
	fs.IntVar(&cfg.runs, "runs", 5, "timed runs per query and engine, after one warm-up")
	fs.StringVar(&cfg.format, "format", "md", "output: md or json")
	fs.DurationVar(&cfg.timeout, "timeout", 30*time.Minute, "deadline of one request (loading included)")
	fs.BoolVar(&cfg.reach, "reach", false, "print the reach table: per query, the largest data the reference and the engine answer within 1 s and --limit")
	fs.DurationVar(&cfg.limit, "limit", 30*time.Second, "with --reach: the time limit of one evaluation")
	fs.StringVar(&cfg.columns, "reach-columns", "reference,engine,judge", "with --reach: the evaluators measured (reference, engine, judge: the large-case judge)")
	if code, ok := parseFlags(fs, args); !ok {
		if code == 0 {
			return nil, flag.ErrHelp
		}
		return nil, errors.New("usage") // parseFlags said what
	}
	fs.Visit(func(f *flag.Flag) { cfg.sizeSet = cfg.sizeSet || f.Name == "triples" })
	err := cfg.fill(*sizes, *engines)
	if err != nil {
		fmt.Fprintln(stderr, "oracle bench:", err)
	}
	return cfg, err
}

func (cfg *benchConfig) fill(sizes, engines string) error {
	for _, s := range strings.Split(sizes, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || n <= 0 {
			return fmt.Errorf("--triples: %q is not a positive size", s)
		}
		cfg.sizes = append(cfg.sizes, n)
	}
	cfg.engines = []string{"engine"}
	for _, e := range strings.Split(engines, ",") {
		if e = strings.TrimSpace(e); e != "" && e != "engine" {
			cfg.engines = append(cfg.engines, e)
		}
	}
	if cfg.runs < 1 {
		return fmt.Errorf("--runs must be at least 1")
	}
	if cfg.format != "md" && cfg.format != "json" {
		return fmt.Errorf("--format must be md or json, not %q", cfg.format)
	}
	return nil
}

// benchTargetFor builds the engine called name: ours, or the sidecar its
// descriptor starts.
func benchTargetFor(name string) (benchTarget, error) {
	if name == "engine" {
		return &ownTarget{}, nil
	}
	d, _ := oracle.Describe(name)
	if d.Bench == nil {
		return nil, fmt.Errorf("%s cannot be benchmarked (engine, %s can)", name, strings.Join(benchable(), ", "))
	}
	if !registry.Installed(name) {
		return nil, fmt.Errorf("%s is not installed (scripts/install.sh)", name)
	}
	root, err := registry.Home()
	if err != nil {
		return nil, err
	}
	return &sidecarTarget{proc: d.Bench(root)}, nil
}

// benchable lists the described engines whose sidecar the bench can start.
func benchable() []string {
	var out []string
	for _, d := range oracle.Described() {
		if d.Bench != nil {
			out = append(out, d.Name)
		}
	}
	return out
}

// runBenchmark builds the engines and measures every size.
func runBenchmark(ctx context.Context, cfg *benchConfig, log io.Writer) (*benchReport, error) {
	rep := newBenchReport(cfg.runs)
	var targets []benchTarget
	for _, name := range cfg.engines {
		t, err := benchTargetFor(name)
		if err != nil {
			fmt.Fprintln(log, "oracle bench: skipping", err)
			rep.Notes = append(rep.Notes, "skipped: "+err.Error())
			continue
		}
		defer t.Close()
		targets = append(targets, t)
	}
	for _, n := range cfg.sizes {
		size, err := benchSize(ctx, cfg, targets, n, log)
		if err != nil {
			return nil, err
		}
		rep.Sizes = append(rep.Sizes, size)
	}
	for _, t := range targets {
		rep.Engines = append(rep.Engines, benchEngine{t.Name(), t.Version()})
	}
	return rep, nil
}

// benchSize generates and loads one dataset and runs the mix over it.
// An engine that fails to load is left out of this size with a note.
func benchSize(ctx context.Context, cfg *benchConfig, targets []benchTarget, n int, log io.Writer) (*benchSizeResult, error) {
	ds := engine.GenerateBSBM(n, 1)
	var buf bytes.Buffer
	if err := rdf.WriteNQuads(&buf, ds.Quads()); err != nil {
		return nil, err
	}
	nquads, id := buf.String(), fmt.Sprintf("bsbm-%d-seed1", n)
	res := &benchSizeResult{Triples: n, Actual: ds.Len(), LoadMS: map[string]float64{}}
	var live []benchTarget
	for _, t := range targets {
		fmt.Fprintf(log, "bench: %d triples: loading %s\n", n, t.Name())
		lctx, cancel := context.WithTimeout(ctx, cfg.timeout)
		start := time.Now()
		err := t.Load(lctx, ds, nquads, id)
		cancel()
		if err != nil {
			if t.Name() == "engine" {
				return nil, err
			}
			res.Notes = append(res.Notes, fmt.Sprintf("%s did not load: %v", t.Name(), err))
			continue
		}
		res.LoadMS[t.Name()] = ms(time.Since(start))
		if own, ok := t.(*ownTarget); ok {
			res.LoadMS[t.Name()] = ms(own.loadTime)
			res.EngineLoad = &benchLoad{
				TriplesPerS:    float64(ds.Len()) / own.loadTime.Seconds(),
				BytesPerTriple: float64(own.heapBytes) / float64(max(1, ds.Len())),
			}
		}
		live = append(live, t)
	}
	for _, bq := range engine.BSBMQueries {
		fmt.Fprintf(log, "bench: %d triples: %s\n", n, bq.Name)
		res.Queries = append(res.Queries, benchQuery(ctx, cfg, live, bq))
	}
	return res, nil
}

// benchQuery runs one query of the mix on every engine: a warm-up whose
// answer is compared with ours, then cfg.runs timed runs.
func benchQuery(ctx context.Context, cfg *benchConfig, targets []benchTarget, bq engine.BSBMQuery) *benchQueryResult {
	text := engine.BSBMPrefixes + bq.Query
	qr := &benchQueryResult{Name: bq.Name, MedianMS: map[string]float64{}, Ratio: map[string]float64{},
		Errors: map[string]string{}, Mismatch: map[string]string{}}
	own := targets[0].(*ownTarget)
	ours, _, err := own.Query(ctx, text)
	if err != nil {
		qr.Errors["engine"] = err.Error()
		return qr
	}
	qr.Rows = len(ours.Rows)
	full, order, err := own.unsliced(ctx, text)
	if err != nil {
		qr.Errors["engine"] = "un-sliced: " + err.Error()
	}
	for _, t := range targets {
		med, err := timeQuery(ctx, cfg, t, text, func(a *results.Answer) {
			if t.Name() != "engine" {
				if d := benchAgree(ours, a, full, order); d != "" {
					qr.Mismatch[t.Name()] = d
				}
			}
		})
		if err != nil {
			qr.Errors[t.Name()] = err.Error()
			continue
		}
		qr.MedianMS[t.Name()] = ms(med)
	}
	for name, m := range qr.MedianMS {
		if m > 0 && name != "engine" {
			qr.Ratio[name] = qr.MedianMS["engine"] / m
		}
	}
	return qr
}

// timeQuery warms up (handing the answer to check) and returns the
// median own time of cfg.runs runs.
func timeQuery(ctx context.Context, cfg *benchConfig, t benchTarget, text string, check func(*results.Answer)) (time.Duration, error) {
	var times []time.Duration
	for i := 0; i <= cfg.runs; i++ {
		if _, own := t.(*ownTarget); own && i == 1 {
			// Our engine shares this process with the decoding of the
			// others' answers: collect that garbage once, before its timed
			// runs (not before each: a collection walks the whole store
			// and leaves the caches cold, which no other engine pays).
			runtime.GC()
		}
		qctx, cancel := context.WithTimeout(ctx, cfg.timeout)
		a, d, err := t.Query(qctx, text)
		cancel()
		if err != nil {
			return 0, err
		}
		if i == 0 {
			check(a)
			continue
		}
		times = append(times, d)
	}
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	if len(times)%2 == 1 {
		return times[len(times)/2], nil
	}
	return (times[len(times)/2-1] + times[len(times)/2]) / 2, nil
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
