package registry

import (
	"context"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/adapters/adaptertest"
	"github.com/sparql-oracle/oracle/adapters/sidecar"
	"github.com/sparql-oracle/oracle/internal/oracle"
)

// runaway is the kill and abandon tests' runaway: a four-way cross
// product of 2,000 triples, 1.6e13 solutions to count, which no engine
// finishes.
var runaway = adaptertest.CrossProduct(2000, 4)

// TestAbandonedCaseStopsEveryEngine runs the runaway cross product on
// every installed engine under a 2 s deadline, then samples the CPU time
// of every process this test started (the engines: sidecars, servers,
// their sandboxes) over the 2 s after the case returned. A case that ends
// must end its evaluation: past one second after the deadline no engine
// process may still burn CPU. The in-house evaluators run in this process:
// their Eval returning by the deadline shows they stopped. Each engine
// runs the case twice: ended by its deadline, and cancelled (the client
// gone) before one.
func TestAbandonedCaseStopsEveryEngine(t *testing.T) {
	if testing.Short() {
		t.Skip("starts every engine")
	}
	run, _, err := Defaults()
	if err != nil {
		t.Fatal(err)
	}
	if only := os.Getenv("ABANDON_ENGINES"); only != "" {
		run = strings.Split(only, ",")
	}
	for _, name := range run {
		t.Run(name, func(t *testing.T) {
			e, err := New(name)
			if err != nil {
				t.Fatal(err)
			}
			defer Close(e)
			const deadline = 2 * time.Second
			abandon(t, e, runaway, deadline, "deadline", func() (context.Context, context.CancelFunc) {
				return context.WithTimeout(context.Background(), deadline)
			})
			// The client gone: the case's context cancelled before any deadline.
			abandon(t, e, runaway, deadline, "cancel", func() (context.Context, context.CancelFunc) {
				ctx, cancel := context.WithCancel(context.Background())
				time.AfterFunc(deadline, cancel)
				return ctx, cancel
			})
		})
	}
}

// abandon warms e up, runs c on e under the context mk makes (ended after
// about d), then samples the
// CPU of every process below this one: past one second after the case
// ended, 2 s of sampling may show no more than 200 ms (a tenth of a core).
func abandon(t *testing.T, e oracle.Engine, c *oracle.Case, d time.Duration, how string, mk func() (context.Context, context.CancelFunc)) {
	t.Helper()
	wctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	_, err := e.Eval(wctx, &oracle.Case{Query: "ASK {}"}) // started (again, after a stop) and warm
	cancel()
	if err != nil {
		t.Fatalf("warm-up: %v", err)
	}
	ctx, cancel := mk()
	defer cancel()
	start := time.Now()
	_, err = e.Eval(ctx, c)
	took := time.Since(start)
	if k := oracle.Classify(err); k != "timeout" && k != "resource" && k != "budget" {
		t.Errorf("%s: the runaway case ended with %v, want a timeout (or a limit: resource, budget)", how, err)
	}
	// Clearing the case's graphs, the settle watch and a server's stop
	// follow the deadline (slow on a loaded machine); CPU is the point.
	if took > d+15*time.Second {
		t.Errorf("%s: the case returned %s after its start, more than 15 s past %s", how, took.Round(time.Millisecond), d)
	}
	c0 := childrenCPU()
	time.Sleep(time.Second)
	c1 := childrenCPU()
	time.Sleep(2 * time.Second)
	c2 := childrenCPU()
	t.Logf("%s by %s: returned after %s (%v); engine CPU in the 1st second after: %s, in the next 2 s: %s",
		e.Name(), how, took.Round(time.Millisecond), oracle.Classify(err), (c1 - c0).Round(time.Millisecond), (c2 - c1).Round(time.Millisecond))
	if used := c2 - c1; used > 200*time.Millisecond {
		t.Errorf("%s by %s: the engine's processes used %s of CPU in the 2 s from one second after the case ended", e.Name(), how, used)
	}
}

// childrenCPU is the user plus system CPU time of every live process
// below this one, this process excluded.
func childrenCPU() time.Duration {
	self := os.Getpid()
	return sidecar.CPUOf(slices.DeleteFunc(sidecar.Tree(self), func(pid int) bool { return pid == self }))
}
