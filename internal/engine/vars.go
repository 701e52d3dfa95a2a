package engine

import (
	"strings"

	"github.com/sparql-oracle/oracle/internal/algebra"
)

// collectVars calls add for every variable named anywhere in op, EXISTS
// patterns included, so the variable table covers every row the query can
// build.
func collectVars(op algebra.Op, add func(string)) {
	ownVars(op, add)
	for _, x := range ownExprs(op) {
		exprVars(x, add, true)
	}
	for _, c := range algebra.Children(op) {
		collectVars(c, add)
	}
}

// ownExprs returns the expressions op itself holds (nil ones included).
func ownExprs(op algebra.Op) []algebra.Expr {
	switch op := op.(type) {
	case *algebra.LeftJoin:
		return []algebra.Expr{op.Expr}
	case *algebra.Filter:
		return op.Exprs
	case *algebra.Extend:
		return []algebra.Expr{op.Expr}
	case *algebra.Group:
		var out []algebra.Expr
		for _, k := range op.Keys {
			out = append(out, k.Expr)
		}
		for _, a := range op.Aggs {
			out = append(out, a.Agg.Arg)
		}
		return out
	case *algebra.OrderBy:
		var out []algebra.Expr
		for _, c := range op.Conds {
			out = append(out, c.Expr)
		}
		return out
	}
	return nil
}

// ownVars calls add for the variables op names in pattern and binding
// positions (not in its expressions).
func ownVars(op algebra.Op, add func(string)) {
	node := func(n algebra.Node) { n.EachVar(add) } // nested patterns too (triple12.go)
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
	case *algebra.Graph:
		node(op.Name)
	case *algebra.Service:
		node(op.Name)
	case *algebra.Extend:
		add(op.Var)
	case *algebra.Table:
		for _, v := range op.Vars {
			add(v)
		}
	case *algebra.Group:
		for _, k := range op.Keys {
			if k.Var != "" {
				add(k.Var)
			}
		}
		for _, a := range op.Aggs {
			add(a.Var)
		}
	case *algebra.Project:
		for _, v := range op.Vars {
			add(v)
		}
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
	case *algebra.BGP, *algebra.Path:
		ownVars(op, func(v string) { s[v] = true })
	case *algebra.LeftJoin, *algebra.Minus, *algebra.Filter, *algebra.Extend,
		*algebra.OrderBy, *algebra.Distinct, *algebra.Reduced, *algebra.Slice:
		// bound in every solution of the first operand, and so of op: the
		// right side of LeftJoin and Minus adds none for certain, the
		// others keep or pass on the solutions of their operand
		return certain(algebra.Children(op)[0])
	case *algebra.Join:
		for v := range certain(op.L) {
			s[v] = true
		}
		for v := range certain(op.R) {
			s[v] = true
		}
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
func seedable(op algebra.Op) bool { return seedableWith(op, true) }

// seedableWith is seedable, and existsSeedable (exists.go) when paths is
// false: the two differ only on property paths.
func seedableWith(op algebra.Op, paths bool) bool {
	switch op := op.(type) {
	case *algebra.BGP, *algebra.Table:
		return true
	case *algebra.Path:
		return paths
	case *algebra.Join:
		return seedableWith(op.L, paths) && seedableWith(op.R, paths)
	case *algebra.Union:
		return seedableWith(op.L, paths) && seedableWith(op.R, paths)
	case *algebra.Graph:
		return seedableWith(op.Op, paths)
	case *algebra.Filter:
		return seedableWith(op.Op, paths) && pureFilter(op)
	}
	return false
}

// pureFilter: every expression is pushable and names only variables the
// operand binds in every solution, so its value is fixed by the operand's
// solution whatever the seed binds.
func pureFilter(f *algebra.Filter) bool {
	c := certain(f.Op)
	for _, x := range f.Exprs {
		if unpushable(x) || !covers(c, x) {
			return false
		}
	}
	return true
}

// usesRandom reports whether op calls a function that draws from
// ops.Context.Rand (RAND, UUID, STRUUID, BNODE): seeding a generator costs
// more than a small query, so it is made only then.
func usesRandom(op algebra.Op) bool {
	found := false
	var expr func(x algebra.Expr)
	expr = func(x algebra.Expr) {
		switch x := x.(type) {
		case *algebra.Call:
			switch strings.ToUpper(x.Name) {
			case "RAND", "UUID", "STRUUID", "BNODE":
				found = true
			}
			for _, a := range x.Args {
				expr(a)
			}
		case *algebra.Func:
			for _, a := range x.Args {
				expr(a)
			}
		case *algebra.Exists:
			found = found || usesRandom(x.Op)
		}
	}
	walkExprs(op, expr)
	return found
}

// walkExprs calls f on the expressions of op and of every node under it
// (f enters the expressions itself).
func walkExprs(op algebra.Op, f func(algebra.Expr)) {
	for _, x := range ownExprs(op) {
		f(x)
	}
	for _, c := range algebra.Children(op) {
		walkExprs(c, f)
	}
}
