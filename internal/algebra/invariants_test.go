package algebra

import (
	"fmt"
	"strings"
)

// checkInvariants walks a translated query and reports the first broken
// promise of the translation: Join never has the empty BGP as a child
// (#sparqlSimplification), Path nodes never hold paths §18.2.2.4 turns into
// triples, projections never expose hidden variables, VALUES rows have one
// cell per variable, aggregate variables are the ?.N kind.
func checkInvariants(op Op) error {
	var err error
	walkOps(op, func(o Op) {
		if err == nil {
			err = invariant(o)
		}
	})
	return err
}

func invariant(op Op) error {
	switch o := op.(type) {
	case *Join:
		if isEmptyBGP(o.L) || isEmptyBGP(o.R) {
			return fmt.Errorf("join with the empty BGP not simplified")
		}
	case *Path:
		switch p := o.Path.(type) {
		case *Link, *Seq:
			return fmt.Errorf("path %s should be triples", PathString(p))
		case *Inverse:
			if _, ok := p.P.(*Link); ok {
				return fmt.Errorf("path %s should be a triple", PathString(p))
			}
		}
	case *Project:
		for _, v := range o.Vars {
			if IsHidden(v) {
				return fmt.Errorf("hidden variable %s projected", v)
			}
		}
	case *Table:
		for _, r := range o.Rows {
			if len(r) != len(o.Vars) {
				return fmt.Errorf("row of %d cells for %d vars", len(r), len(o.Vars))
			}
		}
	case *Group:
		for _, a := range o.Aggs {
			if len(a.Var) < 3 || a.Var[:2] != "?." {
				return fmt.Errorf("aggregate bound to %q", a.Var)
			}
		}
	}
	return nil
}

// walkOps calls f on op and every operator below it, including the
// patterns of EXISTS in expressions.
func walkOps(op Op, f func(Op)) {
	Walk(op, func(o Op) {
		f(o)
		for _, e := range opExprs(o) {
			walkExprOps(e, f)
		}
	})
}

func walkExprOps(e Expr, f func(Op)) {
	switch x := e.(type) {
	case *Exists:
		walkOps(x.Op, f)
	case *Call:
		for _, a := range x.Args {
			walkExprOps(a, f)
		}
	case *Func:
		for _, a := range x.Args {
			walkExprOps(a, f)
		}
	}
}

func opExprs(op Op) []Expr {
	switch o := op.(type) {
	case *LeftJoin:
		if o.Expr != nil {
			return []Expr{o.Expr}
		}
	case *Filter:
		return o.Exprs
	case *Extend:
		return []Expr{o.Expr}
	case *OrderBy:
		var es []Expr
		for _, c := range o.Conds {
			es = append(es, c.Expr)
		}
		return es
	}
	return nil
}

// balanced reports whether the brackets of an SSE text pair up, skipping
// the insides of strings and IRIs.
func balanced(s string) bool {
	depth := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '"':
			for i++; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' {
					i++
				}
			}
		case '<':
			if j := strings.IndexAny(s[i:], "> \n"); j > 0 && s[i+j] == '>' {
				i += j
			}
		case '(':
			depth++
		case ')':
			depth--
			if depth < 0 {
				return false
			}
		}
	}
	return depth == 0
}
