package diff

import (
	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
)

// exprSlots returns pointers to the expression fields a node owns, so an
// edit can replace an expression by one of its children or by a smaller
// literal.
func exprSlots(n syntax.Node) []*syntax.Expr {
	var out []*syntax.Expr
	each := func(es []syntax.Expr) {
		for i := range es {
			out = append(out, &es[i])
		}
	}
	switch n := n.(type) {
	case *syntax.Filter:
		out = append(out, &n.Expr)
	case *syntax.Bind:
		out = append(out, &n.Expr)
	case *syntax.SelectItem:
		if n.Expr != nil {
			out = append(out, &n.Expr)
		}
	case *syntax.GroupCondition:
		out = append(out, &n.Expr)
	case *syntax.OrderCondition:
		out = append(out, &n.Expr)
	case *syntax.Binary:
		out = append(out, &n.X, &n.Y)
	case *syntax.Unary:
		out = append(out, &n.X)
	case *syntax.In:
		out = append(out, &n.X)
		each(n.List)
	case *syntax.Call:
		each(n.Args)
	case *syntax.FuncCall:
		each(n.Args)
	case *syntax.Aggregate:
		if n.Arg != nil {
			out = append(out, &n.Arg)
		}
	case *syntax.Query:
		each(n.Mod.Having)
	case *syntax.SubSelect:
		each(n.Mod.Having)
	}
	return out
}

// exprEdits replace the expression in slot by each of its operands ("a &&
// b" by a or b: dropping a conjunct), drop an IN list member, and shrink a
// literal.
func exprEdits(slot *syntax.Expr) []func() {
	var out []func()
	for _, k := range exprKids(*slot) {
		out = append(out, func() { *slot = k })
	}
	if in, ok := (*slot).(*syntax.In); ok {
		out = append(out, dropEach(len(in.List), 2, func(i int) { in.List = remove(in.List, i) })...)
	}
	if lit, ok := (*slot).(*syntax.Literal); ok {
		for _, s := range shrinkLiteral(lit) {
			out = append(out, func() { *slot = s })
		}
	}
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

// nodeLiteralEdits shrink a literal in a triple pattern's object.
func nodeLiteralEdits(slot *syntax.GraphNode) []func() {
	lit, ok := (*slot).(*syntax.Literal)
	if !ok {
		return nil
	}
	var out []func()
	for _, s := range shrinkLiteral(lit) {
		out = append(out, func() { *slot = s })
	}
	return out
}

// shrinkLiteral proposes strictly smaller literals (so the fixpoint ends):
// without its language tag or datatype, with an empty lexical form, or a
// number as 0 or 1 of the same kind.
func shrinkLiteral(l *syntax.Literal) []*syntax.Literal {
	var out []*syntax.Literal
	with := func(f func(c *syntax.Literal)) {
		c := *l
		c.Pos = syntax.Pos{}
		f(&c)
		out = append(out, &c)
	}
	switch l.Kind {
	case syntax.LitString:
		if l.Lang != "" {
			with(func(c *syntax.Literal) { c.Lang = "" })
		}
		if l.Datatype != nil {
			with(func(c *syntax.Literal) { c.Datatype = nil })
		}
		if l.Lex != "" {
			with(func(c *syntax.Literal) { c.Lex, c.Long = "", false })
		}
	case syntax.LitInteger, syntax.LitDecimal, syntax.LitDouble:
		for _, lex := range smallNumbers[l.Kind] {
			if numberRank(lex) < numberRank(l.Lex) {
				with(func(c *syntax.Literal) { c.Lex = lex })
			}
		}
	}
	return out
}

var smallNumbers = map[syntax.LitKind][]string{
	syntax.LitInteger: {"0", "1"},
	syntax.LitDecimal: {"0.0", "1.0"},
	syntax.LitDouble:  {"0e0", "1e0"},
}

// numberRank orders numerals: the small ones first, then by length.
func numberRank(lex string) int {
	switch lex {
	case "0", "0.0", "0e0":
		return 0
	case "1", "1.0", "1e0":
		return 1
	}
	return 2 + len(lex)
}

// pathEdits replace a property path by one of its operands.
func pathEdits(slot *syntax.Verb) []func() {
	var kids []syntax.PathExpr
	switch p := (*slot).(type) {
	case *syntax.PathAlt:
		kids = p.Alts
	case *syntax.PathSeq:
		kids = p.Steps
	case *syntax.PathInverse:
		kids = []syntax.PathExpr{p.Path}
	case *syntax.PathMod:
		kids = []syntax.PathExpr{p.Path}
	}
	var out []func()
	for _, k := range kids {
		out = append(out, func() { *slot = k })
	}
	return out
}
