package syntax

// The SPARQL 1.2 abbreviations of reification. The draft of 2026-07-30
// says only "Expand abbreviations for IRIs and triple patterns given in
// Section ." (#sparqlExpandForms, the reference left empty); the forms are
// those of Turtle 1.2, whose W3C evaluation tests fix the expansion
// (rdf/rdf12/rdf-turtle/eval: turtle12-eval-annotation-02, -09, -10, -12):
//
//	<< s p o ~ r >>           r rdf:reifies <<( s p o )>>   (r fresh when not given)
//	s p o ~ r {| q z |}       s p o . r rdf:reifies <<( s p o )>> . r q z
//	s p o {| q z |} {| q2 z2 |}  a fresh reifier for each block not after a `~`
//
// A fresh reifier is a fresh blank node, which a query pattern reads as a
// variable (#defn_BasicGraphPattern, blank nodes as in §4.1.4).

// reified expands a reified triple and returns its reifier: the triples of
// a nested reified subject or object come first.
func (e *expander) reified(n *ReifiedTriple) GraphNode {
	s, o := e.node(n.S), e.node(n.O)
	r := e.reifierNode(n.Reifier, n.Pos)
	e.reifies(r, &TripleTerm{Pos: n.Pos, S: s, P: n.P, O: o})
	return r
}

// annotate expands the reifiers and annotation blocks after the triple
// s p o: a `~` names (or makes) the reifier of the block right after it.
func (e *expander) annotate(s GraphNode, p Verb, o GraphNode, as []*Annotation) {
	if len(as) == 0 {
		return
	}
	tt := &TripleTerm{Pos: as[0].Pos, S: s, P: p, O: o}
	var cur GraphNode
	for _, a := range as {
		if !a.Block {
			cur = e.reifierNode(a.Reifier, a.Pos)
			e.reifies(cur, tt)
			continue
		}
		if cur == nil {
			cur = e.reifierNode(nil, a.Pos)
			e.reifies(cur, tt)
		}
		e.props(cur, a.Props)
		cur = nil
	}
}

func (e *expander) reifies(r GraphNode, tt *TripleTerm) {
	e.out = append(e.out, TriplePath{S: r, P: &IRI{Pos: tt.Pos, Value: RDFReifies}, O: tt})
}

// reifierNode is the reifier written (a `[]` made fresh), or a fresh blank node.
func (e *expander) reifierNode(id GraphNode, pos Pos) GraphNode {
	if id == nil {
		return &BlankNode{Pos: pos, Label: e.fresh()}
	}
	return e.node(id)
}
