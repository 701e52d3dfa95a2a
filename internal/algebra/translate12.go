package algebra

import (
	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// The SPARQL 1.2 forms (editor's draft of 2026-07-30). Reified triples and
// annotations are gone by now: syntax's expander turned them into triple
// patterns `r rdf:reifies <<( s p o )>>` (syntax/expand12.go, the Turtle 1.2
// expansion the draft's #sparqlExpandForms refers to), so what is left
// here is the triple term in its three places.

// tripleTermNode translates `<<( s p o )>>` in a triple pattern or a
// template. The draft, #defn_TriplePattern: "A triple pattern is a
// 3-tuple that is defined inductively as follows: If s is an RDF term, a
// variable, or a triple pattern, p is an IRI or a variable, and o is an RDF
// term, a variable, or a triple pattern, then (s, p, o) is a triple
// pattern." leaf translates the subject and object (blank nodes are hidden
// variables in a pattern, template blank nodes in a template).
func (t *translator) tripleTermNode(x *syntax.TripleTerm, leaf func(syntax.GraphNode) (Node, error)) (Node, error) {
	s, err1 := leaf(x.S)
	p, err2 := verbNode(x.P)
	o, err3 := leaf(x.O)
	if err := firstErr(err1, err2, err3); err != nil {
		return Node{}, err
	}
	if hasBlank(s) || hasBlank(o) {
		// a template's blank node is fresh per solution (#tmplBlankNodes):
		// kept as a pattern so instantiation reaches it
		return Node{Triple: &TriplePattern{S: s, P: p, O: o}}, nil
	}
	return TT(s, p, o), nil
}

// verbNode is the predicate of a triple term: #rVerb, a variable or an IRI.
func verbNode(v syntax.Verb) (Node, error) {
	switch x := v.(type) {
	case *syntax.Var:
		return V(x.Name), nil
	case *syntax.IRI:
		return T(x.Term()), nil
	}
	return Node{}, errAt(v, "the predicate of a triple term is an IRI or a variable, not %T", v)
}

func hasBlank(n Node) bool {
	if n.Triple != nil {
		return hasBlank(n.Triple.S) || hasBlank(n.Triple.O)
	}
	return n.Term.IsBlank()
}

// tripleTermExpr translates a triple term in an expression
// (#rExprTripleTerm). The draft, #func-triple: "As a shorthand notation,
// the TRIPLE function can also be written in the form of a triple term
// expression using <<( and )>>." One without variables is the constant
// term; one with variables is the TRIPLE call on its parts.
func (t *translator) tripleTermExpr(x *syntax.TripleTerm) (Expr, error) {
	var args []Expr
	for _, part := range []syntax.Node{x.S, x.P, x.O} {
		e, err := t.ttPartExpr(part)
		if err != nil {
			return nil, err
		}
		args = append(args, e)
	}
	s, sok := args[0].(*Const)
	p, pok := args[1].(*Const)
	o, ook := args[2].(*Const)
	if sok && pok && ook {
		return &Const{Term: rdf.TripleTerm(s.Term, p.Term, o.Term)}, nil
	}
	return &Call{Name: OpTriple, Args: args}, nil
}

// ttPartExpr translates a subject, predicate or object of a triple term
// expression: a variable, an RDF term or a nested triple term, each as the
// expression it is elsewhere (expr).
func (t *translator) ttPartExpr(n syntax.Node) (Expr, error) {
	switch x := n.(type) {
	case *syntax.Var, *syntax.IRI, *syntax.Literal, *syntax.TripleTerm:
		return t.expr(x.(syntax.Expr), nil)
	}
	return nil, errAt(n, "unexpected %T in a triple term expression", n)
}

// tripleTermData is a triple term in VALUES (#rTripleTermData): an RDF
// term, its parts IRIs, literals and triple terms.
func tripleTermData(x *syntax.TripleTerm) (rdf.Term, error) {
	iri, ok := x.P.(*syntax.IRI)
	if !ok {
		return rdf.None, errAt(x, "the predicate of a triple term in VALUES is an IRI")
	}
	s, err1 := dataValue(x.S)
	o, err2 := dataValue(x.O)
	if err := firstErr(err1, err2); err != nil {
		return rdf.None, err
	}
	return rdf.TripleTerm(s, iri.Term(), o), nil
}
