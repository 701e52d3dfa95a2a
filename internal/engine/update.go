package engine

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/ops"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// ErrUpdate is a failed update request (LOAD of a document the case lacks).
var ErrUpdate = errors.New("update request failed")

// Update applies an update request to a copy of gs and returns the store
// after it (SPARQL 1.1 Update §3). The engine's own way, not the judge's
// transcription of §4: operations change one working dataset in place,
// WHERE clauses run through the indexed evaluator (Eval), deletions are
// applied as one filter per graph. Where the text lets a store fail or go on
// (CREATE of an existing graph, DROP of an absent one), the engine goes on.
// LOAD of a document not in sources fails (unless SILENT): the request is
// atomic, so the returned store is gs unchanged, with the error wrapping
// ErrUpdate. Budget and context errors are returned as errors, no store.
func Update(ctx context.Context, req *algebra.Update, gs *rdf.Dataset, sources map[string]*rdf.Graph, opt Options) (out *rdf.Dataset, err error) {
	defer ops.CatchPanic("engine", &out, &err)
	if req == nil {
		return nil, errors.New("engine: no update request")
	}
	u := &updateRun{ctx: ctx, opt: opt, sources: sources, ds: gs.Clone(), used: blankLabels(gs, sources)}
	for i, op := range req.Ops {
		if err := u.apply(op); err != nil {
			if errors.Is(err, ErrUpdate) {
				return gs.Clone(), fmt.Errorf("operation %d: %w", i+1, err)
			}
			return nil, err
		}
	}
	return u.ds, nil
}

type updateRun struct {
	ctx     context.Context
	opt     Options
	sources map[string]*rdf.Graph
	ds      *rdf.Dataset
	used    map[string]bool
	n       int
}

func blankLabels(gs *rdf.Dataset, sources map[string]*rdf.Graph) map[string]bool {
	used := map[string]bool{}
	add := func(ts ...rdf.Term) {
		for _, t := range ts {
			if t.Kind == rdf.KindBlank {
				used[t.Value] = true
			}
		}
	}
	for _, q := range gs.Quads() {
		add(q.S, q.O)
	}
	for _, g := range sources {
		for _, t := range g.Triples() {
			add(t.S, t.O)
		}
	}
	return used
}

// blank returns a blank node no graph of the store or sources uses.
func (u *updateRun) blank() rdf.Term {
	for {
		u.n++
		if l := "e" + strconv.Itoa(u.n); !u.used[l] {
			u.used[l] = true
			return rdf.Blank(l)
		}
	}
}

func (u *updateRun) apply(op algebra.UpdateOp) error {
	if err := u.ctx.Err(); err != nil {
		return err
	}
	switch op := op.(type) {
	case *algebra.InsertData:
		u.insert(op.Quads, op.Graphs, []map[string]rdf.Term{{}})
	case *algebra.DeleteData:
		u.remove(u.instances(op.Quads, []map[string]rdf.Term{{}}))
	case *algebra.Modify:
		return u.modify(op)
	case *algebra.Load:
		return u.load(op)
	case *algebra.GraphMgmt:
		u.mgmt(op)
	case *algebra.Transfer:
		u.transfer(op)
	default:
		return fmt.Errorf("engine: unknown update operation %T", op)
	}
	return nil
}

// modify evaluates the WHERE pattern once, then deletes every instance of
// the DELETE template and inserts every instance of the INSERT template.
func (u *updateRun) modify(m *algebra.Modify) error {
	where := u.ds
	if m.HasUsing {
		where = u.ds.Using(m.Using, m.UsingNamed)
	}
	q := &algebra.Query{Form: algebra.Select, Op: m.Where, Vars: algebra.VisibleVars(m.Where), Base: m.Base}
	res, err := Eval(u.ctx, q, where, nil, u.opt)
	if err != nil {
		return err
	}
	u.remove(u.instances(m.Delete, res.Rows))
	u.insert(m.Insert, m.InsertGraphs, res.Rows)
	return nil
}

// instances instantiates quad patterns per row; template blank nodes are
// fresh per row; invalid triples and graph names are left out.
func (u *updateRun) instances(qp []algebra.QuadPattern, rows []map[string]rdf.Term) []rdf.Quad {
	var out []rdf.Quad
	for _, row := range rows {
		fresh := map[string]rdf.Term{}
		for _, q := range qp {
			if quad, ok := u.quad(q, row, fresh); ok {
				out = append(out, quad)
			}
		}
	}
	return out
}

func (u *updateRun) quad(q algebra.QuadPattern, row map[string]rdf.Term, fresh map[string]rdf.Term) (rdf.Quad, bool) {
	s, p, o := u.term(q.S, row, fresh), u.term(q.P, row, fresh), u.term(q.O, row, fresh)
	if s.IsZero() || p.Kind != rdf.KindIRI || o.IsZero() || s.IsLiteral() {
		return rdf.Quad{}, false
	}
	quad := rdf.Quad{S: s, P: p, O: o}
	if !q.InDefault() {
		if quad.G = u.term(q.G, row, fresh); quad.G.Kind != rdf.KindIRI {
			return rdf.Quad{}, false
		}
	}
	return quad, true
}

