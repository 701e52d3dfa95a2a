package registry

import (
	"context"
	"errors"
	"fmt"

	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/engine"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
)

// Engine wraps the fast evaluator (package engine) as an oracle.Engine
// named "engine". It is an engine under test: its answers carry no
// results.Freedom.
func Engine(opts engine.Options) oracle.Engine {
	return &fastEngine{opts: opts}
}

type fastEngine struct{ opts engine.Options }

func (*fastEngine) Name() string    { return "engine" }
func (*fastEngine) Version() string { return moduleVersion() }

// Lacks is the reference's: both evaluate expressions with ops.
func (*fastEngine) Lacks() []string { return (&referenceEngine{}).Lacks() }

// Eval parses, evaluates with engine.Eval and converts the Result (ops.Result,
// shared by both evaluators) like the reference wrapper does.
func (e *fastEngine) Eval(ctx context.Context, c *oracle.Case) (*results.Answer, error) {
	q, err := algebra.Parse(c.Query, c.Base)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", oracle.ErrRejected, err)
	}
	ds := c.Dataset
	if ds == nil {
		ds = rdf.NewDataset()
	}
	res, err := engine.Eval(ctx, q, ds, c.Sources, e.opts)
	if err != nil {
		if errors.Is(err, engine.ErrService) {
			return nil, fmt.Errorf("%w: %v", oracle.ErrUnsupported, err)
		}
		return nil, classify(ctx, err)
	}
	a := toAnswer(res)
	a.Freedom = nil
	return a, nil
}
