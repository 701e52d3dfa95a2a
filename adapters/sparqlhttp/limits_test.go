package sparqlhttp

import (
	"context"
	"errors"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/adapters/sidecar"
	"github.com/sparql-oracle/oracle/internal/oracle"
)

// TestServerMemoryLimit: Fuseki started under a 512 MiB limit runs with
// RLIMIT_DATA of 512 MiB and a 256 MiB heap (half), as the config's
// memory_mb asks.
func TestServerMemoryLimit(t *testing.T) {
	jar := installed(t, FusekiJar)
	m := Fuseki(FusekiJava(jar), jar)
	defer m.Close()
	m.SetLimits(sidecar.Limits{Memory: 512 << 20})
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	if _, err := m.Eval(ctx, &oracle.Case{Name: "ask", Query: "ASK {}"}); err != nil {
		t.Fatal(err)
	}
	pid := javaPid(t, m)
	limits, _ := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/limits")
	if !strings.Contains(string(limits), "Max data size             536870912") {
		t.Errorf("Fuseki's RLIMIT_DATA is not 512 MiB:\n%s", limits)
	}
	cmdline, _ := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/cmdline")
	if !strings.Contains(string(cmdline), "-Xmx256m") {
		t.Errorf("Fuseki's command line has no -Xmx256m: %q", cmdline)
	}
}

// javaPid is the pid of the java process below the running server.
func javaPid(t *testing.T, m *Managed) int {
	t.Helper()
	m.mu.Lock()
	root := m.run.PID()
	m.mu.Unlock()
	for _, pid := range sidecar.Tree(root) {
		if isJava(pid) {
			return pid
		}
	}
	t.Fatal("no java process below the server")
	return 0
}

// TestServerCPULimit: a query that takes far more CPU time than the
// config's cpu_limit stops the Oxigraph server with ErrResource, within a
// bounded time, and the next case runs on a fresh server.
func TestServerCPULimit(t *testing.T) {
	bin := oxigraphBin(t)
	m := OxigraphServer(bin)
	defer m.Close()
	m.SetLimits(sidecar.Limits{Memory: sidecar.DefaultLimits.Memory, CPU: time.Second})
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	values := "VALUES ?x {" + strings.Repeat(" 1", 300) + " }"
	heavy := "SELECT (COUNT(*) AS ?n) WHERE { " + strings.Repeat("{ "+values+" } ", 4) + "}"
	start := time.Now()
	_, err := m.Eval(ctx, &oracle.Case{Name: "heavy", Query: strings.ReplaceAll(heavy, "?x", "?a")})
	if !errors.Is(err, oracle.ErrResource) {
		t.Fatalf("a query of 8.1e9 rows under 1 s of CPU: %v, want ErrResource", err)
	}
	if d := time.Since(start); d > 30*time.Second {
		t.Errorf("stopped after %s", d)
	}
	a, err := m.Eval(ctx, &oracle.Case{Name: "ask", Query: "ASK {}"})
	if err != nil || !a.Boolean {
		t.Fatalf("the next case: %v, %v", a, err)
	}
}
