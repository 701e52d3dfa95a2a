package server

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/internal/rdf"
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
	elapsed := concurrently(conc, func() bool { return next.Add(1) <= int64(total) }, func() {
		r := do(t, "POST", url+"/v1/diff", "application/json", body)
		o, l := timing(r.Header.Get("Server-Timing"))
		mu.Lock()
		codes[r.Status]++
		overhead, load = append(overhead, o), append(load, l)
		mu.Unlock()
	})
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

// TestLoadCompare measures POST /v1/diff throughput of two `oracle serve`
// binaries side by side in one run: this tree's and the previous
// release's (ORACLE_LOAD_PREV, a binary built from git: docs/bench.md says
// how; several as NAME=PATH,NAME=PATH). Both run on loopback ports with the in-house engines only
// (--engines engine, no nightly sweep, the log on a file); the same client
// loop (ORACLE_LOAD_CLIENTS clients, default 50, each posting as soon as
// its last answer came, for ORACLE_LOAD_SECONDS, default 30) is run
// against each in turn, ORACLE_LOAD_ROUNDS times (default 2), alternating
// (each round starts one binary later). It logs requests/s, the latency
// p50/p99 and the server's CPU time per request (user+system, from
// /proc: the figure a machine shared with other work disturbs least) per
// binary and round, and writes the table to ORACLE_LOAD_OUT when set. It
// fails on any answer other than 200: the figures are the machine's and
// are only logged.
func TestLoadCompare(t *testing.T) {
	prev := os.Getenv("ORACLE_LOAD_PREV")
	if prev == "" {
		t.Skip("set ORACLE_LOAD_PREV to the previous release's oracle binary (docs/bench.md)")
	}
	clients, secs, rounds := envInt("ORACLE_LOAD_CLIENTS", 50), envInt("ORACLE_LOAD_SECONDS", 30), envInt("ORACLE_LOAD_ROUNDS", 2)
	cur := os.Getenv("ORACLE_LOAD_CUR")
	if cur == "" {
		cur = buildOracle(t, "../..", t.TempDir())
	}
	var servers []*loadServer
	for _, p := range strings.Split(prev, ",") {
		name, path, ok := strings.Cut(p, "=")
		if !ok {
			name, path = "previous", p
		}
		servers = append(servers, startLoadServer(t, name, path))
	}
	servers = append(servers, startLoadServer(t, "this tree", cur))
	body := []byte(`{"query": "` + selectSP + `", "engines": ["engine"], "dataset": {"default": ` +
		`"<http://ex/a> <http://ex/p> \"1\"^^<http://www.w3.org/2001/XMLSchema#integer> .\n` +
		`<http://ex/b> <http://ex/p> \"2\"^^<http://www.w3.org/2001/XMLSchema#integer> ."}}`)
	for _, s := range servers { // warm-up, not measured
		hammer(s.url, body, clients, 2*time.Second)
	}
	var table strings.Builder
	fmt.Fprintf(&table, "| binary | round | requests | requests/s | p50 ms | p99 ms | server CPU ms/request | load average | not 200 |\n"+
		"| --- | --- | --- | --- | --- | --- | --- | --- | --- |\n")
	for round := 1; round <= rounds; round++ {
		for i := range servers {
			s := servers[(i+round-1)%len(servers)]
			cpu := cpuTicks(s.cmd.Process.Pid)
			r := hammer(s.url, body, clients, time.Duration(secs)*time.Second)
			cpuMS := float64(cpuTicks(s.cmd.Process.Pid)-cpu) * 10 // USER_HZ is 100 on Linux
			fmt.Fprintf(&table, "| %s | %d | %d | %.0f | %.1f | %.1f | %.3f | %s | %d |\n", s.name, round, r.n, r.perSecond(),
				pct(r.ms, 50), pct(r.ms, 99), cpuMS/float64(max(1, r.n)), loadAverage(), r.n-r.codes[200])
			if r.n != r.codes[200] {
				t.Errorf("%s, round %d: answers other than 200: %v", s.name, round, r.codes)
			}
		}
	}
	t.Logf("%d clients, %d s per run, POST /v1/diff (reference and engine, two N-Triples triples), GOMAXPROCS of the servers: the machine's\n%s",
		clients, secs, table.String())
	if out := os.Getenv("ORACLE_LOAD_OUT"); out != "" {
		if err := os.WriteFile(out, []byte(table.String()), 0o644); err != nil {
			t.Error(err)
		}
	}
}

