package corpus

import (
	"fmt"
	"io"
	"strings"
	"sync"

	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// Pool returns the adversarial terms of corpus/pool.nt (the objects of its
// triples), in file order. The slice is shared: do not modify it.
func Pool() []rdf.Term {
	poolOnce.Do(func() {
		var err error
		pool, err = PoolTerms(strings.NewReader(poolNT))
		if err != nil {
			panic(fmt.Sprintf("corpus: built-in pool: %v", err)) // a test guards this
		}
	})
	return pool
}

var (
	poolOnce sync.Once
	pool     []rdf.Term
)

// PoolTerms reads a term pool: an N-Triples document whose objects are the
// terms, in order, duplicates dropped.
func PoolTerms(r io.Reader) ([]rdf.Term, error) {
	qs, err := rdf.ParseNQuads(r, "pool.nt")
	if err != nil {
		return nil, err
	}
	seen := map[rdf.Term]bool{}
	var out []rdf.Term
	for _, q := range qs {
		if !seen[q.O] {
			seen[q.O] = true
			out = append(out, q.O)
		}
	}
	return out, nil
}

// The vocabulary shared by data and queries: a few subjects, predicates and
// graph names, so that joins, paths and GRAPH patterns actually match.
var (
	subjects   = []rdf.Term{rdf.IRI(ns + "s0"), rdf.IRI(ns + "s1"), rdf.IRI(ns + "s2"), rdf.IRI(ns + "s3")}
	blanks     = []rdf.Term{rdf.Blank("n0"), rdf.Blank("n1")}
	predicates = []rdf.Term{rdf.IRI(ns + "p0"), rdf.IRI(ns + "p1"), rdf.IRI(ns + "p2")}
	graphNames = []rdf.Term{rdf.IRI(ns + "g0"), rdf.IRI(ns + "g1")}
)

// dataset draws the case's terms from the pool, then its quads. Objects
// that are subjects (p.link) make chains and cycles for property paths.
func (g *gen) dataset() []rdf.Quad {
	for i, n := 0, g.between(4, 10); i < n; i++ {
		g.terms = append(g.terms, g.poolTerm())
	}
	n := g.between(g.p.MinQuads, g.p.MaxQuads)
	out := make([]rdf.Quad, 0, n)
	seen := map[rdf.Term]bool{}
	for i := 0; i < n; {
		q := rdf.Quad{S: g.dataSubject(), P: oneOf(g, predicates), O: g.dataObject(), G: g.dataGraph()}
		for _, q := range g.extraQuads(q, i, n) {
			out = append(out, q)
			i++
			if !q.O.IsBlank() && !seen[q.O] {
				seen[q.O] = true
				g.objects = append(g.objects, q.O)
			}
		}
	}
	g.data = out
	return out
}

func (g *gen) dataSubject() rdf.Term {
	if g.on("bnode_subject") { // blank-node-heavy data
		if g.chance("bnode_subject") {
			return oneOf(g, moreBlanks)
		}
		return oneOf(g, subjects)
	}
	if g.r.IntN(8) == 0 {
		return oneOf(g, blanks)
	}
	return oneOf(g, subjects)
}

func (g *gen) dataObject() rdf.Term {
	switch {
	case g.chance("link"):
		return g.dataSubject()
	default:
		return oneOf(g, g.terms)
	}
}

func (g *gen) dataGraph() rdf.Term {
	if g.chance("named_graph") {
		return oneOf(g, graphNames)
	}
	return rdf.DefaultGraph
}

// ---------------------------------------------------------------- constants

// constant returns a term for a query: an IRI of the vocabulary, an object
// of the data, a term of this case's pool sample written in SPARQL syntax,
// or a number written as a SPARQL numeric literal. Blank nodes (which are variables in a query)
// never come out.
func (g *gen) constant() syntax.Expr {
	switch g.r.IntN(8) {
	case 0:
		return iri(oneOf(g, subjects).Value)
	case 1:
		return g.numberLiteral()
	case 2, 3, 4:
		if len(g.objects) > 0 { // a term the data has: patterns match
			return g.termNode(oneOf(g, g.objects))
		}
	}
	t := oneOf(g, g.terms)
	if t.IsBlank() {
		return g.numberLiteral()
	}
	return g.termNode(t)
}

// termNode writes an IRI or literal term as a syntax node.
func (g *gen) termNode(t rdf.Term) syntax.Expr {
	if t.IsIRI() {
		return iri(t.Value)
	}
	l := &syntax.Literal{Kind: syntax.LitString, Lex: t.Value}
	switch {
	case t.Lang != "":
		l.Lang = g.langCase(t.Lang)
	case t.Datatype != rdf.XSDString:
		l.Datatype = iri(t.Datatype)
	}
	return l
}

// langCase writes a language tag in a random case (tags compare
// case-insensitively; rdf stores them lower-cased).
func (g *gen) langCase(tag string) string {
	if !g.chance("lang_case") {
		return tag
	}
	b := []byte(tag)
	for i := range b {
		if g.r.IntN(2) == 0 && b[i] >= 'a' && b[i] <= 'z' {
			b[i] -= 'a' - 'A'
		}
	}
	return string(b)
}

// numerals are SPARQL numeric and boolean tokens (#rNumericLiteral).
var numerals = []struct {
	kind syntax.LitKind
	lex  string
}{
	{syntax.LitInteger, "0"}, {syntax.LitInteger, "1"}, {syntax.LitInteger, "01"},
	{syntax.LitInteger, "-2"}, {syntax.LitInteger, "3"}, {syntax.LitDecimal, "1.0"},
	{syntax.LitDecimal, "1.50"}, {syntax.LitDecimal, "-0.5"}, {syntax.LitDouble, "1e0"},
	{syntax.LitDouble, "-0.0e0"}, {syntax.LitDouble, "2.5E1"}, {syntax.LitBoolean, "true"},
	{syntax.LitBoolean, "false"},
}

func (g *gen) numberLiteral() *syntax.Literal {
	if g.p.Weights["p.plain_terms"] > 0 { // canonical numerals only (gen_update.go)
		n := oneOf(g, canonicalNumerals)
		return &syntax.Literal{Kind: n.kind, Lex: n.lex}
	}
	if g.maybe("numeral_extra") {
		l := *oneOf(g, extraNumerals)
		return &l
	}
	n := oneOf(g, numerals)
	return &syntax.Literal{Kind: n.kind, Lex: n.lex}
}

// dataValue is a VALUES entry: an IRI or literal, never a blank node.
func (g *gen) dataValue() syntax.GraphNode {
	return g.constant().(syntax.GraphNode)
}

func iri(v string) *syntax.IRI { return &syntax.IRI{Value: v} }
