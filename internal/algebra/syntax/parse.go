package syntax

import (
	"cmp"
	"fmt"
	"strconv"
	"sync/atomic"
	"unicode/utf8"
)

// Options configure Parse.
type Options struct {
	Base      string // base IRI for relative IRIs before any BASE declaration
	MaxLength int    // maximum query length in bytes; 0 means DefaultMaxLength
	MaxDepth  int    // maximum nesting of groups, brackets and paths; 0 means DefaultMaxDepth
	// Spec is the document to parse by: SpecAuto (the zero value) follows
	// what the query declares or implies (see Query.Spec), Spec11 rejects
	// every SPARQL 1.2 form, Spec12 applies the 1.2 escape rules.
	Spec Spec
}

// Defaults for Options.
const (
	DefaultMaxLength = 1 << 20
	DefaultMaxDepth  = 256
)

// parses counts the texts parsed (Parse and ParseUpdate calls) since the
// process started: a case is parsed once at its edge and every stage reads
// the tree, which a test proves by counting (Parses).
var parses atomic.Int64

// Parses is how many texts this process has parsed so far.
func Parses() int64 { return parses.Load() }

// recoverPanics is switched off by FuzzParse so that a panic is a finding.
var recoverPanics = true

// Parse parses a SPARQL query string (#rQueryUnit) and applies the static
// rules of check.go. Every error is an *Error with a position.
//
// With Options.Spec SpecAuto the query follows SPARQL 1.2 when it declares
// or implies it and SPARQL 1.1 otherwise, escapes included: the two
// documents read codepoint escapes differently (1.1 §19.2 replaces them in
// the whole text first; the 1.2 draft reads them inside IRIs and strings
// only, while parsing: "Escape sequence processing has been changed to be
// processed during parsing, not before"). So a query holding an escape that
// turns out to be 1.2 is parsed again by the 1.2 rule, and one that the 1.1
// rule rejects is accepted when the 1.2 rule reads it as a 1.2 query.
func Parse(src string, opts Options) (*Query, error) {
	return parseUnit(src, opts, queryUnit)
}

// A unit is what a text parses to, a query (#rQueryUnit) or an update
// request (#rUpdateUnit): the steps around the grammar (limits, §19.2
// escapes, the document followed, the static rules) are the same for both.
type unit[T interface{ *Query | *Update }] struct {
	noun  string          // what an error calls the text
	parse func(*parser) T // the grammar; sets the Spec followed
	check func(T) *Error  // the static rules
}

var queryUnit = unit[*Query]{"query", (*parser).queryUnit, check}

func (p *parser) queryUnit() *Query {
	q := p.query()
	q.Spec = p.followed()
	return q
}

// parseUnit parses by the document Options.Spec names, or with SpecAuto
// by the one the text declares or implies (see Parse).
func parseUnit[T interface{ *Query | *Update }](src string, opts Options, u unit[T]) (T, error) {
	parses.Add(1)
	if opts.Spec != SpecAuto {
		r, _, err := parseBy(src, opts, opts.Spec, u)
		return r, err
	}
	r, v12, err := parseBy(src, opts, SpecAuto, u)
	if !hasCodepointEscape(src) || err == nil && !v12 {
		return r, err
	}
	r2, v12b, err2 := parseBy(src, opts, Spec12, u)
	if err == nil || err2 == nil && v12b {
		return r2, err2
	}
	return nil, err
}

// parseBy parses by one document; v12 reports a text that declares
// VERSION "1.2"/"1.2-basic" or uses SPARQL 1.2 syntax.
func parseBy[T interface{ *Query | *Update }](src string, opts Options, spec Spec, u unit[T]) (r T, v12 bool, err error) {
	p, e := newParser(src, &opts, spec, u.noun)
	if e != nil {
		return nil, false, e
	}
	defer func() {
		// last resort: the normal path returns errors, never panics
		if !recoverPanics {
			return
		}
		if x := recover(); x != nil {
			r, err = nil, &Error{Line: 1, Col: 1, Msg: fmt.Sprintf("internal parser error: %v", x)}
		}
	}()
	r = u.parse(p)
	if p.err != nil {
		return nil, p.implied12, p.err
	}
	if e := u.check(r); e != nil {
		return nil, p.implied12, e
	}
	return r, p.implied12, nil
}

