package rdf

import "strings"

// The nested forms of RDF 1.2 Turtle: collections, blank-node property
// lists, triple terms, reified triples and annotations (§6.5 [14]-[33],
// their triples as §7 "Parsing" produces them), and TriG's blocks and
// wrapped graphs (TriG §5.4).

// enter counts one level of nesting; leave must follow.
func (p *ttlParser) enter() error {
	if p.depth >= maxTTLDepth {
		return p.errAt(p.pos, "nested deeper than %d levels", maxTTLDepth)
	}
	p.depth++
	return nil
}

func (p *ttlParser) leave() { p.depth-- }

// collection is Turtle [15]: '(' object* ')', an rdf:first/rdf:rest list
// of fresh blank nodes ending in rdf:nil; () is rdf:nil.
func (p *ttlParser) collection() (Term, error) {
	if err := p.enter(); err != nil {
		return None, err
	}
	defer p.leave()
	open := p.pos
	p.pos++ // '('
	head, prev := IRI(RDFNS+"nil"), None
	for {
		p.ws()
		if p.peek() == ')' {
			p.pos++
			return head, nil
		}
		if p.eof() || strings.IndexByte(".]}|,;", p.peek()) >= 0 {
			return None, p.unexpected("expected an object or ')' to close " + p.openedAt(open))
		}
		o, err := p.object()
		if err != nil {
			return None, err
		}
		node := p.freshBlank()
		if prev.IsZero() {
			head = node
		} else {
			p.emit(prev, IRI(RDFNS+"rest"), node)
		}
		p.emit(node, IRI(RDFNS+"first"), o)
		prev = node
		p.ws()
		if p.peek() == ')' {
			p.emit(prev, IRI(RDFNS+"rest"), IRI(RDFNS+"nil"))
		}
	}
}

// blankNodePropertyList is Turtle [14]: '[' predicateObjectList ']'.
func (p *ttlParser) blankNodePropertyList() (Term, error) {
	if err := p.enter(); err != nil {
		return None, err
	}
	defer p.leave()
	open := p.pos
	p.pos++ // '['
	s := p.freshBlank()
	if err := p.predicateObjectList(s); err != nil {
		return None, err
	}
	p.ws()
	if p.peek() != ']' {
		// openedAt scans from the start of the document: only on error.
		return None, p.unexpected("expected ']' to close " + p.openedAt(open))
	}
	p.pos++
	return s, nil
}

// tripleTerm is RDF 1.2 Turtle [29]: '<<(' ttSubject verb ttObject ')>>',
// ttSubject iri | BlankNode, ttObject iri | BlankNode | literal | tripleTerm.
func (p *ttlParser) tripleTerm() (Term, error) {
	if err := p.enter(); err != nil {
		return None, err
	}
	defer p.leave()
	p.pos += 3 // '<<('
	p.ws()
	s, ok, err := p.iriOrBlank()
	if err != nil || !ok {
		return None, p.orUnexpected(err, "expected an IRI or blank node as the triple term's subject")
	}
	p.ws()
	v, err := p.verb()
	if err != nil {
		return None, err
	}
	p.ws()
	o, err := p.ttObject()
	if err != nil {
		return None, err
	}
	return TripleTerm(s, v, o), p.expect(")>>", "expected ')>>' to close the triple term")
}

func (p *ttlParser) ttObject() (Term, error) {
	switch c := p.peek(); {
	case p.at("<<("):
		return p.tripleTerm()
	case p.at("<<"), c == '(', c == '[' && !p.anonAhead():
		return None, p.unexpected("expected an IRI, blank node, literal or triple term in a triple term")
	}
	if t, ok, err := p.iriOrBlank(); ok || err != nil {
		return t, err
	}
	return p.literal()
}

func (p *ttlParser) orUnexpected(err error, what string) error {
	if err != nil {
		return err
	}
	return p.unexpected(what)
}

// reifiedTriple is RDF 1.2 Turtle [26]: '<<' rtSubject verb rtObject
// reifier? '>>'. It stands for its reifier (given, or a fresh blank node)
// and produces reifier rdf:reifies <<( s p o )>>; the triple itself is not
// asserted.
func (p *ttlParser) reifiedTriple() (Term, error) {
	if err := p.enter(); err != nil {
		return None, err
	}
	defer p.leave()
	p.pos += 2 // '<<'
	p.ws()
	s, err := p.rtSubject()
	if err != nil {
		return None, err
	}
	p.ws()
	v, err := p.verb()
	if err != nil {
		return None, err
	}
	p.ws()
	o, err := p.rtObject()
	if err != nil {
		return None, err
	}
	p.ws()
	r := None
	if p.peek() == '~' {
		if r, err = p.reifier(); err != nil {
			return None, err
		}
	}
	if r.IsZero() {
		r = p.freshBlank()
	}
	p.emit(r, IRI(rdfReifies), TripleTerm(s, v, o))
	return r, p.expect(">>", "expected '>>' to close the reified triple")
}

