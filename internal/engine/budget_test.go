package engine

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/ops"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// The fast engine takes the same byte and time bounds as the judge
// (reference/budget_test.go).

// doublingQuery is issue 13's hostile query: n chained BIND(CONCAT(?a,?a))
// from a 10-character string (10 * 2^33 bytes at n = 33).
func doublingQuery(n int) string {
	var b strings.Builder
	b.WriteString("SELECT ?a" + fmt.Sprint(n) + " WHERE { BIND(\"0123456789\" AS ?a0)\n")
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "BIND(CONCAT(?a%d, ?a%d) AS ?a%d)\n", i-1, i-1, i)
	}
	b.WriteString("}")
	return b.String()
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

// TestBudgetConcatDoubling: the doubling ends within the deadline with a
// budget outcome, having allocated a bounded amount (the term limit, 4 MiB,
// is reached after 19 doublings).
func TestBudgetConcatDoubling(t *testing.T) {
	q, err := algebra.Parse(doublingQuery(33), "http://example/")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	start := time.Now()
	var evalErr error
	alloc := allocated(func() { _, evalErr = Eval(ctx, q, nil, nil, Options{}) })
	elapsed := time.Since(start)
	if !errors.Is(evalErr, ops.ErrBudget) || !strings.Contains(evalErr.Error(), "MaxTermBytes") {
		t.Fatalf("err = %v, want an ErrBudget naming the term limit", evalErr)
	}
	if elapsed > 5*time.Second {
		t.Errorf("took %v", elapsed)
	}
	if alloc > 64<<20 {
		t.Errorf("allocated %d bytes, want under 64 MiB", alloc)
	}
	t.Logf("%v in %v, %d KiB allocated", evalErr, elapsed, alloc>>10)
}

// TestBudgetTotalBytes: many terms under the term limit still stop at the
// query's byte limit.
func TestBudgetTotalBytes(t *testing.T) {
	q, err := algebra.Parse(doublingQuery(12), "http://example/")
	if err != nil {
		t.Fatal(err)
	}
	_, err = Eval(context.Background(), q, nil, nil, Options{MaxBytes: 50_000})
	if !errors.Is(err, ops.ErrBudget) || !strings.Contains(err.Error(), "MaxBytes") {
		t.Fatalf("err = %v, want an ErrBudget naming the byte limit", err)
	}
}

// TestBudgetLongRegexDeadline: REGEX over a 1 MiB literal for each of many
// solutions stops at the deadline (each REGEX over a long text polls it).
func TestBudgetLongRegexDeadline(t *testing.T) {
	ds := rdf.NewDataset()
	long := strings.Repeat("ab", 1<<19)
	ds.Add(rdf.Quad{S: rdf.IRI("http://example/s"), P: rdf.IRI("http://example/p"), O: rdf.String(long)})
	var vals strings.Builder
	for i := 0; i < 5000; i++ {
		fmt.Fprintf(&vals, "%d ", i)
	}
	q, err := algebra.Parse("SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o VALUES ?i { "+vals.String()+
		"} FILTER(REGEX(?o, \"(a|b)*c\")) }", "http://example/")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err = Eval(ctx, q, ds, nil, Options{})
	elapsed := time.Since(start)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v after %v, want the deadline", err, elapsed)
	}
	if elapsed > 2*time.Second {
		t.Errorf("stopped %v after a 500ms deadline", elapsed)
	}
	t.Logf("stopped after %v", elapsed)
}