// newParser runs the steps before the grammar: limits, UTF-8, §19.2
// escapes (not for Spec12) and the lexer.
func newParser(src string, opts *Options, spec Spec, noun string) (*parser, *Error) {
	opts.MaxLength = cmp.Or(max(opts.MaxLength, 0), DefaultMaxLength)
	opts.MaxDepth = cmp.Or(max(opts.MaxDepth, 0), DefaultMaxDepth)
	if len(src) > opts.MaxLength {
		return nil, &Error{Line: 1, Col: 1, Msg: fmt.Sprintf("%s too long: %d bytes, limit %d", noun, len(src), opts.MaxLength)}
	}
	if !utf8.ValidString(src) {
		return nil, invalidUTF8(src)
	}
	text, m := src, []int(nil)
	if spec != Spec12 {
		var e *Error
		if text, m, e = unescapeCodepoints(src); e != nil {
			return nil, e
		}
	}
	s := newSource(src, text, m)
	toks, e := lex(s, spec == Spec12)
	if e != nil {
		return nil, e
	}
	return &parser{src: s, toks: toks, base: opts.Base, prefixes: map[string]string{}, maxDepth: opts.MaxDepth, spec: spec}, nil
}

func invalidUTF8(src string) *Error {
	for i := 0; i < len(src); {
		r, n := utf8.DecodeRuneInString(src[i:])
		if r == utf8.RuneError && n == 1 {
			return newSource(src, src, nil).errorf(i, "invalid UTF-8")
		}
		i += n
	}
	return &Error{Line: 1, Col: 1, Msg: "invalid UTF-8"}
}

// parser is a recursive-descent parser over the token slice. Errors are
// sticky: after the first one, peek returns end of input so every loop ends.
type parser struct {
	src      *source
	toks     []token
	i        int
	err      *Error
	base     string
	prefixes map[string]string
	depth    int
	maxDepth int
	// SPARQL 1.2: the document asked for, the last VERSION label declared,
	// and whether a 1.2 label or 1.2 syntax was seen (parse12.go).
	spec      Spec
	version   string
	implied12 bool
}

var eofTok = token{kind: tEOF}

func (p *parser) peek() token {
	if p.err != nil {
		return eofTok
	}
	return p.toks[p.i]
}

func (p *parser) peekAt(k int) token {
	if p.err != nil || p.i+k >= len(p.toks) {
		return eofTok
	}
	return p.toks[p.i+k]
}

func (p *parser) next() token {
	t := p.peek()
	if t.kind != tEOF {
		p.i++
	}
	return t
}

func (p *parser) pos(t token) Pos {
	if t.kind == tEOF && t.pos.Line == 0 {
		return p.src.pos(t.off)
	}
	return t.pos
}

func (p *parser) here() Pos { return p.pos(p.peek()) }

func (p *parser) fail(e *Error) {
	if p.err == nil {
		p.err = e
	}
}

func (p *parser) expected(what string) {
	if p.err != nil {
		return
	}
	t := p.toks[p.i]
	p.fail(p.src.expected(t.off, what, t.describe()))
}

func (p *parser) failAt(t token, format string, args ...any) {
	p.fail(p.src.errorf(t.off, format, args...))
}

// isKw reports whether the next token is the keyword kw (upper case).
func (p *parser) isKw(kw string) bool {
	t := p.peek()
	return t.kind == tWord && t.val == kw
}

func (p *parser) isPunct(s string) bool {
	t := p.peek()
	return t.kind == tPunct && t.val == s
}

func (p *parser) acceptKw(kw string) bool {
	if p.isKw(kw) {
		p.next()
		return true
	}
	return false
}

func (p *parser) acceptPunct(s string) bool {
	if p.isPunct(s) {
		p.next()
		return true
	}
	return false
}

