package sweep

import (
	"context"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/adapters/sidecar"
	"github.com/sparql-oracle/oracle/internal/large"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/registry"
	"github.com/sparql-oracle/oracle/internal/store"
	"github.com/sparql-oracle/oracle/internal/triage"
)

// TestRealistic100kEngines measures one case of the realistic profile
// (100k triples; ORACLE_LARGE_CASE names another key) through each engine
// of ORACLE_LARGE_ENGINES (comma-separated; unset: the test is skipped, it
// takes minutes): the time of the case's query, the time of the
// relations as a sweep runs them (relationsShare deadlines of
// ORACLE_LARGE_DEADLINE_S seconds, default 30), the relation outcomes,
// and the peak resident memory of the engine's processes (the oracle's own
// growth for the in-house engines). An engine that cannot hold the data
// says why in its outcome.
func TestRealistic100kEngines(t *testing.T) {
	list := os.Getenv("ORACLE_LARGE_ENGINES")
	if list == "" {
		t.Skip("ORACLE_LARGE_ENGINES unset: the 100k-triple measurement is asked for by name")
	}
	key := orText(os.Getenv("ORACLE_LARGE_CASE"), "gen/realistic/0")
	deadline := 30 * time.Second
	if s, err := strconv.Atoi(os.Getenv("ORACLE_LARGE_DEADLINE_S")); err == nil && s > 0 {
		deadline = time.Duration(s) * time.Second
	}
	c, err := newCorpora("").resolve(key)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%s: %d triples, query:\n%s", key, large.DataQuads(c), c.Query)
	for _, name := range strings.Split(list, ",") {
		e, err := registry.New(name)
		if err != nil {
			t.Logf("%-16s not available: %v", name, err)
			continue
		}
		measureEngine(t, c, e, deadline)
		registry.Close(e)
	}
}

func measureEngine(t *testing.T, c *oracle.Case, e oracle.Engine, deadline time.Duration) {
	ctx := context.Background()
	stop, peak := watchMemory()
	start := time.Now()
	o := oracle.Run(ctx, c, []oracle.Engine{e}, deadline)[0]
	took := time.Since(start)
	if o.Err != nil {
		stop()
		t.Logf("%-16s query %6.1f s  FAILED (%s): %v  peak %d MiB", e.Name(), took.Seconds(), oracle.Classify(o.Err), firstLine(o.Err.Error()), peak()>>20)
		return
	}
	rep := &triage.Report{Case: c, Verdicts: []triage.EngineVerdict{{Engine: e.Name(), Version: o.Version, Answer: o.Answer, Elapsed: o.Elapsed}}}
	start = time.Now()
	rr := runRelations(ctx, c, []oracle.Engine{e}, rep, deadline)
	rel := time.Since(start)
	stop()
	count := map[string]int{}
	for _, r := range rr.rows {
		count[r.Outcome]++
		if r.Outcome == store.RelationError || r.Outcome == store.RelationViolated {
			t.Logf("%-16s   %s %s: %s", e.Name(), r.Relation, r.Outcome, firstLine(r.Reason))
		}
	}
	t.Logf("%-16s query %6.1f s (%d rows)  relations %6.1f s  held %d violated %d skipped %d error %d  peak %d MiB",
		e.Name(), took.Seconds(), len(o.Answer.Rows), rel.Seconds(), count[store.RelationHeld], count[store.RelationViolated],
		count[store.RelationSkipped], count[store.RelationError], peak()>>20)
}

// watchMemory samples, every 100 ms, the resident memory of this process
// and of all its descendants (the engines' sidecars and servers:
// sidecar.TreeRSS), and
// keeps the peak of the sum above what it was at the start.
func watchMemory() (stop func(), peak func() int64) {
	base := sidecar.TreeRSS(os.Getpid())
	var max atomic.Int64
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			if n := sidecar.TreeRSS(os.Getpid()) - base; n > max.Load() {
				max.Store(n)
			}
			select {
			case <-done:
				return
			case <-time.After(100 * time.Millisecond):
			}
		}
	}()
	return func() { close(done); wg.Wait() }, max.Load
}
