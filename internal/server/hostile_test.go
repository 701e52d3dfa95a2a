package server

import (
	"bufio"
	"bytes"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	_ "modernc.org/sqlite"

	"github.com/sparql-oracle/oracle/internal/registry"
)

// The real server of TestHostileInputs: limits as testLimits (so the
// oversize recipes stay small), a 5 s deadline, a 10 s grace. The grace is
// wider than the default 2 s because every installed engine (15 here)
// answers every case on 2 shared cores while other packages' tests run:
// a harmless case once overran 5 s + 2 s there. What the table proves is
// that every request ends within a fixed bound, which it still does.
const (
	hostileDeadline = 5 * time.Second
	// hostileGrace covers an endpoint engine's cold start: a server still
	// evaluating an abandoned case is stopped (adapters/sparqlhttp
	// abandon.go) and the next case starts a fresh one, its deadline moved
	// on by the start (Fuseki and Virtuoso take 15 to 45 s on two loaded
	// cores), which the service's overrun guard must allow.
	hostileGrace  = 90 * time.Second
	hostileReduce = 20 * time.Second
	// slack covers what is outside the evaluation's budget: parsing,
	// filing, rendering a report of every engine, the HTTP round trip.
	hostileSlack = 3 * time.Second
	// rssGuard stops the table when the server and its sidecars together
	// hold more (the machine is shared): a case that gets there fails.
	rssGuard = 8 << 30
	// hostileBudget is the engines' memory budget of the served oracle.
	// The memory bombs (testdata/bad/zz-bomb-*) sort last: an engine
	// restarted after a bomb (a JVM takes 5 to 20 s) can hold the next
	// case past its deadline plus grace, which the server answers 503.
	// (adapters/sidecar budget.go): every memory bomb must leave the whole
	// process tree under rssGuard with room to spare.
	hostileBudget = "6GiB"
)

// TestHostileInputs sends the whole table of testdata/bad to a real
// `oracle serve` (built here, on a loopback port, a temporary SQLite file,
// every installed engine) and checks, for every case: its status and
// error (field, line, column); that it ended within its deadline plus the
// grace; that no content of {{SECRET_FILE}} and nothing {{LISTENER}}
// serves appears in any answer, and that nothing connected to the
// listener; that the server stays up. At the end no secret is in the
// database or the server's log, and the token is not in the log. The
// peak memory of the server and of its sidecars is logged.
func TestHostileInputs(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and starts oracle serve with every engine")
	}
	h := startHostile(t)
	cases := readBadCases(t)
	if len(cases) < 100 {
		t.Fatalf("%d cases, want at least 100", len(cases))
	}
	var failed []string
	for _, c := range cases {
		h.mem.label.Store(c.name)
		if !t.Run(c.name, func(t *testing.T) { h.run(t, c) }) {
			failed = append(failed, c.name)
		}
		if h.mem.over.Load() {
			t.Fatalf("the server and its sidecars passed %d bytes of RSS during %s: stopped", rssGuard, c.name)
		}
	}
	h.finish(t)
	t.Logf("%d cases, %d passed; failed: %s", len(cases), len(cases)-len(failed), strings.Join(failed, " "))
}

// hostile is the running server and what watches it.
type hostile struct {
	tg       target
	cmd      *exec.Cmd
	db, log  string
	secret   string // in the secret file
	fetched  string // in every answer of the listener
	hits     atomic.Int64
	listener *httptest.Server
	mem      *memWatch
}