func (p *parser) expectKw(kw string) {
	if !p.acceptKw(kw) {
		p.expected(kw)
	}
}

func (p *parser) expectPunct(s string) {
	if !p.acceptPunct(s) {
		p.expected("'" + s + "'")
	}
}

// enter counts one nesting level; false (with an error) beyond MaxDepth.
func (p *parser) enter() bool {
	p.depth++
	if p.depth > p.maxDepth {
		p.fail(p.src.errorf(p.peek().off, "nesting deeper than %d levels", p.maxDepth))
		return false
	}
	return p.err == nil
}

func (p *parser) leave() { p.depth-- }

// ---------------------------------------------------------------- query

// query parses #rQuery.
func (p *parser) query() *Query {
	q := &Query{Pos: p.here()}
	p.prologue(q)
	switch {
	case p.isKw("SELECT"):
		q.Form = FormSelect
		q.Select = p.selectClause()
		q.From = p.datasetClauses()
		q.Where = p.whereClause()
		q.Mod = p.modifiers()
	case p.isKw("CONSTRUCT"):
		p.construct(q)
	case p.isKw("DESCRIBE"):
		p.describe(q)
	case p.isKw("ASK"):
		p.next()
		q.Form = FormAsk
		q.From = p.datasetClauses()
		q.Where = p.whereClause()
		q.Mod = p.modifiers()
	default:
		p.expected("SELECT, CONSTRUCT, DESCRIBE or ASK")
	}
	q.Values = p.valuesClause()
	if p.peek().kind != tEOF {
		p.expected("end of query")
	}
	return q
}

// prologue parses #rPrologue, resolving BASE and recording prefixes.
func (p *parser) prologue(q *Query) {
	for p.err == nil {
		t := p.peek()
		switch {
		case p.isKw("BASE"):
			p.next()
			iri := p.iriRefOnly()
			if iri != nil {
				p.base = iri.Value
				q.Prologue = append(q.Prologue, &Decl{Pos: p.pos(t), Kind: DeclBase, IRI: iri})
			}
		case p.isKw("PREFIX"):
			p.next()
			nt := p.next()
			if nt.kind != tPNameNS {
				p.i--
				p.expected("prefix name ending in ':'")
				return
			}
			iri := p.iriRefOnly()
			if iri != nil {
				p.prefixes[nt.val] = iri.Value
				q.Prologue = append(q.Prologue, &Decl{Pos: p.pos(t), Kind: DeclPrefix, Prefix: nt.val, IRI: iri})
			}
		case p.isKw("VERSION"):
			p.versionDecl(q)
		default:
			return
		}
	}
}

func (p *parser) iriRefOnly() *IRI {
	t := p.peek()
	if t.kind != tIRIRef {
		p.expected("IRI in angle brackets")
		return nil
	}
	return p.iri()
}

// selectClause parses #rSelectClause.
func (p *parser) selectClause() *Projection {
	pr := &Projection{Pos: p.here()}
	p.expectKw("SELECT")
	if p.acceptKw("DISTINCT") {
		pr.Distinct = true
	} else if p.acceptKw("REDUCED") {
		pr.Reduced = true
	}
	if p.acceptPunct("*") {
		pr.Star = true
		return pr
	}
	for p.err == nil {
		t := p.peek()
		switch {
		case t.kind == tVar:
			v := p.variable()
			pr.Items = append(pr.Items, &SelectItem{Pos: v.Pos, Var: v})
		case p.isPunct("("):
			p.next()
			e := p.expression()
			p.expectKw("AS")
			v := p.variable()
			p.expectPunct(")")
			pr.Items = append(pr.Items, &SelectItem{Pos: p.pos(t), Var: v, Expr: e})
		default:
			if len(pr.Items) == 0 {
				p.expected("variable, '(' or '*'")
			}
			return pr
		}
	}
	return pr
}

