package python

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"syscall"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/adapters/adaptertest"
	"github.com/sparql-oracle/oracle/adapters/sidecar"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// slowQuery is a four-way Cartesian product over 100 triples: 10^8
// solutions to count, far more than any engine here finishes in seconds.
const slowQuery = "SELECT (COUNT(*) AS ?n) { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i . ?j ?k ?l }"

func faultEngine(t *testing.T) *sidecar.Engine {
	dir, _ := filepath.Abs(".")
	py := filepath.Join(dir, "..", "..", ".venv", "bin", "python")
	adaptertest.Require(t, py, "the Python virtual environment")
	e := New("pyoxigraph", dir, py, 1)
	t.Cleanup(e.Close)
	return e
}

func bigCase() *oracle.Case {
	ds := rdf.NewDataset()
	for i := 0; i < 100; i++ {
		ds.Add(rdf.Quad{S: rdf.IRI(fmt.Sprintf("http://e/s%d", i)), P: rdf.IRI("http://e/p"), O: rdf.Literal(fmt.Sprint(i), "")})
	}
	return &oracle.Case{Name: "cartesian", Query: slowQuery, Dataset: ds}
}

// warm runs a small case and returns the one live sidecar's PID.
func warm(t *testing.T, e *sidecar.Engine) int {
	t.Helper()
	a, err := e.Eval(context.Background(), &oracle.Case{Query: "ASK {}"})
	if err != nil || !a.Boolean {
		t.Fatalf("ASK {} = %+v, %v", a, err)
	}
	pids := e.PIDs()
	if len(pids) != 1 {
		t.Fatalf("PIDs() = %v after one case on a pool of 1", pids)
	}
	return pids[0]
}

// afterFault checks the next case answers on a fresh process.
func afterFault(t *testing.T, e *sidecar.Engine, old int, restarts int64) {
	t.Helper()
	if e.Restarts() != restarts+1 {
		t.Errorf("Restarts() = %d, want %d", e.Restarts(), restarts+1)
	}
	if syscall.Kill(old, 0) == nil {
		t.Errorf("process %d still runs after the fault", old)
	}
	fresh := warm(t, e)
	if fresh == old {
		t.Errorf("the next case ran on the old process %d", old)
	}
}

// TestKilledMidQuery kills the real pyoxigraph sidecar with SIGKILL while
// it evaluates a slow query: the case fails with ErrCrashed, and the next
// case runs on a fresh process.
func TestKilledMidQuery(t *testing.T) {
	e := faultEngine(t)
	pid := warm(t, e)
	restarts := e.Restarts()
	done := make(chan error, 1)
	start := time.Now()
	go func() {
		_, err := e.Eval(context.Background(), bigCase())
		done <- err
	}()
	time.Sleep(700 * time.Millisecond) // the query is under way: the request was written at once
	if !slices.Contains(e.PIDs(), pid) {
		t.Fatalf("sidecar %d not running before the kill: %v", pid, e.PIDs())
	}
	if err := syscall.Kill(pid, syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-done:
		if !errors.Is(err, oracle.ErrCrashed) || oracle.Classify(err) != "crashed" {
			t.Fatalf("error %v, want ErrCrashed", err)
		}
		t.Logf("killed after %s: %v", time.Since(start).Round(time.Millisecond), err)
	case <-time.After(30 * time.Second):
		t.Fatal("the killed sidecar's case never returned")
	}
	afterFault(t, e, pid, restarts)
}

// TestHangPastDeadline runs the slow query under a 1 s deadline: the case
// fails with ErrTimeout soon after, the process group is killed, and the
// next case runs on a fresh process.
func TestHangPastDeadline(t *testing.T) {
	e := faultEngine(t)
	pid := warm(t, e)
	restarts := e.Restarts()
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	start := time.Now()
	_, err := e.Eval(ctx, bigCase())
	took := time.Since(start)
	if !errors.Is(err, oracle.ErrTimeout) || oracle.Classify(err) != "timeout" {
		t.Fatalf("error %v, want ErrTimeout", err)
	}
	if took > 5*time.Second {
		t.Errorf("the case returned %s after its 1 s deadline", took)
	}
	afterFault(t, e, pid, restarts)
}