func startHostile(t *testing.T) *hostile {
	root, err := registry.Home() // where the engines are installed ($ORACLE_HOME)
	if err != nil {
		t.Fatal(err)
	}
	src, err := filepath.Abs("../..") // the module this test is in
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	h := &hostile{db: filepath.Join(dir, "hostile.db"), log: filepath.Join(dir, "serve.log"),
		secret: fmt.Sprintf("SECRET-%x", rand.Uint64()), fetched: fmt.Sprintf("FETCHED-%x", rand.Uint64())}
	secretFile := filepath.Join(dir, "secret.ttl")
	write(t, secretFile, fmt.Sprintf("<http://ex/secret> <http://ex/p> %q .\n", h.secret))
	h.listener = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h.hits.Add(1)
		w.Header().Set("Content-Type", "text/turtle")
		fmt.Fprintf(w, "<http://ex/fetched> <http://ex/p> %q .\n", h.fetched)
	}))
	t.Cleanup(h.listener.Close)
	token := fmt.Sprintf("tok-%x", rand.Uint64())
	tokenFile := filepath.Join(dir, "token")
	write(t, tokenFile, token+"\n")
	bin := buildOracle(t, src, dir)
	addr := freePort(t)
	h.tg = target{url: "http://" + addr, token: token,
		vars: map[string]string{"TOKEN": token, "SECRET_FILE": secretFile, "LISTENER": h.listener.URL}}
	h.start(t, bin, root, addr, tokenFile)
	return h
}

func write(t *testing.T, path, s string) {
	if err := os.WriteFile(path, []byte(s), 0o600); err != nil {
		t.Fatal(err)
	}
}

func buildOracle(t *testing.T, root, dir string) string {
	bin := filepath.Join(dir, "oracle")
	cmd := exec.Command("go", "build", "-o", bin, "./cmd/oracle")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

func freePort(t *testing.T) string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// start runs `oracle serve` in its own process group, waits for /readyz
// (every engine probed) and starts the memory watch.
func (h *hostile) start(t *testing.T, bin, root, addr, tokenFile string) {
	logf, err := os.Create(h.log)
	if err != nil {
		t.Fatal(err)
	}
	h.cmd = exec.Command(bin, "serve", "--addr", addr, "--db", h.db, "--token-file", tokenFile,
		"--deadline", hostileDeadline.String(), "--grace", hostileGrace.String(), "--workers", "1", "--max-body", "1048576", "--max-query", "16384",
		"--max-dataset", "262144", "--max-quads", "1000", "--memory-budget", hostileBudget)
	h.cmd.Dir, h.cmd.Stdout, h.cmd.Stderr = root, logf, logf
	h.cmd.Env = append(slices.DeleteFunc(os.Environ(), func(e string) bool { return strings.HasPrefix(e, "ORACLE_TOKEN=") }), "ORACLE_HOME="+root)
	h.cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := h.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { syscall.Kill(-h.cmd.Process.Pid, syscall.SIGKILL); h.cmd.Wait(); logf.Close() })
	h.mem = watchMemory(h.cmd.Process.Pid, func() { syscall.Kill(-h.cmd.Process.Pid, syscall.SIGKILL) })
	start := time.Now()
	for !h.ready() {
		if time.Since(start) > 4*time.Minute {
			t.Fatalf("oracle serve not ready after %s; log:\n%s", time.Since(start), tail(h.log))
		}
		time.Sleep(200 * time.Millisecond)
	}
	r := do(t, http.MethodGet, h.tg.url+"/v1/engines", "", nil)
	logText, _ := os.ReadFile(h.log)
	first, _, _ := strings.Cut(string(logText), "\n")
	t.Logf("ready after %s; %s; engines: %s", time.Since(start).Round(time.Millisecond), first, compact(r.Body))
}

func (h *hostile) ready() bool {
	r, err := http.Get(h.tg.url + "/readyz")
	if err != nil {
		return false
	}
	r.Body.Close()
	return r.StatusCode == http.StatusOK
}

// run sends one case and checks everything the table promises.
func (h *hostile) run(t *testing.T, c badCase) {
	s := sendCase(t, h.tg, c)
	if c.status != 0 {
		c.check(t, s.response)
	}
	if bound := c.bound(); s.took > bound {
		t.Errorf("the request took %s, past its deadline plus grace (%s)", s.took.Round(time.Millisecond), bound)
	}
	for _, m := range []string{h.secret, h.fetched} {
		if bytes.Contains(s.Body, []byte(m)) {
			t.Errorf("the answer holds %s: %.300s", m, s.Body)
		}
	}
	if n := h.hits.Swap(0); n > 0 {
		t.Errorf("%d requests reached the listener", n)
	}
	if c.then == "cancel-sweep" {
		h.cancelSweep(t, s.response)
	}
	if !h.ready() {
		t.Fatalf("the server is not ready after %s; log:\n%s", c.name, tail(h.log))
	}
}

