package engine_test

import (
	"context"
	"fmt"
	"runtime"
	"sync"
	"testing"

	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/engine"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/registry"
)

// bsbmQueries and bsbmPrefixes keep the mix's older test-local names for
// the other tests of this package.
var bsbmQueries = func() []struct{ name, query string } {
	out := make([]struct{ name, query string }, len(engine.BSBMQueries))
	for i, q := range engine.BSBMQueries {
		out[i].name, out[i].query = q.Name, q.Query
	}
	return out
}()

const bsbmPrefixes = engine.BSBMPrefixes

var bsbmSizes = []int{10_000, 100_000, 1_000_000}

// One dataset and one store are cached at a time, so a benchmark's
// garbage collections do not scan every size's data.
var (
	bsbmMu    sync.Mutex
	bsbmN     int
	bsbmData  *rdf.Dataset
	bsbmStore *engine.Store
)

func bsbmDataset(n int) *rdf.Dataset {
	bsbmMu.Lock()
	defer bsbmMu.Unlock()
	if bsbmN != n || bsbmData == nil {
		bsbmN, bsbmData, bsbmStore = n, nil, nil
		runtime.GC()
		bsbmData = engine.GenerateBSBM(n, 1)
	}
	return bsbmData
}

// bsbmLoaded returns the store of size n and drops the dataset.
func bsbmLoaded(n int) *engine.Store {
	bsbmMu.Lock()
	defer bsbmMu.Unlock()
	if bsbmN == n && bsbmStore != nil {
		return bsbmStore
	}
	ds := bsbmData
	if bsbmN != n || ds == nil {
		bsbmData = nil
		runtime.GC()
		ds = engine.GenerateBSBM(n, 1)
	}
	bsbmN, bsbmStore, bsbmData = n, engine.Load(ds), nil
	runtime.GC()
	return bsbmStore
}

// BenchmarkLoad measures dictionary encoding and index building, and
// reports the heap the store keeps per triple.
func BenchmarkLoad(b *testing.B) {
	for _, n := range bsbmSizes {
		b.Run(fmt.Sprintf("triples=%d", n), func(b *testing.B) {
			ds := bsbmDataset(n)
			b.ReportAllocs()
			b.ResetTimer()
			var s *engine.Store
			for i := 0; i < b.N; i++ {
				s = engine.Load(ds)
			}
			b.StopTimer()
			b.ReportMetric(storeBytes(ds)/float64(ds.Len()), "B/triple")
			runtime.KeepAlive(s)
		})
	}
}

func storeBytes(ds *rdf.Dataset) float64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	s := engine.Load(ds)
	runtime.GC()
	runtime.ReadMemStats(&after)
	runtime.KeepAlive(s)
	return float64(after.HeapAlloc) - float64(before.HeapAlloc)
}

// BenchmarkQuery runs each query of the mix on a loaded store.
func BenchmarkQuery(b *testing.B) {
	for _, n := range bsbmSizes {
		for _, bq := range engine.BSBMQueries {
			b.Run(fmt.Sprintf("%s/triples=%d", bq.Name, n), func(b *testing.B) {
				q, err := algebra.Parse(engine.BSBMPrefixes+bq.Query, "")
				if err != nil {
					b.Fatal(err)
				}
				s := bsbmLoaded(n)
				opt := engine.Options{MaxSteps: 1 << 40, MaxSolutions: 1 << 30}
				b.ReportAllocs()
				b.ResetTimer()
				var rows int
				for i := 0; i < b.N; i++ {
					res, err := s.Eval(context.Background(), q, opt)
					if err != nil {
						b.Fatal(err)
					}
					rows = len(res.Rows)
				}
				b.ReportMetric(float64(rows), "rows")
			})
		}
	}
}

// TestBSBMQueries checks the benchmark mix on a small dataset: every
// query runs, returns rows, and the engine agrees with the reference.
func TestBSBMQueries(t *testing.T) {
	ds := engine.GenerateBSBM(3000, 1)
	if ds.Len() < 2500 || ds.Len() > 3500 {
		t.Errorf("GenerateBSBM(3000) made %d triples", ds.Len())
	}
	ref := judge(t)
	eng := registry.Engine(engine.Options{})
	for _, bq := range engine.BSBMQueries {
		t.Run(bq.Name, func(t *testing.T) {
			c := &oracle.Case{Name: bq.Name, Query: engine.BSBMPrefixes + bq.Query, Dataset: ds}
			compareEngines(t, ref, eng, c, "bench_test.go", 0)
			q, err := algebra.Parse(engine.BSBMPrefixes+bq.Query, "")
			if err != nil {
				t.Fatal(err)
			}
			res, err := engine.Load(ds).Eval(context.Background(), q, engine.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Rows) == 0 {
				t.Errorf("no rows")
			}
		})
	}
}
