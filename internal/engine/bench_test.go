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
	"github.com/sparql-oracle/oracle/internal/reference"
	"github.com/sparql-oracle/oracle/internal/registry"
)

// The explore-like query mix of the benchmarks, over GenerateBSBM data.
var bsbmQueries = []struct{ name, query string }{
	{"star", `SELECT ?label ?comment ?producer ?n1 ?n2 WHERE {
		inst:Product7 rdfs:label ?label ; rdfs:comment ?comment ; voc:producer ?p ;
			voc:productPropertyNumeric1 ?n1 ; voc:productPropertyNumeric2 ?n2 .
		?p rdfs:label ?producer }`},
	{"chain", `SELECT ?review ?name ?country WHERE {
		?review voc:reviewFor ?prod ; voc:reviewer ?person .
		?prod voc:producer inst:Producer1 .
		?person voc:name ?name ; voc:country ?country }`},
	{"optional", `SELECT ?prod ?label ?r1 ?r2 WHERE {
		?prod voc:producer inst:Producer2 ; rdfs:label ?label .
		?review voc:reviewFor ?prod .
		OPTIONAL { ?review voc:rating1 ?r1 }
		OPTIONAL { ?review voc:rating2 ?r2 } }`},
	{"filter_numeric", `SELECT ?prod ?n1 WHERE {
		?prod voc:productPropertyNumeric1 ?n1 ; voc:productPropertyNumeric2 ?n2 ; voc:productFeature inst:ProductFeature3 .
		FILTER(?n1 > 500 && ?n2 < 1500) }`},
	{"filter_string", `SELECT ?prod ?label WHERE {
		?prod a voc:Product ; rdfs:label ?label .
		FILTER(CONTAINS(?label, "zulu") || REGEX(?label, "^alpha")) }`},
	{"order_limit", `SELECT ?offer ?price WHERE {
		?offer voc:vendor inst:Vendor1 ; voc:price ?price ; voc:deliveryDays ?d .
		FILTER(?d <= 10) } ORDER BY ?price LIMIT 10`},
	{"group_aggregate", `SELECT ?country (COUNT(?offer) AS ?n) (AVG(?price) AS ?avg) (MAX(?price) AS ?max) WHERE {
		?offer voc:vendor ?v ; voc:price ?price . ?v voc:country ?country } GROUP BY ?country`},
	{"path", `SELECT ?prod WHERE { ?prod a/rdfs:subClassOf* inst:ProductType2 } LIMIT 1000`},
}

const bsbmPrefixes = "PREFIX voc: <" + engine.BSBMVoc + ">\nPREFIX inst: <" + engine.BSBMInst + ">\n" +
	"PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>\n"

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
		for _, bq := range bsbmQueries {
			b.Run(fmt.Sprintf("%s/triples=%d", bq.name, n), func(b *testing.B) {
				q, err := algebra.Parse(bsbmPrefixes+bq.query, "")
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
	ref := registry.Reference(reference.Options{})
	eng := registry.Engine(engine.Options{})
	for _, bq := range bsbmQueries {
		t.Run(bq.name, func(t *testing.T) {
			c := &oracle.Case{Name: bq.name, Query: bsbmPrefixes + bq.query, Dataset: ds}
			compareEngines(t, ref, eng, c, "bench_test.go", 0)
			q, err := algebra.Parse(bsbmPrefixes+bq.query, "")
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
