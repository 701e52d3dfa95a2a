package reference

import (
	"context"
	"errors"
	"fmt"

	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/ops"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
)

// Options bound and seed one evaluation.
type Options = ops.Options

// Result is the answer of the reference evaluator, with the choices the
// specification leaves open (same meaning as results.Freedom).
type Result = ops.Result

// ErrService is returned for a SERVICE pattern (ops.ErrService: neither
// evaluator reaches the network).
var ErrService = ops.ErrService

// evaluator carries what every operator needs: the dataset D, the budget and
// the expression context. The active graph G is passed explicitly.
type evaluator struct {
	ctx       context.Context
	ds        *rdf.Dataset
	opt       Options
	steps     int64
	fuel      int
	fresh     int // counter for fresh path variables (#defn_evalPP_sequence)
	ectx      *ops.Context
	termCache map[*rdf.Graph][]rdf.Term // graphTerms per graph, computed once
	nodeCache map[*rdf.Graph][]rdf.Term // nodes(G) per graph, computed once
	// §17.6 extension points (extension.go): the top-level FILTERs and
	// Extends of a SELECT, the site whose expression is being evaluated,
	// and where an extensible error decided the answer.
	top  map[algebra.Op]bool
	site site
	ext  results.Extension
	// SPARQL 1.2 EXISTS (exists12.go): the solution μctx the pattern is
	// evaluated in correlation with, and where ContextSolution stands.
	ctxMu Mapping
	ctxAt map[algebra.Op]bool
}

func (e *evaluator) graphTerms(g *rdf.Graph) []rdf.Term { return cached(e.termCache, g, graphTerms) }

func (e *evaluator) nodes(g *rdf.Graph) []rdf.Term { return cached(e.nodeCache, g, nodes) }

// cached is f(g), computed once per graph and kept in cache.
func cached(cache map[*rdf.Graph][]rdf.Term, g *rdf.Graph, f func(*rdf.Graph) []rdf.Term) []rdf.Term {
	if ts, ok := cache[g]; ok {
		return ts
	}
	ts := f(g)
	cache[g] = ts
	return ts
}

func newEvaluator(ctx context.Context, ds *rdf.Dataset, base string, opt Options) *evaluator {
	opt = opt.WithDefaults()
	ectx := &ops.Context{Now: opt.Now, Base: base, Seed: opt.Seed, Seeded: true,
		Readings: opt.Readings, Extension: opt.Extension} // readings.go, extension.go
	ectx.Limit(ctx, opt) // bytes built and the deadline, inside expressions (ops/budget.go)
	return &evaluator{ctx: ctx, ds: ds, opt: opt, fuel: opt.Fuel, ectx: ectx,
		termCache: map[*rdf.Graph][]rdf.Term{}, nodeCache: map[*rdf.Graph][]rdf.Term{}}
}

// step charges n work units against MaxSteps and polls the context.
func (e *evaluator) step(n int64) error {
	before := e.steps
	e.steps += n
	if e.steps > e.opt.MaxSteps {
		return fmt.Errorf("%w: more than %d steps", ops.ErrBudget, e.opt.MaxSteps)
	}
	if before>>10 != e.steps>>10 {
		return e.ctx.Err()
	}
	return nil
}

// grow checks that a multiset being built stays within MaxSolutions.
func (e *evaluator) grow(n int) error {
	if n > e.opt.MaxSolutions {
		return fmt.Errorf("%w: a multiset of more than %d solutions", ops.ErrBudget, e.opt.MaxSolutions)
	}
	return nil
}

// eval is eval(D(G), op) of #sparqlAlgebraEval: one case per algebra node;
// inside a SPARQL 1.2 EXISTS, eval(D(G), op, μctx) (exists12.go).
func (e *evaluator) eval(g *rdf.Graph, op algebra.Op) (Multiset, error) {
	ms, err := e.evalOp(g, op)
	return e.inContext(op, ms, err)
}

func (e *evaluator) evalOp(g *rdf.Graph, op algebra.Op) (Multiset, error) {
	if err := e.step(1); err != nil {
		return nil, err
	}
	switch op := op.(type) {
	case *algebra.BGP:
		return e.BGP(g, op.Triples)
	case *algebra.Path:
		return e.pathPattern(g, op.S, op.Path, op.O) // triple12.go
	case *algebra.Join:
		return e.binary(g, op.L, op.R, e.Join)
	case *algebra.LeftJoin:
		return e.binary(g, op.L, op.R, func(a, b Multiset) (Multiset, error) { return e.LeftJoin(g, a, b, op.Expr) })
	case *algebra.Filter:
		return e.unary(g, op.Op, func(a Multiset) (Multiset, error) {
			defer e.at(e.siteOf(op, siteFilter))()
			return e.Filter(g, op.Exprs, a)
		})
	case *algebra.Union:
		return e.binary(g, op.L, op.R, e.Union)
	case *algebra.Minus:
		return e.binary(g, op.L, op.R, e.Minus)
	case *algebra.Graph:
		return e.Graph(g, op.Name, op.Op)
	case *algebra.Extend:
		inner, chain := algebra.ExtendChain(op)
		return e.unary(g, inner, func(a Multiset) (Multiset, error) {
			defer e.at(e.siteOf(op, siteExtend))()
			return e.extendAll(g, a, chain)
		})
	case *algebra.Table:
		return e.ToMultiSet(op.Vars, op.Rows)
	case *algebra.Service:
		return nil, ErrService
	case *algebra.Group:
		return e.unary(g, op.Op, func(a Multiset) (Multiset, error) { return e.evalGroup(g, op, a) })
	case *algebra.OrderBy:
		return e.unary(g, op.Op, func(a Multiset) (Multiset, error) {
			s, _, err := e.OrderBy(g, a, op.Conds)
			return s, err
		})
	case *algebra.Project:
		return e.unary(g, op.Op, func(a Multiset) (Multiset, error) { return Project(a, op.Vars), nil })
	case *algebra.Distinct:
		return e.unary(g, op.Op, func(a Multiset) (Multiset, error) { e.noteDistinct(a); return Distinct(a), nil })
	case *algebra.Reduced:
		return e.unary(g, op.Op, func(a Multiset) (Multiset, error) { return e.nestedReduced(a), nil })
	case *algebra.Slice:
		return e.nestedSlice(g, op)
	case nil:
		return nil, errors.New("reference: nil algebra node")
	}
	return nil, fmt.Errorf("reference: unknown algebra node %T", op)
}

// unary evaluates the operand of a one-argument operator, then the operator.
func (e *evaluator) unary(g *rdf.Graph, in algebra.Op, f func(Multiset) (Multiset, error)) (Multiset, error) {
	a, err := e.eval(g, in)
	if err != nil {
		return nil, err
	}
	out, err := f(a)
	if err != nil {
		return nil, err
	}
	return out, e.grow(len(out))
}

// binary evaluates both operands of a two-argument operator, then the operator.
func (e *evaluator) binary(g *rdf.Graph, l, r algebra.Op, f func(a, b Multiset) (Multiset, error)) (Multiset, error) {
	a, err := e.eval(g, l)
	if err != nil {
		return nil, err
	}
	b, err := e.eval(g, r)
	if err != nil {
		return nil, err
	}
	out, err := f(a, b)
	if err != nil {
		return nil, err
	}
	return out, e.grow(len(out))
}
