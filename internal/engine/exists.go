package engine

import (
	"fmt"

	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/ops"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// eval evaluates an expression under r; a resource error raised inside
// EXISTS aborts the query.
func (e *query) eval(g *gindex, x algebra.Expr, r row) ops.Value {
	prev := e.active
	e.active = g
	v := ops.Eval(x, binding{e, r}, e.ectx)
	e.active = prev
	if e.ectx.Fatal != nil {
		e.fail(e.ectx.Fatal)
	}
	return v
}

// exists is #defn_evalExists: substitute μ into the pattern and ask whether
// it has a solution over the active graph of the filter. Patterns without
// paths or scoped expressions are seeded with μ instead (the same answer,
// and the plans are reused). It takes one unit of fuel per nesting level.
func (e *query) exists(op algebra.Op, mu ops.Binding) (bool, error) {
	if e.err != nil {
		return false, e.err
	}
	if e.depth >= e.opt.Fuel {
		return false, fmt.Errorf("%w: EXISTS nested deeper than %d", ops.ErrBudget, e.opt.Fuel)
	}
	b, ok := mu.(binding)
	if !ok {
		return false, fmt.Errorf("engine: EXISTS under a foreign binding")
	}
	e.depth++
	defer func() { e.depth-- }()
	g := e.active
	var it iter
	if existsSeedable(op) {
		it = e.seeded(g, op, single(b.r))
	} else if e.ectx.Spec12 {
		it = e.existsInContext(g, op, b.r) // exists12.go
	} else {
		it = e.open(g, substitute(op, func(v string) (rdf.Term, bool) { return b.Get(v) }))
	}
	_, found := it.Next()
	if e.err != nil {
		return false, e.err
	}
	return found, nil
}

// existsSeedable: patterns for which seeding with μ has a solution exactly
// when the substituted pattern has one (no property paths: a substituted
// end is a term, which matches itself even outside the graph, a seeded one
// is a variable's value, which does not).
func existsSeedable(op algebra.Op) bool { return seedableWith(op, false) }

type lookupFn func(string) (rdf.Term, bool)

// substitute replaces the occurrences of bound variables in patterns, GRAPH
// names and expressions by their terms; binding positions (BIND targets,
// VALUES columns, projected and grouped variables) stay, and VALUES rows
// incompatible with μ are dropped.
func substitute(op algebra.Op, mu lookupFn) algebra.Op {
	n := func(x algebra.Node) algebra.Node { return substNode(x, mu) } // triple12.go
	x := func(ex algebra.Expr) algebra.Expr { return substExpr(ex, mu) }
	s := func(o algebra.Op) algebra.Op { return substitute(o, mu) }
	switch op := op.(type) {
	case *algebra.BGP:
		out := &algebra.BGP{Triples: make([]algebra.TriplePattern, len(op.Triples))}
		for i, t := range op.Triples {
			out.Triples[i] = algebra.TriplePattern{S: n(t.S), P: n(t.P), O: n(t.O)}
		}
		return out
	case *algebra.Path:
		return &algebra.Path{S: n(op.S), Path: op.Path, O: n(op.O)}
	case *algebra.Join:
		return &algebra.Join{L: s(op.L), R: s(op.R)}
	case *algebra.LeftJoin:
		return &algebra.LeftJoin{L: s(op.L), R: s(op.R), Expr: x(op.Expr)}
	case *algebra.Union:
		return &algebra.Union{L: s(op.L), R: s(op.R)}
	case *algebra.Minus:
		return &algebra.Minus{L: s(op.L), R: s(op.R)}
	case *algebra.Filter:
		out := &algebra.Filter{Op: s(op.Op)}
		for _, ex := range op.Exprs {
			out.Exprs = append(out.Exprs, x(ex))
		}
		return out
	case *algebra.Graph:
		return &algebra.Graph{Name: n(op.Name), Op: s(op.Op)}
	case *algebra.Extend:
		return &algebra.Extend{Op: s(op.Op), Var: op.Var, Expr: x(op.Expr)}
	case *algebra.Table:
		return substTable(op, mu)
	case *algebra.Service:
		return &algebra.Service{Name: n(op.Name), Silent: op.Silent, Op: s(op.Op)}
	case *algebra.Group:
		return substGroup(op, mu)
	case *algebra.OrderBy:
		out := &algebra.OrderBy{Op: s(op.Op)}
		for _, c := range op.Conds {
			out.Conds = append(out.Conds, algebra.OrderCond{Expr: x(c.Expr), Desc: c.Desc})
		}
		return out
	case *algebra.Project:
		return &algebra.Project{Vars: op.Vars, Op: s(op.Op)}
	case *algebra.Distinct:
		return &algebra.Distinct{Op: s(op.Op)}
	case *algebra.Reduced:
		return &algebra.Reduced{Op: s(op.Op)}
	case *algebra.Slice:
		return &algebra.Slice{Offset: op.Offset, Limit: op.Limit, Op: s(op.Op)}
	}
	return op
}

func substTable(t *algebra.Table, mu lookupFn) algebra.Op {
	out := &algebra.Table{Vars: t.Vars}
	for _, r := range t.Rows {
		ok := true
		for i, v := range t.Vars {
			if b, bound := mu(v); bound && i < len(r) && !r[i].IsZero() && r[i] != b {
				ok = false
			}
		}
		if ok {
			out.Rows = append(out.Rows, r)
		}
	}
	return out
}

func substGroup(gr *algebra.Group, mu lookupFn) algebra.Op {
	out := &algebra.Group{Op: substitute(gr.Op, mu)}
	for _, k := range gr.Keys {
		out.Keys = append(out.Keys, algebra.GroupKey{Var: k.Var, Expr: substExpr(k.Expr, mu)})
	}
	for _, a := range gr.Aggs {
		agg := a.Agg
		agg.Arg = substExpr(agg.Arg, mu)
		out.Aggs = append(out.Aggs, algebra.AggBinding{Var: a.Var, Agg: agg})
	}
	return out
}

// substExpr replaces bound variables by constants; BOUND(?v) of a bound
// variable becomes true.
func substExpr(x algebra.Expr, mu lookupFn) algebra.Expr {
	switch x := x.(type) {
	case *algebra.Var:
		if t, ok := mu(x.Name); ok {
			return &algebra.Const{Term: t}
		}
	case *algebra.Call:
		if x.Name == algebra.OpBound && len(x.Args) == 1 {
			if v, ok := x.Args[0].(*algebra.Var); ok {
				if _, bound := mu(v.Name); bound {
					return &algebra.Const{Term: rdf.Bool(true)}
				}
				return x
			}
		}
		out := &algebra.Call{Name: x.Name, Args: make([]algebra.Expr, len(x.Args))}
		for i, a := range x.Args {
			out.Args[i] = substExpr(a, mu)
		}
		return out
	case *algebra.Func:
		out := &algebra.Func{IRI: x.IRI, Args: make([]algebra.Expr, len(x.Args))}
		for i, a := range x.Args {
			out.Args[i] = substExpr(a, mu)
		}
		return out
	case *algebra.Exists:
		return &algebra.Exists{Not: x.Not, Op: substitute(x.Op, mu)}
	}
	return x
}
