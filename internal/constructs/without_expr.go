package constructs

import (
	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
)

// exprRewrites are the neutral forms of operators and functions: an
// operator or a call by each of its operands (variant i takes operand i,
// or the last one of a shorter call), (NOT) EXISTS by true and by false,
// IN by = with each member, an aggregate's DISTINCT dropped. Comparisons,
// = and != and the aggregates have none.
func exprRewrites(label string, q *syntax.Query) ([]rewrite, bool) {
	switch label {
	case "EXISTS", "NOT EXISTS":
		not := label == "NOT EXISTS"
		return []rewrite{existsBy(not, true), existsBy(not, false)}, true
	case "IN", "NOT IN":
		not := label == "NOT IN"
		var out []rewrite
		for i := 0; i < max(1, widest(q, func(n syntax.Node) (int, bool) {
			in, ok := n.(*syntax.In)
			if !ok || in.Not != not {
				return 0, false
			}
			return len(in.List), true
		})); i++ {
			out = append(out, inBy(not, i))
		}
		return out, true
	case "aggregate DISTINCT":
		return []rewrite{onQuery(func(q *syntax.Query) bool {
			walk(q, func(n syntax.Node) {
				if a, ok := n.(*syntax.Aggregate); ok {
					a.Distinct = false
				}
			})
			return true
		})}, true
	}
	match, ok := operatorMatch(label, q)
	if !ok {
		return nil, false
	}
	var out []rewrite
	for i := 0; i < widest(q, func(n syntax.Node) (int, bool) {
		e, ok := n.(syntax.Expr)
		return len(operands(e)), ok && match(e)
	}); i++ {
		out = append(out, operandOf(match, i))
	}
	return out, true
}

// operatorMatch recognises the expressions label names: an arithmetic or
// logical operator, a negation or sign, a built-in call by name, a function
// call by IRI. Comparisons and RDF term equality are not matched: they
// have no neutral form.
func operatorMatch(label string, q *syntax.Query) (func(syntax.Expr) bool, bool) {
	switch label {
	case "arithmetic (+)", "arithmetic (-)", "arithmetic (*)", "arithmetic (/)", "&& (logical-and)", "|| (logical-or)":
		return func(e syntax.Expr) bool {
			b, ok := e.(*syntax.Binary)
			return ok && binaryLabel(b.Op) == label
		}, true
	case "! (logical-not)", "unary -", "unary +":
		return func(e syntax.Expr) bool {
			u, ok := e.(*syntax.Unary)
			return ok && exprLabels(u)[0] == label
		}, true
	}
	call := func(e syntax.Expr) bool {
		switch e := e.(type) {
		case *syntax.Call:
			return e.Name == label
		case *syntax.FuncCall:
			return castLabel(e.IRI.Value) == label
		}
		return false
	}
	found := false
	walk(q, func(n syntax.Node) {
		if e, ok := n.(syntax.Expr); ok && call(e) {
			found = true
		}
	})
	return call, found
}

// operands are the operands an operator or call can be replaced by.
func operands(e syntax.Expr) []syntax.Expr {
	switch e := e.(type) {
	case *syntax.Binary:
		return []syntax.Expr{e.X, e.Y}
	case *syntax.Unary:
		return []syntax.Expr{e.X}
	case *syntax.Call:
		return e.Args
	case *syntax.FuncCall:
		return e.Args
	}
	return nil
}

// widest is the largest count of the nodes sel selects.
func widest(q *syntax.Query, sel func(syntax.Node) (int, bool)) int {
	n := 0
	walk(q, func(x syntax.Node) {
		if k, ok := sel(x); ok {
			n = max(n, k)
		}
	})
	return n
}

// operandOf replaces every matched expression by its operand i (its last
// when it has fewer); it does not apply when one has none (NOW(), RAND()).
func operandOf(match func(syntax.Expr) bool, i int) rewrite {
	return onQuery(func(q *syntax.Query) bool {
		ok := true
		editExprs(q, func(e syntax.Expr) syntax.Expr {
			if !match(e) {
				return nil
			}
			ops := operands(e)
			if len(ops) == 0 {
				ok = false
				return nil
			}
			return ops[min(i, len(ops)-1)]
		})
		return ok
	})
}

func existsBy(not, value bool) rewrite {
	return onQuery(func(q *syntax.Query) bool {
		editExprs(q, func(e syntax.Expr) syntax.Expr {
			if x, ok := e.(*syntax.Exists); ok && x.Not == not {
				return boolLit(value)
			}
			return nil
		})
		return true
	})
}

// inBy replaces every `X IN (…)` by `X = m` and `X NOT IN (…)` by
// `X != m`, m the member i (the last of a shorter list); an empty list by
// its value, false for IN and true for NOT IN (#func-in).
func inBy(not bool, i int) rewrite {
	return onQuery(func(q *syntax.Query) bool {
		editExprs(q, func(e syntax.Expr) syntax.Expr {
			x, ok := e.(*syntax.In)
			if !ok || x.Not != not {
				return nil
			}
			if len(x.List) == 0 {
				return boolLit(not)
			}
			op := "="
			if not {
				op = "!="
			}
			return &syntax.Binary{Op: op, X: x.X, Y: x.List[min(i, len(x.List)-1)]}
		})
		return true
	})
}

// ---------------------------------------------------------------- paths

// pathRewrites: p|q by each alternative, p*, p+ and p? by p, ^p by p with
// subject and object swapped (where the triple has that one predicate and
// object; elsewhere, inside a sequence, by p alone). A sequence and a
// negated property set have no neutral form.
func pathRewrites(label string, q *syntax.Query) ([]rewrite, bool) {
	switch label {
	case "path |":
		var out []rewrite
		n := widest(q, func(x syntax.Node) (int, bool) {
			a, ok := x.(*syntax.PathAlt)
			if !ok {
				return 0, false
			}
			return len(a.Alts), true
		})
		for i := 0; i < n; i++ {
			out = append(out, onQuery(func(q *syntax.Query) bool {
				editPaths(q, func(p syntax.PathExpr) syntax.PathExpr {
					if a, ok := p.(*syntax.PathAlt); ok {
						return a.Alts[min(i, len(a.Alts)-1)]
					}
					return nil
				})
				return true
			}))
		}
		return out, true
	case "path *", "path +", "path ?":
		mod := label[len(label)-1]
		return []rewrite{onQuery(func(q *syntax.Query) bool {
			editPaths(q, func(p syntax.PathExpr) syntax.PathExpr {
				if m, ok := p.(*syntax.PathMod); ok && m.Mod == mod {
					return m.Path
				}
				return nil
			})
			return true
		})}, true
	case "path ^":
		return []rewrite{onQuery(uninvert)}, true
	}
	return nil, false
}

// uninvert swaps subject and object of `s ^p o` (the triple's one
// predicate and object) and drops every other ^.
func uninvert(q *syntax.Query) bool {
	walk(q, func(n syntax.Node) {
		t, ok := n.(*syntax.TriplesSameSubject)
		if !ok || len(t.Props) != 1 || len(t.Props[0].Objects) != 1 || len(t.Props[0].Annots) > 0 {
			return
		}
		po := t.Props[0]
		if inv, ok := po.Verb.(*syntax.PathInverse); ok {
			t.Subject, po.Objects[0] = po.Objects[0], t.Subject
			po.Verb = inv.Path
		}
	})
	editPaths(q, func(p syntax.PathExpr) syntax.PathExpr {
		if inv, ok := p.(*syntax.PathInverse); ok {
			return inv.Path
		}
		return nil
	})
	return true
}
