package reduce

import (
	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
	"github.com/sparql-oracle/oracle/internal/constructs"
)

// The edits of an update request (SPARQL 1.1 Update #rUpdate). The request
// tree is walked in a fixed order (updateNodes), so an edit site (node
// index, edit index) computed on a tree applies to any syntax.Clone of it,
// as for queries. Request-level edits come first: they remove the most.
// Below the operations, the query edits of edits*.go apply unchanged to the
// WHERE pattern and to the triples of templates and DATA blocks (a
// variable written into a DATA block does not parse again, so such a
// candidate is never asked).

// nodeList collects nodes in visiting order.
type nodeList struct{ out []syntax.Node }

func (l *nodeList) inspect(n syntax.Node) {
	if isNilNode(n) {
		return
	}
	syntax.Inspect(n, func(m syntax.Node) bool { l.out = append(l.out, m); return true })
}

// block visits a quad block: the block, its graph name, its triples.
func (l *nodeList) block(qb *syntax.QuadBlock) {
	l.out = append(l.out, qb)
	l.inspect(qb.Graph)
	for _, t := range qb.Triples {
		l.inspect(t)
	}
}

// updateNodes lists the nodes of u: the request, then per operation its
// step, prologue, the operation and everything under it, then the tail
// prologue.
func updateNodes(u *syntax.Update) []syntax.Node {
	l := &nodeList{out: []syntax.Node{u}}
	for _, st := range u.Ops {
		l.out = append(l.out, st)
		for _, d := range st.Prologue {
			l.inspect(d)
		}
		l.out = append(l.out, st.Op)
		l.op(st.Op)
	}
	for _, d := range u.Tail {
		l.inspect(d)
	}
	return l.out
}

// op visits what an operation holds, in source order.
func (l *nodeList) op(op syntax.UpdateOp) {
	blocks := func(bs []*syntax.QuadBlock) {
		for _, b := range bs {
			l.block(b)
		}
	}
	if data := constructs.DataBlocks(op); data != nil {
		blocks(*data)
		return
	}
	switch op := op.(type) {
	case *syntax.Load:
		l.inspect(op.Source)
		l.inspect(op.Into)
	case *syntax.Management:
		l.target(op.Target)
	case *syntax.Transfer:
		l.target(op.From)
		l.target(op.To)
	case *syntax.Modify:
		l.inspect(op.With)
		blocks(op.Delete)
		blocks(op.Insert)
		for _, d := range op.Using {
			l.inspect(d)
		}
		l.inspect(op.Where)
	}
}

func (l *nodeList) target(t *syntax.Target) {
	if t == nil {
		return
	}
	l.out = append(l.out, t)
	l.inspect(t.IRI)
}

func isNilNode(n syntax.Node) bool {
	switch n := n.(type) {
	case nil:
		return true
	case *syntax.IRI:
		return n == nil
	case *syntax.GroupPattern:
		return n == nil
	case *syntax.Var:
		return n == nil
	}
	return false
}

// updateNodeEdits lists the edits of one node of a request: the request's and the
// operations' own, else the query edits of the node.
func updateNodeEdits(n syntax.Node, sc scope) []edit {
	switch n := n.(type) {
	case *syntax.Update:
		return requestEdits(n)
	case *syntax.UpdateStep, *syntax.Target:
		return nil
	case *syntax.QuadBlock:
		return blockEdits(n)
	case syntax.UpdateOp:
		return opEdits(n)
	}
	return nodeEdits(n, sc)
}

// requestEdits drop an operation (the last one too: the empty request is
// one, #rUpdate; its prologue moves to the operation after it, as
// declarations carry over), a prologue declaration (the IRIs it served
// written in full), or the prologue after the last ';'.
func requestEdits(u *syntax.Update) []edit {
	out := dropEach("drop-operation", len(u.Ops), 1, func(i int) { dropStep(u, i) })
	for _, st := range u.Ops {
		out = append(out, dropEach("drop-decl", len(st.Prologue), 1, func(j int) {
			inlineDecl(updateNodes(u), st.Prologue[j])
			st.Prologue = remove(st.Prologue, j)
		})...)
	}
	if len(u.Tail) > 0 {
		out = append(out, edit{"drop-tail-prologue", func() { u.Tail = nil }})
	}
	return out
}

