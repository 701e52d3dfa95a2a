package syntax

import (
	"strconv"
	"strings"
)

// String prints the query as SPARQL text that Parse accepts and that parses
// back to an equal tree (see Equal). IRIs print as written when the tree came
// from the parser (prefixed names rely on the printed prologue), as <absolute>
// otherwise.
func (q *Query) String() string {
	var p printer
	p.query(q)
	return p.b.String()
}

// Format prints any node of the tree: a *Query, a Pattern, an Expr, a
// GraphNode, a PathExpr or a *TriplesSameSubject.
func Format(n Node) string {
	var p printer
	switch n := n.(type) {
	case *Query:
		p.query(n)
	case *TriplesSameSubject:
		p.triple(n)
	case Pattern:
		p.elem(n)
	case Expr:
		p.expr(n, 0)
	case PathExpr:
		p.path(n, 0)
	case GraphNode:
		p.node(n)
	}
	return p.b.String()
}

type printer struct {
	b      strings.Builder
	indent int
}

func (p *printer) w(ss ...string) {
	for _, s := range ss {
		p.b.WriteString(s)
	}
}

// joined writes each element of xs with each, sep between two.
func joined[T any](p *printer, sep string, xs []T, each func(T)) {
	for i, x := range xs {
		if i > 0 {
			p.w(sep)
		}
		each(x)
	}
}

func (p *printer) nl() {
	p.b.WriteByte('\n')
	for i := 0; i < p.indent; i++ {
		p.b.WriteString("  ")
	}
}

// ---------------------------------------------------------------- query

func (p *printer) query(q *Query) {
	p.prologue(q.Prologue)
	switch q.Form {
	case FormSelect:
		p.projection(q.Select)
	case FormConstruct:
		p.constructHead(q)
	case FormAsk:
		p.w("ASK")
	case FormDescribe:
		p.describeHead(q)
	}
	if !(q.Form == FormConstruct && q.ConstructWhere) {
		p.datasets(q.From)
	}
	if q.Where != nil && !(q.Form == FormConstruct && q.ConstructWhere) {
		p.nl()
		p.w("WHERE ")
		p.group(q.Where)
	}
	p.modifiers(&q.Mod)
	if q.Values != nil {
		p.nl()
		p.values(q.Values)
	}
	p.w("\n")
}

func (p *printer) constructHead(q *Query) {
	p.w("CONSTRUCT")
	if q.ConstructWhere {
		p.datasets(q.From)
		p.nl()
		p.w("WHERE {")
		p.templateTriples(q.ConstructTemplate())
		p.w("}")
		return
	}
	p.w(" {")
	p.templateTriples(q.Template)
	p.w("}")
}

func (p *printer) templateTriples(ts []*TriplesSameSubject) {
	p.indent++
	for _, t := range ts {
		p.nl()
		p.triple(t)
		p.w(" .")
	}
	p.indent--
	p.nl()
}

func (p *printer) describeHead(q *Query) {
	p.w("DESCRIBE")
	if q.DescribeAll || len(q.Describe) == 0 {
		p.w(" *")
	}
	for _, n := range q.Describe {
		p.w(" ")
		p.node(n)
	}
}

// prologue prints the BASE, PREFIX and VERSION declarations of a query
// or of one operation of an update request.
func (p *printer) prologue(ds []*Decl) {
	for _, d := range ds {
		switch d.Kind {
		case DeclBase:
			p.w("BASE ", iriRef(d.IRI))
		case DeclVersion:
			p.versionDecl(d)
		default:
			p.w("PREFIX ", d.Prefix, ": ", iriRef(d.IRI))
		}
		p.nl()
	}
}

func (p *printer) datasets(ds []*DatasetClause) {
	for _, d := range ds {
		p.nl()
		p.w(dataset("FROM", d))
	}
}

// dataset prints a FROM clause of a query or a USING clause of an update
// (#rDatasetClause, #rUsingClause): the same shape after the keyword.
func dataset(kw string, d *DatasetClause) string {
	if d.Named {
		return kw + " NAMED " + iriText(d.IRI)
	}
	return kw + " " + iriText(d.IRI)
}

func (p *printer) projection(pr *Projection) {
	p.w("SELECT")
	if pr == nil {
		p.w(" *")
		return
	}
	if pr.Distinct {
		p.w(" DISTINCT")
	} else if pr.Reduced {
		p.w(" REDUCED")
	}
	if pr.Star || len(pr.Items) == 0 {
		p.w(" *")
		return
	}
	for _, it := range pr.Items {
		p.w(" ")
		if it.Expr == nil {
			p.variable(it.Var)
			continue
		}
		p.w("(")
		p.expr(it.Expr, 0)
		p.w(" AS ")
		p.variable(it.Var)
		p.w(")")
	}
}

