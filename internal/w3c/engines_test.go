package w3c_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/internal/corpus"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/registry"
	"github.com/sparql-oracle/oracle/internal/w3c"
)

// enginesEnv selects the external engines TestEngineBaselines runs: unset
// or "all" runs every installed one; a comma-separated list runs those;
// "none" runs none.
const enginesEnv = "ORACLE_W3C_ENGINES"

// baselined are the external engines with a baselines/<name>.tsv.
var baselined = []string{"pyoxigraph", "oxigraph", "oxilite", "jena", "comunica", "rdflib",
	"rasqal", "virtuoso", "attean", "rdfquery", "rdf4j", "oxigraph-server", "fuseki", "virtuoso"}

// TestEngineBaselines runs every installed external engine over the W3C
// suite through the same runner as `oracle w3c --engine NAME`, all engines
// at once, each on warm sidecars (pool 2), and holds each to its baseline
// (baselines/<name>.tsv): a new failure, a changed class or an unexpected
// pass fails. Tests a baseline lists as "#exclude<TAB>id<TAB>reason" are not
// compared (answers that vary from run to run). The comparator alone decides
// what is a failure (a computed number's lexical form is accepted there).
func TestEngineBaselines(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the W3C suite through every external engine")
	}
	root, err := corpus.SuiteRoot()
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	var mu sync.Mutex
	took := map[string]time.Duration{}
	t.Cleanup(func() { t.Logf("engines %v, total %s", took, time.Since(start).Round(time.Millisecond)) })
	cfg := &registry.Config{Pool: 2}
	for _, name := range selected(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			d := runBaseline(t, cfg, root, name)
			mu.Lock()
			took[name] = d.Round(time.Millisecond)
			mu.Unlock()
		})
	}
}

func selected(t *testing.T) []string {
	switch v := os.Getenv(enginesEnv); v {
	case "", "all":
		return baselined
	case "none":
		return nil
	default:
		var out []string
		for _, n := range strings.Split(v, ",") {
			if n = strings.TrimSpace(n); !slices.Contains(baselined, n) {
				t.Fatalf("%s: %q has no baseline (known: %s)", enginesEnv, n, strings.Join(baselined, ", "))
			}
			out = append(out, n)
		}
		return out
	}
}

// updateBaselined are the external engines that apply updates through
// their adapter (oracle.Updater) with a baselines/<name>-update.tsv.
var updateBaselined = []string{"pyoxigraph", "oxilite", "rdflib", "oxigraph", "jena", "rdf4j", "comunica", "oxigraph-server", "fuseki", "virtuoso"}

// TestEngineUpdateBaselines runs every installed update-capable external
// engine over the W3C Update suite (w3c.UpdateManifests) and holds each to
// baselines/<name>-update.tsv as TestEngineBaselines does; ORACLE_W3C_ENGINES
// selects among them the same way (a name without an update baseline is
// left out).
func TestEngineUpdateBaselines(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the W3C Update suite through every update-capable engine")
	}
	runBaselined(t, updateBaselined, "-update", w3c.UpdatePaths)
}

// sparql12Baselined are the external engines that ship SPARQL 1.2 (triple
// terms, the 1.2 functions, VERSION) with a baselines/<name>-sparql12.tsv
// over the W3C sparql12 suite; their 1.1 baselines stay as they
// were.
var sparql12Baselined = []string{"pyoxigraph", "oxigraph", "oxilite", "jena", "comunica", "oxigraph-server", "fuseki"}

// TestEngineSparql12Baselines runs every installed 1.2-capable external
// engine over the W3C sparql12 manifest (query, syntax and update tests)
// and holds each to baselines/<name>-sparql12.tsv as TestEngineBaselines
// does; ORACLE_W3C_ENGINES selects among them the same way.
func TestEngineSparql12Baselines(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the W3C sparql12 suite through every 1.2-capable engine")
	}
	runBaselined(t, sparql12Baselined, "-sparql12", func(root string) []string {
		return []string{filepath.Join(root, "sparql12", "manifest.ttl")}
	})
}

// runBaselined runs each selected engine among only, in parallel, over
// the manifests paths gives for the suite's root, and holds it to
// baselines/<name><suffix>.tsv.
func runBaselined(t *testing.T, only []string, suffix string, paths func(root string) []string) {
	root, err := corpus.SuiteRoot()
	if err != nil {
		t.Fatal(err)
	}
	manifests := paths(root)
	cfg := &registry.Config{Pool: 2}
	for _, name := range selected(t) {
		if !slices.Contains(only, name) {
			continue
		}
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			runSuite(t, cfg, root, name, manifests, name+suffix)
		})
	}
}

