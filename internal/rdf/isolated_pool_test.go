package rdf

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// withPool sets the pool to n workers for one test and closes it
// afterwards (back to the default size, no worker left).
func withPool(t testing.TB, n int) {
	t.Helper()
	SetLoaderPool(n)
	t.Cleanup(func() {
		CloseLoaderPool()
		SetLoaderPool(DefaultLoaderPool)
	})
}

// fillPool starts n pooled workers at once and parks them idle.
func fillPool(t testing.TB, n int) {
	t.Helper()
	exe, err := executable()
	if err != nil {
		t.Fatal(err)
	}
	var ws []*loaderWorker
	for range n {
		w, err := pool.acquire(context.Background(), exe, os.Environ())
		if err != nil || !w.pooled {
			t.Fatalf("starting a pooled worker: %v (pooled %v)", err, err == nil && w.pooled)
		}
		ws = append(ws, w)
	}
	for _, w := range ws {
		pool.release(w, exe)
	}
}

// waitIdle waits until the pool holds n idle workers and returns them.
func waitIdle(t testing.TB, n int) []*loaderWorker {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(2 * time.Millisecond) {
		pool.mu.Lock()
		idle := slices.Clone(pool.idle)
		pool.mu.Unlock()
		if len(idle) == n {
			return idle
		}
	}
	t.Fatalf("the pool never reached %d idle workers", n)
	return nil
}

// recordPids collects the pid of every worker started during the test.
func recordPids(t testing.TB) (pids func() []int) {
	var mu sync.Mutex
	var got []int
	f := func(pid int) {
		mu.Lock()
		got = append(got, pid)
		mu.Unlock()
	}
	workerStarted.Store(&f)
	t.Cleanup(func() { workerStarted.Store(nil) })
	return func() []int {
		mu.Lock()
		defer mu.Unlock()
		return slices.Clone(got)
	}
}

// TestLoaderPoolPersistentWorkers: 1,000 sequential loads run in at most
// ceil(1000/500) + 2 processes (one pool of two, each worker retired after
// 500 documents), nearly all served without a start.
func TestLoaderPoolPersistentWorkers(t *testing.T) {
	if testing.Short() {
		t.Skip("1,000 loads")
	}
	withPool(t, 2)
	pids := recordPids(t)
	hits := poolHits.Load()
	for range 1000 {
		loadSmallTurtle(t)
	}
	if n := len(pids()); n > 1000/WorkerMaxDocs+2 {
		t.Errorf("1,000 loads started %d worker processes %v; want <= %d", n, pids(), 1000/WorkerMaxDocs+2)
	}
	if h := poolHits.Load() - hits; h < 990 {
		t.Errorf("%d of 1,000 loads served by a running worker; want >= 990", h)
	}
}

// TestStartLoaderPool: workers started ahead serve the first loads.
func TestStartLoaderPool(t *testing.T) {
	withPool(t, 2)
	pids := recordPids(t)
	StartLoaderPool()
	waitIdle(t, 2)
	StartLoaderPool() // full already: starts nothing
	hits := poolHits.Load()
	timeCalls(t, 2, 10, 0)
	if got := poolHits.Load() - hits; got != 10 || len(pids()) != 2 {
		t.Fatalf("%d of 10 loads from the pool, %d workers started; want 10 and 2", got, len(pids()))
	}
}

// TestLoaderPoolRetiresWorkers: a worker is replaced after maxDocs
// documents, and after any document that leaves it above maxRSS.
func TestLoaderPoolRetiresWorkers(t *testing.T) {
	withPool(t, 1)
	pids := recordPids(t)
	defer func(d, r int64) { maxDocs, maxRSS = d, r }(maxDocs, maxRSS)
	maxDocs = 3
	for i := range 7 { // docs 1-3 worker A, 4-6 B, 7 C
		loadSmallTurtle(t)
		waitIdle(t, 1)
		if n, want := len(pids()), 1+(i+1)/3; n != want {
			t.Fatalf("after %d loads, %d workers started; want %d", i+1, n, want)
		}
	}
	maxDocs, maxRSS = WorkerMaxDocs, 1 // every worker is too fat: one each
	before := len(pids())
	for i := range 3 {
		loadSmallTurtle(t)
		waitIdle(t, 1)
		if n := len(pids()) - before; n != i+1 {
			t.Fatalf("RSS bound: after %d loads, %d replacements; want %d", i+1, n, i+1)
		}
	}
}

