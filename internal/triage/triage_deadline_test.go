package triage_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/registry"
	"github.com/sparql-oracle/oracle/internal/triage"
)

// nestedExists is SELECT * { ?s ?p ?o FILTER EXISTS { ... } } with n
// EXISTS, each inside the last: the judge runs out of fuel, some engines
// out of time, and the case falls back to the TLP check.
func nestedExists(n int) string {
	q := "?s ?p ?o"
	for i := 0; i < n; i++ {
		q = "?s ?p ?o FILTER EXISTS { " + q + " }"
	}
	return "SELECT * { " + q + " }"
}

// TestNestedExistsEndsAtTheDeadline (a slot was once held for 44 s): on
// every installed engine, already started, a 50-deep EXISTS is judged
// within the case's deadline plus a small grace, and no engine that timed
// out is asked a metamorphic query.
func TestNestedExistsEndsAtTheDeadline(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every installed engine")
	}
	engines := []oracle.Engine{}
	for _, n := range append([]string{oracle.JudgeName, oracle.TwinName}, registry.External()...) {
		if n != oracle.JudgeName && n != oracle.TwinName && !registry.Installed(n) {
			continue
		}
		e, err := registry.New(n)
		if err != nil {
			t.Fatalf("%s: %v", n, err)
		}
		defer registry.Close(e)
		engines = append(engines, e)
	}
	ds := rdf.NewDataset()
	for _, s := range []string{"a", "b", "c"} {
		ds.Add(rdf.Quad{S: rdf.IRI("http://e/" + s), P: rdf.IRI("http://e/p"), O: rdf.IRI("http://e/a")})
	}
	// Start every engine first (a JVM, a Virtuoso server): a start is not
	// the case's time.
	triage.Judge(context.Background(), &oracle.Case{Query: "ASK {}", Dataset: ds}, engines, time.Minute)
	// The grace covers stopping 15 engines' runaway evaluations on two
	// loaded cores (6.5 s seen beside two running sweeps); the fault this
	// test keeps out held a slot for 44 s.
	const deadline, grace = 4 * time.Second, 5 * time.Second
	start := time.Now()
	r := triage.Judge(context.Background(), &oracle.Case{Query: nestedExists(50), Dataset: ds}, engines, deadline)
	took := time.Since(start)
	t.Logf("%d engines, %v: %s; %s", len(engines), took.Round(time.Millisecond), r.Kind, strings.Join(r.Notes, "; "))
	if took > deadline+grace {
		t.Errorf("the case took %v, past its deadline %v plus %v", took, deadline, grace)
	}
	if r.Kind != triage.KindUnjudged {
		t.Errorf("kind %s, want unjudged (the judge runs out of fuel)", r.Kind)
	}
	for _, ch := range r.Metamorphic {
		if v := r.Verdict(ch.Engine); v != nil && v.Err != nil && ch.Skipped == "" {
			t.Errorf("%s failed the case (%v) and was still given the TLP queries", ch.Engine, v.Err)
		}
	}
}
