package large

import (
	"math/rand"
	"testing"

	"github.com/sparql-oracle/oracle/internal/engine"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// A sample grows from the query's constants through the predicates it
// names: the star query's product keeps its five properties and its
// producer's label; the sample is capped and the same for the same seed.
func TestSampleFollowsTheQuery(t *testing.T) {
	q := engine.BSBMQueries[0] // star
	c := &oracle.Case{Query: engine.BSBMPrefixes + q.Query, Dataset: engine.GenerateBSBM(3000, 1)}
	n, err := queryNeeds(c.Query, "")
	if err != nil {
		t.Fatal(err)
	}
	if n.anyPred || len(n.preds) != 5 {
		t.Fatalf("needs %+v, want the five predicates of the star", n)
	}
	u := newUniverse(c, n)
	s := u.sampleCase(c, u.sample(rand.New(rand.NewSource(1)), n.consts, 40, 12), "s")
	if s.Dataset.Len() > 40 {
		t.Errorf("%d triples, want at most 40", s.Dataset.Len())
	}
	product := rdf.IRI(engine.BSBMInst + "Product7")
	props := map[rdf.Term]bool{}
	for _, tr := range s.Dataset.Default.Triples() {
		if !n.preds[tr.P] {
			t.Errorf("%v: a predicate the query does not name", tr)
		}
		if tr.S == product {
			props[tr.P] = true
		}
	}
	if len(props) != 5 {
		t.Errorf("the product keeps %d of its 5 properties the query reads", len(props))
	}
	again := u.sampleCase(c, u.sample(rand.New(rand.NewSource(1)), n.consts, 40, 12), "s")
	if sampleNQuads(again) != sampleNQuads(s) {
		t.Error("the same seed gave another sample")
	}
}

// Named graphs keep their names in a sample, empty or not; a variable
// predicate makes every triple a candidate.
func TestSampleKeepsGraphs(t *testing.T) {
	ds := rdf.NewDataset()
	g := rdf.IRI("http://e/g")
	ds.Named(rdf.IRI("http://e/empty"), true)
	for i := 0; i < 50; i++ {
		ds.Add(rdf.Quad{S: rdf.IRI("http://e/s"), P: rdf.IRI("http://e/p"), O: rdf.Literal(string(rune('a'+i%26))+"x", rdf.XSDString), G: g})
	}
	c := &oracle.Case{Query: "SELECT * { GRAPH ?g { ?s ?p ?o } }", Dataset: ds}
	n, _ := queryNeeds(c.Query, "")
	u := newUniverse(c, n)
	s := u.sampleCase(c, u.sample(rand.New(rand.NewSource(3)), n.consts, 10, 12), "s")
	if !n.anyPred || len(s.Dataset.Names()) != 2 || s.Dataset.Named(g, false).Len() == 0 {
		t.Errorf("anyPred %v, graphs %v", n.anyPred, s.Dataset.Names())
	}
}
