package adaptertest

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/adapters/sidecar"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// The kill tests of the adapters (a SIGKILL from outside, as the kernel's
// OOM killer or an operator sends it) find the real engine process they
// kill here: below the test's own process, by its program's name, through
// whatever runs it (prlimit, bwrap and its init, a shell).

// ProcessBelow waits up to wait for a live process below this one whose
// argv[0] has the base name program, other than the pids in not, and
// returns its pid; the test fails when none appears.
func ProcessBelow(t testing.TB, program string, wait time.Duration, not ...int) int {
	t.Helper()
	for end := time.Now().Add(wait); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
		if pid := processBelow(program, not); pid != 0 {
			return pid
		}
	}
	t.Fatalf("no live %s below this process (other than %v) within %s", program, not, wait)
	return 0
}

// processBelow is the lowest such pid, 0 when none.
func processBelow(program string, not []int) int {
	pids := sidecar.Tree(os.Getpid())
	slices.Sort(pids)
	for _, pid := range pids {
		if !slices.Contains(not, pid) && sidecar.Program(pid) == program && !sidecar.Zombie(pid) {
			return pid
		}
	}
	return 0
}

// CrossProduct is a case counting the ways-fold cross product of n
// triples (n^ways rows): a small one keeps an engine busy for a known
// while, a large one (2,000 triples four ways: 1.6e13) is a runaway no
// engine finishes, for the kill and abandon tests.
func CrossProduct(n, ways int) *oracle.Case {
	ds := rdf.NewDataset()
	for i := range n {
		ds.Add(rdf.Quad{S: rdf.IRI(fmt.Sprintf("http://e/s%d", i)), P: rdf.IRI("http://e/p"), O: rdf.Literal(strconv.Itoa(i), "")})
	}
	var where []string
	for i := range ways {
		where = append(where, fmt.Sprintf("?s%d ?p%d ?o%d", i, i, i))
	}
	return &oracle.Case{Name: fmt.Sprintf("cross%d^%d", n, ways), Query: "SELECT (COUNT(*) AS ?n) { " + strings.Join(where, " . ") + " }", Dataset: ds}
}

// Background runs eval in a goroutine (a case a kill test kills the
// engine under) and sends its error on the channel it returns.
func Background(eval func() error) <-chan error {
	done := make(chan error, 1)
	go func() { done <- eval() }()
	return done
}

// WantKilled waits up to wait for the case running in the background and
// fails the test unless it ended as a case whose engine was killed from
// outside on its retry too: ErrUnavailable saying so, never ErrCrashed (a
// kill the oracle did not send is not the engine crashing). It returns
// the case's error for the test's log.
func WantKilled(t testing.TB, done <-chan error, wait time.Duration) error {
	t.Helper()
	select {
	case err := <-done:
		if !KilledFromOutside(err) {
			t.Fatalf("error %v, want ErrUnavailable: killed from outside", err)
		}
		return err
	case <-time.After(wait):
		t.Fatal("the case never returned")
	}
	return nil
}

// KilledFromOutside reports whether err is the error of a case whose
// engine was killed from outside on the retry too.
func KilledFromOutside(err error) bool {
	return errors.Is(err, oracle.ErrUnavailable) && !errors.Is(err, oracle.ErrCrashed) &&
		strings.Contains(err.Error(), "killed from outside")
}
