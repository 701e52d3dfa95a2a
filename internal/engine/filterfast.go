package engine

import "github.com/sparql-oracle/oracle/internal/algebra"

// fastTest decides a filter expression on r without ops where it is a
// comparison of two exact numerics (variables holding xsd:integer or
// xsd:decimal literals, or such constants), or && and || of such: the
// values are decoded once per id (numeric.go) and compared by value, as
// op:numeric-equal, op:numeric-less-than and op:numeric-greater-than do
// after promotion (#OperatorMapping). ok is false for anything else, and
// the caller evaluates through ops.
func (e *query) fastTest(x algebra.Expr, r row) (val, ok bool) {
	c, isCall := x.(*algebra.Call)
	if !isCall || len(c.Args) != 2 {
		return false, false
	}
	switch c.Name {
	case algebra.OpAnd, algebra.OpOr:
		// #evaluation: false && error is false, true || error is true, so
		// the left operand alone may decide.
		decides := c.Name == algebra.OpOr
		a, ok := e.fastTest(c.Args[0], r)
		if !ok || a == decides {
			return a, ok
		}
		return e.fastTest(c.Args[1], r)
	case algebra.OpEq, algebra.OpNe, algebra.OpLt, algebra.OpGt, algebra.OpLe, algebra.OpGe:
		a, b := e.fastNum(c.Args[0], r), e.fastNum(c.Args[1], r)
		if a == nil || b == nil {
			return false, false
		}
		return compares(c.Name, cmpNum(a, b)), true
	}
	return false, false
}

func compares(op string, c int) bool {
	switch op {
	case algebra.OpEq:
		return c == 0
	case algebra.OpNe:
		return c != 0
	case algebra.OpLt:
		return c < 0
	case algebra.OpGt:
		return c > 0
	case algebra.OpLe:
		return c <= 0
	}
	return c >= 0
}

// fastNum is the exact numeric value of a variable or constant on r; nil
// when it is unbound, not an exact numeric, or another expression.
func (e *query) fastNum(x algebra.Expr, r row) *num {
	switch x := x.(type) {
	case *algebra.Var:
		if col, ok := e.vars[x.Name]; ok && r[col] != 0 {
			return e.numOf(r[col])
		}
	case *algebra.Const:
		n, ok := e.consts[x]
		if !ok {
			n = parseNum(x.Term)
			if e.consts == nil {
				e.consts = map[*algebra.Const]*num{}
			}
			e.consts[x] = n
		}
		return n
	}
	return nil
}
