package syntax

// groupGraphPattern parses #rGroupGraphPattern.
func (p *parser) groupGraphPattern() *GroupPattern {
	g := &GroupPattern{Pos: p.here()}
	if !p.enter() {
		return g
	}
	defer p.leave()
	p.expectPunct("{")
	if p.isKw("SELECT") {
		g.Elems = []Pattern{p.subSelect()}
		p.expectPunct("}")
		return g
	}
	p.groupGraphPatternSub(g)
	p.expectPunct("}")
	return g
}

// subSelect parses #rSubSelect.
func (p *parser) subSelect() *SubSelect {
	s := &SubSelect{Pos: p.here()}
	s.Select = p.selectClause()
	s.Where = p.whereClause()
	s.Mod = p.modifiers()
	s.Values = p.valuesClause()
	return s
}

// groupGraphPatternSub parses #rGroupGraphPatternSub: TriplesBlock? (
// GraphPatternNotTriples '.'? TriplesBlock? )*. afterTriples is true when a
// triples block just ended without a '.', so only a non-triples pattern or '}'
// may follow.
func (p *parser) groupGraphPatternSub(g *GroupPattern) {
	afterTriples := false
	for p.err == nil && !p.isPunct("}") {
		switch {
		case p.startsNotTriples():
			g.Elems = append(g.Elems, p.notTriples())
			p.acceptPunct(".")
			afterTriples = false
		case p.startsTriples() && !afterTriples:
			b, dot := p.triplesBlock()
			g.Elems = append(g.Elems, b)
			afterTriples = !dot
		default:
			p.expected("graph pattern or '}'")
			return
		}
	}
}

// triplesBlock parses #rTriplesBlock; dot reports a trailing '.'.
func (p *parser) triplesBlock() (*TriplesBlock, bool) {
	b := &TriplesBlock{Pos: p.here()}
	for p.err == nil {
		b.Triples = append(b.Triples, p.triplesSameSubject(true))
		if !p.acceptPunct(".") {
			return b, false
		}
		if !p.startsTriples() {
			return b, true
		}
	}
	return b, false
}

// triplesList parses #rConstructTriples / #rTriplesTemplate up to the closing token.
func (p *parser) triplesList(path bool, end string) []*TriplesSameSubject {
	var out []*TriplesSameSubject
	for p.err == nil && !p.isPunct(end) {
		out = append(out, p.triplesSameSubject(path))
		if !p.acceptPunct(".") {
			break
		}
	}
	return out
}

func (p *parser) startsNotTriples() bool {
	if p.isPunct("{") {
		return true
	}
	t := p.peek()
	if t.kind != tWord {
		return false
	}
	switch t.val {
	case "OPTIONAL", "MINUS", "GRAPH", "SERVICE", "FILTER", "BIND", "VALUES":
		return true
	}
	return false
}

func (p *parser) startsTriples() bool {
	if p.isPunct("<<") || p.isPunct("<<(") {
		return true
	}
	t := p.peek()
	switch t.kind {
	case tVar, tIRIRef, tPNameLN, tPNameNS, tBlank, tString, tInteger, tDecimal,
		tDouble, tNil, tAnon:
		return true
	case tWord:
		return t.val == "TRUE" || t.val == "FALSE"
	}
	return p.isPunct("(") || p.isPunct("[")
}

// notTriples parses #rGraphPatternNotTriples.
func (p *parser) notTriples() Pattern {
	t := p.peek()
	if p.isPunct("{") {
		return p.groupOrUnion()
	}
	p.next()
	pos := p.pos(t)
	switch t.val {
	case "OPTIONAL":
		return &Optional{Pos: pos, Pattern: p.groupGraphPattern()}
	case "MINUS":
		return &Minus{Pos: pos, Pattern: p.groupGraphPattern()}
	case "GRAPH":
		name := p.varOrIriOrFail()
		return &Graph{Pos: pos, Name: name, Pattern: p.groupGraphPattern()}
	case "SERVICE":
		s := &Service{Pos: pos, Silent: p.acceptKw("SILENT")}
		s.Name = p.varOrIriOrFail()
		s.Pattern = p.groupGraphPattern()
		return s
	case "FILTER":
		return &Filter{Pos: pos, Expr: p.constraint()}
	case "BIND":
		p.expectPunct("(")
		b := &Bind{Pos: pos, Expr: p.expression()}
		p.expectKw("AS")
		b.Var = p.variable()
		p.expectPunct(")")
		return b
	}
	p.i--
	return p.inlineData()
}

