package syntax

import (
	"strings"

	"github.com/sparql-oracle/oracle/internal/rdf"
)

// ---------------------------------------------------------------- terms

func (p *parser) startsIri() bool {
	k := p.peek().kind
	return k == tIRIRef || k == tPNameLN || k == tPNameNS
}

// iri parses #riri: resolves IRIREF against the base and expands prefixed names.
func (p *parser) iri() *IRI {
	t := p.peek()
	switch t.kind {
	case tIRIRef:
		p.next()
		if strings.ContainsAny(t.val, "<>\"{}|^`\\") || strings.IndexFunc(t.val, func(r rune) bool { return r <= 0x20 }) >= 0 {
			p.failAt(t, "invalid character in IRI")
		}
		return &IRI{Pos: p.pos(t), Value: resolveIRI(p.base, t.val), Written: t.text}
	case tPNameLN, tPNameNS:
		p.next()
		ns, ok := p.prefixes[t.val]
		if !ok {
			p.failAt(t, "unknown prefix %q", t.val+":")
			return &IRI{Pos: p.pos(t)}
		}
		return &IRI{Pos: p.pos(t), Value: ns + t.local, Written: t.text}
	}
	p.expected("IRI")
	return &IRI{Pos: p.pos(t)}
}

func (p *parser) variable() *Var {
	t := p.peek()
	if t.kind != tVar {
		p.expected("variable")
		return &Var{Pos: p.pos(t)}
	}
	p.next()
	return &Var{Pos: p.pos(t), Name: t.val}
}

// literal parses #rRDFLiteral, #rNumericLiteral and #rBooleanLiteral.
func (p *parser) literal() *Literal {
	t := p.next()
	l := &Literal{Pos: p.pos(t), Lex: t.val}
	switch t.kind {
	case tInteger:
		l.Kind = LitInteger
	case tDecimal:
		l.Kind = LitDecimal
	case tDouble:
		l.Kind = LitDouble
	case tWord:
		l.Kind, l.Lex = LitBoolean, strings.ToLower(t.val)
	case tString:
		l.Long = t.long
		p.literalSuffix(l)
	default:
		p.i--
		p.expected("literal")
	}
	return l
}

func (p *parser) literalSuffix(l *Literal) {
	t := p.peek()
	switch {
	case t.kind == tLangTag:
		p.next()
		l.Lang = t.val
		if i := strings.Index(t.val, "--"); i >= 0 {
			p.langDir(t, l, i)
		}
	case p.acceptPunct("^^"):
		l.Datatype = p.iri()
	}
}

// langDir splits `@en--ltr` (SPARQL 1.2 #rLANG_DIR) into tag and base
// direction. The terminal allows any letters after '--'; RDF 1.2 knows
// only "ltr" and "rtl" (#dfn-base-direction), the W3C test
// sparql12/lang-basedir langdir-literal-invalid rejects "@en--foo", and
// Turtle 1.2's nt-ttl12-langdir-bad-2 rejects upper case "LTR".
func (p *parser) langDir(t token, l *Literal, i int) {
	p.use12(t, "base direction @"+t.val, false)
	l.Lang, l.Dir = t.val[:i], t.val[i+2:]
	if l.Dir != "ltr" && l.Dir != "rtl" {
		p.failAt(t, "base direction %q: only \"ltr\" or \"rtl\"", l.Dir)
	}
}

// ---------------------------------------------------------------- expressions

// expression parses #rExpression (#rConditionalOrExpression).
func (p *parser) expression() Expr {
	if !p.enter() {
		return nil
	}
	defer p.leave()
	return p.leftAssoc("||", p.andExpr)
}

// andExpr parses #rConditionalAndExpression.
func (p *parser) andExpr() Expr { return p.leftAssoc("&&", p.relExpr) }

// leftAssoc parses operand (op operand)*, grouped to the left.
func (p *parser) leftAssoc(op string, operand func() Expr) Expr {
	x := operand()
	for p.err == nil && p.isPunct(op) {
		t := p.next()
		x = &Binary{Pos: p.pos(t), Op: op, X: x, Y: operand()}
	}
	return x
}

