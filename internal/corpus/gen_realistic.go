package corpus

import (
	"fmt"
	"slices"
	"sync"

	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/realistic"
)

// RealisticSpec makes a profile generate internal/realistic's cases
// instead of the random generator's: data of a shape ("lubm", "bsbm",
// "kg", "kg12", or "mix": the data seed picks) of about Triples triples,
// and a benchmark or query-log query instantiated from that data
// (realistic.Pick).
//
// Block seeds in a row share their data: the data comes from the data
// seed, the case's seed divided by Block (rounded down), the query from the
// case's own seed. So a sweep's consecutive cases query one dataset, as
// BSBM and LUBM are run (one dataset, many queries), and an engine that
// keeps the store of the last dataset (adapters/sidecar doc.go, "reused";
// adapters/sparqlhttp keep.go) answers the block's later cases without
// loading it again. 0 is DefaultRealisticBlock; 1 gives every seed its own
// data.
type RealisticSpec struct {
	Shape   string `json:"shape"`
	Triples int    `json:"triples"`
	Block   int    `json:"block,omitempty"`
}

// DefaultRealisticTriples is the realistic profile's data size.
const DefaultRealisticTriples = 100_000

// DefaultRealisticBlock is how many seeds in a row share their data when
// a profile does not say: at 100k triples an external engine's load is
// most of its time on a case, and ten queries per load make it a tenth.
const DefaultRealisticBlock = 10

// RealisticProfile is the built-in "realistic" profile: 100k triples of a
// shape the data seed picks, shared by DefaultRealisticBlock seeds in a
// row, with the engines' metamorphic relations on (the reference rarely
// judges data this large). It is not in Profiles, so the nightly rotation
// leaves it out (a case is 100k triples; sweeps at scale are asked for).
func RealisticProfile() *Profile {
	p := DefaultProfile()
	p.Name = "realistic"
	p.Realistic = &RealisticSpec{Shape: string(realistic.Mixed), Triples: DefaultRealisticTriples, Block: DefaultRealisticBlock}
	p.Relations = true
	return p
}

// block is the number of seeds sharing data (DefaultRealisticBlock when
// left out).
func (r *RealisticSpec) block() int64 {
	if r.Block == 0 {
		return DefaultRealisticBlock
	}
	return int64(r.Block)
}

// DataSeed is the seed of the data a case of seed queries: seed divided by
// the block, rounded down (so negative seeds form blocks too).
func (r *RealisticSpec) DataSeed(seed int64) int64 {
	b := r.block()
	d := seed / b
	if seed%b < 0 {
		d--
	}
	return d
}

// spec is the realistic.Spec of the data for a data seed; a shape or size
// left out of a JSON profile is "mix" and DefaultRealisticTriples.
func (r *RealisticSpec) spec(dataSeed int64) realistic.Spec {
	s := realistic.Spec{Shape: realistic.Shape(r.Shape), Triples: r.Triples, Seed: dataSeed}
	if s.Shape == "" {
		s.Shape = realistic.Mixed
	}
	if s.Triples == 0 {
		s.Triples = DefaultRealisticTriples
	}
	return s
}

func (r *RealisticSpec) validate(name string) error {
	if r.Block < 0 {
		return fmt.Errorf("profile %s: realistic block %d: want 1 or more seeds sharing data (0: %d)", name, r.Block, DefaultRealisticBlock)
	}
	if err := r.spec(0).Validate(); err != nil {
		return fmt.Errorf("profile %s: %v", name, err)
	}
	return nil
}

// generateRealistic builds the realistic case for seed: the data of its
// block (realisticData: built once per block and shared by its cases, so
// never changed by one), and the query drawn from the seed itself. A
// seed whose data no template fits (never seen) gives the plain query of
// every triple, so a sweep key always names a case.
func generateRealistic(seed int64, p *Profile) *GenCase {
	ds, smp, err := realisticData(p.Realistic.spec(p.Realistic.DataSeed(seed)))
	q := realistic.Query{Name: "all-triples", Text: "SELECT * WHERE { ?s ?p ?o }"}
	if err == nil {
		if picked, perr := realistic.Pick(smp, seed); perr == nil {
			q = picked
		}
	} else {
		ds = rdf.NewDataset()
	}
	tree, perr := syntax.Parse(q.Text, syntax.Options{})
	if perr != nil { // every template parses (realistic's tests); keep the text regardless
		tree = nil
	}
	return &GenCase{generated: generated{Seed: seed, Profile: p.Name, ds: ds}, Query: q.Text, Tree: tree, Template: q.Name}
}

// dataKept is how many blocks' data realisticData keeps: the block the
// sweep's workers are in and the one they move on to (a feed job of
// internal/sweep, jobs.go, inserts a batch's case jobs in seed order and
// the workers take them in that order, so a block's cases run in a row),
// so one 100k-triple dataset is built once for its ten cases, and at most
// two are held.
const dataKept = 2

// dataEntry is one block's data, or the generation of it under way: done
// is closed once ds, smp and err are set.
type dataEntry struct {
	spec realistic.Spec
	done chan struct{}
	ds   *rdf.Dataset
	smp  *realistic.Sample
	err  error
}

// dataCache holds the last dataKept blocks' data, the newest last.
var dataCache struct {
	sync.Mutex
	entries []*dataEntry
}

// realisticData is realistic.Dataset(s), shared: a Spec asked for again
// while it is among the last dataKept gets the same dataset and sample
// (read-only from here on), and one asked for by two workers at once is
// built once, the second waiting for the first.
func realisticData(s realistic.Spec) (*rdf.Dataset, *realistic.Sample, error) {
	dataCache.Lock()
	for _, e := range dataCache.entries {
		if e.spec == s {
			dataCache.Unlock()
			<-e.done
			return e.ds, e.smp, e.err
		}
	}
	e := &dataEntry{spec: s, done: make(chan struct{})}
	dataCache.entries = append(dataCache.entries, e)
	if len(dataCache.entries) > dataKept {
		dataCache.entries = slices.Delete(dataCache.entries, 0, 1) // zeroes the dropped slot: its dataset is freed
	}
	dataCache.Unlock()
	defer close(e.done)
	e.ds, e.smp, e.err = realistic.Dataset(s)
	return e.ds, e.smp, e.err
}
