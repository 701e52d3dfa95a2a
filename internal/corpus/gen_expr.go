package corpus

import (
	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// expr builds an expression (#rExpression) over the variables vs at
// expression depth d. Kinds are drawn by the expr.* weights; past
// MaxExprDepth only leaves come out. Aggregates never appear here (see agg).
func (g *gen) expr(vs []string, d int) syntax.Expr {
	if d >= g.p.MaxExprDepth {
		return g.leaf(vs)
	}
	switch k := g.pick("expr", g.exprAllowed); k {
	case "arith":
		return &syntax.Binary{Op: oneOf(g, []string{"+", "-", "*", "/"}), X: g.expr(vs, d+1), Y: g.expr(vs, d+1)}
	case "neg":
		return &syntax.Unary{Op: oneOf(g, []string{"-", "+"}), X: g.expr(vs, d+1)}
	case "string", "numeric", "term", "datetime", "hash", "random":
		return g.call(k, vs, d)
	case "cast":
		return &syntax.FuncCall{IRI: iri(g.castType()), Args: []syntax.Expr{g.expr(vs, d+1)}}
	case "if":
		return &syntax.Call{Name: "IF", Args: []syntax.Expr{g.boolExpr(vs, d+1), g.expr(vs, d+1), g.expr(vs, d+1)}}
	case "coalesce":
		return &syntax.Call{Name: "COALESCE", Args: g.exprs(vs, d+1, 1, 3)}
	case "compare", "logical", "not", "in", "regex", "langmatches", "test", "exists":
		return g.boolOf(k, vs, d)
	case "const":
		return g.constant()
	}
	return g.leaf(vs)
}

// exprAllowed keeps EXISTS within the nesting bound and the functions with
// open values (RAND, NOW, UUID, STRUUID, BNODE) to profiles that want them.
func (g *gen) exprAllowed(k string) bool {
	switch k {
	case "exists":
		return g.depth < g.p.MaxDepth
	case "random":
		return g.p.Nondeterminism
	}
	return true
}

// leaf is a variable (mostly one in scope) or a constant.
func (g *gen) leaf(vs []string) syntax.Expr {
	if g.r.IntN(3) == 0 {
		return g.constant()
	}
	return g.varOf(vs)
}

// varOf returns a variable of vs, or (rarely, or when vs is empty) any
// variable name: an unbound variable is legal and raises errors at runtime.
func (g *gen) varOf(vs []string) *syntax.Var {
	if len(vs) == 0 || g.r.IntN(12) == 0 {
		return &syntax.Var{Name: oneOf(g, varNames)}
	}
	return &syntax.Var{Name: oneOf(g, vs)}
}

func (g *gen) exprs(vs []string, d, lo, hi int) []syntax.Expr {
	var out []syntax.Expr
	for i, n := 0, g.between(lo, hi); i < n; i++ {
		out = append(out, g.expr(vs, d))
	}
	return out
}

// boolKinds are the expression kinds whose value is a boolean.
var boolKinds = map[string]bool{"compare": true, "logical": true, "not": true, "in": true,
	"regex": true, "langmatches": true, "test": true, "exists": true}

// boolExpr is mostly a boolean-valued expression (FILTER, HAVING, IF), now
// and then any expression, taken by its effective boolean value (#ebv).
func (g *gen) boolExpr(vs []string, d int) syntax.Expr {
	if d >= g.p.MaxExprDepth || g.r.IntN(6) == 0 {
		return g.expr(vs, d)
	}
	k := g.pick("expr", func(k string) bool { return boolKinds[k] && g.exprAllowed(k) })
	if k == "" {
		return g.expr(vs, d)
	}
	return g.boolOf(k, vs, d)
}

func (g *gen) boolOf(k string, vs []string, d int) syntax.Expr {
	switch k {
	case "compare":
		return &syntax.Binary{Op: oneOf(g, []string{"=", "!=", "<", ">", "<=", ">="}), X: g.expr(vs, d+1), Y: g.expr(vs, d+1)}
	case "logical":
		return &syntax.Binary{Op: oneOf(g, []string{"&&", "||"}), X: g.boolExpr(vs, d+1), Y: g.boolExpr(vs, d+1)}
	case "not":
		return &syntax.Unary{Op: "!", X: g.boolExpr(vs, d+1)}
	case "in":
		return &syntax.In{Not: g.r.IntN(2) == 0, X: g.expr(vs, d+1), List: g.exprs(vs, d+1, 0, 3)}
	case "regex":
		args := []syntax.Expr{g.stringish(vs, d+1), str(oneOf(g, regexes))}
		if g.r.IntN(3) == 0 {
			args = append(args, str(oneOf(g, []string{"i", "", "s"})))
		}
		return &syntax.Call{Name: "REGEX", Args: args}
	case "langmatches":
		return &syntax.Call{Name: "LANGMATCHES", Args: []syntax.Expr{
			&syntax.Call{Name: "LANG", Args: []syntax.Expr{g.varOf(vs)}}, str(oneOf(g, langRanges))}}
	case "test":
		name := oneOf(g, tests)
		if name == "BOUND" { // BOUND takes a variable (#rBuiltInCall)
			return &syntax.Call{Name: name, Args: []syntax.Expr{g.varOf(vs)}}
		}
		return &syntax.Call{Name: name, Args: []syntax.Expr{g.expr(vs, d+1)}}
	case "exists":
		not := g.r.IntN(2) == 0
		if g.maybe("minus_disjoint") {
			return &syntax.Exists{Not: not, Pattern: g.disjointGroup(vs)}
		}
		return &syntax.Exists{Not: not, Pattern: g.group(vs)}
	}
	return g.expr(vs, d)
}

// stringish is an expression likely to be a string: a variable, STR(x) or
// a string constant.
func (g *gen) stringish(vs []string, d int) syntax.Expr {
	switch g.r.IntN(3) {
	case 0:
		return &syntax.Call{Name: "STR", Args: []syntax.Expr{g.expr(vs, d+1)}}
	case 1:
		return g.varOf(vs)
	}
	return g.expr(vs, d)
}

// call builds a built-in function call of the given family (§17.4).
func (g *gen) call(family string, vs []string, d int) syntax.Expr {
	name := oneOf(g, families[family])
	b := syntax.Builtins[name]
	n := b.MinArgs
	if b.MaxArgs < 0 {
		n = g.between(b.MinArgs, b.MinArgs+3)
	} else if b.MaxArgs > n && g.r.IntN(2) == 0 {
		n = b.MaxArgs
	}
	c := &syntax.Call{Name: name}
	for i := 0; i < n; i++ {
		c.Args = append(c.Args, g.arg(name, i, vs, d+1))
	}
	return c
}

// arg picks argument i of built-in name: patterns of REGEX-like functions
// are constant strings, positions of SUBSTR are numbers, the rest is free.
func (g *gen) arg(name string, i int, vs []string, d int) syntax.Expr {
	switch {
	case name == "REPLACE" && i == 1:
		return str(oneOf(g, regexes))
	case name == "REPLACE" && i == 2:
		return str(oneOf(g, []string{"", "x", "$0", "[$0]"}))
	case name == "REPLACE" && i == 3:
		return str(oneOf(g, []string{"i", ""}))
	case name == "SUBSTR" && i > 0:
		return g.numberLiteral()
	case name == "STRDT" && i == 1:
		return iri(oneOf(g, castTypes))
	case name == "STRLANG" && i == 1:
		return str(oneOf(g, []string{"en", "EN-gb", "fr"}))
	case i == 1 && stringPairs[name] && g.maybe("string_args"): // tagged or astral second argument (#func-arg-compatibility)
		return g.termNode(oneOf(g, textPool()))
	case i == 0 && g.r.IntN(2) == 0:
		return g.stringish(vs, d)
	}
	return g.expr(vs, d)
}

// families group the built-ins by the expr.* weight that draws them.
var families = map[string][]string{
	"string": {"STRLEN", "UCASE", "LCASE", "CONCAT", "SUBSTR", "CONTAINS", "STRSTARTS", "STRENDS",
		"STRBEFORE", "STRAFTER", "REPLACE", "ENCODE_FOR_URI", "STRLANG", "STRDT"},
	"numeric":  {"ABS", "CEIL", "FLOOR", "ROUND"},
	"term":     {"STR", "LANG", "DATATYPE", "SAMETERM", "IRI", "URI"},
	"datetime": {"YEAR", "MONTH", "DAY", "HOURS", "MINUTES", "SECONDS", "TIMEZONE", "TZ"},
	"hash":     {"MD5", "SHA1", "SHA256", "SHA384", "SHA512"},
	"random":   {"RAND", "NOW", "UUID", "STRUUID", "BNODE"},
}

// stringPairs are the built-ins whose two string arguments must be
// argument-compatible (#func-arg-compatibility).
var stringPairs = map[string]bool{"CONTAINS": true, "STRSTARTS": true, "STRENDS": true,
	"STRBEFORE": true, "STRAFTER": true}

var (
	tests      = []string{"ISIRI", "ISURI", "ISBLANK", "ISLITERAL", "ISNUMERIC", "BOUND"}
	regexes    = []string{"^a", "b", "A", ".", "c$", "^$", "é", "[0-9]", "(a|c)", "^ch"}
	langRanges = []string{"en", "EN", "*", "en-gb", "fr", ""}
	castTypes  = []string{rdf.XSDInteger, rdf.XSDDecimal, rdf.XSDDouble, rdf.XSDFloat,
		rdf.XSDString, rdf.XSDBoolean, rdf.XSDDateTime}
)

// str is a simple string literal.
func str(s string) *syntax.Literal { return &syntax.Literal{Kind: syntax.LitString, Lex: s} }
