package oracle

import (
	"context"

	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
)

// UpdateCase is one SPARQL 1.1 Update request to apply: the request text,
// the graph store before it, and the documents LOAD may read.
type UpdateCase struct {
	Name   string // an identifier for reports
	Update string // SPARQL Update request text
	Base   string // base IRI for the request's relative IRIs ("" = none)
	// Store is the graph store before the request; an Updater must not
	// change it (apply the request to a copy).
	Store *rdf.Dataset
	// Sources are the documents LOAD may read, by IRI; never fetched.
	Sources map[string]*rdf.Graph
}

// Updater is implemented by an engine that applies update requests. The
// answer is a results.GraphStore answer: the store after the request, with
// Store.Err set when the request failed (the store then as the engine left
// it). The error return is for what prevented an answer (ErrRejected for a
// request the engine cannot parse, ErrUnsupported, ErrTimeout, ErrBudget,
// ErrCrashed, ErrUnavailable), as for Engine.Eval. Adapters of engines with
// update support implement it; callers find it by type assertion.
type Updater interface {
	Update(ctx context.Context, c *UpdateCase) (*results.Answer, error)
}

// AsUpdater finds the Updater in e or in the engines it wraps (a wrapper
// that bounds an engine, as the registry's does, has Unwrap() Engine).
func AsUpdater(e Engine) (Updater, bool) {
	for e != nil {
		if u, ok := e.(Updater); ok {
			return u, true
		}
		w, ok := e.(interface{ Unwrap() Engine })
		if !ok {
			return nil, false
		}
		e = w.Unwrap()
	}
	return nil, false
}