func (p *printer) modifiers(m *Modifiers) {
	if len(m.Group) > 0 {
		p.nl()
		p.w("GROUP BY")
		for _, g := range m.Group {
			p.w(" ")
			p.groupCondition(g)
		}
	}
	if len(m.Having) > 0 {
		p.nl()
		p.w("HAVING")
		for _, h := range m.Having {
			p.w(" (")
			p.expr(h, 0)
			p.w(")")
		}
	}
	if len(m.Order) > 0 {
		p.nl()
		p.w("ORDER BY")
		for _, o := range m.Order {
			p.w(" ")
			p.orderCondition(o)
		}
	}
	if m.Limit != nil {
		p.nl()
		p.w("LIMIT ", strconv.FormatInt(*m.Limit, 10))
	}
	if m.Offset != nil {
		p.nl()
		p.w("OFFSET ", strconv.FormatInt(*m.Offset, 10))
	}
}

func (p *printer) groupCondition(g *GroupCondition) {
	if g.Var != nil {
		p.w("(")
		p.expr(g.Expr, 0)
		p.w(" AS ")
		p.variable(g.Var)
		p.w(")")
		return
	}
	p.constraintLike(g.Expr)
}

// constraintLike prints a Var, a built-in or function call bare and anything
// else in brackets (#rGroupCondition, #rOrderCondition).
func (p *printer) constraintLike(e Expr) {
	switch e.(type) {
	case *Var, *Call, *FuncCall, *Aggregate, *Exists:
		p.expr(e, 0)
	default:
		p.w("(")
		p.expr(e, 0)
		p.w(")")
	}
}

func (p *printer) orderCondition(o *OrderCondition) {
	switch o.Dir {
	case OrderAsc:
		p.w("ASC(")
	case OrderDesc:
		p.w("DESC(")
	default:
		p.constraintLike(o.Expr)
		return
	}
	p.expr(o.Expr, 0)
	p.w(")")
}

func (p *printer) values(d *InlineData) {
	p.w("VALUES ")
	if d.OneVar && len(d.Vars) == 1 && allRowsLen(d.Rows, 1) {
		p.variable(d.Vars[0])
		p.w(" {")
		for _, r := range d.Rows {
			p.w(" ")
			p.dataValue(r[0])
		}
		p.w(" }")
		return
	}
	p.w("(")
	joined(p, " ", d.Vars, p.variable)
	p.w(") {")
	for _, r := range d.Rows {
		p.w(" (")
		joined(p, " ", r, p.dataValue)
		p.w(")")
	}
	p.w(" }")
}

func allRowsLen(rows [][]GraphNode, n int) bool {
	for _, r := range rows {
		if len(r) != n {
			return false
		}
	}
	return true
}

func (p *printer) dataValue(n GraphNode) {
	if n == nil {
		p.w("UNDEF")
		return
	}
	p.node(n)
}

// ---------------------------------------------------------------- patterns

func (p *printer) group(g *GroupPattern) {
	if g == nil {
		p.w("{}")
		return
	}
	if len(g.Elems) == 1 {
		if s, ok := g.Elems[0].(*SubSelect); ok {
			p.w("{")
			p.indent++
			p.nl()
			p.subSelect(s)
			p.indent--
			p.nl()
			p.w("}")
			return
		}
	}
	if len(g.Elems) == 0 {
		p.w("{}")
		return
	}
	p.w("{")
	p.indent++
	for _, e := range g.Elems {
		p.nl()
		p.elem(e)
	}
	p.indent--
	p.nl()
	p.w("}")
}

func (p *printer) elem(e Pattern) {
	switch e := e.(type) {
	case *TriplesBlock:
		for i, t := range e.Triples {
			if i > 0 {
				p.nl()
			}
			p.triple(t)
			p.w(" .")
		}
	case *GroupPattern:
		p.group(e)
	case *Union:
		p.union(e)
	case *Optional:
		p.w("OPTIONAL ")
		p.group(e.Pattern)
	case *Minus:
		p.w("MINUS ")
		p.group(e.Pattern)
	case *Graph:
		p.w("GRAPH ")
		p.node(e.Name)
		p.w(" ")
		p.group(e.Pattern)
	case *Service:
		p.service(e)
	case *Filter:
		p.w("FILTER(")
		p.expr(e.Expr, 0)
		p.w(")")
	case *Bind:
		p.w("BIND(")
		p.expr(e.Expr, 0)
		p.w(" AS ")
		p.variable(e.Var)
		p.w(")")
	case *InlineData:
		p.values(e)
	case *SubSelect:
		p.group(&GroupPattern{Elems: []Pattern{e}})
	}
}

func (p *printer) union(u *Union) {
	if len(u.Groups) == 0 {
		p.w("{}")
	}
	joined(p, " UNION ", u.Groups, p.group)
}

