package reduce

import (
	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// literalCandidates shrink one literal everywhere at once: every
// occurrence in the data and in the text t (c's, parsed) becomes the same
// smaller literal (without language tag or datatype, an empty lexical
// form, a number 0 or 1), so a divergence that needs the text to match the
// data survives.
func (f form[C]) literalCandidates(c *C, t tree) []candidate[C] {
	var out []candidate[C]
	for _, l := range f.literals(t, *f.data(c)) {
		for _, s := range shrinkTerm(l) {
			v := f.variant(c, f.replaceLiteral(t, l, s).String(), replaceInData(*f.data(c), l, s))
			out = append(out, candidate[C]{"shrink-literal-everywhere " + l.String() + " -> " + s.String(), v})
		}
	}
	return out
}

// literals lists the distinct literals of the data, then of t, in order
// of first occurrence.
func (g grammar) literals(t tree, ds *rdf.Dataset) []rdf.Term {
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
	for _, n := range g.nodes(t) {
		if l, ok := n.(*syntax.Literal); ok {
			add(termOf(l))
		}
	}
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

// replaceLiteral returns a copy of t with every literal denoting from
// written as to. A number keeps its short form when its datatype stays.
func (g grammar) replaceLiteral(t tree, from, to rdf.Term) tree {
	c := syntax.Clone(t)
	for _, n := range g.nodes(c) {
		if l, ok := n.(*syntax.Literal); ok && termOf(l) == from {
			*l = literalOf(l, to)
		}
	}
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
