package realistic

import (
	"github.com/sparql-oracle/oracle/internal/engine"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// The BSBM-like product graph is internal/engine's (GenerateBSBM: the
// benchmarks' and the large judge's data), reused so that the oracle has
// one BSBM shape: products in a type hierarchy with features and numeric
// and textual properties, producers, vendors, offers, reviewers, reviews.
// It builds a dataset, not a stream; Dataset hands that dataset over.
//
// GenerateBSBM's size is a budget its entities round down to (87% of it
// measured at 10k and 100k), so it is asked for a fifth more: the
// dataset then holds about as many triples as the Spec asks, not fewer.
func bsbmDataset(s Spec) *rdf.Dataset { return engine.GenerateBSBM(s.Triples*6/5, s.Seed) }
