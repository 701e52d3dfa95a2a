package algebra

import (
	"strconv"
	"strings"

	"github.com/sparql-oracle/oracle/internal/rdf"
)

// This file prints algebra in SSE, the S-expression notation of Jena's ARQ
// (what `arq.qparse --print=op` writes). Operators print as nested lists, one
// operator per line, children indented by two spaces; expressions, triples
// and paths print on one line. IRIs are always written in full (no prefixes),
// so the text depends on nothing but the tree.
//
// Variables print as "?" + name. Hidden variables (IsHidden) therefore print as
// "??b": the fresh variables standing for blank nodes and path steps. The
// one exception is the aggregate variables, named "?.0", "?.1"... by the
// translation: they print as "?.0", as Jena prints them.

// String returns the SSE form of op, indented over several lines.
func String(op Op) string {
	var p printer
	p.op(op)
	return p.b.String()
}

// ExprString returns the one-line SSE form of e.
func ExprString(e Expr) string {
	var p printer
	p.flat = true
	p.expr(e)
	return p.b.String()
}

// PathString returns the one-line SSE form of a path expression.
func PathString(pe PathExpr) string {
	var p printer
	p.path(pe)
	return p.b.String()
}

// NodeString returns the SSE form of a triple-pattern position.
func NodeString(n Node) string {
	if n.IsVar() {
		return varString(n.Var)
	}
	if n.Triple != nil {
		return "<<( " + NodeString(n.Triple.S) + " " + NodeString(n.Triple.P) + " " + NodeString(n.Triple.O) + " )>>"
	}
	return TermString(n.Term)
}

// String prints the query form, the base, the dataset and the algebra
// expression: (select (?x) (base <b>) (from <g>) OP), (construct (template
// ...) OP), (ask OP), (describe (?x <u>) OP).
func (q *Query) String() string {
	var p printer
	p.query(q)
	return p.b.String()
}

// printer writes SSE into b. depth is the current indentation level; flat
// prints every operator on one line (operators inside EXISTS expressions).
type printer struct {
	b     strings.Builder
	depth int
	flat  bool
}

func (p *printer) w(ss ...string) {
	for _, s := range ss {
		p.b.WriteString(s)
	}
}

// nl starts a new line at the current depth, or writes a space when flat.
func (p *printer) nl() {
	if p.flat {
		p.b.WriteByte(' ')
		return
	}
	p.b.WriteByte('\n')
	for i := 0; i < p.depth; i++ {
		p.b.WriteString("  ")
	}
}

// sub prints child operators, each on its own line one level deeper.
func (p *printer) sub(ops ...Op) {
	p.depth++
	for _, o := range ops {
		p.nl()
		p.op(o)
	}
	p.depth--
}

func (p *printer) query(q *Query) {
	p.form(q)
	p.depth++
	if q.Base != "" {
		p.nl()
		p.w("(base ", iriString(q.Base), ")")
	}
	p.dataset(q)
	if q.Form == Construct {
		p.nl()
		p.w("(template")
		p.triples(q.Template)
		p.w(")")
	}
	if q.Op != nil {
		p.nl()
		p.op(q.Op)
	}
	p.depth--
	p.w(")")
}

// form opens the query's list with its form and what the form names.
func (p *printer) form(q *Query) {
	switch q.Form {
	case Select:
		p.w("(select (", varList(q.Vars), ")")
	case Construct:
		p.w("(construct")
	case Ask:
		p.w("(ask")
	case Describe:
		p.w("(describe ")
		p.describeTargets(q)
	default:
		p.w("(query")
	}
}

func (p *printer) describeTargets(q *Query) {
	if q.Star {
		p.w("*")
		return
	}
	p.w("(")
	joined(p, " ", q.Describe, func(n Node) { p.w(NodeString(n)) })
	p.w(")")
}

func (p *printer) dataset(q *Query) {
	for _, g := range q.From {
		p.nl()
		p.w("(from ", iriString(g), ")")
	}
	for _, g := range q.FromNamed {
		p.nl()
		p.w("(from named ", iriString(g), ")")
	}
}

// op prints one operator; the switch is flat, one case per node type of op.go.
func (p *printer) op(op Op) {
	switch o := op.(type) {
	case *BGP:
		p.w("(bgp")
		p.triples(o.Triples)
		p.w(")")
	case *Path:
		p.w("(path ", NodeString(o.S), " ", PathString(o.Path), " ", NodeString(o.O), ")")
	case *Join:
		p.binary("join", o.L, o.R)
	case *LeftJoin:
		p.leftJoin(o)
	case *Filter:
		p.filter(o)
	case *Union:
		p.binary("union", o.L, o.R)
	case *Minus:
		p.binary("minus", o.L, o.R)
	case *Graph:
		p.unary("(graph "+NodeString(o.Name), o.Op)
	case *Extend:
		p.w("(extend ((", varString(o.Var), " ")
		p.expr(o.Expr)
		p.unary("))", o.Op)
	case *Table:
		p.table(o)
	case *Service:
		p.service(o)
	case *Group:
		p.group(o)
	case *OrderBy:
		p.orderBy(o)
	case *Project:
		p.unary("(project ("+varList(o.Vars)+")", o.Op)
	case *Distinct:
		p.unary("(distinct", o.Op)
	case *Reduced:
		p.unary("(reduced", o.Op)
	case *Slice:
		p.unary("(slice "+sliceBound(o.Offset, 0)+" "+sliceBound(o.Limit, -1), o.Op)
	case nil:
		p.w("(null)")
	default:
		p.w("(unknown-op)")
	}
}