func (p *printer) service(s *Service) {
	p.w("SERVICE ")
	if s.Silent {
		p.w("SILENT ")
	}
	p.node(s.Name)
	p.w(" ")
	p.group(s.Pattern)
}

func (p *printer) subSelect(s *SubSelect) {
	p.projection(s.Select)
	p.nl()
	p.w("WHERE ")
	p.group(s.Where)
	p.modifiers(&s.Mod)
	if s.Values != nil {
		p.nl()
		p.values(s.Values)
	}
}

// ---------------------------------------------------------------- triples

func (p *printer) triple(t *TriplesSameSubject) {
	p.node(t.Subject)
	if len(t.Props) > 0 {
		p.w(" ")
		p.props(t.Props)
	}
}

func (p *printer) props(ps []*PropertyObjects) {
	for i, po := range ps {
		if i > 0 {
			p.w(" ; ")
		}
		p.verb(po.Verb)
		for j, o := range po.Objects {
			if j > 0 {
				p.w(",")
			}
			p.w(" ")
			p.node(o)
			p.annotations(po.annots(j))
		}
	}
}

func (p *printer) verb(v Verb) {
	switch v := v.(type) {
	case *Var:
		p.variable(v)
	case PathExpr:
		p.path(v, 0)
	}
}

// node prints a subject, object, or VarOrIri.
func (p *printer) node(n GraphNode) {
	switch n := n.(type) {
	case *Var:
		p.variable(n)
	case *IRI:
		p.w(iriText(n))
	case *Literal:
		p.literal(n)
	case *BlankNode:
		if n.Anon || n.Label == "" {
			p.w("[]")
		} else {
			p.w("_:", n.Label)
		}
	case *Collection:
		p.w("(")
		joined(p, " ", n.Items, p.node)
		p.w(")")
	case *BlankNodePropertyList:
		p.w("[ ")
		p.props(n.Props)
		p.w(" ]")
	case *TripleTerm:
		p.tripleTerm(n)
	case *ReifiedTriple:
		p.reifiedTriple(n)
	default:
		p.w("[]")
	}
}

func (p *printer) variable(v *Var) {
	if v == nil {
		p.w("?_")
		return
	}
	p.w("?", v.Name)
}

// iriText prints an IRI as written, or in angle brackets; 'a' only where a
// verb is expected (see pathIRI).
func iriText(i *IRI) string {
	if i == nil {
		return "<>"
	}
	if i.Written != "" && i.Written != "a" {
		return i.Written
	}
	return "<" + escapeIRIRef(i.Value) + ">"
}

func iriRef(i *IRI) string {
	if i != nil && strings.HasPrefix(i.Written, "<") {
		return i.Written
	}
	return iriText(i)
}

