package large_test

import (
	"context"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/engine"
	"github.com/sparql-oracle/oracle/internal/large"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/reference"
	"github.com/sparql-oracle/oracle/internal/registry"
	"github.com/sparql-oracle/oracle/internal/triage"
)

func TestJudgeFallsBackToTLP(t *testing.T) {
	ds := rdf.NewDataset()
	for _, v := range []string{"0", "1", "2", "3"} {
		ds.Add(rdf.Quad{S: rdf.IRI("http://e/s" + v), P: rdf.IRI("http://e/p"), O: rdf.Literal(v, rdf.XSDInteger)})
	}
	ds.Add(rdf.Quad{S: rdf.IRI("http://e/t"), P: rdf.IRI("http://e/p"), O: rdf.String("not a number")})
	fast := registry.Engine(engine.Options{})
	engines := []oracle.Engine{registry.Reference(reference.Options{MaxSteps: 2}), fast, negationBug(fast)}
	c := &oracle.Case{Query: "SELECT ?s ?o { ?s ?p ?o FILTER(?o > 1) }", Dataset: ds}
	r := triage.Judge(context.Background(), c, engines, 10*time.Second)
	if r.Kind != triage.KindUnjudged || r.Judge != "" {
		t.Fatalf("want an unjudged case, got %s (judge error %v)", r.Kind, r.JudgeErr)
	}
	if v := r.Verdict("engine"); v.Outcome != triage.Unjudged {
		t.Errorf("engine: %s, want unjudged (it passes TLP)", v.Outcome)
	}
	if v := r.Verdict("negbug"); v.Outcome != triage.Wrong || v.Class != diff.ClassMissingRows {
		t.Errorf("negbug: %s/%s, want wrong/missing-rows", v.Outcome, v.Class)
	}
	if len(r.Divergences) != 1 || r.Divergences[0].Signature.String() != "missing-rows: negbug | engine" {
		t.Errorf("divergences %+v", r.Divergences)
	}
	var tlp []large.Check
	for _, ch := range r.Metamorphic {
		if ch.Name == "tlp" {
			tlp = append(tlp, ch)
		}
	}
	if len(tlp) != 2 || !tlp[0].OK || tlp[1].OK {
		t.Errorf("TLP checks %+v", tlp)
	}
}
