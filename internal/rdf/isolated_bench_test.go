package rdf

import (
	"context"
	"flag"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// latencyCalls sets how many LoadIsolated calls TestLoadIsolatedLatency
// times (0 skips it): go test -run Latency -loader-latency 500 ./internal/rdf
var latencyCalls = flag.Int("loader-latency", 0, "time this many LoadIsolated calls of a small Turtle document (0: skip)")

// smallTurtle is about 20 triples with prefixes and ';', so knakk (in a
// child) must read it: our N-Triples reader rejects it.
var smallTurtle = func() []byte {
	var b strings.Builder
	b.WriteString("@prefix ex: <http://ex.org/> .\n@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .\n")
	for i := range 10 {
		fmt.Fprintf(&b, "ex:s%d ex:p %d ;\n  ex:name \"item %d\"@en .\n", i, i, i)
	}
	return []byte(b.String())
}()

func loadSmallTurtle(tb testing.TB) time.Duration {
	start := time.Now()
	qs, err := LoadIsolated(context.Background(), smallTurtle, Turtle, "", "small.ttl", Limits{})
	d := time.Since(start)
	if err != nil || len(qs) != 20 {
		tb.Fatalf("got %d quads, %v; want 20", len(qs), err)
	}
	return d
}

// BenchmarkLoadIsolatedTurtle loads smallTurtle with the default pool of
// persistent workers and with none (a worker per load, ...NoPool): back to
// back (Seq), at concurrency 4 (Conc4: ns/op is per load), and 2 ms apart
// (Paced: the pause is not timed). Run them in one go to compare:
//
//	go test -run XXX -bench LoadIsolatedTurtle ./internal/rdf
func BenchmarkLoadIsolatedTurtle(b *testing.B) {
	for _, n := range []int{DefaultLoaderPool, 0} {
		name := fmt.Sprintf("pool%d", n)
		b.Run(name+"/Seq", func(b *testing.B) { benchLoads(b, n, 1, 0) })
		b.Run(name+"/Conc4", func(b *testing.B) { benchLoads(b, n, 4, 0) })
		b.Run(name+"/Paced", func(b *testing.B) { benchLoads(b, n, 1, 2*time.Millisecond) })
	}
}

// benchLoads times loads from conc goroutines with a pool of n workers,
// started before the clock runs; a single goroutine pauses gap before
// each load.
func benchLoads(b *testing.B, n, conc int, gap time.Duration) {
	withPool(b, n)
	fillPool(b, n)
	if conc == 1 {
		for b.Loop() {
			b.StopTimer()
			time.Sleep(gap)
			b.StartTimer()
			loadSmallTurtle(b)
		}
		return
	}
	var wg sync.WaitGroup
	work := make(chan struct{})
	for range conc {
		wg.Go(func() {
			for range work {
				loadSmallTurtle(b)
			}
		})
	}
	for b.Loop() {
		work <- struct{}{}
	}
	close(work)
	wg.Wait()
}

// TestLoadIsolatedLatency logs p50/p99 of LoadIsolated on smallTurtle
// without and with the pool: back to back, paced (a pause between calls
// as a server that is not saturated sees), and at concurrency 4.
func TestLoadIsolatedLatency(t *testing.T) {
	if *latencyCalls == 0 {
		t.Skip("set -loader-latency N")
	}
	for _, run := range []struct {
		conc int
		gap  time.Duration
	}{{1, 0}, {1, 2 * time.Millisecond}, {4, 0}} {
		for _, n := range []int{0, DefaultLoaderPool} {
			t.Run(fmt.Sprintf("pool%d/conc%d/gap%v", n, run.conc, run.gap), func(t *testing.T) {
				withPool(t, n)
				fillPool(t, n)
				hits := poolHits.Load()
				ds := timeCalls(t, run.conc, *latencyCalls, run.gap)
				t.Logf("pool %d, concurrency %d, gap %v, %d calls: p50 %v, p99 %v, max %v, %d from the pool",
					n, run.conc, run.gap, len(ds), pctDur(ds, 50), pctDur(ds, 99), pctDur(ds, 100), poolHits.Load()-hits)
			})
		}
	}
}

// timeCalls makes n loads from conc goroutines, each pausing gap before
// every load, and returns the time each took.
func timeCalls(t *testing.T, conc, n int, gap time.Duration) []time.Duration {
	var mu sync.Mutex
	var ds []time.Duration
	var wg sync.WaitGroup
	for w := range conc {
		wg.Go(func() {
			for i := w; i < n; i += conc {
				time.Sleep(gap)
				d := loadSmallTurtle(t)
				mu.Lock()
				ds = append(ds, d)
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	return ds
}

func pctDur(ds []time.Duration, p int) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[min(len(s)-1, len(s)*p/100)]
}