func (u *updateRun) term(n algebra.Node, row map[string]rdf.Term, fresh map[string]rdf.Term) rdf.Term {
	switch {
	case n.Var != "":
		return row[n.Var]
	case n.IsTriple():
		return u.tripleTerm(n.Triple.S, n.Triple.P, n.Triple.O, row, fresh)
	case n.Term.IsTriple() && rdf.HasBlank(n.Term):
		s, p, o, _ := n.Term.TripleParts()
		return u.tripleTerm(algebra.T(s), algebra.T(p), algebra.T(o), row, fresh)
	case n.Term.Kind == rdf.KindBlank:
		if _, ok := fresh[n.Term.Value]; !ok {
			fresh[n.Term.Value] = u.blank()
		}
		return fresh[n.Term.Value]
	}
	return n.Term
}

// tripleTerm instantiates a template's triple term part by part, as the
// reference does (SPARQL 1.2): blank nodes fresh per row, no term when a
// part is unbound or ill-placed.
func (u *updateRun) tripleTerm(s, p, o algebra.Node, row map[string]rdf.Term, fresh map[string]rdf.Term) rdf.Term {
	st, pt, ot := u.term(s, row, fresh), u.term(p, row, fresh), u.term(o, row, fresh)
	if !(st.IsIRI() || st.IsBlank()) || !pt.IsIRI() || ot.IsZero() {
		return rdf.None
	}
	return rdf.TripleTerm(st, pt, ot)
}

// insert adds the instances, creating the graphs the template names.
func (u *updateRun) insert(qp []algebra.QuadPattern, graphs []algebra.Node, rows []map[string]rdf.Term) {
	for _, row := range rows {
		for _, g := range graphs {
			if t := u.term(g, row, nil); t.Kind == rdf.KindIRI {
				u.ds.Named(t, true)
			}
		}
	}
	for _, q := range u.instances(qp, rows) {
		u.ds.Add(q)
	}
}

// remove deletes the quads: one pass over each graph touched.
func (u *updateRun) remove(qs []rdf.Quad) {
	byGraph := map[rdf.Term]map[rdf.Triple]bool{}
	for _, q := range qs {
		if byGraph[q.G] == nil {
			byGraph[q.G] = map[rdf.Triple]bool{}
		}
		byGraph[q.G][q.Triple()] = true
	}
	for g, del := range byGraph {
		old := u.ds.Default
		if !g.IsZero() {
			if old = u.ds.Named(g, false); old == nil {
				continue
			}
		}
		kept := rdf.NewGraph()
		for _, t := range old.Triples() {
			if !del[t] {
				kept.Add(t)
			}
		}
		*old = *kept
	}
}

func (u *updateRun) load(l *algebra.Load) error {
	src, ok := u.sources[l.Source]
	if !ok {
		if l.Silent {
			return nil
		}
		return fmt.Errorf("%w: LOAD <%s>: no such document", ErrUpdate, l.Source)
	}
	g := u.ds.Default
	if l.Into != "" {
		g = u.ds.Named(rdf.IRI(l.Into), true)
	}
	fresh := map[string]rdf.Term{}
	for _, t := range src.Triples() {
		g.Add(rdf.Triple{S: u.relabel(t.S, fresh), P: t.P, O: u.relabel(t.O, fresh)})
	}
	return nil
}

func (u *updateRun) relabel(t rdf.Term, fresh map[string]rdf.Term) rdf.Term {
	if t.Kind != rdf.KindBlank {
		return t
	}
	if _, ok := fresh[t.Value]; !ok {
		fresh[t.Value] = u.blank()
	}
	return fresh[t.Value]
}

func (u *updateRun) mgmt(m *algebra.GraphMgmt) {
	name := rdf.IRI(m.Target.IRI)
	switch {
	case m.Kind == algebra.Create:
		u.ds.Named(name, true)
	case m.Target.Kind == algebra.TargetGraph:
		if g := u.ds.Named(name, false); g != nil && m.Kind == algebra.Clear {
			*g = *rdf.NewGraph()
		} else if g != nil {
			u.ds.Drop(name)
		}
	default:
		u.clearMany(m.Kind == algebra.Drop, m.Target.Kind)
	}
}

// clearMany is CLEAR or DROP of DEFAULT, NAMED or ALL.
func (u *updateRun) clearMany(drop bool, k algebra.TargetKind) {
	if k != algebra.TargetNamed {
		u.ds.Default = rdf.NewGraph()
	}
	if k == algebra.TargetDefault {
		return
	}
	for _, n := range u.ds.Names() {
		if drop {
			u.ds.Drop(n)
		} else {
			*u.ds.Named(n, false) = *rdf.NewGraph()
		}
	}
}

// transfer is ADD, COPY or MOVE: nothing when source and destination are
// one graph; COPY and MOVE empty the destination first; MOVE drops the source.
func (u *updateRun) transfer(x *algebra.Transfer) {
	if x.From == x.To {
		return
	}
	src := u.graph(x.From, false).Triples()
	src = append([]rdf.Triple(nil), src...)
	if x.Kind != algebra.Add {
		if dst := u.graph(x.To, false); dst != nil {
			*dst = *rdf.NewGraph()
		}
	}
	dst := u.graph(x.To, true)
	for _, t := range src {
		dst.Add(t)
	}
	if x.Kind == algebra.Move {
		if x.From.Kind == algebra.TargetDefault {
			u.ds.Default = rdf.NewGraph()
		} else {
			u.ds.Drop(rdf.IRI(x.From.IRI))
		}
	}
}

func (u *updateRun) graph(t algebra.GraphTarget, create bool) *rdf.Graph {
	if t.Kind == algebra.TargetDefault {
		return u.ds.Default
	}
	return u.ds.Named(rdf.IRI(t.IRI), create)
}
