package reference

import (
	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// substitute transcribes #defn_substitute:
//
//	substitute(pattern, μ) = the pattern formed by replacing every occurrence
//	of a variable v in pattern by μ(v) for each v in dom(μ)
//
// Occurrences are the variables of triple and path patterns, GRAPH names and
// expressions. Positions that introduce a variable (the target of BIND, the
// columns of VALUES, projected and grouped variables) are not occurrences:
// replacing them by a term would not give a pattern. VALUES rows that
// disagree with μ are dropped instead, and BOUND(?v) with v in dom(μ) becomes
// true, which is what both readings agree on.
func substitute(op algebra.Op, mu Mapping) algebra.Op {
	out, _ := substituteChecked(op, mu)
	return out
}

// substituteChecked is substitute, also reporting whether it replaced a
// variable inside the right side of a MINUS or inside a sub-select. There
// the letter of #defn_evalExists (replace, then evaluate) and what engines
// do (evaluate with μ's bindings in scope) part: MINUS {?a ?e "x"} with ?a
// replaced shares no variable with its left side and removes nothing, and a
// sub-select's projection hides what was replaced. The SPARQL 1.2 drafts
// rewrite EXISTS for this reason; the judge marks such answers open.
func substituteChecked(op algebra.Op, mu Mapping) (algebra.Op, bool) {
	out, hit, _ := substituteTraced(op, mu)
	return out, hit
}

// substituteTraced is substituteChecked, also telling which variables were
// replaced where: in a pattern position (matched by term equality) or in an
// expression (where the constant no longer carries the value's provenance).
func substituteTraced(op algebra.Op, mu Mapping) (algebra.Op, bool, replacedVars) {
	used := replacedVars{nodes: map[string]bool{}, exprs: map[string]bool{}}
	if len(mu) == 0 {
		return op, false, used
	}
	hit := false
	s := substituter{mu: mu, hit: &hit, used: used}
	return s.op(op), hit, used
}

// replacedVars are the variables substitute replaced, by position kind.
type replacedVars struct{ nodes, exprs map[string]bool }

type substituter struct {
	mu      Mapping
	guarded int   // > 0 inside a MINUS's right side or a sub-select
	hit     *bool // a variable was replaced there
	used    replacedVars
}

func (s substituter) replaced() {
	if s.guarded > 0 {
		*s.hit = true
	}
}

func (s substituter) inside() substituter {
	s.guarded++
	return s
}

func (s substituter) node(n algebra.Node) algebra.Node {
	if n.IsTriple() { // SPARQL 1.2: variables inside a nested triple pattern too
		t := n.Triple
		return algebra.TT(s.node(t.S), s.node(t.P), s.node(t.O))
	}
	if n.IsVar() {
		if t, ok := s.mu.Get(n.Var); ok {
			s.replaced()
			if s.used.nodes != nil {
				s.used.nodes[n.Var] = true
			}
			return algebra.T(t)
		}
	}
	return n
}

func (s substituter) triples(tps []algebra.TriplePattern) []algebra.TriplePattern {
	out := make([]algebra.TriplePattern, len(tps))
	for i, tp := range tps {
		out[i] = algebra.TriplePattern{S: s.node(tp.S), P: s.node(tp.P), O: s.node(tp.O)}
	}
	return out
}

func (s substituter) op(op algebra.Op) algebra.Op {
	switch op := op.(type) {
	case *algebra.BGP:
		return &algebra.BGP{Triples: s.triples(op.Triples)}
	case *algebra.Path:
		return &algebra.Path{S: s.node(op.S), Path: op.Path, O: s.node(op.O)}
	case *algebra.Join:
		return &algebra.Join{L: s.op(op.L), R: s.op(op.R)}
	case *algebra.LeftJoin:
		return &algebra.LeftJoin{L: s.op(op.L), R: s.op(op.R), Expr: s.expr(op.Expr)}
	case *algebra.Filter:
		return &algebra.Filter{Exprs: s.exprs(op.Exprs), Op: s.op(op.Op)}
	case *algebra.Union:
		return &algebra.Union{L: s.op(op.L), R: s.op(op.R)}
	case *algebra.Minus:
		return &algebra.Minus{L: s.op(op.L), R: s.inside().op(op.R)}
	case *algebra.Graph:
		return &algebra.Graph{Name: s.node(op.Name), Op: s.op(op.Op)}
	case *algebra.Extend:
		return &algebra.Extend{Op: s.op(op.Op), Var: op.Var, Expr: s.expr(op.Expr)}
	case *algebra.Table:
		return s.table(op)
	case *algebra.Service:
		return &algebra.Service{Name: s.node(op.Name), Silent: op.Silent, Op: s.op(op.Op)}
	case *algebra.Group:
		return s.group(op)
	case *algebra.OrderBy:
		conds := make([]algebra.OrderCond, len(op.Conds))
		for i, c := range op.Conds {
			conds[i] = algebra.OrderCond{Expr: s.expr(c.Expr), Desc: c.Desc}
		}
		return &algebra.OrderBy{Conds: conds, Op: s.op(op.Op)}
	case *algebra.Project:
		return &algebra.Project{Vars: op.Vars, Op: s.inside().op(op.Op)}
	case *algebra.Distinct:
		return &algebra.Distinct{Op: s.op(op.Op)}
	case *algebra.Reduced:
		return &algebra.Reduced{Op: s.op(op.Op)}
	case *algebra.Slice:
		return &algebra.Slice{Offset: op.Offset, Limit: op.Limit, Op: s.op(op.Op)}
	}
	return op
}

// table keeps the VALUES rows compatible with μ.
func (s substituter) table(t *algebra.Table) algebra.Op {
	out := &algebra.Table{Vars: t.Vars}
	for _, row := range t.Rows {
		if Compatible(rowMapping(t.Vars, row), s.mu) {
			out.Rows = append(out.Rows, row)
		}
	}
	return out
}

func (s substituter) group(g *algebra.Group) algebra.Op {
	out := &algebra.Group{Op: s.op(g.Op)}
	for _, k := range g.Keys {
		out.Keys = append(out.Keys, algebra.GroupKey{Var: k.Var, Expr: s.expr(k.Expr)})
	}
	for _, a := range g.Aggs {
		agg := a.Agg
		agg.Arg = s.expr(agg.Arg)
		out.Aggs = append(out.Aggs, algebra.AggBinding{Var: a.Var, Agg: agg})
	}
	return out
}

func (s substituter) exprs(xs []algebra.Expr) []algebra.Expr {
	out := make([]algebra.Expr, len(xs))
	for i, x := range xs {
		out[i] = s.expr(x)
	}
	return out
}

func (s substituter) expr(x algebra.Expr) algebra.Expr {
	switch x := x.(type) {
	case *algebra.Var:
		if t, ok := s.mu.Get(x.Name); ok {
			s.replaced()
			if s.used.exprs != nil {
				s.used.exprs[x.Name] = true
			}
			return &algebra.Const{Term: t}
		}
		return x
	case *algebra.Call:
		if v, ok := boundArg(x); ok {
			if _, bound := s.mu.Get(v); bound {
				return &algebra.Const{Term: rdf.Bool(true)}
			}
		}
		return &algebra.Call{Name: x.Name, Args: s.exprs(x.Args)}
	case *algebra.Func:
		return &algebra.Func{IRI: x.IRI, Args: s.exprs(x.Args)}
	case *algebra.Exists:
		return &algebra.Exists{Not: x.Not, Op: s.op(x.Op)}
	}
	return x
}

// boundArg returns v for BOUND(?v).
func boundArg(c *algebra.Call) (string, bool) {
	if c.Name != algebra.OpBound || len(c.Args) != 1 {
		return "", false
	}
	v, ok := c.Args[0].(*algebra.Var)
	if !ok {
		return "", false
	}
	return v.Name, true
}
