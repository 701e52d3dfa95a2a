package engine

import (
	"strings"

	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

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
	case "CONTAINS", "STRSTARTS", "STRENDS", "REGEX":
		return e.fastString(c, r)
	}
	return false, false
}

// fastString is CONTAINS, STRSTARTS, STRENDS (#func-contains,
// #func-strstarts, #func-strends) of a variable holding an xsd:string
// literal and an xsd:string constant (compatible arguments,
// #func-arg-compatibility), and REGEX (#func-regex) of such a variable and
// a pattern of letters, digits, spaces, '_' and '-' between an optional
// '^' and '$', with no flags: fn:matches of such a pattern is a prefix,
// suffix, equality or substring test.
func (e *query) fastString(c *algebra.Call, r row) (val, ok bool) {
	v, isVar := c.Args[0].(*algebra.Var)
	k, isConst := c.Args[1].(*algebra.Const)
	if !isVar || !isConst || !plainString(k.Term) {
		return false, false
	}
	col, known := e.vars[v.Name]
	if !known || r[col] == 0 {
		return false, false
	}
	t := e.term(r[col])
	if !plainString(t) {
		return false, false
	}
	switch c.Name {
	case "CONTAINS":
		return strings.Contains(t.Value, k.Term.Value), true
	case "STRSTARTS":
		return strings.HasPrefix(t.Value, k.Term.Value), true
	case "STRENDS":
		return strings.HasSuffix(t.Value, k.Term.Value), true
	}
	return plainMatch(t.Value, k.Term.Value)
}

func plainString(t rdf.Term) bool {
	return t.Kind == rdf.KindLiteral && t.Datatype == rdf.XSDString && t.Lang == ""
}

// plainMatch matches text against a regular expression with no
// metacharacters but the anchors; ok is false for any other pattern.
func plainMatch(text, pattern string) (val, ok bool) {
	body := strings.TrimSuffix(strings.TrimPrefix(pattern, "^"), "$")
	for i := 0; i < len(body); i++ {
		if b := body[i]; !(b == ' ' || b == '_' || b == '-' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z') {
			return false, false
		}
	}
	start, end := strings.HasPrefix(pattern, "^"), len(body) < len(pattern) && strings.HasSuffix(pattern, "$")
	switch {
	case start && end:
		return text == body, true
	case start:
		return strings.HasPrefix(text, body), true
	case end:
		return strings.HasSuffix(text, body), true
	}
	return strings.Contains(text, body), true
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