// relExpr parses #rRelationalExpression.
func (p *parser) relExpr() Expr {
	x := p.addExpr()
	t := p.peek()
	switch {
	case t.kind == tPunct && isRelOp(t.val):
		p.next()
		return &Binary{Pos: p.pos(t), Op: t.val, X: x, Y: p.addExpr()}
	case p.isKw("IN"):
		p.next()
		return &In{Pos: p.pos(t), X: x, List: p.expressionList()}
	case p.isKw("NOT") && p.peekAt(1).kind == tWord && p.peekAt(1).val == "IN":
		p.next()
		p.next()
		return &In{Pos: p.pos(t), Not: true, X: x, List: p.expressionList()}
	}
	return x
}

func isRelOp(s string) bool {
	switch s {
	case "=", "!=", "<", ">", "<=", ">=":
		return true
	}
	return false
}

// addExpr parses #rAdditiveExpression, including the `?x -1` case where a
// signed number is a subtraction of the unsigned number (#sparqlGrammar notes).
func (p *parser) addExpr() Expr {
	x := p.mulExpr()
	for p.err == nil {
		t := p.peek()
		switch {
		case p.isPunct("+") || p.isPunct("-"):
			p.next()
			x = &Binary{Pos: p.pos(t), Op: t.val, X: x, Y: p.mulExpr()}
		case isNumber(t.kind) && t.signed:
			p.next()
			lit := &Literal{Pos: p.pos(t), Kind: numKind(t.kind), Lex: t.val[1:]}
			y := p.mulTail(lit)
			x = &Binary{Pos: p.pos(t), Op: t.val[:1], X: x, Y: y}
		default:
			return x
		}
	}
	return x
}

func isNumber(k tokKind) bool { return k == tInteger || k == tDecimal || k == tDouble }

func numKind(k tokKind) LitKind {
	switch k {
	case tDecimal:
		return LitDecimal
	case tDouble:
		return LitDouble
	}
	return LitInteger
}

// mulExpr parses #rMultiplicativeExpression.
func (p *parser) mulExpr() Expr {
	return p.mulTail(p.unaryExpr())
}

func (p *parser) mulTail(x Expr) Expr {
	for p.err == nil && (p.isPunct("*") || p.isPunct("/")) {
		t := p.next()
		x = &Binary{Pos: p.pos(t), Op: t.val, X: x, Y: p.unaryExpr()}
	}
	return x
}

// unaryExpr parses #rUnaryExpression. '!' takes a UnaryExpression, so `!!x`
// parses: the SPARQL 1.2 draft's changes list "Grammar rule UnaryExpression
// to allow !!" among the errata of 1.1, so both documents read it.
func (p *parser) unaryExpr() Expr {
	t := p.peek()
	if p.isPunct("!") {
		if !p.enter() {
			return nil
		}
		defer p.leave()
		p.next()
		return &Unary{Pos: p.pos(t), Op: t.val, X: p.unaryExpr()}
	}
	if p.isPunct("+") || p.isPunct("-") {
		p.next()
		return &Unary{Pos: p.pos(t), Op: t.val, X: p.primaryExpr()}
	}
	return p.primaryExpr()
}

// primaryExpr parses #rPrimaryExpression.
func (p *parser) primaryExpr() Expr {
	t := p.peek()
	switch {
	case p.isPunct("("):
		return p.brackettedExpression()
	case t.kind == tVar:
		return p.variable()
	case p.startsIri():
		return p.iriOrFunction()
	case t.kind == tString, isNumber(t.kind), p.isKw("TRUE"), p.isKw("FALSE"):
		return p.literal()
	case p.startsBuiltin():
		return p.builtinCall()
	case p.isPunct("<<("):
		return p.tripleTerm(ttExpr)
	}
	p.expected("expression")
	return nil
}

// brackettedExpression parses #rBrackettedExpression.
func (p *parser) brackettedExpression() Expr {
	p.expectPunct("(")
	e := p.expression()
	p.expectPunct(")")
	return e
}

// iriOrFunction parses #ririOrFunction.
func (p *parser) iriOrFunction() Expr {
	iri := p.iri()
	if !p.isPunct("(") && p.peek().kind != tNil {
		return iri
	}
	return p.argList(iri)
}

// argList parses #rArgList after the function IRI.
func (p *parser) argList(iri *IRI) *FuncCall {
	f := &FuncCall{Pos: iri.Pos, IRI: iri}
	if p.peek().kind == tNil {
		p.next()
		return f
	}
	p.expectPunct("(")
	f.Distinct = p.acceptKw("DISTINCT")
	f.Args = p.commaExprs()
	p.expectPunct(")")
	return f
}

