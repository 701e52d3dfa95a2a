package sidecar

import (
	"errors"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/internal/oracle"
)

// killDuring runs query on e and SIGKILLs the engine process serving it
// after each delay in turn, from outside the pool (as the kernel's OOM
// killer or an operator would); it returns the case's answer value and error.
func killDuring(t *testing.T, e *Engine, query string, delays ...time.Duration) (string, error) {
	t.Helper()
	type result struct {
		v   string
		err error
	}
	done := make(chan result, 1)
	go func() {
		a, err := evalWithin(e, query, 20*time.Second)
		if err != nil {
			done <- result{err: err}
			return
		}
		done <- result{v: a.Rows[0]["v"].Value}
	}()
	for _, d := range delays {
		time.Sleep(d)
		pids := e.PIDs()
		if len(pids) != 1 {
			t.Fatalf("PIDs() = %v, want the one busy sidecar", pids)
		}
		syscall.Kill(pids[0], syscall.SIGKILL)
	}
	r := <-done
	return r.v, r.err
}

// TestOutsideKillRetried: a sidecar killed from outside in the middle of a
// case is not the engine crashing: the case runs again on a fresh process
// and answers.
func TestOutsideKillRetried(t *testing.T) {
	e := limitedEngine(t, Limits{})
	e.Version()
	restarts := e.Restarts()
	v, err := killDuring(t, e, "sleep:1500", 500*time.Millisecond)
	if err != nil || v != "slept" {
		t.Fatalf("case after one outside kill = %q, %v; want the retry's answer", v, err)
	}
	if e.Restarts() != restarts+1 {
		t.Errorf("Restarts() = %d, want %d", e.Restarts(), restarts+1)
	}
}

// TestOutsideKillTwiceUnavailable: killed from outside on the retry too,
// the case is unavailable, saying so, never ErrCrashed.
func TestOutsideKillTwiceUnavailable(t *testing.T) {
	e := limitedEngine(t, Limits{})
	e.Version()
	_, err := killDuring(t, e, "sleep:3000", 500*time.Millisecond, time.Second)
	if !errors.Is(err, oracle.ErrUnavailable) || errors.Is(err, oracle.ErrCrashed) || !strings.Contains(err.Error(), "killed from outside") {
		t.Fatalf("error %v, want ErrUnavailable saying the process was killed from outside", err)
	}
	if _, err := evalWithin(e, "count", 10*time.Second); err != nil {
		t.Fatalf("the next case: %v", err)
	}
}