// TestLoaderPoolReplacesCrashedWorker: the worker that panicked on one
// document is gone, the pool has started another, and the next document
// loads in it.
func TestLoaderPoolReplacesCrashedWorker(t *testing.T) {
	withPool(t, 1)
	pids := recordPids(t)
	t.Setenv(rawKnakkEnv, "1") // knakk itself reads every document first
	loadSmallTurtle(t)
	first := waitIdle(t, 1)[0]
	_, err := LoadIsolated(context.Background(), []byte(serdQuoteEscape), Turtle, "", "serd.ttl", Limits{})
	if err == nil || !strings.Contains(err.Error(), "RDF loader crashed") {
		t.Fatalf("err = %v; want the crash", err)
	}
	if first.alive() {
		t.Fatalf("the crashed worker %d is still running", first.cmd.Process.Pid)
	}
	next := waitIdle(t, 1)[0]
	hits := poolHits.Load()
	loadSmallTurtle(t)
	if poolHits.Load() != hits+1 || !next.alive() || next.docs != 1 {
		t.Fatalf("the next load was not served by the replacement worker")
	}
	// The crashed worker had served a document before, so the pool gave
	// the crashing document one more, one-shot worker (it may have died
	// idle); that one crashed too. Then the replacement.
	got := pids()
	if len(got) != 3 || got[0] != first.cmd.Process.Pid || !slices.Contains(got[1:], next.cmd.Process.Pid) {
		t.Fatalf("started %v; want the crashed worker, a one-shot retry and the replacement %d", got, next.cmd.Process.Pid)
	}
}

// loadPastDeadline makes the next workers hang (childSleepEnv) and checks
// that a load through them ends at its deadline; why is added to the
// failure.
func loadPastDeadline(t *testing.T, why string) {
	t.Helper()
	t.Setenv(childSleepEnv, "1")
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	_, err := LoadIsolated(ctx, smallTurtle, Turtle, "", "slow.ttl", Limits{})
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v; want the deadline%s", err, why)
	}
}

// TestLoaderPoolReplacesTimedOutWorker: a load past its deadline kills its
// worker; the next load gets a fresh one.
func TestLoaderPoolReplacesTimedOutWorker(t *testing.T) {
	withPool(t, 1)
	loadPastDeadline(t, "")
	pool.mu.Lock()
	procs := len(pool.procs)
	pool.mu.Unlock()
	if procs > 1 { // the killed worker is reaped; at most its replacement runs
		t.Fatalf("%d workers after the timeout; want the replacement only", procs)
	}
}

// TestLoaderPoolDropsStaleEnvironment: idle workers started before a
// change of environment are not used; the load runs in a worker started
// under the new one (which hangs here, so the deadline must stop it).
func TestLoaderPoolDropsStaleEnvironment(t *testing.T) {
	withPool(t, 2)
	fillPool(t, 2)
	stale := waitIdle(t, 2)
	loadPastDeadline(t, " (a stale worker answered?)")
	for _, c := range stale {
		select {
		case <-c.done:
		case <-time.After(5 * time.Second):
			t.Fatalf("stale worker %d was not killed", c.cmd.Process.Pid)
		}
	}
}

// TestLoaderPoolConcurrent: more concurrent loads than workers all
// succeed; the pool never holds more than its size.
func TestLoaderPoolConcurrent(t *testing.T) {
	withPool(t, 2)
	hits, misses := poolHits.Load(), poolMisses.Load()
	ds := timeCalls(t, 4, 16, 0)
	if len(ds) != 16 || poolHits.Load()+poolMisses.Load() != hits+misses+16 {
		t.Fatalf("%d loads, %d hits + %d misses; want 16", len(ds), poolHits.Load()-hits, poolMisses.Load()-misses)
	}
	if idle := len(settledIdle(t)); idle > 2 {
		t.Fatalf("%d idle workers in a pool of 2", idle)
	}
}

// settledIdle returns the idle workers once one-shot workers are reaped.
func settledIdle(t *testing.T) []*loaderWorker {
	for end := time.Now().Add(5 * time.Second); time.Now().Before(end); time.Sleep(5 * time.Millisecond) {
		pool.mu.Lock()
		idle, procs := slices.Clone(pool.idle), len(pool.procs)
		pool.mu.Unlock()
		if procs == len(idle) {
			return idle
		}
	}
	t.Fatal("one-shot workers still running after 5 s")
	return nil
}

