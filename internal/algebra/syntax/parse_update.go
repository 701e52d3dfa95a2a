package syntax

// ParseUpdate parses a SPARQL Update request (#rUpdateUnit) and applies
// the static rules of check_update.go. Every error is an *Error with a
// position. Options mean what they mean for Parse, Spec included.
func ParseUpdate(src string, opts Options) (*Update, error) {
	return parseUnit(src, opts, updateUnit)
}

var updateUnit = unit[*Update]{"request", (*parser).updateUnit, checkUpdate}

func (p *parser) updateUnit() *Update {
	u := p.update()
	u.Spec = p.followed()
	return u
}

// update parses #rUpdate: Prologue ( Update1 ( ';' Update )? )?.
func (p *parser) update() *Update {
	u := &Update{Pos: p.here()}
	for p.err == nil {
		var pro Query
		pos := p.here()
		p.prologue(&pro)
		if p.peek().kind == tEOF {
			u.Tail = pro.Prologue
			return u
		}
		u.Ops = append(u.Ops, &UpdateStep{Pos: pos, Prologue: pro.Prologue, Op: p.update1()})
		if !p.acceptPunct(";") {
			if p.peek().kind != tEOF {
				p.expected("';' or end of request")
			}
			return u
		}
	}
	return u
}

// update1 parses #rUpdate1.
func (p *parser) update1() UpdateOp {
	t := p.peek()
	if t.kind != tWord {
		p.expected("update operation")
		return nil
	}
	switch t.val {
	case "LOAD":
		return p.load()
	case "CLEAR", "DROP", "CREATE":
		return p.management()
	case "ADD", "MOVE", "COPY":
		return p.transfer()
	case "INSERT":
		if p.peekAt(1).kind == tWord && p.peekAt(1).val == "DATA" {
			p.next()
			p.next()
			return &InsertData{Pos: p.pos(t), Quads: p.quadPattern()}
		}
	case "DELETE":
		return p.deleteOp()
	}
	if t.val == "INSERT" || t.val == "WITH" {
		return p.modify()
	}
	p.expected("update operation")
	return nil
}

// deleteOp parses #rDeleteData, #rDeleteWhere or a #rModify starting with DELETE.
func (p *parser) deleteOp() UpdateOp {
	t := p.peek()
	n := p.peekAt(1)
	switch {
	case n.kind == tWord && n.val == "DATA":
		p.next()
		p.next()
		return &DeleteData{Pos: p.pos(t), Quads: p.quadPattern()}
	case n.kind == tWord && n.val == "WHERE":
		p.next()
		p.next()
		return &DeleteWhere{Pos: p.pos(t), Quads: p.quadPattern()}
	}
	return p.modify()
}

// load parses #rLoad.
func (p *parser) load() *Load {
	t := p.next()
	l := &Load{Pos: p.pos(t), Silent: p.acceptKw("SILENT")}
	l.Source = p.iri()
	if p.acceptKw("INTO") {
		p.expectKw("GRAPH")
		l.Into = p.iri()
	}
	return l
}

// management parses #rClear, #rDrop (GraphRefAll) and #rCreate (GraphRef).
func (p *parser) management() *Management {
	t := p.next()
	m := &Management{Pos: p.pos(t), Silent: p.acceptKw("SILENT")}
	switch t.val {
	case "CLEAR":
		m.Kind = MgmtClear
	case "DROP":
		m.Kind = MgmtDrop
	default:
		m.Kind = MgmtCreate
		tp := p.here()
		p.expectKw("GRAPH")
		m.Target = &Target{Pos: tp, Kind: TargetGraph, IRI: p.iri()}
		return m
	}
	m.Target = p.graphRefAll()
	return m
}

