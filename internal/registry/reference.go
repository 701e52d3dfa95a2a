package registry

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"sync"

	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/engine"
	"github.com/sparql-oracle/oracle/internal/ops"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/reference"
	"github.com/sparql-oracle/oracle/internal/results"
)

// Reference wraps the §18.5 reference evaluator as an oracle.Engine. Its
// answers carry results.Freedom: it is the judge.
func Reference(opts reference.Options) oracle.Engine {
	return &referenceEngine{opts: opts}
}

type referenceEngine struct {
	inHouseEval
	opts reference.Options
}

func (*referenceEngine) Name() string { return "reference" }

// inHouseEval is what both in-house evaluators answer alike.
type inHouseEval struct{}

// Version is the module's: the evaluators are built with the oracle.
func (inHouseEval) Version() string { return moduleVersion() }

// SPARQL12: both follow the SPARQL 1.2 draft for 1.2 cases (the fast
// engine as the reference does).
func (inHouseEval) SPARQL12() bool { return true }

// Lacks lists the optional W3C test features (mf:requires) the in-house
// evaluators do not have: none (both evaluate expressions with ops).
// Comparing xsd:date values (XsdDateOperations) is an extension of the
// operator mapping, which §17.3.1 (#operatorExtensibility) permits; ops
// adopts XSD's op:date-equal and op:date-less-than so that the suite's
// date-1..4 run (see ops/doc.go).
func (inHouseEval) Lacks() []string { return nil }

// Eval parses and translates the query, evaluates it, and maps the
// reference's errors onto the typed engine errors of package oracle.
func (e *referenceEngine) Eval(ctx context.Context, c *oracle.Case) (*results.Answer, error) {
	return evalCase(ctx, c, func(q *algebra.Query, ds *rdf.Dataset) (*ops.Result, error) {
		return reference.Eval(ctx, q, ds, c.Sources, e.opts)
	})
}

// evalCase is what both in-house evaluators share: parse (a syntax error
// is a rejection), an empty dataset for none, the error mapping of
// classify, and the conversion of their one Result type.
func evalCase(ctx context.Context, c *oracle.Case, eval func(*algebra.Query, *rdf.Dataset) (*ops.Result, error)) (*results.Answer, error) {
	if err := c.ForEval(); err != nil { // an update case: the caller's mistake, no rejection
		return nil, err
	}
	q, err := translate(c)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", oracle.ErrRejected, err)
	}
	ds := c.Dataset
	if ds == nil {
		ds = rdf.NewDataset()
	}
	res, err := eval(q, ds)
	if err != nil {
		return nil, classify(ctx, err)
	}
	return toAnswer(res), nil
}

// translate is the case's algebra, from its one syntax tree (the case's
// Tree: parsed once for every engine); the case's base stands where the
// query declares none, as algebra.ParseSpec does.
func translate(c *oracle.Case) (*algebra.Query, error) {
	tree, err := c.Tree()
	if err != nil {
		return nil, err
	}
	q, err := algebra.Translate(tree)
	if err != nil {
		return nil, err
	}
	if q.Base == "" {
		q.Base = c.Base
	}
	return q, nil
}

// classify wraps an evaluation error in the matching oracle error.
func classify(ctx context.Context, err error) error {
	switch {
	case errors.Is(err, ops.ErrBudget):
		return fmt.Errorf("%w: %v", oracle.ErrBudget, err)
	case errors.Is(err, context.DeadlineExceeded), ctx.Err() != nil && errors.Is(err, ctx.Err()):
		return fmt.Errorf("%w: %v", oracle.ErrTimeout, err)
	case errors.Is(err, reference.ErrService), errors.Is(err, engine.ErrService):
		return fmt.Errorf("%w: %v", oracle.ErrUnsupported, err)
	}
	return fmt.Errorf("%w: %v", oracle.ErrQueryError, err)
}

// toAnswer converts a reference Result into an Answer; Freedom is attached
// only when the query leaves something open (ops.Result.Answer).
func toAnswer(r *ops.Result) *results.Answer { return r.Answer() }

// moduleVersion is the main module's version from the build info, or "dev"
// for a development build. Read once: debug.ReadBuildInfo parses the whole
// build information at every call, and every evaluation asks the version
// (a twentieth of oracle serve's CPU per POST /v1/diff).
var moduleVersion = sync.OnceValue(readModuleVersion)

func readModuleVersion() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok || bi.Main.Version == "" || bi.Main.Version == "(devel)" {
		return "dev"
	}
	return bi.Main.Version
}
