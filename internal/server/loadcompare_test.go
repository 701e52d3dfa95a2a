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
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

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
	var wg sync.WaitGroup
	start := time.Now()
	for range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				t0 := time.Now()
				code := post(client, url+"/v1/diff", body)
				ms := float64(time.Since(t0).Microseconds()) / 1000
				mu.Lock()
				res.n++
				res.codes[code]++
				res.ms = append(res.ms, ms)
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	res.elapsed = time.Since(start)
	return res
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