// cpuTicks is a process's user and system time in clock ticks (proc(5):
// fields 14 and 15 of /proc/PID/stat, counted after the command's ")").
func cpuTicks(pid int) int64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	f := strings.Fields(string(b[bytes.LastIndexByte(b, ')')+1:]))
	if len(f) < 13 {
		return 0
	}
	u, _ := strconv.ParseInt(f[11], 10, 64)
	s, _ := strconv.ParseInt(f[12], 10, 64)
	return u + s
}

// loadAverage is the one-minute load average when the run ended.
func loadAverage() string {
	b, _ := os.ReadFile("/proc/loadavg")
	if f := strings.Fields(string(b)); len(f) > 0 {
		return f[0]
	}
	return "?"
}

func envInt(name string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil && n > 0 {
		return n
	}
	return def
}

// loadServer is one `oracle serve` under measurement.
type loadServer struct {
	name, url string
	cmd       *exec.Cmd
}

func startLoadServer(t *testing.T, name, bin string) *loadServer {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	dir := t.TempDir()
	logf, err := os.Create(filepath.Join(dir, "serve.log"))
	if err != nil {
		t.Fatal(err)
	}
	args := []string{"serve", "--addr", addr, "--db", filepath.Join(dir, "load.db"), "--engines", "engine"}
	if help, _ := exec.Command(bin, "serve", "-h").CombinedOutput(); bytes.Contains(help, []byte("no-nightly")) {
		args = append(args, "--no-nightly") // older builds have no nightly sweep
	}
	cmd := exec.Command(bin, args...)
	cmd.Stdout, cmd.Stderr = logf, logf
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Env = append(os.Environ(), "ORACLE_TOKEN=")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	s := &loadServer{name: name, url: "http://" + addr, cmd: cmd}
	t.Cleanup(func() {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM)
		cmd.Wait()
		logf.Close()
	})
	for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		if resp, err := http.Get(s.url + "/readyz"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				return s
			}
		}
	}
	b, _ := os.ReadFile(logf.Name())
	t.Fatalf("%s (%s) not ready after 60 s: %s", name, bin, b)
	return nil
}

// loadResult is one run of the client loop.
type loadResult struct {
	n       int
	elapsed time.Duration
	ms      []float64
	codes   map[int]int
}

func (r loadResult) perSecond() float64 { return float64(r.n) / r.elapsed.Seconds() }

// hammer runs clients goroutines posting body to url/v1/diff back to back
// for d, each on its own kept-alive connection.
func hammer(url string, body []byte, clients int, d time.Duration) loadResult {
	tr := &http.Transport{MaxIdleConnsPerHost: clients, MaxConnsPerHost: clients}
	defer tr.CloseIdleConnections()
	client := &http.Client{Transport: tr, Timeout: 30 * time.Second}
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	var mu sync.Mutex
	res := loadResult{codes: map[int]int{}}
	res.elapsed = concurrently(clients, func() bool { return ctx.Err() == nil }, func() {
		t0 := time.Now()
		code := post(client, url+"/v1/diff", body)
		ms := float64(time.Since(t0).Microseconds()) / 1000
		mu.Lock()
		res.n++
		res.codes[code]++
		res.ms = append(res.ms, ms)
		mu.Unlock()
	})
	return res
}

// concurrently runs n clients, each calling one while more allows, and
// returns how long they took: the load of TestLoad and TestLoadCompare.
func concurrently(n int, more func() bool, one func()) time.Duration {
	var wg sync.WaitGroup
	start := time.Now()
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for more() {
				one()
			}
		}()
	}
	wg.Wait()
	return time.Since(start)
}

func post(client *http.Client, url string, body []byte) int {
	req, _ := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	resp, err := client.Do(req)
	if err != nil {
		return 0
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp.StatusCode
}
