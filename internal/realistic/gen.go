package realistic

import (
	"fmt"
	"math/rand/v2"
	"sort"

	"github.com/sparql-oracle/oracle/internal/rdf"
)

// Shape names a kind of realistic data.
type Shape string

const (
	LUBM  Shape = "lubm" // a university graph (lubm.go)
	BSBM  Shape = "bsbm" // a product graph (bsbm.go: internal/engine's generator)
	KG    Shape = "kg"   // a knowledge graph (kg.go)
	KG12  Shape = "kg12" // the knowledge graph with RDF 1.2 reifiers and triple terms
	Mixed Shape = "mix"  // a Spec shape only: the seed picks one of Shapes
)

// The sizes a Spec accepts: realistic data is 10k triples and up; tests
// use less to stay fast.
const (
	MinTri = 1_000
	MaxTri = 2_000_000
)

// Shapes are the data shapes, in the order Mixed picks them by seed.
var Shapes = []Shape{LUBM, BSBM, KG, KG12}

// Spec says what to generate: a shape, about how many triples, a seed.
// The same Spec gives the same quads in the same order on every platform
// (math/rand/v2's PCG, and internal/engine's seeded math/rand for BSBM).
type Spec struct {
	Shape   Shape
	Triples int
	Seed    int64
}

// Validate says what is wrong with a Spec, or nil.
func (s Spec) Validate() error {
	switch {
	case s.Triples < MinTri || s.Triples > MaxTri:
		return fmt.Errorf("realistic: %d triples is out of range [%d, %d]", s.Triples, MinTri, MaxTri)
	case s.Shape == Mixed:
		return nil
	}
	for _, sh := range Shapes {
		if s.Shape == sh {
			return nil
		}
	}
	return fmt.Errorf("realistic: unknown shape %q (want one of lubm, bsbm, kg, kg12, mix)", s.Shape)
}

// Resolved is the Spec with Mixed replaced by the shape its seed picks.
func (s Spec) Resolved() Spec {
	if s.Shape == Mixed {
		s.Shape = Shapes[uint64(s.Seed)%uint64(len(Shapes))]
	}
	return s
}

// Stream generates the Spec's quads one by one into emit, keeping only
// the bounded Sample (and each generator's counters), never the graph.
// BSBM is the one exception: internal/engine builds it as a dataset, which
// Stream walks (see Dataset, which hands that dataset over instead).
func Stream(s Spec, emit func(rdf.Quad)) (*Sample, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	s = s.Resolved()
	smp := newSample(s)
	out := func(q rdf.Quad) { smp.see(q); emit(q) }
	switch s.Shape {
	case LUBM:
		genLUBM(s, out)
	case BSBM:
		for _, q := range bsbmDataset(s).Quads() {
			out(q)
		}
	case KG, KG12:
		genKG(s, out)
	}
	return smp, nil
}

// Dataset generates the Spec into one dataset, the only copy of the graph,
// and its Sample.
func Dataset(s Spec) (*rdf.Dataset, *Sample, error) {
	if err := s.Validate(); err != nil {
		return nil, nil, err
	}
	s = s.Resolved()
	if s.Shape == BSBM {
		ds := bsbmDataset(s)
		smp := newSample(s)
		for _, t := range ds.Default.Triples() {
			smp.see(rdf.Quad{S: t.S, P: t.P, O: t.O, G: rdf.DefaultGraph})
		}
		return ds, smp, nil
	}
	ds := rdf.NewDataset()
	smp, err := Stream(s, func(q rdf.Quad) { ds.Add(q) })
	return ds, smp, err
}

// sampleSize is how many triples the Sample keeps per predicate, and
// instances per class: reservoir sampling (Vitter's algorithm R), so the
// sample is uniform over the whole stream and bounded.
const sampleSize = 24

// Sample is what a generation keeps of its data to instantiate queries
// with constants that match: per predicate and per class a uniform sample,
// the triple counts, the named graphs.
type Sample struct {
	Spec    Spec
	Triples int
	ByPred  map[rdf.Term][]rdf.Quad // predicate -> sampled quads
	PredN   map[rdf.Term]int        // predicate -> triples
	ByClass map[rdf.Term][]rdf.Term // rdf:type object -> sampled instances
	ClassN  map[rdf.Term]int        // class -> instances
	Graphs  []rdf.Term              // named graphs, first-use order
	r       *rand.Rand
	graphs  map[rdf.Term]bool
}

var rdfType = rdf.IRI(rdf.RDFNS + "type")

func newSample(s Spec) *Sample {
	return &Sample{Spec: s, ByPred: map[rdf.Term][]rdf.Quad{}, PredN: map[rdf.Term]int{},
		ByClass: map[rdf.Term][]rdf.Term{}, ClassN: map[rdf.Term]int{}, graphs: map[rdf.Term]bool{},
		r: rand.New(rand.NewPCG(uint64(s.Seed), 0x5a3b1e))}
}

func (s *Sample) see(q rdf.Quad) {
	s.Triples++
	s.PredN[q.P]++
	s.ByPred[q.P] = reservoir(s.r, s.ByPred[q.P], q, s.PredN[q.P])
	if q.P == rdfType {
		s.ClassN[q.O]++
		s.ByClass[q.O] = reservoir(s.r, s.ByClass[q.O], q.S, s.ClassN[q.O])
	}
	if !q.G.IsZero() && !s.graphs[q.G] {
		s.graphs[q.G] = true
		s.Graphs = append(s.Graphs, q.G)
	}
}

// reservoir keeps a uniform sample of sampleSize among the n seen so far.
func reservoir[T any](r *rand.Rand, kept []T, x T, n int) []T {
	if len(kept) < sampleSize {
		return append(kept, x)
	}
	if j := r.IntN(n); j < sampleSize {
		kept[j] = x
	}
	return kept
}

// Pick returns a sampled quad of predicate p (ok false when p never occurred).
func (s *Sample) Pick(r *rand.Rand, p rdf.Term) (rdf.Quad, bool) {
	qs := s.ByPred[p]
	if len(qs) == 0 {
		return rdf.Quad{}, false
	}
	return qs[r.IntN(len(qs))], true
}

// Instance returns a sampled instance of class c.
func (s *Sample) Instance(r *rand.Rand, c rdf.Term) (rdf.Term, bool) {
	xs := s.ByClass[c]
	if len(xs) == 0 {
		return rdf.None, false
	}
	return xs[r.IntN(len(xs))], true
}

// Predicates returns the predicates seen, the most frequent first (ties by IRI).
func (s *Sample) Predicates() []rdf.Term {
	out := make([]rdf.Term, 0, len(s.PredN))
	for p := range s.PredN {
		out = append(out, p)
	}
	sort.Slice(out, func(i, j int) bool {
		if s.PredN[out[i]] != s.PredN[out[j]] {
			return s.PredN[out[i]] > s.PredN[out[j]]
		}
		return out[i].Value < out[j].Value
	})
	return out
}
