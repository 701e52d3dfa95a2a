package registry_test

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/adapters/sidecar"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/registry"
)

// The memory bombs an outside probe of `oracle serve` used to take every
// engine at once past the machine (adapters/sidecar/budget.go): each
// asks for a string of gigabytes. Each projects only the string's length,
// so an engine that can build it answers with one number.
type bomb struct {
	name  string
	query string
	data  *rdf.Dataset
	want  int64 // STRLEN of the string it builds
}

func doublings(n int, first string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "SELECT (STRLEN(?a%d) AS ?n) WHERE {\n  %s\n", n, first)
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "  BIND(CONCAT(?a%d, ?a%d) AS ?a%d)\n", i-1, i-1, i)
	}
	return b.String() + "}\n"
}

// literalData is one triple whose object is a literal of size bytes.
func literalData(size int) *rdf.Dataset {
	ds := rdf.NewDataset()
	ds.Add(rdf.Quad{S: rdf.IRI("http://example.org/s"), P: rdf.IRI("http://example.org/p"),
		O: rdf.String(strings.Repeat("x", size)), G: rdf.DefaultGraph})
	return ds
}

func bombs() []bomb {
	cross := rdf.NewDataset()
	for i := range 300 {
		cross.Add(rdf.Quad{S: rdf.IRI(fmt.Sprintf("http://example.org/s%d", i)), P: rdf.IRI("http://example.org/p"),
			O: rdf.String(fmt.Sprintf("v%03d", i)), G: rdf.DefaultGraph})
	}
	copies := make([]string, 2000)
	for i := range copies {
		copies[i] = "?l"
	}
	const rows = 300 * 300 * 300
	return []bomb{
		{"doublings-33", doublings(33, `BIND("x" AS ?a0)`), rdf.NewDataset(), 1 << 33},
		{"doublings-24", doublings(24, `BIND("`+strings.Repeat("x", 64)+`" AS ?a0)`), rdf.NewDataset(), 64 << 24},
		{"group-concat-cross-300", `SELECT (STRLEN(GROUP_CONCAT(CONCAT(?a, ?b, ?c); SEPARATOR=" ")) AS ?n) WHERE { ?s1 ?p1 ?a . ?s2 ?p2 ?b . ?s3 ?p3 ?c }`,
			cross, rows*12 + rows - 1},
		{"concat-2000-copies-1MB", "SELECT (STRLEN(CONCAT(" + strings.Join(copies, ", ") + ")) AS ?n) WHERE { ?s ?p ?l }",
			literalData(1 << 20), 2000 << 20},
		{"doublings-12-of-3MB", doublings(12, "?s ?p ?a0 ."), literalData(3 << 20), 3 << 32},
	}
}

// TestMemoryBombs runs each bomb through every installed external engine
// at once, as one /v1/diff with no engines field does, under a budget of
// 6 GiB (less on a machine whose default budget is less): every engine's outcome is the resource limit (or the right
// length, the deadline, or a refusal to load the data), never an error or
// a crash filed against the engine, and the whole process tree (this test and every engine process
// under it, sampled every 50 ms) stays under the budget. After each bomb
// the idle engine processes hold at most about half their shares
// (sidecar.GiveBack). The default run sets off the first bomb through
// every engine (under a minute); ORACLE_BOMBS=all sets off all five (about
// six minutes on two cores), ORACLE_BOMBS=name,name the ones named.
func TestMemoryBombs(t *testing.T) {
	if testing.Short() {
		t.Skip("starts every installed engine")
	}
	budget := min(int64(6<<30), sidecar.DefaultMemoryBudget()) // never more than this machine's default
	sidecar.SetMemoryBudget(budget)
	defer sidecar.SetMemoryBudget(0)
	engines := installedEngines(t)
	defer func() {
		for _, e := range engines {
			registry.Close(e)
		}
	}()
	list := chosen(bombs(), os.Getenv("ORACLE_BOMBS"))
	for _, b := range list {
		t.Run(b.name, func(t *testing.T) { setOff(t, b, engines, budget) })
	}
}

