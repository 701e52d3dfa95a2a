package registry

import (
	"context"

	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/engine"
	"github.com/sparql-oracle/oracle/internal/ops"
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

type fastEngine struct {
	inHouseEval
	opts engine.Options
}

func (*fastEngine) Name() string { return "engine" }

// Eval evaluates with engine.Eval through the reference wrapper's
// evalCase; the judge's Freedom is dropped.
func (e *fastEngine) Eval(ctx context.Context, c *oracle.Case) (*results.Answer, error) {
	a, err := evalCase(ctx, c, func(q *algebra.Query, ds *rdf.Dataset) (*ops.Result, error) {
		return engine.Eval(ctx, q, ds, c.Sources, e.opts)
	})
	if a != nil {
		a.Freedom = nil
	}
	return a, err
}
