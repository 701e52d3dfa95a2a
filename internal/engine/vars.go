package engine

import "github.com/sparql-oracle/oracle/internal/algebra"

// collectVars calls add for every variable named anywhere in op, EXISTS
// patterns included, so the variable table covers every row the query can
// build.
func collectVars(op algebra.Op, add func(string)) {
	node := func(n algebra.Node) {
		if n.IsVar() {
			add(n.Var)
		}
	}
	ex := func(x algebra.Expr) { exprVars(x, add, true) }
	switch op := op.(type) {
	case *algebra.BGP:
		for _, t := range op.Triples {
			node(t.S)
			node(t.P)
			node(t.O)
		}
	case *algebra.Path:
		node(op.S)
		node(op.O)
	case *algebra.Join:
		collectVars(op.L, add)
		collectVars(op.R, add)
	case *algebra.LeftJoin:
		collectVars(op.L, add)
		collectVars(op.R, add)
		ex(op.Expr)
	case *algebra.Union:
		collectVars(op.L, add)
		collectVars(op.R, add)
	case *algebra.Minus:
		collectVars(op.L, add)
		collectVars(op.R, add)
	case *algebra.Filter:
		for _, x := range op.Exprs {
			ex(x)
		}
		collectVars(op.Op, add)
	case *algebra.Graph:
		node(op.Name)
		collectVars(op.Op, add)
	case *algebra.Extend:
		add(op.Var)
		ex(op.Expr)
		collectVars(op.Op, add)
	case *algebra.Table:
		for _, v := range op.Vars {
			add(v)
		}
	case *algebra.Service:
		node(op.Name)
		collectVars(op.Op, add)
	case *algebra.Group:
		for _, k := range op.Keys {
			if k.Var != "" {
				add(k.Var)
			}
			ex(k.Expr)
		}
		for _, a := range op.Aggs {
			add(a.Var)
			ex(a.Agg.Arg)
		}
		collectVars(op.Op, add)
	case *algebra.OrderBy:
		for _, c := range op.Conds {
			ex(c.Expr)
		}
		collectVars(op.Op, add)
	case *algebra.Project:
		for _, v := range op.Vars {
			add(v)
		}
		collectVars(op.Op, add)
	case *algebra.Distinct:
		collectVars(op.Op, add)
	case *algebra.Reduced:
		collectVars(op.Op, add)
	case *algebra.Slice:
		collectVars(op.Op, add)
	}
}

// exprVars calls add for the variables of x; with deep it enters EXISTS.
func exprVars(x algebra.Expr, add func(string), deep bool) {
	switch x := x.(type) {
	case *algebra.Var:
		add(x.Name)
	case *algebra.Call:
		for _, a := range x.Args {
			exprVars(a, add, deep)
		}
	case *algebra.Func:
		for _, a := range x.Args {
			exprVars(a, add, deep)
		}
	case *algebra.Exists:
		if deep {
			collectVars(x.Op, add)
		}
	}
}

// hasExists reports whether x contains EXISTS or a function whose value
// changes per call, which keeps a filter where the query put it.
func unpushable(x algebra.Expr) bool {
	switch x := x.(type) {
	case *algebra.Exists:
		return true
	case *algebra.Call:
		switch x.Name {
		case "RAND", "BNODE", "UUID", "STRUUID", algebra.OpBound, algebra.OpCoalesce, algebra.OpIf:
			return true
		}
		for _, a := range x.Args {
			if unpushable(a) {
				return true
			}
		}
	case *algebra.Func:
		for _, a := range x.Args {
			if unpushable(a) {
				return true
			}
		}
	}
	return false
}

type varSet map[string]bool

// certain returns the variables bound in every solution of op (a static
// under-approximation); joins hash on them.
func certain(op algebra.Op) varSet {
	s := varSet{}
	switch op := op.(type) {
	case *algebra.BGP:
		for _, t := range op.Triples {
			for _, n := range []algebra.Node{t.S, t.P, t.O} {
				if n.IsVar() {
					s[n.Var] = true
				}
			}
		}
	case *algebra.Path:
		for _, n := range []algebra.Node{op.S, op.O} {
			if n.IsVar() {
				s[n.Var] = true
			}
		}
	case *algebra.Join:
		for v := range certain(op.L) {
			s[v] = true
		}
		for v := range certain(op.R) {
			s[v] = true
		}
	case *algebra.LeftJoin:
		return certain(op.L)
	case *algebra.Minus:
		return certain(op.L)
	case *algebra.Filter:
		return certain(op.Op)
	case *algebra.Union:
		r := certain(op.R)
		for v := range certain(op.L) {
			if r[v] {
				s[v] = true
			}
		}
	case *algebra.Graph:
		s = certain(op.Op)
		if op.Name.IsVar() {
			s[op.Name.Var] = true
		}
	case *algebra.Extend:
		return certain(op.Op)
	case *algebra.Table:
		return tableCertain(op)
	case *algebra.Project:
		in := certain(op.Op)
		for _, v := range op.Vars {
			if in[v] {
				s[v] = true
			}
		}
	case *algebra.Group:
		for _, k := range op.Keys {
			if _, ok := k.Expr.(*algebra.Var); ok && k.Var != "" && certain(op.Op)[k.Var] {
				s[k.Var] = true
			}
		}
	case *algebra.OrderBy:
		return certain(op.Op)
	case *algebra.Distinct:
		return certain(op.Op)
	case *algebra.Reduced:
		return certain(op.Op)
	case *algebra.Slice:
		return certain(op.Op)
	}
	return s
}

func tableCertain(t *algebra.Table) varSet {
	s := varSet{}
	for i, v := range t.Vars {
		all := true
		for _, r := range t.Rows {
			if i >= len(r) || r[i].IsZero() {
				all = false
			}
		}
		if all {
			s[v] = true
		}
	}
	return s
}

// seedable reports whether evaluating op with a solution μ's variables
// pre-bound gives exactly Join({μ}, eval(op)): true for patterns without
// an expression, whose solutions do not depend on scope.
func seedable(op algebra.Op) bool {
	switch op := op.(type) {
	case *algebra.BGP, *algebra.Path, *algebra.Table:
		return true
	case *algebra.Join:
		return seedable(op.L) && seedable(op.R)
	case *algebra.Union:
		return seedable(op.L) && seedable(op.R)
	case *algebra.Graph:
		return seedable(op.Op)
	}
	return false
}