// graphRefAll parses #rGraphRefAll.
func (p *parser) graphRefAll() *Target {
	tg := &Target{Pos: p.here()}
	switch {
	case p.acceptKw("GRAPH"):
		tg.IRI = p.iri()
	case p.acceptKw("DEFAULT"):
		tg.Kind = TargetDefault
	case p.acceptKw("NAMED"):
		tg.Kind = TargetNamed
	case p.acceptKw("ALL"):
		tg.Kind = TargetAll
	default:
		p.expected("GRAPH, DEFAULT, NAMED or ALL")
	}
	return tg
}

// transfer parses #rAdd, #rMove and #rCopy.
func (p *parser) transfer() *Transfer {
	t := p.next()
	x := &Transfer{Pos: p.pos(t), Silent: p.acceptKw("SILENT")}
	x.Kind = map[string]TransferKind{"ADD": TransferAdd, "MOVE": TransferMove, "COPY": TransferCopy}[t.val]
	x.From = p.graphOrDefault()
	p.expectKw("TO")
	x.To = p.graphOrDefault()
	return x
}

// graphOrDefault parses #rGraphOrDefault: 'DEFAULT' | 'GRAPH'? iri.
func (p *parser) graphOrDefault() *Target {
	tg := &Target{Pos: p.here()}
	if p.acceptKw("DEFAULT") {
		tg.Kind = TargetDefault
		return tg
	}
	p.acceptKw("GRAPH")
	tg.IRI = p.iri()
	return tg
}

// modify parses #rModify.
func (p *parser) modify() *Modify {
	m := &Modify{Pos: p.here()}
	if p.acceptKw("WITH") {
		m.With = p.iri()
	}
	if p.acceptKw("DELETE") {
		m.HasDelete = true
		m.Delete = p.quadPattern()
	}
	if p.acceptKw("INSERT") {
		m.HasInsert = true
		m.Insert = p.quadPattern()
	}
	if !m.HasDelete && !m.HasInsert {
		p.expected("DELETE or INSERT")
		return m
	}
	for p.err == nil && p.isKw("USING") {
		t := p.next()
		d := &DatasetClause{Pos: p.pos(t), Named: p.acceptKw("NAMED")}
		d.IRI = p.iri()
		m.Using = append(m.Using, d)
	}
	p.expectKw("WHERE")
	m.Where = p.groupGraphPattern()
	return m
}

// quadPattern parses #rQuadPattern / #rQuadData: '{' Quads '}' with
// #rQuads = TriplesTemplate? ( QuadsNotTriples '.'? TriplesTemplate? )*.
func (p *parser) quadPattern() []*QuadBlock {
	out := []*QuadBlock{}
	p.expectPunct("{")
	afterTriples := false
	for p.err == nil && !p.isPunct("}") {
		switch {
		case p.isKw("GRAPH"):
			out = append(out, p.quadsNotTriples())
			p.acceptPunct(".")
			afterTriples = false
		case p.startsTriples() && !afterTriples:
			b := &QuadBlock{Pos: p.here()}
			var dot bool
			b.Triples, dot = p.triplesTemplate()
			out = append(out, b)
			afterTriples = !dot
		default:
			p.expected("triples, GRAPH or '}'")
		}
	}
	p.expectPunct("}")
	return out
}

// quadsNotTriples parses #rQuadsNotTriples.
func (p *parser) quadsNotTriples() *QuadBlock {
	t := p.next()
	b := &QuadBlock{Pos: p.pos(t), Graph: p.varOrIriOrFail()}
	p.expectPunct("{")
	if !p.isPunct("}") {
		b.Triples, _ = p.triplesTemplate()
	}
	p.expectPunct("}")
	return b
}

// triplesTemplate parses #rTriplesTemplate; dot reports a trailing '.'.
func (p *parser) triplesTemplate() (ts []*TriplesSameSubject, dot bool) {
	for p.err == nil {
		ts = append(ts, p.triplesSameSubject(false))
		if !p.acceptPunct(".") {
			return ts, false
		}
		if !p.startsTriples() {
			return ts, true
		}
	}
	return ts, false
}
