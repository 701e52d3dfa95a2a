package reference

import (
	"fmt"

	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/ops"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// value evaluates expr(μ) with the active graph g available to EXISTS
// (#defn_algFilter: "evaluating an exists(pattern) expression uses the
// dataset and active graph, D(G)"). A Go error is a resource error.
func (e *evaluator) value(g *rdf.Graph, x algebra.Expr, mu Mapping) (ops.Value, error) {
	if err := e.step(1); err != nil {
		return ops.Value{}, err
	}
	saved := e.ectx.Exists
	e.ectx.Exists = func(op algebra.Op, b ops.Binding) (bool, error) { return e.existsFor(g, op, b) } // exists12.go
	before := e.ectx.ExtErrors
	v := ops.Eval(x, mu, e.ectx)
	e.ectx.Exists = saved
	if e.ectx.Fatal != nil {
		return ops.Value{}, e.ectx.Fatal
	}
	e.noteExtension(before, v) // extension.go
	return v, nil
}

// ebv is the effective boolean value of expr(μ) (#ebv); an error is not true.
// A value whose openness may change it (ops.EBVOpen) decides which
// solutions exist: the answer is marked indeterminate.
func (e *evaluator) ebv(g *rdf.Graph, x algebra.Expr, mu Mapping) (bool, error) {
	b, _, err := e.ebvOf(g, x, mu)
	return b, err
}

// ebvOf is ebv, and the error that left expr(μ) without an effective
// boolean value (nil when it has one), for diffEBV (follows.go).
func (e *evaluator) ebvOf(g *rdf.Graph, x algebra.Expr, mu Mapping) (b bool, noEBV *ops.Error, err error) {
	if x == nil {
		return true, nil, nil
	}
	v, err := e.value(g, x, mu)
	if err != nil {
		return false, nil, err
	}
	if ops.EBVOpen(v) {
		e.mark(openFilter)
	}
	b, noEBV = e.ectx.EBV(v)
	return noEBV == nil && b, noEBV, nil
}

// exists transcribes #defn_evalExists:
//
//	Let μ be the current solution mapping for a filter and P a graph pattern:
//	The value exists(P), given D(G) is true if and only if
//	eval(D(G), substitute(P, μ)) is a non-empty sequence.
//
// Each nesting level takes one unit of fuel (the LeanRDF evalN design).
func (e *evaluator) exists(g *rdf.Graph, p algebra.Op, b ops.Binding) (bool, error) {
	if e.fuel <= 0 {
		err := fmt.Errorf("%w: EXISTS nested deeper than %d (fuel)", ops.ErrBudget, e.opt.Fuel)
		e.ectx.Fatal = err
		return false, err
	}
	e.fuel--
	defer func() { e.fuel++ }()
	defer e.at(siteElsewhere)() // an EXISTS pattern is never the top of the query
	mu, ok := b.(Mapping)
	if !ok {
		mu = mappingOf(b)
	}
	if e.ectx.Reading(ops.ContestedExists) == 1 || e.ctxMu != nil {
		// The other reading (exists_readings.go), also for an EXISTS nested
		// in a pattern being evaluated that way.
		return e.existsInScope(g, p, mu)
	}
	sp, open, used := substituteTraced(p, mu)
	e.noteExists(g, used, mu)
	out, err := e.eval(g, sp)
	if err != nil && e.ectx.Fatal == nil {
		e.ectx.Fatal = err
	}
	if err == nil && (open || e.existsReadingsPart(g, p, mu, len(out) > 0)) {
		e.ectx.Contest(ops.ContestedExists, "EXISTS over a pattern that reads which variables a solution binds (MINUS, "+
			"a sub-select, BIND, VALUES): the letter of #defn_evalExists (substitute, then evaluate) and evaluation "+
			"with the solution in scope give different answers there")
	}
	return len(out) > 0, err
}