func (p *parser) varOrIriOrFail() GraphNode {
	if !p.startsVarOrIri() {
		p.expected("variable or IRI")
		return nil
	}
	return p.varOrIri()
}

// groupOrUnion parses #rGroupOrUnionGraphPattern.
func (p *parser) groupOrUnion() Pattern {
	first := p.groupGraphPattern()
	if !p.isKw("UNION") {
		return first
	}
	u := &Union{Pos: first.Pos, Groups: []*GroupPattern{first}}
	for p.err == nil && p.acceptKw("UNION") {
		u.Groups = append(u.Groups, p.groupGraphPattern())
	}
	return u
}

// ---------------------------------------------------------------- triples

// triplesSameSubject parses #rTriplesSameSubjectPath (path) or #rTriplesSameSubject.
func (p *parser) triplesSameSubject(path bool) *TriplesSameSubject {
	t := &TriplesSameSubject{Pos: p.here()}
	if p.isPunct("[") || p.isPunct("(") || p.isPunct("<<") {
		// #rReifiedTripleBlockPath: ReifiedTriple PropertyListPath
		t.Subject = p.graphNode(path)
		if p.startsVerb(path) {
			t.Props = p.propertyList(path)
		}
		return t
	}
	t.Subject = p.varOrTerm()
	t.Props = p.propertyList(path)
	return t
}

func (p *parser) startsVerb(path bool) bool {
	t := p.peek()
	switch {
	case t.kind == tVar, p.startsIri(), t.kind == tWord && t.text == "a":
		return true
	case path:
		return p.isPunct("^") || p.isPunct("(") || p.isPunct("!")
	}
	return false
}

// propertyList parses #rPropertyListPathNotEmpty / #rPropertyListNotEmpty.
func (p *parser) propertyList(path bool) []*PropertyObjects {
	var out []*PropertyObjects
	for p.err == nil {
		if !p.startsVerb(path) {
			p.expected("predicate")
			return out
		}
		po := &PropertyObjects{Pos: p.here(), Verb: p.verb(path)}
		po.Objects, po.Annots = p.objectList(path, isSimpleVerb(po.Verb))
		out = append(out, po)
		if !p.acceptPunct(";") {
			return out
		}
		for p.acceptPunct(";") {
		}
		if !p.startsVerb(path) {
			return out
		}
	}
	return out
}

func (p *parser) verb(path bool) Verb {
	t := p.peek()
	if t.kind == tVar {
		return p.variable()
	}
	if !path {
		if t.kind == tWord && t.text == "a" {
			p.next()
			return &IRI{Pos: p.pos(t), Value: RDFType, Written: "a"}
		}
		return p.iri()
	}
	return p.path()
}

// objectList parses #rObjectListPath / #rObjectList; each object may carry
// annotations (#rObjectPath: GraphNodePath AnnotationPath). annots is nil
// when no object has any.
func (p *parser) objectList(path, simple bool) (out []GraphNode, annots [][]*Annotation) {
	for p.err == nil {
		out = append(out, p.graphNode(path))
		if a := p.annotations(path, simple); len(a) > 0 {
			if annots == nil {
				annots = make([][]*Annotation, len(out)-1, len(out))
			}
			annots = append(annots, a)
		} else if annots != nil {
			annots = append(annots, nil)
		}
		if !p.acceptPunct(",") {
			return out, annots
		}
	}
	return out, annots
}

// graphNode parses #rGraphNodePath / #rGraphNode.
func (p *parser) graphNode(path bool) GraphNode {
	t := p.peek()
	switch {
	case p.isPunct("["):
		if !p.enter() {
			return nil
		}
		defer p.leave()
		p.next()
		b := &BlankNodePropertyList{Pos: p.pos(t), Props: p.propertyList(path)}
		p.expectPunct("]")
		return b
	case p.isPunct("("):
		if !p.enter() {
			return nil
		}
		defer p.leave()
		p.next()
		c := &Collection{Pos: p.pos(t)}
		for p.err == nil && !p.isPunct(")") {
			c.Items = append(c.Items, p.graphNode(path))
		}
		p.expectPunct(")")
		return c
	case p.isPunct("<<"):
		return p.reifiedTriple()
	}
	return p.varOrTerm()
}