// construct parses #rConstructQuery, both the template and the WHERE short form.
func (p *parser) construct(q *Query) {
	p.next()
	q.Form = FormConstruct
	if p.isPunct("{") {
		p.next()
		q.Template = p.triplesList(false, "}")
		p.expectPunct("}")
		q.From = p.datasetClauses()
		q.Where = p.whereClause()
		q.Mod = p.modifiers()
		return
	}
	q.ConstructWhere = true
	q.From = p.datasetClauses()
	p.expectKw("WHERE")
	g := &GroupPattern{Pos: p.here()}
	p.expectPunct("{")
	if ts := p.triplesList(false, "}"); len(ts) > 0 {
		g.Elems = []Pattern{&TriplesBlock{Pos: ts[0].Pos, Triples: ts}}
	}
	p.expectPunct("}")
	q.Where = g
	q.Mod = p.modifiers()
}

// describe parses #rDescribeQuery.
func (p *parser) describe(q *Query) {
	p.next()
	q.Form = FormDescribe
	if p.acceptPunct("*") {
		q.DescribeAll = true
	} else {
		for p.err == nil && p.startsVarOrIri() {
			q.Describe = append(q.Describe, p.varOrIri())
		}
		if len(q.Describe) == 0 {
			p.expected("variable, IRI or '*'")
		}
	}
	q.From = p.datasetClauses()
	if p.isKw("WHERE") || p.isPunct("{") {
		q.Where = p.whereClause()
	}
	q.Mod = p.modifiers()
}

func (p *parser) startsVarOrIri() bool {
	k := p.peek().kind
	return k == tVar || k == tIRIRef || k == tPNameLN || k == tPNameNS
}

func (p *parser) varOrIri() GraphNode {
	if p.peek().kind == tVar {
		return p.variable()
	}
	return p.iri()
}

// datasetClauses parses #rDatasetClause*.
func (p *parser) datasetClauses() []*DatasetClause {
	var out []*DatasetClause
	for p.isKw("FROM") {
		t := p.next()
		d := &DatasetClause{Pos: p.pos(t), Named: p.acceptKw("NAMED")}
		d.IRI = p.iri()
		out = append(out, d)
	}
	return out
}

// whereClause parses #rWhereClause.
func (p *parser) whereClause() *GroupPattern {
	p.acceptKw("WHERE")
	return p.groupGraphPattern()
}

// modifiers parses #rSolutionModifier.
func (p *parser) modifiers() Modifiers {
	var m Modifiers
	if p.acceptKw("GROUP") {
		p.expectKw("BY")
		m.Group = p.groupConditions()
	}
	if p.acceptKw("HAVING") {
		for p.err == nil && p.startsConstraint() {
			m.Having = append(m.Having, p.constraint())
		}
		if len(m.Having) == 0 {
			p.expected("HAVING condition")
		}
	}
	if p.acceptKw("ORDER") {
		p.expectKw("BY")
		m.Order = p.orderConditions()
	}
	p.limitOffset(&m)
	return m
}

// conditions parses the one or more keys of GROUP BY or ORDER BY; one
// parses a key, or returns false when the next token starts none.
func conditions[T any](p *parser, what string, one func(t token) (T, bool)) []T {
	var out []T
	for p.err == nil {
		c, ok := one(p.peek())
		if !ok {
			if len(out) == 0 {
				p.expected(what)
			}
			return out
		}
		out = append(out, c)
	}
	return out
}

func (p *parser) groupConditions() []*GroupCondition {
	return conditions(p, "GROUP BY condition", p.groupCondition)
}

// groupCondition parses #rGroupCondition.
func (p *parser) groupCondition(t token) (*GroupCondition, bool) {
	gc := &GroupCondition{Pos: p.pos(t)}
	switch {
	case t.kind == tVar:
		gc.Expr = p.variable()
	case p.isPunct("("):
		p.next()
		gc.Expr = p.expression()
		if p.acceptKw("AS") {
			gc.Var = p.variable()
		}
		p.expectPunct(")")
	case p.startsBuiltin() || p.startsIri():
		gc.Expr = p.constraint()
	default:
		return nil, false
	}
	return gc, true
}

