package reference

import "github.com/sparql-oracle/oracle/internal/algebra"

// openFuncs are the functions whose values the spec leaves to the engine
// (§17.4.4.5 RAND #idp2130040, #func-now, #func-uuid, #func-struuid).
var openFuncs = map[string]bool{"RAND": true, "NOW": true, "UUID": true, "STRUUID": true}

// openAggs are the set functions with an unspecified result: SAMPLE picks
// any member (#defn_aggSample), GROUP_CONCAT any order (#defn_aggGroupConcat).
// A GROUP_CONCAT variable itself is not open but a concat (concatVars): its
// pieces are fixed, only their order is not; what is computed from it is open.
var openAggs = map[string]bool{"SAMPLE": true, "GROUP_CONCAT": true}

// concatVars maps each variable whose value is a GROUP_CONCAT's to its
// separator: the aggregate's own variable, and a variable bound to it by an
// Extend (SELECT (GROUP_CONCAT(...) AS ?v) translates to both). A variable
// any other Extend binds is not one.
func concatVars(op algebra.Op) map[string]string {
	out := map[string]string{}
	var aliases []*algebra.Extend
	other := map[string]bool{}
	algebra.Walk(op, func(o algebra.Op) {
		switch o := o.(type) {
		case *algebra.Group:
			for _, a := range o.Aggs {
				if a.Agg.Name == "GROUP_CONCAT" {
					out[a.Var] = a.Agg.Separator
				}
			}
		case *algebra.Extend:
			if _, ok := o.Expr.(*algebra.Var); ok {
				aliases = append(aliases, o)
			} else {
				other[o.Var] = true
			}
		}
	})
	for changed := true; changed; {
		changed = false
		for _, e := range aliases {
			sep, ok := out[e.Expr.(*algebra.Var).Name]
			if _, done := out[e.Var]; ok && !done {
				out[e.Var], changed = sep, true
			}
		}
	}
	for v := range other {
		delete(out, v)
	}
	return out
}

// openVars finds the variables whose values are open: bound by an Extend or
// a Group from an open function or aggregate, directly or through another
// open variable (a fixpoint over the whole algebra, subqueries included).
func openVars(op algebra.Op) map[string]bool {
	defs := map[string][]algebra.Expr{}
	open := map[string]bool{}
	collectDefs(op, defs, open)
	for changed := true; changed; {
		changed = false
		for v, xs := range defs {
			for _, x := range xs {
				if !open[v] && exprOpen(x, open) {
					open[v], changed = true, true
				}
			}
		}
	}
	return open
}

func collectDefs(op algebra.Op, defs map[string][]algebra.Expr, open map[string]bool) {
	switch op := op.(type) {
	case *algebra.Extend:
		defs[op.Var] = append(defs[op.Var], op.Expr)
	case *algebra.Group:
		for _, k := range op.Keys {
			if k.Var != "" {
				defs[k.Var] = append(defs[k.Var], k.Expr)
			}
		}
		for _, a := range op.Aggs {
			if openAggs[a.Agg.Name] {
				open[a.Var] = true
			} else if a.Agg.Arg != nil {
				defs[a.Var] = append(defs[a.Var], a.Agg.Arg)
			}
		}
	}
	for _, c := range algebra.Children(op) {
		collectDefs(c, defs, open)
	}
}

// exprOpen reports whether x calls an open function or reads an open variable.
func exprOpen(x algebra.Expr, open map[string]bool) bool {
	switch x := x.(type) {
	case *algebra.Var:
		return open[x.Name]
	case *algebra.Call:
		if openFuncs[x.Name] {
			return true
		}
		return anyOpen(x.Args, open)
	case *algebra.Func:
		return anyOpen(x.Args, open)
	}
	return false
}

func anyOpen(xs []algebra.Expr, open map[string]bool) bool {
	for _, x := range xs {
		if exprOpen(x, open) {
			return true
		}
	}
	return false
}
