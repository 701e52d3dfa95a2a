package corpus

import (
	"fmt"

	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// SPARQL 1.2 cases (the editor's draft of 2026-07-30): the
// profile corpus/profiles/sparql12.json turns these on. Data: reifiers of
// the data's triples (`r rdf:reifies <<( s p o )>>`), some shared across
// graphs, nested triple terms, triple terms as plain objects (so ?s ?p ?o
// meets them, and <<(s p 1)>> beside <<(s p 1.0)>> makes "=" and sameTerm
// differ), directional language-tagged strings. Queries: triple patterns
// with triple terms holding variables (nested too), TRIPLE, SUBJECT,
// PREDICATE, OBJECT, isTRIPLE, LANGDIR, hasLANG, hasLANGDIR, STRLANGDIR,
// "=" and sameTerm on triple terms, VALUES of triple terms, paths into
// triple-term objects, GROUP BY and ORDER BY a triple term, CONSTRUCT
// templates with triple terms. With every p.tt_* weight 0 (every other
// profile) nothing here draws a random number, so their cases do not change.

// sparql12Weights are the 1.2 features (percentages), all 0 by default.
var sparql12Weights = map[string]int{
	"p.tt_query": 0, "p.tt_data": 0, "p.tt_nested": 0, "p.tt_shared": 0, "p.tt_object": 0,
	"p.tt_dirlang": 0, "p.tt_group": 0, "p.tt_order": 0, "p.tt_values": 0, "p.tt_path": 0,
	"p.tt_construct": 0, "p.tt_filter": 0, "p.tt_bind": 0, "p.tt_exists": 0,
}

func init() {
	for k, v := range sparql12Weights {
		defaultWeights[k] = v
	}
}

var rdfReifies = rdf.IRI(rdf.RDFNS + "reifies")

// sparql12Data adds the 1.2 quads to the case's data.
func (g *gen) sparql12Data(data []rdf.Quad) []rdf.Quad {
	if g.p.Weights["p.tt_data"] == 0 {
		return data
	}
	var out []rdf.Quad
	for i, q := range data {
		// No blank node inside a triple term yet: the comparator's
		// blank-node bijection (internal/diff) does not reach inside triple
		// terms, so such answers would differ by labels only.
		if !g.chance("tt_data") || !q.S.IsIRI() || q.O.IsBlank() {
			continue
		}
		tt := rdf.TripleTerm(q.S, q.P, q.O)
		r := rdf.IRI(fmt.Sprintf("%sr%d", ns, i))
		out = append(out, rdf.Quad{S: r, P: rdfReifies, O: tt, G: q.G})
		if g.chance("tt_shared") { // one reifier in another graph too
			out = append(out, rdf.Quad{S: r, P: rdfReifies, O: tt, G: oneOf(g, append([]rdf.Term{rdf.DefaultGraph}, graphNames...))})
		}
		if g.chance("tt_nested") {
			out = append(out, rdf.Quad{S: oneOf(g, subjects), P: oneOf(g, predicates), O: rdf.TripleTerm(r, oneOf(g, predicates), tt)})
		}
		if g.chance("tt_object") {
			out = append(out, rdf.Quad{S: oneOf(g, subjects), P: oneOf(g, predicates), O: tt, G: q.G})
		}
	}
	if g.chance("tt_object") { // value-equal triple terms that are different terms
		s, p := oneOf(g, subjects), oneOf(g, predicates)
		out = append(out, rdf.Quad{S: s, P: p, O: rdf.TripleTerm(s, p, rdf.Literal("1", rdf.XSDInteger))},
			rdf.Quad{S: s, P: p, O: rdf.TripleTerm(s, p, rdf.Literal("1.0", rdf.XSDDecimal))})
	}
	for _, dir := range []string{"ltr", "rtl"} {
		if g.chance("tt_dirlang") {
			out = append(out, rdf.Quad{S: oneOf(g, subjects), P: oneOf(g, predicates), O: rdf.DirLangLiteral("x", "en", dir)})
		}
	}
	return append(data, out...)
}

// sparql12Query is a 1.2 query over the case's data, or nil (then the 1.1
// query stands).
func (g *gen) sparql12Query() *syntax.Query {
	if g.p.Weights["p.tt_query"] == 0 || !g.chance("tt_query") {
		return nil
	}
	where := &syntax.GroupPattern{Elems: []syntax.Pattern{g.ttPattern()}}
	where.Elems = append(where.Elems, g.ttExtras()...)
	if g.chance("tt_construct") {
		return &syntax.Query{Form: syntax.FormConstruct, Where: where, Template: g.ttTemplate()}
	}
	q := &syntax.Query{Form: syntax.FormSelect, Where: where, Select: &syntax.Projection{Star: true}}
	switch {
	case g.chance("tt_group"):
		n := g.freshVar()
		q.Select = &syntax.Projection{Items: []*syntax.SelectItem{{Var: tv("t")},
			{Var: n, Expr: &syntax.Aggregate{Name: "COUNT", Star: true}}}}
		q.Mod.Group = []*syntax.GroupCondition{{Expr: tv("t")}}
	case g.chance("tt_order"):
		q.Mod.Order = []*syntax.OrderCondition{{Expr: tv("t")}, {Expr: tv("r")}}
		if g.chance("limit") {
			lim := int64(g.between(1, 3))
			q.Mod.Limit = &lim
		}
	}
	return q
}

func tv(name string) *syntax.Var { return &syntax.Var{Name: name} }

// ttPattern is `?r rdf:reifies ?t . ?r rdf:reifies <<( ?a ?q ?b )>>`, or a
// nested form, or a triple term with a constant from the data.
func (g *gen) ttPattern() *syntax.TriplesBlock {
	inner := &syntax.TripleTerm{S: tv("a"), P: tv("q"), O: tv("b")}
	if g.chance("tt_nested") {
		inner = &syntax.TripleTerm{S: tv("a"), P: tv("q"), O: &syntax.TripleTerm{S: tv("c"), P: tv("q2"), O: tv("b")}}
	} else if g.r.IntN(2) == 0 {
		inner.P = iri(oneOf(g, predicates).Value)
	}
	reifies := iri(rdfReifies.Value)
	tb := &syntax.TriplesBlock{Triples: []*syntax.TriplesSameSubject{
		{Subject: tv("r"), Props: []*syntax.PropertyObjects{{Verb: reifies, Objects: []syntax.GraphNode{tv("t")}}}},
	}}
	if g.r.IntN(3) > 0 {
		tb.Triples = append(tb.Triples, &syntax.TriplesSameSubject{Subject: tv("r"),
			Props: []*syntax.PropertyObjects{{Verb: reifies, Objects: []syntax.GraphNode{inner}}}})
	} else { // the triple term as a plain object: ?x ?p ?t
		tb.Triples = append(tb.Triples, &syntax.TriplesSameSubject{Subject: tv("x"),
			Props: []*syntax.PropertyObjects{{Verb: tv("p"), Objects: []syntax.GraphNode{tv("t")}}}})
	}
	return tb
}

// ttExtras are the optional elements after the pattern: a GRAPH seeing a
// shared reifier, a path into a triple term, BINDs and FILTERs of the 1.2
// functions, VALUES of triple terms.
func (g *gen) ttExtras() []syntax.Pattern {
	var out []syntax.Pattern
	if g.chance("tt_shared") {
		out = append(out, &syntax.Graph{Name: tv("g"), Pattern: &syntax.GroupPattern{Elems: []syntax.Pattern{
			&syntax.TriplesBlock{Triples: []*syntax.TriplesSameSubject{{Subject: tv("r"),
				Props: []*syntax.PropertyObjects{{Verb: iri(rdfReifies.Value), Objects: []syntax.GraphNode{tv("t")}}}}}}}}})
	}
	if g.chance("tt_path") {
		out = append(out, &syntax.TriplesBlock{Triples: []*syntax.TriplesSameSubject{{Subject: tv("y"),
			Props: []*syntax.PropertyObjects{{Verb: &syntax.PathMod{Path: iri(oneOf(g, predicates).Value), Mod: '*'},
				Objects: []syntax.GraphNode{tv("t")}}}}}})
	}
	if g.chance("tt_bind") {
		out = append(out, &syntax.Bind{Expr: g.ttExpr(), Var: g.freshVar()})
	}
	if g.chance("tt_filter") {
		out = append(out, &syntax.Filter{Expr: g.ttCondition()})
	}
	if g.chance("tt_exists") {
		out = append(out, &syntax.Filter{Expr: g.ttExists()})
	}
	if g.chance("tt_values") {
		out = append(out, &syntax.InlineData{OneVar: true, Vars: []*syntax.Var{tv("t")}, Rows: g.ttValues()})
	}
	return out
}

// ttExpr is a value built from the bound ?r ?t (and ?a ?b when present).
func (g *gen) ttExpr() syntax.Expr {
	switch g.r.IntN(6) {
	case 0:
		return &syntax.Call{Name: "TRIPLE", Args: []syntax.Expr{tv("r"), iri(oneOf(g, predicates).Value), tv("t")}}
	case 1:
		return &syntax.Call{Name: "SUBJECT", Args: []syntax.Expr{tv("t")}}
	case 2:
		return &syntax.Call{Name: "OBJECT", Args: []syntax.Expr{tv("t")}}
	case 3:
		return &syntax.Call{Name: "LANGDIR", Args: []syntax.Expr{&syntax.Call{Name: "OBJECT", Args: []syntax.Expr{tv("t")}}}}
	case 4:
		return &syntax.Call{Name: "STRLANGDIR", Args: []syntax.Expr{
			&syntax.Literal{Kind: syntax.LitString, Lex: "x"}, &syntax.Literal{Kind: syntax.LitString, Lex: "en"},
			&syntax.Literal{Kind: syntax.LitString, Lex: oneOf(g, []string{"ltr", "rtl", "LTR"})}}}
	}
	return &syntax.Call{Name: "PREDICATE", Args: []syntax.Expr{tv("t")}}
}

// ttCondition is a test on triple terms: isTRIPLE, "=" or sameTerm against
// a triple term built from the data, hasLANG/hasLANGDIR of an object.
func (g *gen) ttCondition() syntax.Expr {
	other := &syntax.Call{Name: "TRIPLE", Args: []syntax.Expr{
		&syntax.Call{Name: "SUBJECT", Args: []syntax.Expr{tv("t")}}, &syntax.Call{Name: "PREDICATE", Args: []syntax.Expr{tv("t")}},
		g.constant()}}
	switch g.r.IntN(5) {
	case 0:
		return &syntax.Call{Name: "isTRIPLE", Args: []syntax.Expr{&syntax.Call{Name: "OBJECT", Args: []syntax.Expr{tv("t")}}}}
	case 1:
		return &syntax.Binary{Op: "=", X: tv("t"), Y: other}
	case 2:
		return &syntax.Call{Name: "sameTerm", Args: []syntax.Expr{tv("t"), other}}
	case 3:
		return &syntax.Call{Name: "hasLANGDIR", Args: []syntax.Expr{&syntax.Call{Name: "OBJECT", Args: []syntax.Expr{tv("t")}}}}
	}
	return &syntax.Binary{Op: "!=", X: tv("t"), Y: other}
}

// ttValues are one or two triple terms of the data (or near them).
func (g *gen) ttValues() [][]syntax.GraphNode {
	var rows [][]syntax.GraphNode
	for _, q := range g.data {
		if q.O.IsTriple() && len(rows) < 2 && g.r.IntN(2) == 0 {
			if n := termTriple(q.O); n != nil {
				rows = append(rows, []syntax.GraphNode{n})
			}
		}
	}
	s, p := oneOf(g, subjects), oneOf(g, predicates)
	return append(rows, []syntax.GraphNode{&syntax.TripleTerm{S: iri(s.Value), P: iri(p.Value),
		O: &syntax.Literal{Kind: syntax.LitInteger, Lex: "1"}}})
}

// termTriple writes a triple term of the data as syntax; nil when a part
// has no VALUES form (a blank node).
func termTriple(t rdf.Term) *syntax.TripleTerm {
	s, p, o, _ := t.TripleParts()
	ns, no := termData(s), termData(o)
	if ns == nil || no == nil {
		return nil
	}
	return &syntax.TripleTerm{S: ns, P: iri(p.Value), O: no}
}

func termData(t rdf.Term) syntax.GraphNode {
	switch {
	case t.IsIRI():
		return iri(t.Value)
	case t.IsTriple():
		if tt := termTriple(t); tt != nil {
			return tt
		}
	case t.IsLiteral():
		l := &syntax.Literal{Kind: syntax.LitString, Lex: t.Value, Lang: t.Lang, Dir: t.Dir}
		if t.Lang == "" && t.Datatype != rdf.XSDString {
			l.Datatype = iri(t.Datatype)
		}
		return l
	}
	return nil
}

// ttTemplate is a CONSTRUCT template with triple terms: the matched one
// re-stated, and nested in a new one. (A fresh blank node inside a triple
// term waits for the comparator: see sparql12Data.)
func (g *gen) ttTemplate() []*syntax.TriplesSameSubject {
	p := iri(oneOf(g, predicates).Value)
	return []*syntax.TriplesSameSubject{
		{Subject: tv("r"), Props: []*syntax.PropertyObjects{{Verb: p, Objects: []syntax.GraphNode{tv("t"),
			&syntax.TripleTerm{S: tv("r"), P: p, O: tv("t")}}}}},
		{Subject: &syntax.BlankNode{Label: "b"}, Props: []*syntax.PropertyObjects{{Verb: p,
			Objects: []syntax.GraphNode{&syntax.TripleTerm{S: iri(oneOf(g, subjects).Value), P: p, O: tv("t")}}}}},
	}
}

// sparql12 adds the 1.2 data (after the 1.1 query was drawn over the 1.1
// data) and returns a 1.2 query, or nil to keep the 1.1 one.
func (g *gen) sparql12(data *[]rdf.Quad) *syntax.Query {
	*data = g.sparql12Data(*data)
	g.data = *data
	return g.sparql12Query()
}

// ttExists is a [NOT] EXISTS whose pattern holds a MINUS, an OPTIONAL or a
// sub-select over the outer variables: where the 1.2 draft's evaluation in
// correlation with the solution (ContextSolution) and 1.1's substitution
// part.
func (g *gen) ttExists() syntax.Expr {
	reifies := iri(rdfReifies.Value)
	p := iri(oneOf(g, predicates).Value)
	first := &syntax.TriplesBlock{Triples: []*syntax.TriplesSameSubject{{Subject: tv("r"),
		Props: []*syntax.PropertyObjects{{Verb: reifies, Objects: []syntax.GraphNode{tv("t")}}}}}}
	inner := &syntax.GroupPattern{Elems: []syntax.Pattern{first}}
	other := &syntax.GroupPattern{Elems: []syntax.Pattern{&syntax.TriplesBlock{Triples: []*syntax.TriplesSameSubject{
		{Subject: tv("a"), Props: []*syntax.PropertyObjects{{Verb: p, Objects: []syntax.GraphNode{tv("z")}}}}}}}}
	switch g.r.IntN(3) {
	case 0:
		inner.Elems = append(inner.Elems, &syntax.Minus{Pattern: other})
	case 1:
		inner.Elems = append(inner.Elems, &syntax.Optional{Pattern: other},
			&syntax.Filter{Expr: &syntax.Call{Name: "BOUND", Args: []syntax.Expr{tv("z")}}})
	default:
		inner = &syntax.GroupPattern{Elems: []syntax.Pattern{&syntax.SubSelect{
			Select: &syntax.Projection{Items: []*syntax.SelectItem{{Var: tv("a")}}}, Where: other}}}
	}
	return &syntax.Exists{Not: g.r.IntN(2) == 0, Pattern: inner}
}
