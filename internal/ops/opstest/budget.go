package opstest

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/ops"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// Eval is an evaluator's entry point (reference.Eval, engine.Eval): q over
// ds, FROM and FROM NAMED naming sources, under opt. The checks here are
// about how it stops, so they read its error and drop its answer.
type Eval func(ctx context.Context, q *algebra.Query, ds *rdf.Dataset, sources map[string]*rdf.Graph, opt ops.Options) (*ops.Result, error)

// Budget checks that an evaluator keeps ops.Options' bounds: a term that
// doubles past the term limit, many terms past the byte limit, and a
// deadline passed while every row runs a REGEX over a long text.
func Budget(t *testing.T, eval Eval) {
	t.Run("ConcatDoubling", func(t *testing.T) { concatDoubling(t, eval) })
	t.Run("TotalBytes", func(t *testing.T) { totalBytes(t, eval) })
	t.Run("LongRegexDeadline", func(t *testing.T) { longRegexDeadline(t, eval) })
}

// DoublingQuery is n chained BIND(CONCAT(?a,?a)) from a 10-character
// string (10 * 2^33 bytes at n = 33).
func DoublingQuery(n int) string {
	var b strings.Builder
	b.WriteString("SELECT ?a" + fmt.Sprint(n) + " WHERE { BIND(\"0123456789\" AS ?a0)\n")
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "BIND(CONCAT(?a%d, ?a%d) AS ?a%d)\n", i-1, i-1, i)
	}
	b.WriteString("}")
	return b.String()
}

func parse(t *testing.T, query string) *algebra.Query {
	t.Helper()
	q, err := algebra.Parse(query, "http://example/")
	if err != nil {
		t.Fatal(err)
	}
	return q
}

// allocated runs f and returns the bytes the heap allocated meanwhile: an
// upper bound of how much the heap grew.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// concatDoubling: the doubling ends within the deadline with a budget
// outcome, having allocated a bounded amount (the term limit, 4 MiB, is
// reached after 19 doublings).
func concatDoubling(t *testing.T, eval Eval) {
	q := parse(t, DoublingQuery(33))
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	start := time.Now()
	var err error
	alloc := allocated(func() { _, err = eval(ctx, q, nil, nil, ops.Options{}) })
	elapsed := time.Since(start)
	if !errors.Is(err, ops.ErrBudget) || !strings.Contains(err.Error(), "MaxTermBytes") {
		t.Fatalf("err = %v, want an ErrBudget naming the term limit", err)
	}
	if alloc > 64<<20 {
		t.Errorf("allocated %d bytes, want under 64 MiB", alloc)
	}
	t.Logf("%v in %v, %d KiB allocated", err, elapsed, alloc>>10)
}

// totalBytes: many terms under the term limit still stop at the query's
// byte limit.
func totalBytes(t *testing.T, eval Eval) {
	_, err := eval(context.Background(), parse(t, DoublingQuery(12)), nil, nil, ops.Options{MaxBytes: 50_000})
	if !errors.Is(err, ops.ErrBudget) || !strings.Contains(err.Error(), "MaxBytes") {
		t.Fatalf("err = %v, want an ErrBudget naming the byte limit", err)
	}
}

// longRegexDeadline: REGEX over a 1 MiB literal for each of many solutions
// stops at the deadline (each REGEX over a long text polls it).
func longRegexDeadline(t *testing.T, eval Eval) {
	ds := rdf.NewDataset()
	long := strings.Repeat("ab", 1<<19)
	ds.Add(rdf.Quad{S: rdf.IRI("http://example/s"), P: rdf.IRI("http://example/p"), O: rdf.String(long)})
	var vals strings.Builder
	for i := 0; i < 5000; i++ {
		fmt.Fprintf(&vals, "%d ", i)
	}
	q := parse(t, "SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o VALUES ?i { "+vals.String()+"} FILTER(REGEX(?o, \"(a|b)*c\")) }")
	ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := eval(ctx, q, ds, nil, ops.Options{})
	elapsed := time.Since(start)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v after %v, want the deadline", err, elapsed)
	}
	// One REGEX over the long text, timed in the same minute: the deadline
	// may be passed by the match under way and one more, not by the
	// thousands of rows left (a loaded machine slows both alike).
	t0 := time.Now()
	regexp.MustCompile("(a|b)*c").MatchString(long)
	one := time.Since(t0)
	if limit := 500*time.Millisecond + 4*one + time.Second; elapsed > limit {
		t.Errorf("stopped %v after a 500ms deadline, more than %v (one REGEX took %v)", elapsed, limit, one)
	}
	t.Logf("stopped after %v (one REGEX: %v)", elapsed, one)
}
