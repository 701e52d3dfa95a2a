package python

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
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
	return engine(t, "pyoxigraph")
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
// it evaluates a slow query, and its fresh replacement the same way: a kill
// the oracle did not send is not the engine crashing. The case is retried
// once on a fresh process, then fails with ErrUnavailable saying the
// process was killed from outside; the next case runs on a fresh process.
func TestKilledMidQuery(t *testing.T) {
	e := faultEngine(t)
	pid := warm(t, e)
	restarts := e.Restarts()
	start := time.Now()
	done := adaptertest.Background(func() error { _, err := e.Eval(context.Background(), bigCase()); return err })
	for i, victim := 0, pid; i < 2; i++ {
		time.Sleep(700 * time.Millisecond) // the query is under way: the request was written at once
		if !slices.Contains(e.PIDs(), victim) {
			t.Fatalf("kill %d: sidecar %d not running: %v", i+1, victim, e.PIDs())
		}
		if err := syscall.Kill(victim, syscall.SIGKILL); err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			victim = retried(t, e, victim)
		}
	}
	err := adaptertest.WantKilled(t, done, 30*time.Second)
	t.Logf("killed twice, answered after %s: %v", time.Since(start).Round(time.Millisecond), err)
	restarts++ // the first kill's
	afterFault(t, e, pid, restarts)
}

// TestRDFLibKilledMidCaseRetried kills the real RDFLib sidecar with SIGKILL
// two seconds into a catastrophic REGEX case (as an operator or the OOM
// killer would): not filed as RDFLib crashing, the case runs again on a
// fresh process, which a second kill makes ErrUnavailable, never ErrCrashed.
func TestRDFLibKilledMidCaseRetried(t *testing.T) {
	e := engine(t, "rdflib")
	pid := warm(t, e)
	ds := rdf.NewDataset()
	ds.Add(rdf.Quad{S: rdf.IRI("http://e/s"), P: rdf.IRI("http://e/p"), O: rdf.String(strings.Repeat("a", 40) + "!")})
	c := &oracle.Case{Name: "regex", Query: `SELECT ?o { ?s ?p ?o FILTER(REGEX(?o, "^(a+)+$")) }`, Dataset: ds}
	done := adaptertest.Background(func() error {
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		defer cancel()
		_, err := e.Eval(ctx, c)
		return err
	})
	time.Sleep(2 * time.Second)
	syscall.Kill(pid, syscall.SIGKILL)
	fresh := retried(t, e, pid)
	time.Sleep(3 * time.Second) // Python and RDFLib started, the case read again
	syscall.Kill(fresh, syscall.SIGKILL)
	err := adaptertest.WantKilled(t, done, 90*time.Second) // the case's own bound is 60 s
	t.Logf("rdflib killed twice mid-case: %v", err)
}

// retried waits for the case to be running again on a process other than
// old (the retry after an outside kill) and returns its pid.
func retried(t *testing.T, e *sidecar.Engine, old int) int {
	t.Helper()
	for end := time.Now().Add(30 * time.Second); time.Now().Before(end); time.Sleep(50 * time.Millisecond) {
		if pids := e.PIDs(); len(pids) == 1 && pids[0] != old {
			return pids[0]
		}
	}
	t.Fatalf("no fresh process took the case after %d was killed: %v", old, e.PIDs())
	return 0
}

// TestHangPastDeadline runs the slow query under a 1 s deadline: the case
// fails with ErrTimeout soon after, the process group is killed, and the
// next case runs on a fresh process.
func TestHangPastDeadline(t *testing.T) {
	e := faultEngine(t)
	pid := warm(t, e)
	restarts := e.Restarts()
	_, took, err := adaptertest.Timed(e, bigCase(), time.Second)
	if !errors.Is(err, oracle.ErrTimeout) || oracle.Classify(err) != "timeout" {
		t.Fatalf("error %v, want ErrTimeout", err)
	}
	if took > 5*time.Second {
		t.Errorf("the case returned %s after its 1 s deadline", took)
	}
	afterFault(t, e, pid, restarts)
}
