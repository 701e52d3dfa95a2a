package virtuoso

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/adapters/adaptertest"
	"github.com/sparql-oracle/oracle/adapters/sparqlhttp"
	"github.com/sparql-oracle/oracle/internal/oracle"
)

// TestRewarmAfterAbandon: internal/registry abandon_test.go's runaway
// case under a 2 s deadline; a server stopped because it kept evaluating
// it starts again in the background, and the next light case, coming
// once the restart had its time, answers within a few seconds.
func TestRewarmAfterAbandon(t *testing.T) {
	e := engine(t)
	_, took, err := adaptertest.Timed(e, adaptertest.CrossProduct(2000, 4), 2*time.Second)
	if oracle.Classify(err) != "timeout" {
		t.Fatalf("the runaway case: %v, want a timeout", err)
	}
	stopped := strings.Contains(err.Error(), "started again in the background")
	if stopped && !e.Rewarmed(sparqlhttp.RewarmAfter+e.opts.StartTimeout) {
		t.Fatalf("stopped after the abandoned case (%v), and not started again in the background", err)
	}
	a, next, err := adaptertest.Timed(e, &oracle.Case{Query: "ASK {}"}, time.Minute)
	t.Logf("runaway returned after %s (server stopped: %v); next ASK %s", took.Round(time.Millisecond), stopped, next.Round(time.Millisecond))
	if err != nil || !a.Boolean || next > 5*time.Second {
		t.Errorf("the next light case took %s (%v, %v), want an answer within 5 s from a warm server", next.Round(time.Millisecond), a, err)
	}
}

// TestRewarmStarts: the stop settle makes of a server still evaluating an
// abandoned case (Virtuoso's own per-query timeout usually spares it, as
// in TestRewarmAfterAbandon) leaves a fresh server running after
// RewarmAfter, its share of the budget taken again, before any case asks.
func TestRewarmStarts(t *testing.T) {
	e := engine(t)
	old := e.Server()
	e.stopAbandoned(old)
	if e.Server() != nil {
		t.Fatal("the server still runs after the stop")
	}
	if !e.Rewarmed(sparqlhttp.RewarmAfter + e.opts.StartTimeout) {
		t.Fatal("no server started again in the background")
	}
	if e.Server() == old || e.held == nil {
		t.Fatalf("server %p (old %p), share held %v: want a fresh one holding its share", e.Server(), old, e.held != nil)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if a, err := e.Eval(ctx, &oracle.Case{Query: "ASK {}"}); err != nil || !a.Boolean {
		t.Fatalf("a case on the restarted server: %v, %v", a, err)
	}
}
