package attean

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"

	"github.com/sparql-oracle/oracle/adapters/sidecar"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/results"
)

// Names are the engines this package runs: Attean's SPARQL parser and query
// planner, and RDF::Query.
var Names = []string{"attean", "rdfquery"}

// Config returns the sidecar configuration of engine name ("attean" or
// "rdfquery"); dir is this adapter's folder (adapters/attean).
func Config(name, dir string, pool int) sidecar.Config {
	return sidecar.Config{
		Name:        name,
		Command:     []string{"perl", filepath.Join(dir, "sidecar.pl"), name},
		Dir:         dir,
		Pool:        pool,
		MaxRequests: 2000,
		NoNetwork:   true,
		Limits:      sidecar.DefaultLimits,
	}
}

// Engine is a Perl sidecar engine. It refines one classification: the Perl
// parsers refuse some valid SPARQL 1.1 queries with a syntax error, which is
// a feature the engine lacks (ErrUnsupported), not a query it rightly
// rejects; our own parser tells the two apart.
type Engine struct {
	*sidecar.Engine
}

// New returns the engine called name.
func New(name, dir string, pool int) *Engine {
	return &Engine{sidecar.New(Config(name, dir, pool))}
}

// Eval runs the case on the sidecar and reclassifies refusals of valid queries.
func (e *Engine) Eval(ctx context.Context, c *oracle.Case) (*results.Answer, error) {
	a, err := e.Engine.Eval(ctx, c)
	if errors.Is(err, oracle.ErrRejected) {
		if _, perr := c.Info(); perr == nil {
			return nil, fmt.Errorf("%w: %s cannot parse this SPARQL 1.1 query: %v", oracle.ErrUnsupported, e.Name(), err)
		}
	}
	return a, err
}