// unwatched are engines whose outcome is logged, not asserted: roqet runs
// one process per case under its share (RLIMIT_DATA) and, refused memory,
// writes an empty result and exits 0, an answer the rasqal adapter cannot
// tell from a real one.
var unwatched = map[string]bool{"rasqal": true}

// chosen are the bombs $ORACLE_BOMBS names: "" the first, "all" all, or
// names separated by commas.
func chosen(all []bomb, env string) []bomb {
	switch env {
	case "":
		return all[:1]
	case "all":
		return all
	}
	var out []bomb
	for _, b := range all {
		if slices.Contains(strings.Split(env, ","), b.name) {
			out = append(out, b)
		}
	}
	return out
}

func installedEngines(t *testing.T) []oracle.Engine {
	t.Helper()
	names, _, err := registry.Defaults()
	if err != nil {
		t.Fatal(err)
	}
	var out []oracle.Engine
	for _, n := range names {
		if n == "reference" || n == "engine" {
			continue
		}
		e, err := registry.New(n)
		if err != nil {
			t.Fatalf("%s: %v", n, err)
		}
		out = append(out, e)
	}
	if len(out) == 0 {
		t.Skip("no external engine installed (scripts/install.sh)")
	}
	return out
}

func setOff(t *testing.T, b bomb, engines []oracle.Engine, budget int64) {
	c := &oracle.Case{Name: b.name, Query: b.query, Dataset: b.data}
	peak, stop := sampleTree()
	outcomes := oracle.Run(context.Background(), c, engines, 90*time.Second)
	high := stop()
	t.Logf("%s: peak RSS of the process tree %d MiB (budget %d MiB)", b.name, high>>20, budget>>20)
	for _, o := range outcomes {
		kind := oracle.Classify(o.Err)
		t.Logf("  %-16s %-9s %6.1fs %s", o.Engine, kind, o.Elapsed.Seconds(), firstLine(o.Err))
		if unwatched[o.Engine] {
			continue
		}
		switch kind {
		case "resource", "timeout", "unsupported": // unjudged, never filed against the engine
		case "":
			if n := length(o); n != b.want {
				t.Errorf("%s: answered STRLEN %d, want %d", o.Engine, n, b.want)
			}
		default:
			t.Errorf("%s: outcome %s (%v), want resource, the deadline or the answer", o.Engine, kind, o.Err)
		}
	}
	if high >= budget {
		t.Errorf("%s: the process tree's resident memory reached %d MiB, over the budget of %d MiB", b.name, high>>20, budget>>20)
	}
	if idle := sidecar.TreeRSS(os.Getpid()); idle > budget*6/10 {
		t.Errorf("%s: idle after the bomb, the process tree still holds %d MiB (over 60%% of the budget): processes past half their share were not restarted", b.name, idle>>20)
	} else {
		t.Logf("%s: idle after it: %d MiB; reserved %d MiB; peak sampled %d MiB", b.name, idle>>20, sidecar.Memory().Used()>>20, peak.Load()>>20)
	}
}

// sampleTree samples the resident memory of this process and all its
// descendants every 50 ms until stop, which returns the peak.
func sampleTree() (*atomic.Int64, func() int64) {
	var peak atomic.Int64
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		t := time.NewTicker(50 * time.Millisecond)
		defer t.Stop()
		for {
			if v := sidecar.TreeRSS(os.Getpid()); v > peak.Load() {
				peak.Store(v)
			}
			select {
			case <-done:
				return
			case <-t.C:
			}
		}
	})
	return &peak, func() int64 { close(done); wg.Wait(); return peak.Load() }
}

// length is the ?n an engine answered, -1 when it answered no number.
func length(o oracle.Outcome) int64 {
	if o.Answer == nil || len(o.Answer.Rows) != 1 {
		return -1
	}
	n, err := strconv.ParseInt(o.Answer.Rows[0]["n"].Value, 10, 64)
	if err != nil {
		return -1
	}
	return n
}

func firstLine(err error) string {
	if err == nil {
		return ""
	}
	s, _, _ := strings.Cut(err.Error(), "\n")
	if len(s) > 200 {
		s = s[:200] + "…"
	}
	return s
}
