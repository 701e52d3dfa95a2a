package reduce

import (
	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// A candidate is one case a single step of the reducer makes, named for
// Result.Kept.
type candidate struct {
	what string
	c    *oracle.Case
}

// literalCandidates shrink one literal everywhere at once: every
// occurrence in the data and in the query becomes the same smaller literal
// (without language tag or datatype, an empty lexical form, a number 0 or
// 1), so a divergence that needs the query to match the data survives.
func literalCandidates(c *oracle.Case) []candidate {
	q, err := syntax.Parse(c.Query, syntax.Options{Base: c.Base})
	if err != nil {
		return nil
	}
	var out []candidate
	for _, t := range literalsOf(q, c.Dataset) {
		for _, s := range shrinkTerm(t) {
			v := *c
			v.Dataset = replaceInData(c.Dataset, t, s)
			v.Query = replaceInQuery(q, t, s).String()
			out = append(out, candidate{"shrink-literal-everywhere " + t.String() + " -> " + s.String(), &v})
		}
	}
	return out
}

// literalsOf lists the distinct literals of the data, then of the query,
// in order of first occurrence.
func literalsOf(q *syntax.Query, ds *rdf.Dataset) []rdf.Term {
	var out []rdf.Term
	seen := map[rdf.Term]bool{}
	add := func(t rdf.Term) {
		if t.IsLiteral() && !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	for _, qd := range quadsOf(ds) {
		add(qd.S)
		add(qd.O)
	}
	syntax.Inspect(q, func(n syntax.Node) bool {
		if l, ok := n.(*syntax.Literal); ok {
			add(termOf(l))
		}
		return true
	})
	return out
}

// termOf is the RDF term a query literal denotes (#rRDFLiteral,
// #rNumericLiteral, #rBooleanLiteral).
func termOf(l *syntax.Literal) rdf.Term {
	switch l.Kind {
	case syntax.LitInteger:
		return rdf.Literal(l.Lex, rdf.XSDInteger)
	case syntax.LitDecimal:
		return rdf.Literal(l.Lex, rdf.XSDDecimal)
	case syntax.LitDouble:
		return rdf.Literal(l.Lex, rdf.XSDDouble)
	case syntax.LitBoolean:
		return rdf.Literal(l.Lex, rdf.XSDBoolean)
	}
	switch {
	case l.Lang != "":
		return rdf.LangLiteral(l.Lex, l.Lang)
	case l.Datatype != nil:
		return rdf.Literal(l.Lex, l.Datatype.Value)
	}
	return rdf.String(l.Lex)
}

// shrinkTerm proposes the smaller literals of t, as shrinkLiteral does for
// the query.
func shrinkTerm(t rdf.Term) []rdf.Term {
	var out []rdf.Term
	if t.Datatype != rdf.XSDString {
		out = append(out, rdf.String(t.Value))
	}
	if small, ok := smallLexicals[t.Datatype]; ok {
		for _, lex := range small {
			if numberRank(lex) < numberRank(t.Value) {
				out = append(out, rdf.Literal(lex, t.Datatype))
			}
		}
		return out
	}
	if t.Value != "" {
		u := t
		u.Value = ""
		out = append(out, u)
	}
	return out
}

var smallLexicals = map[string][]string{
	rdf.XSDInteger: {"0", "1"},
	rdf.XSDDecimal: {"0.0", "1.0"},
	rdf.XSDDouble:  {"0e0", "1e0"},
}

func replaceInData(ds *rdf.Dataset, from, to rdf.Term) *rdf.Dataset {
	qs := quadsOf(ds)
	for i := range qs {
		if qs[i].S == from {
			qs[i].S = to
		}
		if qs[i].O == from {
			qs[i].O = to
		}
	}
	return datasetOf(qs)
}

// replaceInQuery returns a copy of q with every literal denoting from
// written as to. A number keeps its short form when its datatype stays.
func replaceInQuery(q *syntax.Query, from, to rdf.Term) *syntax.Query {
	c := syntax.Clone(q)
	syntax.Inspect(c, func(n syntax.Node) bool {
		if l, ok := n.(*syntax.Literal); ok && termOf(l) == from {
			*l = literalOf(l, to)
		}
		return true
	})
	return c
}

func literalOf(old *syntax.Literal, t rdf.Term) syntax.Literal {
	if old.Kind != syntax.LitString && t.Datatype == termOf(old).Datatype {
		return syntax.Literal{Kind: old.Kind, Lex: t.Value}
	}
	l := syntax.Literal{Kind: syntax.LitString, Lex: t.Value, Lang: t.Lang}
	if t.Lang == "" && t.Datatype != rdf.XSDString {
		l.Datatype = &syntax.IRI{Value: t.Datatype}
	}
	return l
}
