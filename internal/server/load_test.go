package server

import (
	"github.com/sparql-oracle/oracle/internal/rdf"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestLoad sends concurrent POST /v1/diff over loopback: no 5xx, no 429
// (the queue wait covers the burst), bounded heap. It logs the figures:
// concurrency, requests, errors, peak heap, and the service overhead p50/p99
// (request time beyond diff.Run and the wait for an evaluation slot, from
// the Server-Timing header; the dataset's child-process parse is reported
// apart as "load"). It runs twice: with Turtle that needs the isolated
// child process, and with N-Triples, which our own reader takes in-process.
func TestLoad(t *testing.T) {
	runs := [][2]int{{1, 200}, {16, 400}}
	if testing.Short() {
		runs = [][2]int{{1, 10}, {4, 40}}
	}
	_, ts := newTest(t, Config{FileReports: true})
	rdf.StartLoaderPool() // as `oracle serve` does before it listens
	t.Logf("GOMAXPROCS %d", runtime.GOMAXPROCS(0))
	ntriples := `{"default": "<http://ex/a> <http://ex/p> \"1\"^^<http://www.w3.org/2001/XMLSchema#integer> .\n` +
		`<http://ex/b> <http://ex/p> \"2\"^^<http://www.w3.org/2001/XMLSchema#integer> ."}`
	for _, ds := range []struct{ name, json string }{{"Turtle", twoRows}, {"N-Triples", ntriples}} {
		for _, r := range runs {
			t.Logf("dataset in %s:", ds.name)
			loadRun(t, ts.URL, ds.json, r[0], r[1])
		}
	}
}

func loadRun(t *testing.T, url, dataset string, conc, total int) {
	body := []byte(`{"query": "` + selectSP + `", "dataset": ` + dataset + `}`)
	for range conc { // warm-up, not measured: the steady state is the figure
		do(t, "POST", url+"/v1/diff", "application/json", body)
	}
	// The package's earlier tests leave garbage the collector has not yet
	// reclaimed; without a collection here their heap would count as this
	// load's.
	runtime.GC()
	var peak atomic.Uint64
	stop := sampleHeap(&peak)
	var mu sync.Mutex
	var overhead, load []float64
	codes := map[int]int{}
	var next atomic.Int64
	var wg sync.WaitGroup
	start := time.Now()
	for range conc {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for next.Add(1) <= int64(total) {
				r := do(t, "POST", url+"/v1/diff", "application/json", body)
				o, l := timing(r.Header.Get("Server-Timing"))
				mu.Lock()
				codes[r.Status]++
				overhead, load = append(overhead, o), append(load, l)
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	stop()
	errs := total - codes[200]
	t.Logf("load: concurrency %d, requests %d in %.2fs (%.0f/s), errors %d %v, peak heap %.1f MiB",
		conc, total, elapsed.Seconds(), float64(total)/elapsed.Seconds(), errs, codes, float64(peak.Load())/(1<<20))
	rest := make([]float64, len(overhead))
	for i := range overhead {
		rest[i] = overhead[i] - load[i]
	}
	t.Logf("  overhead beyond diff.Run: p50 %.2f ms, p99 %.2f ms = dataset load (child process for Turtle) p50 %.2f / p99 %.2f ms + the rest (HTTP, JSON, checks, filing) p50 %.2f / p99 %.2f ms",
		pct(overhead, 50), pct(overhead, 99), pct(load, 50), pct(load, 99), pct(rest, 50), pct(rest, 99))
	if errs != 0 {
		t.Errorf("%d requests failed: %v", errs, codes)
	}
	if peak.Load() > 512<<20 {
		t.Errorf("peak heap %d MiB exceeds 512 MiB", peak.Load()>>20)
	}
}

// sampleHeap records the peak HeapInuse every 5 ms until stopped.
func sampleHeap(peak *atomic.Uint64) (stop func()) {
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		var ms runtime.MemStats
		for {
			runtime.ReadMemStats(&ms)
			if ms.HeapInuse > peak.Load() {
				peak.Store(ms.HeapInuse)
			}
			select {
			case <-done:
				return
			case <-time.After(5 * time.Millisecond):
			}
		}
	}()
	return func() { close(done); wg.Wait() }
}

// timing reads "queue;dur=Q, load;dur=A, run;dur=B, total;dur=C" into
// the overhead (C - B - Q) and the load time A, in milliseconds.
func timing(h string) (overhead, load float64) {
	d := map[string]float64{}
	for _, part := range strings.Split(h, ",") {
		name, dur, _ := strings.Cut(strings.TrimSpace(part), ";dur=")
		d[name], _ = strconv.ParseFloat(dur, 64)
	}
	return d["total"] - d["run"] - d["queue"], d["load"]
}

func pct(xs []float64, p int) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[min(len(s)-1, len(s)*p/100)]
}