// bound is how long a case may take: the evaluation's budget (the
// deadline, plus the reduction time with reduce=true), the grace, and the
// slack for what is outside the budget.
func (c badCase) bound() time.Duration {
	b := hostileDeadline + hostileGrace + hostileSlack
	if strings.Contains(c.path, "reduce=true") {
		b += hostileReduce
	}
	return b
}

// cancelSweep cancels the sweep a 202 answered and checks that none of
// its jobs stays queued 3 s later (read from the database file).
func (h *hostile) cancelSweep(t *testing.T, created response) {
	var sw struct {
		ID int64 `json:"id"`
	}
	created.json(t, &sw)
	r := do(t, http.MethodPost, fmt.Sprintf("%s/v1/sweeps/%d/cancel", h.tg.url, sw.ID), "", nil, "Authorization", "Bearer "+h.tg.token)
	if r.Status != http.StatusOK {
		t.Fatalf("cancel: %d %s", r.Status, r.Body)
	}
	db, err := sql.Open("sqlite", "file:"+h.db+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	start := time.Now()
	for {
		var queued int
		err := db.QueryRow(`SELECT COUNT(*) FROM river_job WHERE state IN ('available', 'pending', 'retryable', 'scheduled')
			AND json_extract(args, '$.sweep_id') = ?`, sw.ID).Scan(&queued)
		if err == nil && queued == 0 {
			t.Logf("sweep %d: no queued job %s after the cancel", sw.ID, time.Since(start).Round(time.Millisecond))
			return
		}
		if time.Since(start) > 3*time.Second {
			t.Fatalf("sweep %d: %d jobs still queued 3 s after the cancel (%v)", sw.ID, queued, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// finish checks what the whole run left: no secret stored or logged, no
// token logged; then it logs the memory peaks and stops the server.
func (h *hostile) finish(t *testing.T) {
	for _, f := range []string{h.db, h.db + "-wal"} {
		b, _ := os.ReadFile(f)
		for _, m := range []string{h.secret, h.fetched} {
			if bytes.Contains(b, []byte(m)) {
				t.Errorf("%s holds %s: a stored report leaks it", filepath.Base(f), m)
			}
		}
	}
	logText, _ := os.ReadFile(h.log)
	for _, m := range []string{h.secret, h.fetched, h.tg.token} {
		if bytes.Contains(logText, []byte(m)) {
			t.Errorf("the server log holds %q", m)
		}
	}
	if n := bytes.Count(logText, []byte(`"msg":"request"`)); n == 0 {
		t.Errorf("no request log lines")
	}
	h.mem.stop()
	t.Log(h.mem.summary())
	h.cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan error, 1)
	go func() { done <- h.cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("oracle serve after SIGTERM: %v", err)
		}
	case <-time.After(60 * time.Second):
		t.Errorf("oracle serve did not stop within 60 s of SIGTERM")
	}
}

func tail(path string) string {
	b, _ := os.ReadFile(path)
	return string(b[max(0, len(b)-4000):])
}

func compact(b []byte) string {
	return strings.Join(strings.Fields(string(b)), " ")
}

// memWatch samples the RSS of a process and its descendants: the peak of
// their sum, and each one's high-water mark (VmHWM), by command.
type memWatch struct {
	root  int
	kill  func()
	label atomic.Value // the case being sent, for the peaks
	over  atomic.Bool
	done  chan struct{}
	wg    sync.WaitGroup
	mu    sync.Mutex
	peak  int64             // the largest sum of VmRSS seen
	hwm   map[int]int64     // pid -> VmHWM
	names map[int]string    // pid -> command
	byCmd map[string]int64  // command -> the largest VmHWM of its processes
	when  map[string]string // command or "total" -> the case during which its peak was seen
}

func watchMemory(root int, kill func()) *memWatch {
	m := &memWatch{root: root, kill: kill, done: make(chan struct{}), hwm: map[int]int64{}, names: map[int]string{},
		byCmd: map[string]int64{}, when: map[string]string{}}
	m.label.Store("start-up")
	m.wg.Go(func() {
		t := time.NewTicker(100 * time.Millisecond)
		defer t.Stop()
		for {
			m.sample()
			select {
			case <-m.done:
				return
			case <-t.C:
			}
		}
	})
	return m
}

func (m *memWatch) stop() {
	m.sample()
	close(m.done)
	m.wg.Wait()
}

// sample reads VmRSS and VmHWM of the root and every descendant.
func (m *memWatch) sample() {
	pids := append([]int{m.root}, descendants(m.root)...)
	label := m.label.Load().(string)
	var sum int64
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, p := range pids {
		rss, hwm, name := procMem(p)
		sum += rss
		if hwm > m.hwm[p] {
			m.hwm[p], m.names[p] = hwm, name
			if hwm > m.byCmd[name] {
				m.byCmd[name], m.when[name] = hwm, label
			}
		}
	}
	if sum > m.peak {
		m.peak, m.when["total"] = sum, label
	}
	if sum > rssGuard && !m.over.Swap(true) {
		m.kill()
	}
}

func (m *memWatch) summary() string {
	m.mu.Lock()
	defer m.mu.Unlock()
	var b strings.Builder
	fmt.Fprintf(&b, "peak RSS: server VmHWM %s; server and sidecars together at most %s (sampled every 100 ms, during %s); %d child processes seen",
		mib(m.hwm[m.root]), mib(m.peak), m.when["total"], len(m.hwm)-1)
	var cmds []string
	for c := range m.byCmd {
		cmds = append(cmds, c)
	}
	slices.Sort(cmds)
	for _, c := range cmds {
		fmt.Fprintf(&b, "\n  %-32s VmHWM %10s  (during %s)", c, mib(m.byCmd[c]), m.when[c])
	}
	return b.String()
}

func mib(kb int64) string { return fmt.Sprintf("%.1f MiB", float64(kb)/1024) }

// descendants lists the processes below root, from /proc/*/stat.
func descendants(root int) []int {
	ents, _ := os.ReadDir("/proc")
	children := map[int][]int{}
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if pp := ppid(pid); pp > 0 {
			children[pp] = append(children[pp], pid)
		}
	}
	var out []int
	queue := []int{root}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		out = append(out, children[p]...)
		queue = append(queue, children[p]...)
	}
	return out
}

func ppid(pid int) int {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return 0
	}
	f := strings.Fields(string(b[i+1:]))
	if len(f) < 2 {
		return 0
	}
	n, _ := strconv.Atoi(f[1])
	return n
}

// procMem reads VmRSS and VmHWM (kB) and a short command name.
func procMem(pid int) (rss, hwm int64, name string) {
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, 0, ""
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		k, v, _ := strings.Cut(sc.Text(), ":")
		fields := strings.Fields(v)
		if len(fields) == 0 {
			continue
		}
		n, _ := strconv.ParseInt(fields[0], 10, 64)
		switch k {
		case "VmRSS":
			rss = n
		case "VmHWM":
			hwm = n
		case "Name":
			name = fields[0]
		}
	}
	return rss, hwm, cmdName(pid, name)
}

// cmdName names a process by its command line's first two words (a
// sidecar is "node .../sidecar.js", "python3 .../sidecar.py", "java -jar").
func cmdName(pid int, name string) string {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", pid))
	if err != nil || len(b) == 0 {
		return name
	}
	args := strings.Split(strings.TrimRight(string(b), "\x00"), "\x00")
	out := filepath.Base(args[0])
	for _, a := range args[1:] {
		if !strings.HasPrefix(a, "-") {
			return out + " " + filepath.Base(a)
		}
	}
	return out
}
