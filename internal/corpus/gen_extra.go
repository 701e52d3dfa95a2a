package corpus

import (
	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// Features added for the hunt profiles (corpus/profiles/*.json). Each has a
// weight of 0 in defaultWeights and draws no random number while its weight
// is 0 (maybe, pickTerm), so the built-in profiles and JSON profiles that
// do not name them give the same bytes as before the features existed.

// maybe is chance for a feature added after the default profile was fixed:
// with weight 0 it draws nothing from the random source.
func (g *gen) maybe(name string) bool { return g.p.Weights["p."+name] > 0 && g.chance(name) }

// on reports whether any of the named p.* weights is set.
func (g *gen) on(names ...string) bool {
	for _, n := range names {
		if g.p.Weights["p."+n] > 0 {
			return true
		}
	}
	return false
}

// ---------------------------------------------------------------- data

// poolTerm draws one of the case's terms: from the base pool as always, or,
// with p.pool_extra, from the terms appended under pool#extra; with
// p.pool_numeric / p.pool_text, from the numeric or text terms only.
func (g *gen) poolTerm() rdf.Term {
	if g.maybe("plain_terms") { // gen_update.go
		return oneOf(g, plainPool())
	}
	base, extra := poolParts()
	if !g.on("pool_extra", "pool_numeric", "pool_text") {
		return oneOf(g, base)
	}
	all := base
	if g.maybe("pool_extra") {
		all = extra
	}
	switch {
	case g.maybe("pool_numeric"):
		return oneOf(g, numericPool())
	case g.maybe("pool_text"):
		return oneOf(g, textPool())
	}
	return oneOf(g, all)
}

// moreBlanks are the blank subjects of blank-node-heavy data (p.bnode_subject).
var moreBlanks = []rdf.Term{rdf.Blank("n0"), rdf.Blank("n1"), rdf.Blank("n2"), rdf.Blank("n3")}

// extraQuads applies the data features to quad q, the i-th of n: a
// self-loop (p.self_loop), and a copy of a default-graph quad into a named
// graph (p.graph_copy), so named graphs share subjects and GRAPH patterns
// follow the same walk as default-graph ones.
func (g *gen) extraQuads(q rdf.Quad, i, n int) []rdf.Quad {
	if g.maybe("self_loop") {
		q.O = q.S
	}
	out := []rdf.Quad{q}
	if q.G.IsZero() && i+1 < n && g.maybe("graph_copy") {
		c := q
		c.G = oneOf(g, graphNames)
		out = append(out, c)
	}
	return out
}

// ---------------------------------------------------------------- patterns

// optionalNWD builds a group that is not well designed (#defn_algLeftJoin,
// Pérez et al.): { ?A p ?B OPTIONAL { ?B p ?C OPTIONAL { ?C p ?X } } ?X p ?D }
// where ?X occurs in the inner OPTIONAL and after the outer one, but not in
// the outer OPTIONAL's left side. Engines that rewrite OPTIONAL as if it
// were well designed give other answers.
func (g *gen) optionalNWD() *syntax.GroupPattern {
	vs := append([]string(nil), varNames...)
	g.r.Shuffle(len(vs), func(i, j int) { vs[i], vs[j] = vs[j], vs[i] })
	a, b, c, x, d := vs[0], vs[1], vs[2], vs[3], vs[4]
	ps := g.chainPreds(4)
	inner := group(g.triple(c, ps[2], x))
	outer := group(g.triple(b, ps[1], c), &syntax.Optional{Pattern: inner})
	if g.r.IntN(3) == 0 { // a filter on the shared variable inside the inner OPTIONAL
		inner.Elems = append(inner.Elems, &syntax.Filter{Expr: &syntax.Call{Name: "BOUND", Args: []syntax.Expr{&syntax.Var{Name: x}}}})
	}
	last := g.triple(x, ps[3], d)
	if g.r.IntN(2) == 0 {
		last = g.triple(a, oneOf(g, predicates), x)
	}
	return group(g.triple(a, ps[0], b), &syntax.Optional{Pattern: outer}, last)
}

// chainPreds returns the predicates of a walk of n steps over the
// default-graph data (a random predicate where the walk is stuck), so a
// chain of triple patterns over them has a solution now and then.
func (g *gen) chainPreds(n int) []rdf.Term {
	out := make([]rdf.Term, 0, n)
	var at rdf.Term
	for len(out) < n {
		qs := g.quadsFrom(at)
		if len(qs) == 0 {
			q := g.dataQuad()
			qs = []rdf.Quad{q}
		}
		q := oneOf(g, qs)
		out = append(out, q.P)
		at = q.O
	}
	return out
}

// triple is `?s p ?o` as a triples block.
func (g *gen) triple(s string, p rdf.Term, o string) *syntax.TriplesBlock {
	var obj syntax.GraphNode = &syntax.Var{Name: o}
	return &syntax.TriplesBlock{Triples: []*syntax.TriplesSameSubject{{Subject: &syntax.Var{Name: s},
		Props: []*syntax.PropertyObjects{{Verb: iri(p.Value), Objects: []syntax.GraphNode{obj}}}}}}
}

func group(ps ...syntax.Pattern) *syntax.GroupPattern { return &syntax.GroupPattern{Elems: ps} }

// disjointGroup is `{ ?u p ?w }` over variables not in vis, with p along
// the data so it matches (p.minus_disjoint): MINUS with no shared variable
// removes nothing (#defn_algMinus), NOT EXISTS over it is uncorrelated.
func (g *gen) disjointGroup(vis []string) *syntax.GroupPattern {
	var free []string
	for _, v := range varNames {
		if !contains(vis, v) {
			free = append(free, v)
		}
	}
	s, o := "u", "w" // never generated elsewhere, so never shared
	if len(free) > 0 {
		s = oneOf(g, free)
	}
	if len(free) > 1 && g.r.IntN(2) == 0 {
		o = oneOf(g, free)
	}
	return group(g.triple(s, g.chainPreds(1)[0], o))
}

// outerFilter is a FILTER over the variables bound only outside the group
// (p.filter_outer): in an OPTIONAL they are the left side's, which the
// filter sees (#defn_algLeftJoin); in a plain nested group they are unbound
// (#variableScope), so the filter is an error or a test of BOUND.
func (g *gen) outerFilter(scope, outer []string) *syntax.Filter {
	var only []string
	for _, v := range outer {
		if !contains(scope, v) {
			only = append(only, v)
		}
	}
	if len(only) == 0 {
		only = outer
	}
	return &syntax.Filter{Expr: g.boolExpr(only, 1)}
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// errorExpr is an expression that raises an error for every solution
// (p.bind_error): BIND leaves its variable unbound (#extend), a FILTER drops
// the row, an aggregate over it errors.
func (g *gen) errorExpr(vs []string) syntax.Expr {
	one := &syntax.Literal{Kind: syntax.LitInteger, Lex: "1"}
	switch g.r.IntN(5) {
	case 0:
		return &syntax.Binary{Op: "/", X: one, Y: &syntax.Literal{Kind: syntax.LitInteger, Lex: "0"}}
	case 1:
		return &syntax.FuncCall{IRI: iri(rdf.XSDInteger), Args: []syntax.Expr{str("abc")}}
	case 2:
		return &syntax.Binary{Op: "+", X: str("a"), Y: one}
	case 3:
		return &syntax.Call{Name: "STRLEN", Args: []syntax.Expr{g.varOf(vs)}} // an error unless a string
	}
	return &syntax.Binary{Op: "*", X: g.varOf(vs), Y: g.varOf(vs)} // an error unless numbers
}

// derivedTypes are cast targets beyond the ones of #FunctionMapping's
// table: XSD types derived from xsd:integer, and xsd:string of a number.
var derivedTypes = []string{rdf.XSDInteger, rdf.XSDDecimal, rdf.XSDFloat, rdf.XSDDouble,
	xsd + "int", xsd + "long", xsd + "short", xsd + "byte", xsd + "nonNegativeInteger",
	xsd + "unsignedByte", xsd + "positiveInteger", rdf.XSDString}

const xsd = "http://www.w3.org/2001/XMLSchema#"

// castType is the target of a cast: with p.cast_derived a derived type now and then.
func (g *gen) castType() string {
	if g.maybe("cast_derived") {
		return oneOf(g, derivedTypes)
	}
	return oneOf(g, castTypes)
}

// extraNumerals are numeric literals in non-canonical and derived forms
// (p.numeral_extra), written as SPARQL tokens or typed literals.
var extraNumerals = []*syntax.Literal{
	{Kind: syntax.LitInteger, Lex: "+1"}, {Kind: syntax.LitInteger, Lex: "007"},
	{Kind: syntax.LitDecimal, Lex: "+.5"}, {Kind: syntax.LitDecimal, Lex: "2.000"},
	{Kind: syntax.LitDouble, Lex: "1E0"}, {Kind: syntax.LitDouble, Lex: "+1.0e-0"},
	{Kind: syntax.LitString, Lex: "01", Datatype: iri(xsd + "int")},
	{Kind: syntax.LitString, Lex: "127", Datatype: iri(xsd + "byte")},
	{Kind: syntax.LitString, Lex: "1.0", Datatype: iri(xsd + "float")},
	{Kind: syntax.LitString, Lex: "-0", Datatype: iri(rdf.XSDDecimal)},
	{Kind: syntax.LitString, Lex: "3", Datatype: iri(xsd + "unsignedByte")},
	{Kind: syntax.LitString, Lex: "1e0", Datatype: iri(rdf.XSDDouble)},
}

// ---------------------------------------------------------------- CONSTRUCT

// templateExtras applies p.template_literal (a template triple whose
// subject is a literal: never produced, #tempatesWithBNodes /
// #construct "ill-formed") and p.template_repeat (the same triple twice;
// the graph is a set) to template triple t.
func (g *gen) templateExtras(t *syntax.TriplesSameSubject) []*syntax.TriplesSameSubject {
	if g.maybe("template_literal") {
		t.Subject = oneOf(g, []syntax.GraphNode{str("s"), &syntax.Literal{Kind: syntax.LitInteger, Lex: "1"}})
	}
	out := []*syntax.TriplesSameSubject{t}
	if g.maybe("template_repeat") {
		out = append(out, t)
	}
	return out
}

// templateBNodeList is `[ p o ]` as a template subject or object (p.template_bnode_list).
func (g *gen) templateBNodeList(obj func() syntax.GraphNode) syntax.GraphNode {
	return &syntax.BlankNodePropertyList{Props: []*syntax.PropertyObjects{
		{Verb: iri(oneOf(g, predicates).Value), Objects: []syntax.GraphNode{obj()}}}}
}

// pathEnds applies p.path_loop to a property-path triple: the object
// becomes the subject itself (`?a :p* ?a`, `:s0 :p+ :s0`) or a constant,
// so both ends are bound or the same variable (#defn_evalPP_ZeroOrMorePath
// treats those cases specially).
func (b *bgpState) pathEnds(s syntax.GraphNode, po *syntax.PropertyObjects) *syntax.PropertyObjects {
	g := b.g
	if _, isIRI := po.Verb.(*syntax.IRI); isIRI || !g.on("path_loop") {
		return po
	}
	if _, isVar := po.Verb.(*syntax.Var); isVar || !g.chance("path_loop") {
		return po
	}
	switch s.(type) {
	case *syntax.Var, *syntax.IRI, *syntax.Literal:
		if g.r.IntN(3) > 0 {
			po.Objects = []syntax.GraphNode{s}
			return po
		}
	}
	po.Objects = []syntax.GraphNode{iri(oneOf(g, subjects).Value)}
	return po
}

// tieOrder orders a sub-select by one projected variable only, so rows tie
// and OFFSET/LIMIT may keep any of the tied ones (p.sub_ties).
func (g *gen) tieOrder(vs []string) []*syntax.OrderCondition {
	if len(vs) == 0 {
		return nil
	}
	v := oneOf(g, vs)
	return []*syntax.OrderCondition{g.orderKey(func() syntax.Expr { return &syntax.Var{Name: v} })}
}

// emptyJoin is `{ ?v ex:p9 ?w }`, a group that matches nothing (p.agg_empty):
// aggregates over it see no solution, so GROUP BY gives no group and no
// GROUP BY gives one empty group (#defn_algGroup, #aggregateAlgebra).
func (g *gen) emptyJoin(scope []string) *syntax.GroupPattern {
	s := &syntax.Var{Name: oneOf(g, varNames)}
	if len(scope) > 0 {
		s = &syntax.Var{Name: oneOf(g, scope)}
	}
	o := &syntax.Var{Name: oneOf(g, varNames)}
	return group(&syntax.TriplesBlock{Triples: []*syntax.TriplesSameSubject{{Subject: s,
		Props: []*syntax.PropertyObjects{{Verb: iri(ns + "p9"), Objects: []syntax.GraphNode{o}}}}}})
}
