package syntax

// String prints the request as SPARQL Update text that ParseUpdate accepts
// and that parses back to an equal tree (see Equal).
func (u *Update) String() string {
	var p printer
	p.update(u)
	return p.b.String()
}

func (p *printer) update(u *Update) {
	for i, st := range u.Ops {
		if i > 0 {
			p.w(" ;\n")
		}
		p.prologue(st.Prologue)
		p.updateOp(st.Op)
	}
	if len(u.Tail) > 0 {
		if len(u.Ops) > 0 {
			p.w(" ;\n")
		}
		p.prologue(u.Tail)
	}
	p.w("\n")
}

func (p *printer) updateOp(op UpdateOp) {
	switch op := op.(type) {
	case *Load:
		p.w("LOAD ", silent(op.Silent), iriText(op.Source))
		if op.Into != nil {
			p.w(" INTO GRAPH ", iriText(op.Into))
		}
	case *Management:
		p.w(op.Kind.String(), " ", silent(op.Silent), target(op.Target))
	case *Transfer:
		p.w(op.Kind.String(), " ", silent(op.Silent), target(op.From), " TO ", target(op.To))
	case *InsertData:
		p.quads("INSERT DATA ", op.Quads)
	case *DeleteData:
		p.quads("DELETE DATA ", op.Quads)
	case *DeleteWhere:
		p.quads("DELETE WHERE ", op.Quads)
	case *Modify:
		p.modify(op)
	}
}

func silent(s bool) string {
	if s {
		return "SILENT "
	}
	return ""
}

func target(t *Target) string {
	if t == nil {
		return "DEFAULT"
	}
	switch t.Kind {
	case TargetDefault:
		return "DEFAULT"
	case TargetNamed:
		return "NAMED"
	case TargetAll:
		return "ALL"
	}
	return "GRAPH " + iriText(t.IRI)
}

func (p *printer) modify(m *Modify) {
	if m.With != nil {
		p.w("WITH ", iriText(m.With))
		p.nl()
	}
	if m.HasDelete {
		p.quads("DELETE ", m.Delete)
		p.nl()
	}
	if m.HasInsert {
		p.quads("INSERT ", m.Insert)
		p.nl()
	}
	for _, d := range m.Using {
		p.w(dataset("USING", d))
		p.nl()
	}
	p.w("WHERE ")
	p.group(m.Where)
}

// quads prints kw '{' Quads '}': default-graph triples end with ' .',
// GRAPH blocks hold their template; consecutive default-graph blocks stay
// apart only by a GRAPH block between them, as the parser builds them.
func (p *printer) quads(kw string, qs []*QuadBlock) {
	if len(qs) == 0 {
		p.w(kw, "{}")
		return
	}
	p.w(kw, "{")
	p.indent++
	for _, q := range qs {
		p.nl()
		if q.Graph == nil {
			p.tripleLines(q.Triples)
			continue
		}
		p.w("GRAPH ")
		p.node(q.Graph)
		p.w(" {")
		p.indent++
		p.tripleLines(q.Triples)
		p.indent--
		if len(q.Triples) > 0 {
			p.nl()
		}
		p.w("}")
	}
	p.indent--
	p.nl()
	p.w("}")
}

func (p *printer) tripleLines(ts []*TriplesSameSubject) {
	for i, t := range ts {
		if i > 0 || p.b.Len() > 0 && p.lastIsBrace() {
			p.nl()
		}
		p.triple(t)
		p.w(" .")
	}
}

func (p *printer) lastIsBrace() bool {
	s := p.b.String()
	return len(s) > 0 && s[len(s)-1] == '{'
}