// TestCloseLoaderPoolReapsChildren: Close kills idle and busy workers
// alike and returns with none left, not even a zombie.
func TestCloseLoaderPoolReapsChildren(t *testing.T) {
	CloseLoaderPool()
	if kids := ourChildren(t); len(kids) != 0 {
		t.Fatalf("children of earlier tests still running: %v", kids)
	}
	withPool(t, 2)
	t.Setenv(childSleepEnv, "1") // every document hangs
	fillPool(t, 2)
	idle := waitIdle(t, 2)
	busy := make(chan error)
	go func() {
		_, err := LoadIsolated(context.Background(), smallTurtle, Turtle, "", "hung.ttl", Limits{})
		busy <- err
	}()
	waitIdle(t, 1) // one worker idle, one busy
	CloseLoaderPool()
	if kids := ourChildren(t); len(kids) != 0 {
		t.Errorf("child processes left after CloseLoaderPool: %v", kids)
	}
	for _, c := range idle {
		if c.alive() {
			t.Errorf("idle worker %d survived CloseLoaderPool", c.cmd.Process.Pid)
		}
	}
	if err := <-busy; err == nil || !strings.Contains(err.Error(), "hung.ttl: RDF loader crashed") {
		t.Errorf("the load in flight got %v; want its worker's death", err)
	}
	// A closed pool still loads, a worker per request, none kept.
	os.Unsetenv(childSleepEnv)
	loadSmallTurtle(t)
	if kids := settledChildren(t); len(kids) != 0 {
		t.Errorf("a closed pool kept children: %v", kids)
	}
}

// settledChildren waits up to 5 s for children that have answered to exit
// and be reaped (in the background) and returns those left.
func settledChildren(t *testing.T) []string {
	kids := ourChildren(t)
	for end := time.Now().Add(5 * time.Second); len(kids) != 0 && time.Now().Before(end); kids = ourChildren(t) {
		time.Sleep(5 * time.Millisecond)
	}
	return kids
}

// ourChildren lists the processes whose parent is this one (zombies
// included), from /proc.
func ourChildren(t *testing.T) []string {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		t.Skip("no /proc:", err)
	}
	var kids []string
	for _, e := range entries {
		stat, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue
		}
		// pid (comm) state ppid ...: comm may hold spaces, so cut at the last ')'.
		f := strings.Fields(string(stat[bytes.LastIndexByte(stat, ')')+1:]))
		if len(f) > 1 && f[1] == fmt.Sprint(os.Getpid()) {
			kids = append(kids, e.Name()+" "+f[0])
		}
	}
	return kids
}

// TestRunLoadWorker drives `load -worker` in-process: one request frame
// per case, then EOF; every answer comes back in order.
func TestRunLoadWorker(t *testing.T) {
	cases := []struct {
		args   []string
		status int
		out    string
		stderr string
	}{
		{[]string{"-format", "turtle", "-name", "x.ttl", "-base", "http://ex.org/"}, 0, "<http://ex.org/a> <http://ex.org/b> <http://ex.org/c> .\n", ""},
		{[]string{"-name", "a\nb.ttl"}, 1, "", "a\nb.ttl:1:1: cannot resolve relative IRI"},
		{[]string{"-base", "http://ex.org/", "-max-quads", "0"}, 0, "<http://ex.org/a> <http://ex.org/b> <http://ex.org/c> .\n", ""},
		{[]string{"-base", "http://ex.org/", "-max-quads", "-"}, 2, "", "invalid value"},
		{[]string{"-worker"}, 2, "", "-worker inside a request"},
		{[]string{"-format", "json"}, 2, "", "json"},
	}
	var in bytes.Buffer
	w := bufio.NewWriter(&in)
	for _, c := range cases {
		doc := []byte("<a> <b> <c> .")
		if err := writeFrame(w, workerRequest{Args: c.args, Size: len(doc)}, doc); err != nil {
			t.Fatal(err)
		}
	}
	var out, errb bytes.Buffer
	if code := RunLoad([]string{"-worker"}, &in, &out, &errb); code != 0 || errb.Len() != 0 {
		t.Fatalf("worker exit %d, stderr %q; want 0 and nothing", code, errb.String())
	}
	for _, c := range cases {
		var resp workerResponse
		nq, err := readFrame(&out, &resp, func() int { return resp.Size })
		if err != nil || resp.Status != c.status || string(nq) != c.out || !strings.Contains(resp.Stderr, c.stderr) {
			t.Errorf("args %q: %+v, out %q, %v; want status %d, out %q, stderr %q", c.args, resp, nq, err, c.status, c.out, c.stderr)
		}
	}
}

// TestRunLoadWorkerBadFrames: a worker given a frame it cannot read says
// so and exits 2.
func TestRunLoadWorkerBadFrames(t *testing.T) {
	js, _ := json.Marshal(workerRequest{Size: 10})
	cut := string([]byte{0, 0, 0, byte(len(js))}) + string(js) + "<a>"
	for _, in := range []string{
		"\x00\x00\x00",       // a cut length
		"\xff\xff\xff\xff",   // a header too long
		"\x00\x00\x00\x02{]", // not JSON
		cut,                  // a cut document
	} {
		var out, errb bytes.Buffer
		code := RunLoad([]string{"-worker"}, strings.NewReader(in), &out, &errb)
		if code != 2 || !strings.Contains(errb.String(), "load -worker: reading a request") {
			t.Errorf("input %q: exit %d, stderr %q; want 2 and the reason", in, code, errb.String())
		}
	}
}
