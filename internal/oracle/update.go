package oracle

import (
	"context"

	"github.com/sparql-oracle/oracle/internal/results"
)

// Updater is implemented by an engine that applies update requests: an
// update case (Case.IsUpdate), its request applied to a copy of its
// Dataset, with Sources as the documents LOAD may read. The answer is a
// results.GraphStore answer: the store after the request, with Store.Err
// set when the request failed (the store then as the engine left it). The
// error return is for what prevented an answer (ErrRejected for a request
// the engine cannot parse, ErrUnsupported, ErrTimeout, ErrBudget,
// ErrCrashed, ErrUnavailable), as for Engine.Eval, and ErrRequestKind for
// a query case (Case.ForUpdate). Adapters of engines with update support
// implement it; callers find it by type assertion.
type Updater interface {
	Update(ctx context.Context, c *Case) (*results.Answer, error)
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
