package syntax

import "github.com/sparql-oracle/oracle/internal/rdf"

// Well-known IRIs used by the syntactic expansions of §4.2 (#collections).
const (
	RDFType  = rdf.RDFNS + "type"
	RDFFirst = rdf.RDFNS + "first"
	RDFRest  = rdf.RDFNS + "rest"
	RDFNil   = rdf.RDFNS + "nil"
	// RDFReifies links a reifier to the triple term it reifies (RDF 1.2).
	RDFReifies = rdf.RDFNS + "reifies"
)

// Term returns the RDF term the literal denotes (#rRDFLiteral, #rNumericLiteral,
// #rBooleanLiteral): numbers get xsd:integer, xsd:decimal or xsd:double, the
// lexical form kept as written.
func (l *Literal) Term() rdf.Term {
	switch l.Kind {
	case LitInteger:
		return rdf.Literal(l.Lex, rdf.XSDInteger)
	case LitDecimal:
		return rdf.Literal(l.Lex, rdf.XSDDecimal)
	case LitDouble:
		return rdf.Literal(l.Lex, rdf.XSDDouble)
	case LitBoolean:
		return rdf.Literal(l.Lex, rdf.XSDBoolean)
	}
	if l.Dir != "" {
		return rdf.DirLangLiteral(l.Lex, l.Lang, l.Dir)
	}
	if l.Lang != "" {
		return rdf.LangLiteral(l.Lex, l.Lang)
	}
	if l.Datatype != nil {
		return rdf.Literal(l.Lex, l.Datatype.Value)
	}
	return rdf.String(l.Lex)
}

// Term returns the IRI as an RDF term.
func (i *IRI) Term() rdf.Term { return rdf.IRI(i.Value) }

// Expand flattens the block into triple patterns (#sparqlExpandForms): object
// lists and predicate-object lists are distributed, `[ ... ]` and `[]` become
// fresh blank nodes, collections become rdf:first/rdf:rest chains ending in
// rdf:nil. fresh returns a new blank-node label on every call; it must not
// collide with labels written in the query.
func (b *TriplesBlock) Expand(fresh func() string) []TriplePath {
	return ExpandTriples(b.Triples, fresh)
}

// ExpandTriples is Expand for a list of TriplesSameSubject (a CONSTRUCT template).
func ExpandTriples(ts []*TriplesSameSubject, fresh func() string) []TriplePath {
	e := expander{fresh: fresh}
	for _, t := range ts {
		s := e.node(t.Subject)
		e.props(s, t.Props)
	}
	return e.out
}

type expander struct {
	fresh func() string
	out   []TriplePath
}

func (e *expander) props(s GraphNode, props []*PropertyObjects) {
	for _, po := range props {
		for i, o := range po.Objects {
			on := e.node(o)
			e.out = append(e.out, TriplePath{S: s, P: po.Verb, O: on})
			e.annotate(s, po.Verb, on, po.annots(i))
		}
	}
}

// node returns the atomic term standing for n, emitting the triples of n
// first when it is a blank-node property list or a collection.
func (e *expander) node(n GraphNode) GraphNode {
	switch n := n.(type) {
	case *BlankNode:
		if n.Anon || n.Label == "" {
			return &BlankNode{Pos: n.Pos, Label: e.fresh()}
		}
		return n
	case *BlankNodePropertyList:
		b := &BlankNode{Pos: n.Pos, Label: e.fresh()}
		e.props(b, n.Props)
		return b
	case *Collection:
		return e.collection(n)
	case *TripleTerm:
		return &TripleTerm{Pos: n.Pos, S: e.node(n.S), P: n.P, O: e.node(n.O)}
	case *ReifiedTriple:
		return e.reified(n)
	}
	return n
}

func (e *expander) collection(c *Collection) GraphNode {
	if len(c.Items) == 0 {
		return &IRI{Pos: c.Pos, Value: RDFNil}
	}
	nodes := make([]*BlankNode, len(c.Items))
	for i := range c.Items {
		nodes[i] = &BlankNode{Pos: c.Pos, Label: e.fresh()}
	}
	first := &IRI{Pos: c.Pos, Value: RDFFirst}
	rest := &IRI{Pos: c.Pos, Value: RDFRest}
	for i, item := range c.Items {
		v := e.node(item)
		e.out = append(e.out, TriplePath{S: nodes[i], P: first, O: v})
		var next GraphNode = &IRI{Pos: c.Pos, Value: RDFNil}
		if i+1 < len(nodes) {
			next = nodes[i+1]
		}
		e.out = append(e.out, TriplePath{S: nodes[i], P: rest, O: next})
	}
	return nodes[0]
}