// unary writes head, then the child operator on the next line, then ')'.
func (p *printer) unary(head string, child Op) {
	p.w(head)
	p.sub(child)
	p.w(")")
}

func (p *printer) binary(name string, l, r Op) {
	p.w("(", name)
	p.sub(l, r)
	p.w(")")
}

func (p *printer) leftJoin(o *LeftJoin) {
	p.w("(leftjoin")
	p.sub(o.L, o.R)
	if o.Expr != nil {
		p.depth++
		p.nl()
		p.expr(o.Expr)
		p.depth--
	}
	p.w(")")
}

// filter writes one expression as is and several as (exprlist e1 e2 ...),
// Jena's form for a conjunction kept apart.
func (p *printer) filter(o *Filter) {
	p.w("(filter ")
	if len(o.Exprs) == 1 {
		p.expr(o.Exprs[0])
	} else {
		p.w("(exprlist")
		for _, e := range o.Exprs {
			p.w(" ")
			p.expr(e)
		}
		p.w(")")
	}
	p.unary("", o.Op)
}

func (p *printer) service(o *Service) {
	head := "(service "
	if o.Silent {
		head += "silent "
	}
	p.unary(head+NodeString(o.Name), o.Op)
}

// triples writes a BGP's or template's triples: one triple on the same line,
// several on their own lines with the closing bracket on a line of its own.
func (p *printer) triples(ts []TriplePattern) {
	if len(ts) == 1 || p.flat {
		for _, t := range ts {
			p.w(" ", tripleString(t))
		}
		return
	}
	p.depth++
	for _, t := range ts {
		p.nl()
		p.w(tripleString(t))
	}
	p.depth--
	if len(ts) > 0 {
		p.nl()
	}
}

func tripleString(t TriplePattern) string {
	return "(triple " + NodeString(t.S) + " " + NodeString(t.P) + " " + NodeString(t.O) + ")"
}

// table writes (table (vars ?x ?y) (row [?x 1] [?y 2]) ...); UNDEF cells
// are left out of the row, as Jena does.
func (p *printer) table(t *Table) {
	p.w("(table (vars")
	for _, v := range t.Vars {
		p.w(" ", varString(v))
	}
	p.w(")")
	p.depth++
	for _, row := range t.Rows {
		p.nl()
		p.w("(row")
		for i, cell := range row {
			if i < len(t.Vars) && !cell.IsZero() {
				p.w(" [", varString(t.Vars[i]), " ", TermString(cell), "]")
			}
		}
		p.w(")")
	}
	p.depth--
	p.w(")")
}

func (p *printer) group(g *Group) {
	p.w("(group (")
	joined(p, " ", g.Keys, p.groupKey)
	p.w(") (")
	joined(p, " ", g.Aggs, func(a AggBinding) {
		p.w("(", varString(a.Var), " ")
		p.aggregate(a.Agg)
		p.w(")")
	})
	p.unary(")", g.Op)
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

// groupKey writes ?v for a plain variable, (?v expr) for (expr AS ?v) and
// the bare expression for an anonymous key.
func (p *printer) groupKey(k GroupKey) {
	if v, ok := k.Expr.(*Var); ok && v.Name == k.Var {
		p.w(varString(k.Var))
		return
	}
	if k.Var == "" {
		p.expr(k.Expr)
		return
	}
	p.w("(", varString(k.Var), " ")
	p.expr(k.Expr)
	p.w(")")
}

// aggregate writes (count), (count distinct ?x), (sum ?x),
// (group_concat (separator ", ") ?x).
func (p *printer) aggregate(a Aggregate) {
	p.w("(", strings.ToLower(a.Name))
	if a.Distinct {
		p.w(" distinct")
	}
	if a.Name == "GROUP_CONCAT" && a.Separator != " " {
		p.w(" (separator ", rdf.String(a.Separator).String(), ")")
	}
	if a.Arg != nil {
		p.w(" ")
		p.expr(a.Arg)
	}
	p.w(")")
}

// orderBy writes ascending keys bare and descending ones as (desc e).
func (p *printer) orderBy(o *OrderBy) {
	p.w("(order (")
	joined(p, " ", o.Conds, func(c OrderCond) {
		if c.Desc {
			p.w("(desc ")
			p.expr(c.Expr)
			p.w(")")
		} else {
			p.expr(c.Expr)
		}
	})
	p.unary(")", o.Op)
}

func sliceBound(n, none int64) string {
	if n == none || n < 0 {
		return "_"
	}
	return strconv.FormatInt(n, 10)
}

func varList(vs []string) string {
	parts := make([]string, len(vs))
	for i, v := range vs {
		parts[i] = varString(v)
	}
	return strings.Join(parts, " ")
}

// varString prints a variable; see the file comment for hidden names.
func varString(name string) string {
	if strings.HasPrefix(name, "?.") {
		return name
	}
	return "?" + name
}