// escapeIRIRef writes characters IRIREF forbids (#rIRIREF) as \u escapes,
// which §19.2 turns back into the same characters.
func escapeIRIRef(s string) string {
	if !strings.ContainsAny(s, "<>\"{}|^`\\ \t\r\n") {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if r <= 0x20 || strings.ContainsRune("<>\"{}|^`\\", r) {
			b.WriteString(`\u00`)
			b.WriteByte("0123456789ABCDEF"[r>>4])
			b.WriteByte("0123456789ABCDEF"[r&15])
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

func (p *printer) literal(l *Literal) {
	if l.Kind != LitString {
		p.w(l.Lex)
		return
	}
	p.w(quote(l.Lex))
	if l.Lang != "" {
		p.w("@", l.Lang)
		if l.Dir != "" {
			p.w("--", l.Dir)
		}
	} else if l.Datatype != nil {
		p.w("^^", iriText(l.Datatype))
	}
}

// quote writes a STRING_LITERAL2 with ECHAR escapes (#rECHAR).
func quote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case '\t':
			b.WriteString(`\t`)
		case '\b':
			b.WriteString(`\b`)
		case '\f':
			b.WriteString(`\f`)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// ---------------------------------------------------------------- paths

// Path precedences: alternative < sequence < element (inverse, modifier) < primary.
const (
	pathAlt = iota + 1
	pathSeq
	pathElt
	pathPrimary
)

// inParens writes e, whose precedence is prec, in parentheses (and at the
// lowest precedence inside them) when prec is below min, the least its
// place takes bare; it reports whether it did.
func inParens[T any](p *printer, e T, prec, min int, write func(T, int)) bool {
	if prec >= min {
		return false
	}
	p.w("(")
	write(e, 0)
	p.w(")")
	return true
}

func pathPrec(e PathExpr) int {
	switch e.(type) {
	case *PathAlt:
		return pathAlt
	case *PathSeq:
		return pathSeq
	case *PathInverse, *PathMod:
		return pathElt
	}
	return pathPrimary
}

func (p *printer) path(e PathExpr, min int) {
	if inParens(p, e, pathPrec(e), min, p.path) {
		return
	}
	switch e := e.(type) {
	case *IRI:
		p.w(pathIRI(e))
	case *PathAlt:
		p.pathList(e.Alts, " | ", pathSeq)
	case *PathSeq:
		p.pathList(e.Steps, " / ", pathElt)
	case *PathInverse:
		p.w("^")
		p.pathEltOnly(e.Path)
	case *PathMod:
		p.path(e.Path, pathPrimary)
		p.w(string(e.Mod))
	case *PathNegated:
		p.negated(e)
	}
}

// pathEltOnly prints the operand of '^': a PathElt, so not another inverse.
func (p *printer) pathEltOnly(e PathExpr) {
	if _, inv := e.(*PathInverse); inv {
		p.w("(")
		p.path(e, 0)
		p.w(")")
		return
	}
	p.path(e, pathElt)
}

func (p *printer) pathList(es []PathExpr, sep string, min int) {
	if len(es) == 0 {
		p.w("!()") // no path written; an empty negated set keeps the text valid
		return
	}
	joined(p, sep, es, func(s PathExpr) { p.path(s, min) })
}

func pathIRI(i *IRI) string {
	if i != nil && i.Written == "a" {
		return "a"
	}
	return iriText(i)
}

func (p *printer) negated(n *PathNegated) {
	p.w("!")
	if len(n.Items) == 1 {
		p.negItem(n.Items[0])
		return
	}
	p.w("(")
	joined(p, " | ", n.Items, p.negItem)
	p.w(")")
}

func (p *printer) negItem(it *PathNegItem) {
	if it.Inverse {
		p.w("^")
	}
	p.w(pathIRI(it.IRI))
}

// ---------------------------------------------------------------- expressions

// Expression precedences, lowest first (#rExpression .. #rPrimaryExpression).
const (
	precOr = iota + 1
	precAnd
	precRel
	precAdd
	precMul
	precUnary
	precPrimary
)

func binaryPrec(op string) int {
	switch op {
	case "||":
		return precOr
	case "&&":
		return precAnd
	case "+", "-":
		return precAdd
	case "*", "/":
		return precMul
	}
	return precRel
}

func exprPrec(e Expr) int {
	switch e := e.(type) {
	case *Binary:
		return binaryPrec(e.Op)
	case *In:
		return precRel
	case *Unary:
		return precUnary
	}
	return precPrimary
}

func (p *printer) expr(e Expr, min int) {
	if inParens(p, e, exprPrec(e), min, p.expr) {
		return
	}
	switch e := e.(type) {
	case *Binary:
		p.binary(e)
	case *Unary:
		p.unary(e)
	case *In:
		p.expr(e.X, precAdd)
		if e.Not {
			p.w(" NOT")
		}
		p.w(" IN (")
		p.exprs(e.List)
		p.w(")")
	default:
		p.primary(e)
	}
}

func (p *printer) binary(e *Binary) {
	prec := binaryPrec(e.Op)
	left, right := prec, prec+1
	if prec == precRel {
		left, right = precAdd, precAdd
	}
	p.expr(e.X, left)
	p.w(" ", e.Op, " ")
	p.expr(e.Y, right)
}

// unary brackets an unsigned number, which would otherwise lex as a signed one.
func (p *printer) unary(e *Unary) {
	p.w(e.Op)
	if l, ok := e.X.(*Literal); ok && l.Kind != LitString && l.Kind != LitBoolean {
		p.w("(")
		p.literal(l)
		p.w(")")
		return
	}
	p.expr(e.X, precPrimary)
}

func (p *printer) exprs(es []Expr) {
	joined(p, ", ", es, func(a Expr) { p.expr(a, 0) })
}

func (p *printer) primary(e Expr) {
	switch e := e.(type) {
	case *Var:
		p.variable(e)
	case *IRI:
		p.w(iriText(e))
	case *Literal:
		p.literal(e)
	case *Call:
		p.w(e.Name, "(")
		p.exprs(e.Args)
		p.w(")")
	case *FuncCall:
		p.w(iriText(e.IRI), "(")
		if e.Distinct {
			p.w("DISTINCT ")
		}
		p.exprs(e.Args)
		p.w(")")
	case *Exists:
		if e.Not {
			p.w("NOT ")
		}
		p.w("EXISTS ")
		p.group(e.Pattern)
	case *Aggregate:
		p.aggregate(e)
	case *TripleTerm:
		p.tripleTerm(e)
	}
}

func (p *printer) aggregate(a *Aggregate) {
	p.w(a.Name, "(")
	if a.Distinct {
		p.w("DISTINCT ")
	}
	if a.Star || a.Arg == nil {
		p.w("*")
	} else {
		p.expr(a.Arg, 0)
	}
	if a.HasSeparator {
		p.w(" ; SEPARATOR=", quote(a.Separator))
	}
	p.w(")")
}