// runBaseline runs one engine over the suite and compares with its baseline.
func runBaseline(t *testing.T, cfg *registry.Config, root, name string) time.Duration {
	return runSuite(t, cfg, root, name, w3c.DefaultPaths(root), name)
}

// runSuite runs one engine over manifests and compares with the baseline
// baselines/<baseline>.tsv.
func runSuite(t *testing.T, cfg *registry.Config, root, name string, manifests []string, baseline string) time.Duration {
	eng, err := cfg.New(name)
	if errors.Is(err, registry.ErrNotInstalled) {
		t.Skipf("%v", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	defer registry.Close(eng)
	if v := eng.Version(); v == "unavailable" {
		t.Skipf("%s is installed but gives no version answer", name)
	}
	base, excluded := engineBaseline(t, baseline)
	opts := w3c.Options{Timeout: 30 * time.Second, Root: root, Workers: 2}
	rep := w3c.Run(context.Background(), eng, manifests, opts)
	if rep.Err != nil {
		t.Fatal(rep.Err)
	}
	passed := 0
	for _, r := range rep.Results {
		if r.Outcome == w3c.Pass {
			passed++
		}
	}
	t.Logf("%s %s: %d of %d passed in %s", rep.Engine, rep.Version, passed, len(rep.Results), rep.Elapsed.Round(time.Millisecond))
	holdTo(t, &rep, base, excluded)
	return rep.Elapsed
}

// latencyEnv turns TestEngineLatency on: ORACLE_LATENCY=N runs N generated
// cases (default-profile corpus.Generate, seeds 1..N) through every
// installed engine, one at a time on a warm pool, and logs median and p99
// wall time per case (dataset transfer, evaluation, answer parsing). The
// engines are built from $ORACLE_CONFIG when it is set, else pools of 2.
const latencyEnv = "ORACLE_LATENCY"

func TestEngineLatency(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv(latencyEnv))
	if n <= 0 {
		t.Skipf("set %s=N to measure per-case latency over N generated cases", latencyEnv)
	}
	cases := make([]*oracle.Case, n)
	for i := range cases {
		g := corpus.Generate(int64(i+1), nil)
		cases[i] = &oracle.Case{Name: g.Name(), Query: g.Query, Dataset: g.Dataset()}
	}
	cfg, err := registry.ActiveConfig() // $ORACLE_CONFIG, e.g. Virtuoso loading by update
	if err != nil {
		t.Fatal(err)
	}
	if cfg == nil {
		cfg = &registry.Config{Pool: 2}
	}
	var table strings.Builder
	fmt.Fprintf(&table, "| engine | version | cases | errors by kind | median | p99 |\n| --- | --- | --- | --- | --- | --- |\n")
	for _, name := range append([]string{"reference", "engine"}, selected(t)...) {
		eng, err := cfg.New(name)
		if err != nil {
			t.Logf("%s: %v", name, err)
			continue
		}
		med, p99, errs, first := latency(eng, cases)
		for k, msg := range first {
			t.Logf("%s: first %s: %.300s", name, k, msg)
		}
		fmt.Fprintf(&table, "| %s | %s | %d | %s | %s | %s |\n", name, eng.Version(), n, kinds(errs), med, p99)
		registry.Close(eng)
	}
	t.Logf("per-case latency, warm pools:\n%s", table.String())
}

// latency runs the cases one at a time after two warm-up cases and returns
// the median and 99th percentile wall time, the errors by kind and the
// first error of each kind.
func latency(eng oracle.Engine, cases []*oracle.Case) (med, p99 time.Duration, errs map[string]int, first map[string]string) {
	errs, first = map[string]int{}, map[string]string{}
	for _, c := range cases[:min(2, len(cases))] {
		eng.Eval(context.Background(), c)
	}
	var ds []time.Duration
	for _, c := range cases {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		start := time.Now()
		_, err := eng.Eval(ctx, c)
		ds = append(ds, time.Since(start))
		cancel()
		if err != nil {
			k := oracle.Classify(err)
			if errs[k]++; errs[k] == 1 {
				first[k] = c.Name + ": " + err.Error()
			}
		}
	}
	slices.Sort(ds)
	q := func(p float64) time.Duration { return ds[int(p*float64(len(ds)-1))].Round(10 * time.Microsecond) }
	return q(0.5), q(0.99), errs, first
}

// kinds prints error counts by kind, sorted ("rejected 3, unsupported 1").
func kinds(errs map[string]int) string {
	var out []string
	for k, n := range errs {
		out = append(out, fmt.Sprintf("%s %d", k, n))
	}
	slices.Sort(out)
	if len(out) == 0 {
		return "0"
	}
	return strings.Join(out, ", ")
}
