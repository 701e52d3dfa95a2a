package sidecar

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/internal/oracle"
)

// hostileChild answers the test child's hostile queries: "read:PATH"
// (the file's text, or the error), "env:NAME" (the variable), "alloc"
// (allocates until it dies), "spin" (burns CPU). It reports whether it
// answered.
func hostileChild(out *json.Encoder, req *Request) bool {
	q := req.Query
	answer := func(v string) {
		res := fmt.Sprintf(`{"head":{"vars":["v"]},"results":{"bindings":[{"v":{"type":"literal","value":%q}}]}}`, v)
		out.Encode(Response{ID: req.ID, OK: true, Format: "json", Result: res})
	}
	switch {
	case strings.HasPrefix(q, "read:"):
		b, err := os.ReadFile(strings.TrimPrefix(q, "read:"))
		if err != nil {
			answer("error: " + err.Error())
		} else {
			answer(string(b))
		}
	case strings.HasPrefix(q, "env:"):
		answer(os.Getenv(strings.TrimPrefix(q, "env:")))
	case q == "pwd":
		wd, _ := os.Getwd()
		answer(wd)
	case q == "alloc":
		var keep [][]byte
		for {
			b := make([]byte, 16<<20)
			for i := range b {
				b[i] = 1
			}
			keep = append(keep, b)
		}
	case strings.HasPrefix(q, "sleep:"): // answers after that many milliseconds
		ms, _ := strconv.Atoi(strings.TrimPrefix(q, "sleep:"))
		time.Sleep(time.Duration(ms) * time.Millisecond)
		answer("slept")
	case q == "spin":
		for x := 0; ; x++ {
			_ = x * x
		}
	default:
		return false
	}
	return true
}

func limitedEngine(t *testing.T, l Limits) *Engine {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	e := New(Config{Name: "child", Command: []string{exe}, Env: []string{"SIDECAR_TEST_CHILD=1"}, Pool: 1,
		StartTimeout: 10 * time.Second, Limits: l})
	t.Cleanup(e.Close)
	return e
}

func value(t *testing.T, e *Engine, q string) string {
	t.Helper()
	a, err := evalWithin(e, q, 10*time.Second)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return a.Rows[0]["v"].Value
}

// TestConfined: the process sees neither the server's files nor its
// environment, works in a private folder, and has no network (the
// adapters' tests prove the last one per engine).
func TestConfined(t *testing.T) {
	if Confined().Mode != ModeBwrap {
		t.Skipf("no bwrap here: %s", Confined().Reason)
	}
	secret := filepath.Join(t.TempDir(), "secret.ttl")
	os.WriteFile(secret, []byte("<http://x/s> <http://x/p> \"SECRET-42\" ."), 0o644)
	t.Setenv("ORACLE_TEST_TOKEN", "token-42")
	e := limitedEngine(t, Limits{})
	for q, bad := range map[string]string{"read:" + secret: "SECRET-42", "read:/etc/hostname": "", "env:ORACLE_TEST_TOKEN": "token-42"} {
		v := value(t, e, q)
		if strings.Contains(v, "SECRET") || strings.Contains(v, "token") || (bad == "" && !strings.HasPrefix(v, "error")) {
			t.Errorf("%s: the sidecar read %q", q, v)
		}
	}
	if wd := value(t, e, "pwd"); wd != "/tmp/work" {
		t.Errorf("working folder %q, want the private /tmp/work", wd)
	}
}

// TestMemoryLimit: a process that allocates past its limit ends the case
// with ErrResource, not ErrCrashed, and the next case runs.
func TestMemoryLimit(t *testing.T) {
	e := limitedEngine(t, Limits{Memory: 256 << 20})
	start := time.Now()
	_, err := evalWithin(e, "alloc", 20*time.Second)
	if !errors.Is(err, oracle.ErrResource) {
		t.Fatalf("error %v, want ErrResource", err)
	}
	t.Logf("memory limit reached in %v: %v", time.Since(start), err)
	if _, err := evalWithin(e, "count", 10*time.Second); err != nil {
		t.Fatalf("the next case: %v", err)
	}
}

// TestCPULimit: a case past its CPU time ends with ErrResource, not a
// timeout at its (longer) deadline; the limit is per case, so earlier cases
// do not count.
func TestCPULimit(t *testing.T) {
	e := limitedEngine(t, Limits{CPU: time.Second})
	for range 3 {
		if _, err := evalWithin(e, "count", 10*time.Second); err != nil {
			t.Fatal(err)
		}
	}
	start := time.Now()
	_, err := evalWithin(e, "spin", 20*time.Second)
	if !errors.Is(err, oracle.ErrResource) {
		t.Fatalf("error %v, want ErrResource", err)
	}
	// CPU time, not wall time: on a loaded machine a second of CPU takes
	// longer; the ErrResource above, not a timeout, is the point.
	t.Logf("1 s of CPU time stopped the case after %v", time.Since(start))
}

// TestIdleDeath: a sidecar killed while idle is replaced before the next
// case, which answers; its death is charged to no case.
func TestIdleDeath(t *testing.T) {
	e := limitedEngine(t, Limits{})
	for range 5 {
		if _, err := evalWithin(e, "count", 10*time.Second); err != nil {
			t.Fatal(err)
		}
		pids := e.PIDs()
		if len(pids) != 1 {
			t.Fatalf("PIDs() = %v, want the one idle sidecar", pids)
		}
		syscall.Kill(pids[0], syscall.SIGKILL)
		// No pause: the kill may land while the case is being sent.
		if _, err := evalWithin(e, "count", 10*time.Second); err != nil {
			t.Fatalf("the case after an idle sidecar was killed: %v", err)
		}
	}
}
