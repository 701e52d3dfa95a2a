package registry

import (
	"context"
	"errors"
	"fmt"

	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/engine"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/reference"
	"github.com/sparql-oracle/oracle/internal/results"
)

// The in-house evaluators apply SPARQL 1.1 Update requests (oracle.Updater):
// the reference by its transcription of Update §4, its answer carrying the
// outcomes the text permits (results.StoreFreedom); the engine its own way.

// Update applies the request with reference.Update.
func (e *referenceEngine) Update(ctx context.Context, c *oracle.Case) (*results.Answer, error) {
	req, err := parseUpdate(c)
	if err != nil {
		return nil, err
	}
	ans, err := reference.Update(ctx, req, storeOf(c), c.Sources, e.opts)
	if err != nil {
		return nil, classify(ctx, err)
	}
	return ans, nil
}

// Update applies the request with engine.Update; a failed request (LOAD of
// an unknown document) answers the error and the store it left.
func (e *fastEngine) Update(ctx context.Context, c *oracle.Case) (*results.Answer, error) {
	req, err := parseUpdate(c)
	if err != nil {
		return nil, err
	}
	ds, err := engine.Update(ctx, req, storeOf(c), c.Sources, e.opts)
	if err != nil && errors.Is(err, engine.ErrUpdate) && ds != nil {
		s := results.StoreOf(ds)
		s.Err = err.Error()
		return results.StoreAnswer(s), nil
	}
	if err != nil {
		return nil, classify(ctx, err)
	}
	return results.StoreAnswer(results.StoreOf(ds)), nil
}

// parseUpdate translates the case's one request tree (Case.UpdateTree); a
// query case is the caller's mistake (oracle.ErrRequestKind), a request
// that does not parse or translate a rejection.
func parseUpdate(c *oracle.Case) (*algebra.Update, error) {
	if err := c.ForUpdate(); err != nil {
		return nil, err
	}
	tree, err := c.UpdateTree()
	var req *algebra.Update
	if err == nil {
		req, err = algebra.TranslateUpdate(tree)
	}
	if err != nil {
		return nil, fmt.Errorf("%w: %v", oracle.ErrRejected, err)
	}
	return req, nil
}

func storeOf(c *oracle.Case) *rdf.Dataset {
	if c.Dataset == nil {
		return rdf.NewDataset()
	}
	return c.Dataset
}
