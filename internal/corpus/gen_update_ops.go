package corpus

import (
	"fmt"

	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// ---------------------------------------------------------------- graph names

// updateGraph names a graph for an operation: a named graph of the data
// (ex:g0, ex:g1), the empty one (ex:g2, in the store only with
// p.empty_graph) or the absent one (ex:g9), so that every §3.2 operation
// meets present, empty and absent graphs.
func (g *gen) updateGraph() *syntax.IRI {
	switch g.r.IntN(8) {
	case 0, 1:
		return iri(absentGraph.Value)
	case 2, 3:
		return iri(emptyGraph.Value)
	}
	return iri(oneOf(g, graphNames).Value)
}

// graphOrDefault is a GraphOrDefault of ADD, MOVE, COPY (#rGraphOrDefault).
func (g *gen) graphOrDefault() *syntax.Target {
	if g.r.IntN(4) == 0 {
		return &syntax.Target{Kind: syntax.TargetDefault}
	}
	return &syntax.Target{Kind: syntax.TargetGraph, IRI: g.updateGraph()}
}

// ---------------------------------------------------------------- §3.2 graph management

// management is CLEAR or DROP of a GraphRefAll (#rClear, #rDrop) or CREATE
// of a GraphRef (#rCreate), SILENT with p.silent.
func (g *gen) management(kind string) *syntax.Management {
	m := &syntax.Management{Silent: g.maybe("silent"),
		Target: &syntax.Target{Kind: syntax.TargetGraph, IRI: g.updateGraph()}}
	switch kind {
	case "create":
		m.Kind = syntax.MgmtCreate
		return m
	case "clear":
		m.Kind = syntax.MgmtClear
	default:
		m.Kind = syntax.MgmtDrop
	}
	if k := g.r.IntN(8); k < 3 { // DEFAULT, NAMED, ALL
		m.Target = &syntax.Target{Kind: []syntax.TargetKind{syntax.TargetDefault, syntax.TargetNamed, syntax.TargetAll}[k]}
	}
	return m
}

// transfer is ADD, MOVE or COPY (#add, #move, #copy); source and target may
// be the same graph, which the text makes a no-op.
func (g *gen) transfer(kind string) *syntax.Transfer {
	t := &syntax.Transfer{Silent: g.maybe("silent"), From: g.graphOrDefault(), To: g.graphOrDefault()}
	switch kind {
	case "add":
		t.Kind = syntax.TransferAdd
	case "move":
		t.Kind = syntax.TransferMove
	default:
		t.Kind = syntax.TransferCopy
	}
	return t
}

// load is LOAD of a document no case provides (#load: the operation fails,
// or with SILENT does nothing), into the default graph or a named one.
func (g *gen) load() *syntax.Load {
	l := &syntax.Load{Silent: g.maybe("silent"), Source: iri(ns + "doc")}
	if g.r.IntN(2) == 0 {
		l.Into = g.updateGraph()
	}
	return l
}

// ---------------------------------------------------------------- §3.1.1, §3.1.2 DATA

// dataQuads is the QuadData of INSERT DATA (insert: blank nodes allowed,
// labelled per operation, since two INSERT DATA of a request may not share
// a label, #grammarBNodes) or DELETE DATA (no blank nodes): quads of the
// store with the chance p.data_hit each, so that deletes hit and inserts
// repeat, else new quads over the vocabulary and the case's terms.
func (g *gen) dataQuads(op int, insert bool) []*syntax.QuadBlock {
	var qs []rdf.Quad
	for i, n := 0, g.between(1, 4); i < n; i++ {
		q := g.newDataQuad()
		if len(g.data) > 0 && g.maybe("data_hit") {
			q = oneOf(g, g.data)
		}
		if !insert && (q.S.IsBlank() || q.O.IsBlank()) {
			continue // DELETE DATA holds no blank nodes
		}
		qs = append(qs, q)
	}
	if len(qs) == 0 {
		qs = append(qs, rdf.Quad{S: subjects[0], P: predicates[0], O: subjects[1], G: rdf.DefaultGraph})
	}
	return quadBlocks(qs, func(t rdf.Term) syntax.GraphNode { return g.dataNode(t, op) })
}

// newDataQuad is a quad over the vocabulary, the case's pool terms and,
// now and then, a named graph (present, empty or absent).
func (g *gen) newDataQuad() rdf.Quad {
	q := rdf.Quad{S: g.dataSubject(), P: oneOf(g, predicates), O: g.dataObject(), G: rdf.DefaultGraph}
	if g.r.IntN(3) == 0 {
		q.G = rdf.IRI(g.updateGraph().Value)
	}
	return q
}

// dataNode writes a term of QuadData: blank nodes get the operation's own
// labels (_:d<op>_<label>).
func (g *gen) dataNode(t rdf.Term, op int) syntax.GraphNode {
	if t.IsBlank() {
		return &syntax.BlankNode{Label: fmt.Sprintf("d%d_%s", op, t.Value)}
	}
	return g.termNode(t).(syntax.GraphNode)
}

// quadBlocks groups quads as #rQuads writes them: the default graph's
// triples first, then one GRAPH block per named graph in first-use order
// (two default-graph blocks may not touch: the parser would merge them).
func quadBlocks(qs []rdf.Quad, node func(rdf.Term) syntax.GraphNode) []*syntax.QuadBlock {
	var out []*syntax.QuadBlock
	byGraph := map[rdf.Term]*syntax.QuadBlock{}
	var def *syntax.QuadBlock
	for _, q := range qs {
		t := &syntax.TriplesSameSubject{Subject: node(q.S), Props: []*syntax.PropertyObjects{
			{Verb: iri(q.P.Value), Objects: []syntax.GraphNode{node(q.O)}}}}
		b := byGraph[q.G]
		switch {
		case b != nil:
		case q.G.IsZero():
			def = &syntax.QuadBlock{}
			b = def
		default:
			b = &syntax.QuadBlock{Graph: iri(q.G.Value)}
			out = append(out, b)
		}
		byGraph[q.G] = b
		b.Triples = append(b.Triples, t)
	}
	if def != nil {
		out = append([]*syntax.QuadBlock{def}, out...)
	}
	return out
}

// ---------------------------------------------------------------- §3.1.3 DELETE/INSERT

// deleteWhereQuads is the QuadPattern of DELETE WHERE (#deleteWhere): a
// plain triples block (no paths, no blank nodes) walked over the data, in
// the default graph or in a GRAPH block (an IRI or a variable).
func (g *gen) deleteWhereQuads() []*syntax.QuadBlock {
	b := &syntax.QuadBlock{Triples: g.bgp(true).Triples}
	switch g.r.IntN(4) {
	case 0:
		b.Graph = &syntax.Var{Name: "g"}
	case 1:
		b.Graph = g.updateGraph()
	}
	return []*syntax.QuadBlock{b}
}

// modifyOp is DELETE/INSERT (#deleteInsert): WITH with p.with, USING and
// USING NAMED with p.using, a WHERE from the query generator (its
// pattern.* weights: OPTIONAL, FILTER, GRAPH...), and templates over the
// WHERE's variables: the DELETE template without blank nodes
// (#rDeleteClause), the INSERT one with them (p.template_bnode,
// p.template_bnode_list: fresh per solution, #deleteInsert).
func (g *gen) modifyOp(op int) *syntax.Modify {
	m := &syntax.Modify{}
	if g.maybe("with") {
		m.With = g.updateGraph()
	}
	if g.maybe("using") {
		for i, n := 0, g.between(1, 2); i < n; i++ {
			m.Using = append(m.Using, &syntax.DatasetClause{Named: g.r.IntN(3) == 0, IRI: g.updateGraph()})
		}
	}
	m.Where = g.group(nil)
	scope := syntax.InScope(m.Where)
	switch g.r.IntN(3) {
	case 0:
		m.HasDelete = true
	case 1:
		m.HasInsert = true
	default:
		m.HasDelete, m.HasInsert = true, true
	}
	if m.HasDelete {
		m.Delete = g.template(scope, false)
	}
	if m.HasInsert {
		m.Insert = g.template(scope, true)
	}
	return m
}

// template is a QuadPattern of 1-3 triples over scope's variables, now and
// then in a GRAPH block named by a variable of scope or a graph IRI.
func (g *gen) template(scope []string, blanks bool) []*syntax.QuadBlock {
	b := &syntax.QuadBlock{}
	for i, n := 0, g.between(1, 3); i < n; i++ {
		t := g.templateTriple(scope)
		if !blanks {
			t = noBlanks(g, t, scope)
		} else {
			b.Triples = append(b.Triples, g.templateExtras(t)...)
			continue
		}
		b.Triples = append(b.Triples, t)
	}
	switch g.r.IntN(5) {
	case 0:
		b.Graph = g.varOf(scope)
	case 1:
		b.Graph = g.updateGraph()
	}
	return []*syntax.QuadBlock{b}
}

// noBlanks replaces the blank nodes of a template triple by variables of
// scope: a DELETE template holds none (#rDeleteClause).
func noBlanks(g *gen, t *syntax.TriplesSameSubject, scope []string) *syntax.TriplesSameSubject {
	fix := func(n syntax.GraphNode) syntax.GraphNode {
		switch n.(type) {
		case *syntax.BlankNode, *syntax.BlankNodePropertyList:
			return g.varOf(scope)
		}
		return n
	}
	t.Subject = fix(t.Subject)
	for _, po := range t.Props {
		for i, o := range po.Objects {
			po.Objects[i] = fix(o)
		}
	}
	return t
}