func (p *parser) commaExprs() []Expr {
	out := []Expr{p.expression()}
	for p.err == nil && p.acceptPunct(",") {
		out = append(out, p.expression())
	}
	return out
}

// expressionList parses #rExpressionList.
func (p *parser) expressionList() []Expr {
	if p.peek().kind == tNil {
		p.next()
		return []Expr{}
	}
	p.expectPunct("(")
	out := p.commaExprs()
	p.expectPunct(")")
	return out
}

// startsConstraint: #rConstraint starts with '(', a built-in keyword or an IRI.
func (p *parser) startsConstraint() bool {
	return p.isPunct("(") || p.startsBuiltin() || p.startsIri()
}

// constraint parses #rConstraint.
func (p *parser) constraint() Expr {
	switch {
	case p.isPunct("("):
		return p.brackettedExpression()
	case p.startsBuiltin():
		return p.builtinCall()
	case p.startsIri():
		iri := p.iri()
		if !p.isPunct("(") && p.peek().kind != tNil {
			p.expected("'(' after function IRI")
			return iri
		}
		return p.argList(iri)
	}
	p.expected("'(', function call or built-in call")
	return nil
}

func (p *parser) startsBuiltin() bool {
	t := p.peek()
	if t.kind != tWord {
		return false
	}
	_, ok := Builtins[t.val]
	return ok || aggregateNames[t.val] || t.val == "EXISTS" || t.val == "NOT"
}

// builtinCall parses #rBuiltInCall.
func (p *parser) builtinCall() Expr {
	t := p.next()
	pos := p.pos(t)
	switch {
	case aggregateNames[t.val]:
		return p.aggregate(t)
	case t.val == "EXISTS":
		return &Exists{Pos: pos, Pattern: p.groupGraphPattern()}
	case t.val == "NOT":
		p.expectKw("EXISTS")
		return &Exists{Pos: pos, Not: true, Pattern: p.groupGraphPattern()}
	}
	b := Builtins[t.val]
	if b.V12 {
		p.use12(t, t.text+"()", false)
	}
	c := &Call{Pos: pos, Name: b.Name}
	switch {
	case b.Name == "BOUND":
		p.expectPunct("(")
		c.Args = []Expr{p.variable()}
		p.expectPunct(")")
	case b.MaxArgs < 0:
		c.Args = p.expressionList()
	case p.peek().kind == tNil:
		p.next()
	default:
		p.expectPunct("(")
		c.Args = p.commaExprs()
		p.expectPunct(")")
	}
	if p.err == nil && (len(c.Args) < b.MinArgs || b.MaxArgs >= 0 && len(c.Args) > b.MaxArgs) {
		p.failAt(t, "%s takes %s, got %d", t.text, arity(b), len(c.Args))
	}
	return c
}

func arity(b Builtin) string {
	switch {
	case b.MinArgs == b.MaxArgs && b.MinArgs == 1:
		return "1 argument"
	case b.MinArgs == b.MaxArgs:
		return itoa(b.MinArgs) + " arguments"
	}
	return itoa(b.MinArgs) + " to " + itoa(b.MaxArgs) + " arguments"
}

func itoa(n int) string {
	if n < 0 {
		return "-" + itoa(-n)
	}
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// aggregate parses #rAggregate.
func (p *parser) aggregate(t token) Expr {
	a := &Aggregate{Pos: p.pos(t), Name: t.val}
	p.expectPunct("(")
	a.Distinct = p.acceptKw("DISTINCT")
	if t.val == "COUNT" && p.acceptPunct("*") {
		a.Star = true
	} else {
		a.Arg = p.expression()
	}
	if t.val == "GROUP_CONCAT" && p.acceptPunct(";") {
		p.expectKw("SEPARATOR")
		p.expectPunct("=")
		s := p.peek()
		if s.kind != tString {
			p.expected("string")
		} else {
			p.next()
			a.HasSeparator, a.Separator = true, s.val
		}
	}
	p.expectPunct(")")
	return a
}

// resolveIRI resolves an IRIREF against the base (RFC 3986 §5.2, #relIRIs).
// With no usable base a relative IRI is kept as written.
func resolveIRI(base, ref string) string {
	if iri, err := rdf.Resolve(base, ref); err == nil {
		return iri
	}
	return ref
}
