package corpus

import (
	"fmt"

	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/realistic"
)

// RealisticSpec makes a profile generate internal/realistic's cases
// instead of the random generator's: data of a shape ("lubm", "bsbm",
// "kg", "kg12", or "mix": the seed picks) of about Triples triples, and a
// benchmark or query-log query instantiated from that data (realistic.Pick).
type RealisticSpec struct {
	Shape   string `json:"shape"`
	Triples int    `json:"triples"`
}

// DefaultRealisticTriples is the realistic profile's data size.
const DefaultRealisticTriples = 100_000

// RealisticProfile is the built-in "realistic" profile: 100k triples of a
// shape the seed picks, with the engines' metamorphic relations on (the
// reference rarely judges data this large). It is not in Profiles, so the
// nightly rotation leaves it out (a case is 100k triples; sweeps at scale
// are asked for).
func RealisticProfile() *Profile {
	p := DefaultProfile()
	p.Name = "realistic"
	p.Realistic = &RealisticSpec{Shape: string(realistic.Mixed), Triples: DefaultRealisticTriples}
	p.Relations = true
	return p
}

// spec is the realistic.Spec for seed; a shape or size left out of a JSON
// profile is "mix" and DefaultRealisticTriples.
func (r *RealisticSpec) spec(seed int64) realistic.Spec {
	s := realistic.Spec{Shape: realistic.Shape(r.Shape), Triples: r.Triples, Seed: seed}
	if s.Shape == "" {
		s.Shape = realistic.Mixed
	}
	if s.Triples == 0 {
		s.Triples = DefaultRealisticTriples
	}
	return s
}

func (r *RealisticSpec) validate(name string) error {
	if err := r.spec(0).Validate(); err != nil {
		return fmt.Errorf("profile %s: %v", name, err)
	}
	return nil
}

// generateRealistic builds the realistic case for seed: the data once, in
// the case's dataset (GenCase.Data stays nil: the graph is not held twice).
// A seed whose data no template fits (never seen) gives the plain
// query of every triple, so a sweep key always names a case.
func generateRealistic(seed int64, p *Profile) *GenCase {
	ds, smp, err := realistic.Dataset(p.Realistic.spec(seed))
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
