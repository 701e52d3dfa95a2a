package pipeline

import (
	"context"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/reduce"
	"github.com/sparql-oracle/oracle/internal/registry/registrytest"
	"github.com/sparql-oracle/oracle/internal/triage"
)

// TestLargeCaseReduced: a divergence the fast engine judged (the judge's
// place in the report taken by the fast engine's answer, as on a large
// case the reference ran out of time on) is reduced by reduce.Large and
// written up on the reduced case, with the original query and both sizes;
// reduce.All could not reduce it against the reference alone there.
func TestLargeCaseReduced(t *testing.T) {
	ref := registrytest.Reference(0)
	engines := []oracle.Engine{ref, registrytest.Built(t, oracle.TwinName)[0], buggy{ref}}
	data := rdf.NewDataset()
	for i := range 3000 {
		data.Add(rdf.Quad{S: rdf.IRI("http://e/s" + string(rune('a'+i%26)) + string(rune('a'+i/26%26)) + string(rune('a'+i/676))), P: rdf.IRI("http://e/p"), O: rdf.IRI("http://e/o")})
	}
	query := "SELECT ?s WHERE { ?s <http://e/p> <http://e/o> }"
	c := (&oracle.Case{Name: "large", Query: query, Dataset: data}).Prepare()
	outs := oracle.Run(context.Background(), c, engines[1:], time.Minute)
	outs[0].Engine = oracle.JudgeName
	r := triage.Triage(c, outs)
	r.Judge = oracle.TwinName
	if len(r.Divergences) == 0 {
		t.Fatal("buggy drops a row: no divergence")
	}
	bugs := reduceLarge(context.Background(), c, engines, r, reduce.Limits{MaxCalls: 300, MaxTime: time.Minute, Deadline: 30 * time.Second})
	if len(bugs) != 1 {
		t.Fatalf("%d bugs, notes %v", len(bugs), r.Notes)
	}
	b := bugs[0]
	if b.Engine != "buggy" || b.OriginalQuery != query || b.OriginalTriples != data.Len() || b.ReducedTriples >= data.Len() || b.Reduction == nil {
		t.Errorf("engine %s, original %q (%d quads), reduced to %d", b.Engine, b.OriginalQuery, b.OriginalTriples, b.ReducedTriples)
	}
}
