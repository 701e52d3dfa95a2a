package reduce

import "github.com/sparql-oracle/oracle/internal/algebra/syntax"

// exprEdits replace the expression in slot by each of its operands ("a &&
// b" by a or b: dropping a conjunct; "!e" by e), by a variable it mentions,
// by a constant (true, 0, ""), drop an IN list member, replace a constant
// by a fresh variable, and shrink a literal.
func exprEdits(slot *syntax.Expr, sc scope) []edit {
	var out []edit
	for _, k := range exprKids(*slot) {
		out = append(out, edit{"operand", func() { *slot = k }})
	}
	if in, ok := (*slot).(*syntax.In); ok {
		out = append(out, dropEach("drop-in-member", len(in.List), 2, func(i int) { in.List = remove(in.List, i) })...)
	}
	switch e := (*slot).(type) {
	case *syntax.Var:
	case *syntax.IRI:
		out = append(out, edit{"const-to-var", func() { *slot = &syntax.Var{Name: sc.fresh} }})
	case *syntax.Literal:
		out = append(out, edit{"const-to-var", func() { *slot = &syntax.Var{Name: sc.fresh} }})
		for _, s := range shrinkLiteral(e) {
			out = append(out, edit{"shrink-literal", func() { *slot = s }})
		}
	default:
		out = append(out, compoundEdits(slot)...)
	}
	return out
}

// compoundEdits replace an operator, call or aggregate by one variable it
// mentions, or by a small constant of each kind.
func compoundEdits(slot *syntax.Expr) []edit {
	var out []edit
	for _, v := range varsOf(*slot) {
		out = append(out, edit{"expr-to-var", func() { *slot = &syntax.Var{Name: v} }})
	}
	for _, c := range smallConstants {
		out = append(out, edit{"expr-to-const", func() { *slot = &syntax.Literal{Kind: c.Kind, Lex: c.Lex} }})
	}
	return out
}

var smallConstants = []syntax.Literal{
	{Kind: syntax.LitBoolean, Lex: "true"},
	{Kind: syntax.LitInteger, Lex: "0"},
	{Kind: syntax.LitString, Lex: ""},
}

// varsOf lists the distinct variables of e outside EXISTS patterns, in
// order of first occurrence.
func varsOf(e syntax.Expr) []string {
	var out []string
	seen := map[string]bool{}
	syntax.Inspect(e, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.Exists:
			return false
		case *syntax.Var:
			if !seen[n.Name] {
				seen[n.Name] = true
				out = append(out, n.Name)
			}
		}
		return true
	})
	return out
}

func exprKids(e syntax.Expr) []syntax.Expr {
	switch e := e.(type) {
	case *syntax.Binary:
		return []syntax.Expr{e.X, e.Y}
	case *syntax.Unary:
		return []syntax.Expr{e.X}
	case *syntax.In:
		return []syntax.Expr{e.X}
	case *syntax.Call:
		return e.Args
	case *syntax.FuncCall:
		return e.Args
	case *syntax.Aggregate:
		if e.Arg != nil {
			return []syntax.Expr{e.Arg}
		}
	}
	return nil
}
