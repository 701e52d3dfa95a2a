package sweep

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/internal/registry"
	"github.com/sparql-oracle/oracle/internal/store"
)

// BenchmarkSweep measures sweep throughput on SQLite (cases/s, whole
// pipeline: River jobs, engines, triage, store writes; no reduction) over
// 200 generated cases, with the in-house pair, and with every installed
// engine when SWEEP_BENCH_ALL=1 (or the engines SWEEP_BENCH_ENGINES lists,
// comma-separated).
//
//	go test ./internal/sweep -run '^$' -bench Sweep -benchtime 3x
func BenchmarkSweep(b *testing.B) {
	b.Run("pair", func(b *testing.B) { benchSweep(b, nil) })
	if os.Getenv("SWEEP_BENCH_ALL") == "" {
		return
	}
	var all []string
	for _, n := range registry.External() {
		if registry.Installed(n) {
			all = append(all, n)
		}
	}
	if list := os.Getenv("SWEEP_BENCH_ENGINES"); list != "" {
		all = strings.Split(list, ",")
	}
	b.Logf("installed engines: %s", strings.Join(all, ", "))
	b.Run("all", func(b *testing.B) { benchSweep(b, all) })
}

func benchSweep(b *testing.B, engines []string) {
	const n = 200
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	r, err := New(ctx, st, Options{Workers: 8})
	if err != nil {
		b.Fatal(err)
	}
	if err := r.Start(ctx); err != nil {
		b.Fatal(err)
	}
	defer r.Stop(ctx)
	spec := store.SweepSpec{Engines: engines, Generated: &store.GenSource{From: 0, To: n}, ReduceCalls: -1}
	// Warm the engines (sidecars start on first use).
	if _, err := r.Submit(ctx, store.SweepSpec{Engines: engines, Generated: &store.GenSource{From: 0, To: 4}}); err != nil {
		b.Fatal(err)
	}
	var busy time.Duration
	for b.Loop() {
		start := time.Now()
		s, err := r.Submit(ctx, spec)
		if err != nil {
			b.Fatal(err)
		}
		if s, err = r.Wait(ctx, s.ID); err != nil || s.State != store.SweepDone {
			b.Fatalf("sweep %d: %v %s", s.ID, err, s.Error)
		}
		busy += time.Since(start)
	}
	b.ReportMetric(float64(n*b.N)/busy.Seconds(), "cases/s")
}