func dropStep(u *syntax.Update, i int) {
	decls := u.Ops[i].Prologue
	if i+1 < len(u.Ops) {
		next := u.Ops[i+1]
		next.Prologue = append(append([]*syntax.Decl(nil), decls...), next.Prologue...)
	} else {
		u.Tail = append(append([]*syntax.Decl(nil), decls...), u.Tail...)
	}
	u.Ops = remove(u.Ops, i)
}

// opEdits are an operation's own edits: SILENT dropped, a graph target
// made DEFAULT, LOAD's INTO dropped, a DATA block dropped, and for
// DELETE/INSERT (#rModify) WITH, a USING clause, or a whole DELETE or
// INSERT clause dropped (the other one stays), a template block dropped.
func opEdits(op syntax.UpdateOp) []edit {
	if data := constructs.DataBlocks(op); data != nil {
		return dropBlocks("drop-data-block", data, 2)
	}
	switch op := op.(type) {
	case *syntax.Load:
		return append(silentEdit(&op.Silent), loadEdits(op)...)
	case *syntax.Management:
		return append(silentEdit(&op.Silent), targetEdits(op.Target)...)
	case *syntax.Transfer:
		out := append(silentEdit(&op.Silent), targetEdits(op.From)...)
		return append(out, targetEdits(op.To)...)
	case *syntax.Modify:
		return modifyEdits(op)
	}
	return nil
}

func silentEdit(s *bool) []edit {
	if !*s {
		return nil
	}
	return []edit{{"drop-silent", func() { *s = false }}}
}

func loadEdits(op *syntax.Load) []edit {
	if op.Into == nil {
		return nil
	}
	return []edit{{"drop-into", func() { op.Into = nil }}}
}

// targetEdits make GRAPH <g> the default graph (#rGraphOrDefault).
func targetEdits(t *syntax.Target) []edit {
	if t == nil || t.Kind != syntax.TargetGraph {
		return nil
	}
	return []edit{{"target-to-default", func() { t.Kind, t.IRI = syntax.TargetDefault, nil }}}
}

func dropBlocks(kind string, bs *[]*syntax.QuadBlock, min int) []edit {
	return dropEach(kind, len(*bs), min, func(i int) { *bs = remove(*bs, i) })
}

func modifyEdits(m *syntax.Modify) []edit {
	var out []edit
	if m.With != nil {
		out = append(out, edit{"drop-with", func() { m.With = nil }})
	}
	if m.HasDelete && m.HasInsert {
		out = append(out, edit{"drop-delete-clause", func() { m.HasDelete, m.Delete = false, nil }},
			edit{"drop-insert-clause", func() { m.HasInsert, m.Insert = false, nil }})
	}
	out = append(out, dropEach("drop-using", len(m.Using), 1, func(i int) { m.Using = remove(m.Using, i) })...)
	out = append(out, dropBlocks("drop-template-block", &m.Delete, 1)...)
	return append(out, dropBlocks("drop-template-block", &m.Insert, 1)...)
}

// blockEdits drop one triple of a template or DATA block, or write the
// block's triples into the default graph instead of its GRAPH.
func blockEdits(qb *syntax.QuadBlock) []edit {
	out := dropEach("drop-template-triple", len(qb.Triples), 1, func(i int) { qb.Triples = remove(qb.Triples, i) })
	if qb.Graph != nil {
		out = append(out, edit{"unwrap-graph-block", func() { qb.Graph = nil }})
	}
	return out
}

// SingleUpdateEdits returns every request one edit of the reducer makes
// from request, printed (some may not parse again, or not be smaller);
// tests use it to check that a reduced update case is 1-minimal.
func SingleUpdateEdits(request, base string) []string {
	return updateGrammar.singleEdits(request, base)
}