func (p *parser) orderConditions() []*OrderCondition {
	return conditions(p, "ORDER BY condition", p.orderCondition)
}

// orderCondition parses #rOrderCondition.
func (p *parser) orderCondition(t token) (*OrderCondition, bool) {
	oc := &OrderCondition{Pos: p.pos(t)}
	switch {
	case p.isKw("ASC") || p.isKw("DESC"):
		p.next()
		oc.Dir = OrderAsc
		if t.val == "DESC" {
			oc.Dir = OrderDesc
		}
		oc.Expr = p.brackettedExpression()
	case t.kind == tVar:
		oc.Expr = p.variable()
	case p.startsConstraint():
		oc.Expr = p.constraint()
	default:
		return nil, false
	}
	return oc, true
}

// limitOffset parses #rLimitOffsetClauses (either order, each at most once).
func (p *parser) limitOffset(m *Modifiers) {
	for p.err == nil {
		switch {
		case m.Limit == nil && p.acceptKw("LIMIT"):
			m.Limit = p.integer()
		case m.Offset == nil && p.acceptKw("OFFSET"):
			m.Offset = p.integer()
		default:
			return
		}
	}
}

func (p *parser) integer() *int64 {
	t := p.peek()
	if t.kind != tInteger || t.signed {
		p.expected("integer")
		return nil
	}
	p.next()
	n, err := strconv.ParseInt(t.text, 10, 64)
	if err != nil {
		p.failAt(t, "integer %s out of range", t.text)
		return nil
	}
	return &n
}

// valuesClause parses #rValuesClause.
func (p *parser) valuesClause() *InlineData {
	if !p.isKw("VALUES") {
		return nil
	}
	return p.inlineData()
}

// inlineData parses 'VALUES' #rDataBlock.
func (p *parser) inlineData() *InlineData {
	t := p.next()
	d := &InlineData{Pos: p.pos(t)}
	switch {
	case p.peek().kind == tVar:
		d.OneVar = true
		d.Vars = []*Var{p.variable()}
		p.expectPunct("{")
		for p.err == nil && !p.isPunct("}") {
			d.Rows = append(d.Rows, []GraphNode{p.dataValue()})
		}
		p.expectPunct("}")
		return d
	case p.peek().kind == tNil:
		p.next()
	case p.acceptPunct("("):
		for p.err == nil && p.peek().kind == tVar {
			d.Vars = append(d.Vars, p.variable())
		}
		p.expectPunct(")")
	default:
		p.expected("variable or '(' after VALUES")
		return d
	}
	p.dataRows(d)
	return d
}

func (p *parser) dataRows(d *InlineData) {
	p.expectPunct("{")
	for p.err == nil && !p.isPunct("}") {
		t := p.peek()
		if t.kind == tNil {
			p.next()
			d.Rows = append(d.Rows, []GraphNode{})
			continue
		}
		if !p.acceptPunct("(") {
			p.expected("'(' or '}'")
			return
		}
		row := []GraphNode{}
		for p.err == nil && !p.isPunct(")") {
			row = append(row, p.dataValue())
		}
		p.expectPunct(")")
		if len(row) != len(d.Vars) && p.err == nil {
			p.failAt(t, "VALUES row has %d values for %d variables", len(row), len(d.Vars))
		}
		d.Rows = append(d.Rows, row)
	}
	p.expectPunct("}")
}

// dataValue parses #rDataBlockValue; UNDEF is nil.
func (p *parser) dataValue() GraphNode {
	t := p.peek()
	switch {
	case p.isKw("UNDEF"):
		p.next()
		return nil
	case p.startsIri():
		return p.iri()
	case t.kind == tString, t.kind == tInteger, t.kind == tDecimal, t.kind == tDouble,
		p.isKw("TRUE"), p.isKw("FALSE"):
		return p.literal()
	case p.isPunct("<<("):
		return p.tripleTerm(ttData)
	}
	p.expected("IRI, literal, triple term or UNDEF")
	return nil
}
