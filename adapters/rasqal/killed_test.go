package rasqal

import (
	"syscall"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/adapters/adaptertest"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/results"
)

// killRoqet runs c and SIGKILLs the real roqet process serving it from
// outside the adapter, as the kernel's OOM killer or an operator would,
// once per kill: each kill waits for a roqet the earlier ones did not see.
func killRoqet(t *testing.T, e *Engine, c *oracle.Case, kills int) (*results.Answer, error) {
	t.Helper()
	type result struct {
		a   *results.Answer
		err error
	}
	done := make(chan result, 1)
	go func() {
		a, err := eval(e, c, 2*time.Minute)
		done <- result{a, err}
	}()
	var killed []int
	for range kills {
		pid := adaptertest.ProcessBelow(t, "roqet", 30*time.Second, killed...)
		time.Sleep(100 * time.Millisecond) // loading its data: mid-case
		if err := syscall.Kill(pid, syscall.SIGKILL); err != nil {
			t.Fatalf("kill %d: %v", pid, err)
		}
		killed = append(killed, pid)
	}
	r := <-done
	t.Logf("killed roqet %v: %v", killed, r.err)
	return r.a, r.err
}

// TestKilledOnceRetried: roqet killed from outside in the middle of a case
// did not crash on it; the case runs again on a fresh roqet and answers.
func TestKilledOnceRetried(t *testing.T) {
	e := realEngine(t)
	a, err := killRoqet(t, e, adaptertest.CrossProduct(130, 3), 1)
	if err != nil {
		t.Fatalf("case after one outside kill: %v; want the retry's answer", err)
	}
	// 130 triples three ways: about a second of roqet 0.9.33's CPU, long
	// enough to be killed mid-case.
	if got := a.Rows[0]["n"].Value; got != "2197000" {
		t.Fatalf("count = %s, want 2197000 (130^3)", got)
	}
}

// TestKilledTwiceUnavailable: killed from outside on the retry too, the
// case is ErrUnavailable saying so, never ErrCrashed; the next case runs.
func TestKilledTwiceUnavailable(t *testing.T) {
	e := realEngine(t)
	_, err := killRoqet(t, e, adaptertest.CrossProduct(300, 4), 2)
	if !adaptertest.KilledFromOutside(err) {
		t.Fatalf("error %v, want ErrUnavailable saying roqet was killed from outside", err)
	}
	if a, err := eval(e, &oracle.Case{Query: "ASK {}"}, 30*time.Second); err != nil || !a.Boolean {
		t.Fatalf("the next case: %v, %v", a, err)
	}
}