// varOrTerm parses #rVarOrTerm.
func (p *parser) varOrTerm() GraphNode {
	t := p.peek()
	switch t.kind {
	case tVar:
		return p.variable()
	case tIRIRef, tPNameLN, tPNameNS:
		return p.iri()
	case tBlank:
		p.next()
		return &BlankNode{Pos: p.pos(t), Label: t.val}
	case tAnon:
		p.next()
		return &BlankNode{Pos: p.pos(t), Anon: true}
	case tNil:
		p.next()
		return &Collection{Pos: p.pos(t)}
	case tString, tInteger, tDecimal, tDouble:
		return p.literal()
	case tWord:
		if t.val == "TRUE" || t.val == "FALSE" {
			return p.literal()
		}
	case tPunct:
		if t.val == "<<(" {
			return p.tripleTerm(ttPattern)
		}
	}
	p.expected("variable or RDF term")
	return nil
}

// ---------------------------------------------------------------- paths

// path parses #rPathAlternative.
func (p *parser) path() PathExpr {
	if !p.enter() {
		return nil
	}
	defer p.leave()
	pos := p.here()
	alts := p.pathList("|", p.pathSeq)
	if len(alts) == 1 {
		return alts[0]
	}
	return &PathAlt{Pos: pos, Alts: alts}
}

// pathSeq parses #rPathSequence.
func (p *parser) pathSeq() PathExpr {
	pos := p.here()
	steps := p.pathList("/", p.pathEltOrInverse)
	if len(steps) == 1 {
		return steps[0]
	}
	return &PathSeq{Pos: pos, Steps: steps}
}

// pathList parses elem ( sep elem )*.
func (p *parser) pathList(sep string, elem func() PathExpr) []PathExpr {
	list := []PathExpr{elem()}
	for p.err == nil && p.acceptPunct(sep) {
		list = append(list, elem())
	}
	return list
}

// pathEltOrInverse parses #rPathEltOrInverse.
func (p *parser) pathEltOrInverse() PathExpr {
	t := p.peek()
	if p.acceptPunct("^") {
		return &PathInverse{Pos: p.pos(t), Path: p.pathElt()}
	}
	return p.pathElt()
}

// pathElt parses #rPathElt.
func (p *parser) pathElt() PathExpr {
	pos := p.here()
	prim := p.pathPrimary()
	t := p.peek()
	if t.kind == tPunct && (t.val == "*" || t.val == "+" || t.val == "?") {
		p.next()
		return &PathMod{Pos: pos, Path: prim, Mod: t.val[0]}
	}
	return prim
}

// pathPrimary parses #rPathPrimary.
func (p *parser) pathPrimary() PathExpr {
	t := p.peek()
	switch {
	case t.kind == tWord && t.text == "a":
		p.next()
		return &IRI{Pos: p.pos(t), Value: RDFType, Written: "a"}
	case p.startsIri():
		return p.iri()
	case p.acceptPunct("!"):
		return p.negatedSet(p.pos(t))
	case p.acceptPunct("("):
		e := p.path()
		p.expectPunct(")")
		return e
	}
	p.expected("property path")
	return nil
}

// negatedSet parses #rPathNegatedPropertySet.
func (p *parser) negatedSet(pos Pos) PathExpr {
	n := &PathNegated{Pos: pos}
	switch {
	case p.peek().kind == tNil:
		p.next()
	case p.acceptPunct("("):
		n.Items = append(n.Items, p.negItem())
		for p.err == nil && p.acceptPunct("|") {
			n.Items = append(n.Items, p.negItem())
		}
		p.expectPunct(")")
	default:
		n.Items = append(n.Items, p.negItem())
	}
	return n
}

// negItem parses #rPathOneInPropertySet.
func (p *parser) negItem() *PathNegItem {
	t := p.peek()
	it := &PathNegItem{Pos: p.pos(t), Inverse: p.acceptPunct("^")}
	t2 := p.peek()
	switch {
	case t2.kind == tWord && t2.text == "a":
		p.next()
		it.IRI = &IRI{Pos: p.pos(t2), Value: RDFType, Written: "a"}
	case p.startsIri():
		it.IRI = p.iri()
	default:
		p.expected("IRI or 'a' in negated property set")
	}
	return it
}