// rtSubject is [27]: iri | BlankNode | reifiedTriple.
func (p *ttlParser) rtSubject() (Term, error) {
	if p.at("<<") && !p.at("<<(") {
		return p.reifiedTriple()
	}
	s, ok, err := p.iriOrBlank()
	if err != nil || !ok {
		return None, p.orUnexpected(err, "expected an IRI, blank node or reified triple as the subject")
	}
	return s, nil
}

// rtObject is [28]: iri | BlankNode | literal | tripleTerm | reifiedTriple.
func (p *ttlParser) rtObject() (Term, error) {
	if p.at("<<") && !p.at("<<(") {
		return p.reifiedTriple()
	}
	return p.ttObject()
}

// reifier is [25]: '~' (iri | BlankNode)?; None when no term follows
// (the caller makes a fresh blank node).
func (p *ttlParser) reifier() (Term, error) {
	p.pos++ // '~'
	p.ws()
	if p.at("{|") {
		return None, nil
	}
	t, ok, err := p.iriOrBlank()
	if !ok {
		return None, err
	}
	return t, err
}

// annotation is RDF 1.2 Turtle [32]: (reifier | annotationBlock)* after
// the object of an asserted triple. Each reifier names a reifier of the
// triple (r rdf:reifies <<( s p o )>>); an annotation block describes the
// reifier just named, or a fresh one when none was named since the last
// block (§7: the annotation's reifier is consumed by its block).
func (p *ttlParser) annotation(s, v, o Term) error {
	tt := TripleTerm(s, v, o)
	cur := None
	for {
		p.ws()
		switch {
		case p.peek() == '~':
			r, err := p.reifier()
			if err != nil {
				return err
			}
			if r.IsZero() {
				r = p.freshBlank()
			}
			p.emit(r, IRI(rdfReifies), tt)
			cur = r
		case p.at("{|"):
			if cur.IsZero() {
				cur = p.freshBlank()
				p.emit(cur, IRI(rdfReifies), tt)
			}
			if err := p.annotationBlock(cur); err != nil {
				return err
			}
			cur = None
		default:
			return nil
		}
	}
}

// annotationBlock is [33]: '{|' predicateObjectList '|}'.
func (p *ttlParser) annotationBlock(r Term) error {
	if err := p.enter(); err != nil {
		return err
	}
	defer p.leave()
	p.pos += 2 // '{|'
	if err := p.predicateObjectList(r); err != nil {
		return err
	}
	return p.expect("|}", "expected '|}' to close the annotation")
}

// block is RDF 1.2 TriG [3]: triplesOrGraph | wrappedGraph | triples2 |
// "GRAPH" labelOrSubject wrappedGraph.
func (p *ttlParser) block() error {
	start := p.pos
	if kw, colon := p.word(); !colon && strings.EqualFold(kw, "GRAPH") {
		p.ws()
		g, ok, err := p.iriOrBlank()
		if err != nil || !ok {
			return p.orUnexpected(err, "expected a graph name after GRAPH")
		}
		p.ws()
		return p.wrappedGraph(g)
	}
	p.pos = start
	switch c := p.peek(); {
	case c == '{':
		return p.wrappedGraph(None)
	case c == '(' || c == '[' && !p.anonAhead() || p.at("<<") && !p.at("<<("):
		return p.triples2()
	}
	g, ok, err := p.iriOrBlank()
	if err != nil || !ok {
		return p.orUnexpected(err, "expected triples or a graph")
	}
	p.ws()
	if p.peek() == '{' {
		return p.wrappedGraph(g)
	}
	if err := p.predicateObjectList(g); err != nil {
		return err
	}
	return p.expect(".", "expected '.' to end the triples")
}

// triples2 is TriG [4]/[5]'s other openings: a blankNodePropertyList or
// reifiedTriple with an optional predicateObjectList, or a collection with
// one; then '.'.
func (p *ttlParser) triples2() error {
	if p.peek() == '(' {
		s, err := p.collection()
		if err != nil {
			return err
		}
		if err := p.predicateObjectList(s); err != nil {
			return err
		}
	} else if err := p.triples(); err != nil {
		return err
	}
	return p.expect(".", "expected '.' to end the triples")
}

// wrappedGraph is TriG [5]: '{' triplesBlock? '}', triplesBlock ::=
// triples ('.' triplesBlock?)?.
func (p *ttlParser) wrappedGraph(g Term) error {
	if p.peek() != '{' {
		return p.unexpected("expected '{' to open the graph")
	}
	p.pos++
	p.graph = g
	defer func() { p.graph = None }()
	for {
		p.ws()
		if p.peek() == '}' {
			p.pos++
			return nil
		}
		if err := p.triples(); err != nil {
			return err
		}
		p.ws()
		switch p.peek() {
		case '.':
			p.pos++
		case '}':
		default:
			return p.unexpected("expected '.' or '}' in the graph")
		}
	}
}
