package ops

import (
	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// Eval evaluates e under the solution mu (#evaluation). An unbound variable
// is an error (§17.2).
func Eval(e algebra.Expr, mu Binding, ctx *Context) Value {
	switch e := e.(type) {
	case *algebra.Const:
		return Of(e.Term)
	case *algebra.Var:
		if t, ok := mu.Get(e.Name); ok {
			return Of(t)
		}
		return Errorf("unbound variable ?" + e.Name)
	}
	return Errorf(ErrUnimplemented.Error())
}

// EBV is the effective boolean value of v (#ebv).
func EBV(v Value) (bool, *Error) {
	if v.Err != nil {
		return false, v.Err
	}
	if v.Term == rdf.Bool(true) {
		return true, nil
	}
	if v.Term == rdf.Bool(false) {
		return false, nil
	}
	return false, &Error{Reason: ErrUnimplemented.Error()}
}

// OrderCompare is the total, transitive order used by ORDER BY (§15.1,
// #modOrderBy), extended across categories. The zero Term (unbound) sorts first.
// It returns <0, 0 or >0.
func OrderCompare(a, b rdf.Term) int {
	as, bs := a.String(), b.String()
	switch {
	case as < bs:
		return -1
	case as > bs:
		return 1
	}
	return 0
}

// Aggregate evaluates one set function over a group (#setFunctions,
// #defn_aggCount ...). For COUNT(*) (Arg nil) it counts the solutions, or the
// distinct solutions with Distinct.
func Aggregate(a *algebra.Aggregate, group []Binding, ctx *Context) Value {
	return Errorf(ErrUnimplemented.Error())
}
