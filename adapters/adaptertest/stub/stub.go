package stub

import (
	"context"
	"errors"
	"fmt"

	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/ops"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/reference"
	"github.com/sparql-oracle/oracle/internal/results"
)

// Name is the engine's name in the CLI, the API, reports and the store.
const Name = "stub"

// Version is the stub's own version: it has no upstream release.
const Version = "1.0.0"

func init() {
	oracle.Register(oracle.Descriptor{
		Name:    Name,
		Family:  Name,
		Version: Version,
		Newest:  oracle.Release{Version: Version, Source: "adapters/adaptertest/stub: no upstream", Checked: "2026-12-07"},
		Tracker: "https://github.com/sparql-oracle/oracle/issues",
		// It runs in the oracle's process: nothing to install, no process
		// to confine.
		Install: oracle.Install{Pin: oracle.Pin{Version: Version}, Sandbox: "none: evaluates in the oracle's process"},
		EARL:    oracle.Project{Name: "sparql-oracle stub engine", Homepage: "https://github.com/sparql-oracle/oracle", Language: "Go"},
		Build: func(s oracle.BuildSettings) (oracle.Engine, error) {
			return &Engine{name: s.Name}, nil
		},
	})
}

// Engine is the stub engine; name is the one its config entry gives.
type Engine struct{ name string }

func (e *Engine) Name() string  { return e.name }
func (*Engine) Version() string { return Version }

// Eval parses (the case's one tree), translates, and evaluates over the
// case's dataset; a query that does not parse or translate is refused,
// an evaluation error is the query's.
func (e *Engine) Eval(ctx context.Context, c *oracle.Case) (*results.Answer, error) {
	if err := c.ForEval(); err != nil { // an update case: oracle.ErrRequestKind
		return nil, err
	}
	tree, err := c.Tree()
	if err != nil {
		return nil, fmt.Errorf("%w: %v", oracle.ErrRejected, err)
	}
	q, err := algebra.Translate(tree)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", oracle.ErrRejected, err)
	}
	if q.Base == "" {
		q.Base = c.Base
	}
	ds := c.Dataset
	if ds == nil {
		ds = rdf.NewDataset()
	}
	res, err := reference.Eval(ctx, q, ds, c.Sources, reference.Options{})
	switch {
	case err == nil:
		return answer(res), nil
	case errors.Is(err, ops.ErrBudget):
		return nil, fmt.Errorf("%w: %v", oracle.ErrBudget, err)
	case ctx.Err() != nil:
		return nil, fmt.Errorf("%w: %v", oracle.ErrTimeout, err)
	case errors.Is(err, reference.ErrService):
		return nil, fmt.Errorf("%w: %v", oracle.ErrUnsupported, err)
	}
	return nil, fmt.Errorf("%w: %v", oracle.ErrQueryError, err)
}

// answer is the result as one answer of the query's form, without the
// freedoms the judge records: the stub answers as an engine does.
func answer(r *ops.Result) *results.Answer {
	a := r.Answer()
	a.Freedom = nil
	return a
}
