package reference

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
)

// SPARQL 1.1 Update §4 (#formalModel) transcribed: one function per
// definition, its text quoted above it. A graph store is an *rdf.Dataset
// (#defn_graphStore: one unnamed slot, named slots that may hold the empty
// graph). update_request.go maps requests onto these operations (§4.5) and
// records what the text leaves open.

// ErrUpdate marks a failure of an update operation that the text permits or
// asks for (CREATE of an existing graph, DROP of an absent one...).
var ErrUpdate = errors.New("update operation failed")

// updater holds what one request's operations share: the context, the
// options, the sources LOAD may read, and the fresh blank-node counter.
type updater struct {
	ctx     context.Context
	opt     Options
	sources map[string]*rdf.Graph
	used    map[string]bool // blank labels of the store and sources: never reused
	fresh   int
	cells   map[rdf.Quad]results.Cell // inserted quads whose object was computed (provenance.go)
	// indeterminate: why a WHERE's solutions were one of several permitted
	indeterminate string
	deleting      bool // instantiating a DELETE template
}

func newUpdater(ctx context.Context, gs *rdf.Dataset, sources map[string]*rdf.Graph, opt Options) *updater {
	u := &updater{ctx: ctx, opt: opt, sources: sources, used: map[string]bool{}, cells: map[rdf.Quad]results.Cell{}}
	for _, q := range gs.Quads() {
		u.note(q.S, q.O)
	}
	for _, g := range sources {
		for _, t := range g.Triples() {
			u.note(t.S, t.O)
		}
	}
	return u
}

func (u *updater) note(ts ...rdf.Term) {
	for _, t := range ts {
		if t.Kind == rdf.KindBlank {
			u.used[t.Value] = true
		}
	}
}

// freshBlank is a new blank node, "different from any blank nodes used in DS
// or in GS" (#def_datasetQuadPattern).
func (u *updater) freshBlank() rdf.Term {
	for {
		u.fresh++
		l := "u" + strconv.Itoa(u.fresh)
		if !u.used[l] {
			u.used[l] = true
			return rdf.Blank(l)
		}
	}
}

// #defn_datasetUnion: "Dataset-UNION(DS, DS') = {DG union DG'} union {(iri,
// G) | iri in graphNames(DS) union graphNames(DS')} and G defined as Gi for
// iri = irii such that irii in graphNames(DS) minus graphNames(DS'); Gj for
// iri = iri'j such that irij in graphNames(DS') minus graphNames(DS); Gi
// union Gj for iri = irii = iri'j in graphNames(DS) intersect graphNames(DS')
// where union between graphs is defined as set-union of triples in those
// graphs."
func DatasetUnion(ds, ds2 *rdf.Dataset) *rdf.Dataset {
	out := ds.Clone()
	unionInto(out, ds2)
	return out
}

// unionInto is Dataset-UNION(out, ds2) written into out.
func unionInto(out, ds2 *rdf.Dataset) {
	for _, t := range ds2.Default.Triples() {
		out.Default.Add(t)
	}
	for _, n := range ds2.Names() {
		g := out.Named(n, true)
		for _, t := range ds2.Named(n, false).Triples() {
			g.Add(t)
		}
	}
}

// #defn_datasetDiff: "Dataset-DIFF(DS, DS') = {DG minus DG'} union { (iri,
// G) | iri in graphNames(DS) }) and G defined as Gi for iri = irii such that
// irii in graphNames(DS) minus graphNames(DS'); Gi minus G'j for iri = irii =
// iri'j in graphNames(DS) intersect graphNames(DS')". Every slot of DS stays,
// emptied or not.
func DatasetDiff(ds, ds2 *rdf.Dataset) *rdf.Dataset {
	out := ds.Clone()
	for _, t := range ds2.Default.Triples() {
		out.Default.Remove(t)
	}
	for _, n := range ds2.Names() {
		if g := out.Named(n, false); g != nil {
			for _, t := range ds2.Named(n, false).Triples() {
				g.Remove(t)
			}
		}
	}
	return out
}

// #def_datasetQuadPattern, Dataset(QuadPattern, μ, DS, GS): the default graph
// of "all valid RDF triples obtained from substituting the variables in
// skμ(TriplesTemplate) according to μ", plus for 'GRAPH' VarOrIri "- in case
// μ(VarOrIri) yields a valid IRI - a named graph (μ(VarOrIri), G)"; a
// QuadPattern of several parts is the Dataset-UNION of theirs. "skμ ...
// replacing any blank nodes occurring in the TriplesTemplate with a new,
// unique blank node (unique to the current update request and to each μ)".
// graphs are the GRAPH names of the pattern (a part with no triples still
// names its graph).
func (u *updater) DatasetQuadPattern(qp []algebra.QuadPattern, graphs []algebra.Node, mu Mapping) *rdf.Dataset {
	ds := rdf.NewDataset()
	sk := map[string]rdf.Term{}
	for _, g := range graphs {
		if name, ok := substNode(g, mu, u, sk); ok && name.Kind == rdf.KindIRI {
			ds.Named(name, true)
		}
	}
	for _, q := range qp {
		t, ok := u.instantiate(q, mu, sk)
		if !ok {
			continue
		}
		u.trace(q, mu, t)
		if q.InDefault() {
			ds.Default.Add(t.Triple())
			continue
		}
		ds.Named(t.G, true).Add(t.Triple())
	}
	return ds
}

// instantiate substitutes μ and skμ into one quad pattern; ok is false when
// the result is not a valid RDF triple in a graph named by an IRI.
func (u *updater) instantiate(q algebra.QuadPattern, mu Mapping, sk map[string]rdf.Term) (rdf.Quad, bool) {
	s, ok1 := substNode(q.S, mu, u, sk)
	p, ok2 := substNode(q.P, mu, u, sk)
	o, ok3 := substNode(q.O, mu, u, sk)
	if !ok1 || !ok2 || !ok3 || s.IsLiteral() || p.Kind != rdf.KindIRI {
		return rdf.Quad{}, false
	}
	quad := rdf.Quad{S: s, P: p, O: o}
	if q.InDefault() {
		return quad, true
	}
	g, ok := substNode(q.G, mu, u, sk)
	if !ok || g.Kind != rdf.KindIRI {
		return rdf.Quad{}, false
	}
	quad.G = g
	return quad, true
}

// trace records a quad whose object a computation bound (its Prov leaves
// something open), so the comparator accepts its permitted forms.
func (u *updater) trace(q algebra.QuadPattern, mu Mapping, t rdf.Quad) {
	if q.O.Var == "" {
		return
	}
	_, prov, ok := mu.GetProv(q.O.Var)
	switch {
	case !ok || !prov.Cell().Open():
	case u.deleting && u.indeterminate == "":
		// Which quads a computed object deletes depends on its form,
		// which the text leaves open: the store is one of several.
		u.indeterminate = "a DELETE template's object " + t.O.String() + " was computed: its form (open) decides which quads it deletes"
	case !u.deleting:
		u.cells[t] = prov.Cell()
	}
}

// substNode is μ applied to a node, with template blank nodes replaced by
// their skμ node (sk is per μ).
func substNode(n algebra.Node, mu Mapping, u *updater, sk map[string]rdf.Term) (rdf.Term, bool) {
	if n.Var != "" {
		return mu.Get(n.Var)
	}
	if n.IsTriple() {
		return substTriple(n.Triple.S, n.Triple.P, n.Triple.O, mu, u, sk)
	}
	if n.Term.IsTriple() && rdf.HasBlank(n.Term) {
		s, p, o, _ := n.Term.TripleParts()
		return substTriple(algebra.T(s), algebra.T(p), algebra.T(o), mu, u, sk)
	}
	if n.Term.Kind == rdf.KindBlank {
		b, ok := sk[n.Term.Value]
		if !ok {
			b = u.freshBlank()
			sk[n.Term.Value] = b
		}
		return b, true
	}
	return n.Term, true
}

// substTriple instantiates a template's triple term part by part (SPARQL
// 1.2, as a CONSTRUCT template's, forms.go instantiate): its blank nodes
// are fresh per μ like the template's others, and an unbound or ill-placed
// part leaves no triple term, so the quad holding it is not made.
func substTriple(s, p, o algebra.Node, mu Mapping, u *updater, sk map[string]rdf.Term) (rdf.Term, bool) {
	st, ok1 := substNode(s, mu, u, sk)
	pt, ok2 := substNode(p, mu, u, sk)
	ot, ok3 := substNode(o, mu, u, sk)
	if !ok1 || !ok2 || !ok3 || !validTriple(rdf.Triple{S: st, P: pt, O: ot}) {
		return rdf.None, false
	}
	return rdf.TripleTerm(st, pt, ot), true
}

// #def_datasetPattern: "Dataset(QuadPattern, P, DS, GS ) = Dataset-UNION( {
// Dataset(QuadPattern, μ, DS, GS) | μ in eval'(DS(DG),P) } )". The
// solutions sols are eval'(DS(DG), P) (see evalPattern).
func (u *updater) DatasetPattern(qp []algebra.QuadPattern, graphs []algebra.Node, sols Multiset) *rdf.Dataset {
	out := rdf.NewDataset() // the union of the empty set of datasets
	for _, mu := range sols {
		// Dataset-UNION of the set, folded in place (a copy per μ would
		// make this quadratic; the result is the same set union).
		unionInto(out, u.DatasetQuadPattern(qp, graphs, mu))
	}
	return out
}

// evalPattern is eval'(DS(DG), P): "defined exactly like the evaluation
// function eval() in the SPARQL1.1 Query Language, with the only exception,
// that ... the scoping graph SG used for BGP matching is equal to the active
// graph, i.e., blank nodes from the active graph are preserved in
// solutions". BGP (bgp.go) maps blank nodes of the pattern to the active
// graph's own terms, so eval is eval'. P is evaluated once per operation:
// its solutions serve the DELETE and the INSERT template alike (evaluating
// twice could differ under RAND, NOW or BNODE).
//
// Where the pattern's solutions are open (ops.Context.Indeterminate, as
// for a query: MIN/MAX over values ORDER BY leaves unordered, a contested
// reading), the store is too: the first reason is kept for the answer.
func (u *updater) evalPattern(ds *rdf.Dataset, p algebra.Op, base string) (Multiset, error) {
	e := newEvaluator(u.ctx, ds, base, u.opt)
	ms, err := e.eval(ds.Default, p)
	if why := cmp.Or(e.ectx.Indeterminate, e.ectx.ContestWhy); why != "" && u.indeterminate == "" {
		u.indeterminate = why
	}
	return ms, err
}

// #defn_insertDataOperation: "OpInsertData(GS, QuadPattern) =
// Dataset-UNION(GS, Dataset(QuadPattern,{},GS,GS)) where {} is the empty
// solution mapping." Blank nodes of the data are fresh (#insertData: "will
// be inserted with 'fresh' blank nodes").
func (u *updater) OpInsertData(gs *rdf.Dataset, op *algebra.InsertData) *rdf.Dataset {
	return DatasetUnion(gs, u.DatasetQuadPattern(op.Quads, op.Graphs, Mapping{}))
}

// #defn_deleteDataOperation: "OpDeleteData(GS, QuadPattern) =
// Dataset-DIFF(GS, Dataset(QuadPattern,{},GS,GS))".
func (u *updater) OpDeleteData(gs *rdf.Dataset, op *algebra.DeleteData) *rdf.Dataset {
	return DatasetDiff(gs, u.DatasetQuadPattern(op.Quads, nil, Mapping{}))
}

// #defn_deleteInsertOperation: "OpDeleteInsert(GS, DS, QuadPatternDEL,
// QuadPatternINS, P) = Dataset-UNION(Dataset-DIFF(GS,
// Dataset(QuadPatternDEL,P,DS,GS)), Dataset(QuadPatternINS, P,DS,GS)".
func (u *updater) OpDeleteInsert(gs, ds *rdf.Dataset, del, ins []algebra.QuadPattern, insGraphs []algebra.Node, p algebra.Op, base string) (*rdf.Dataset, error) {
	sols, err := u.evalPattern(ds, p, base)
	if err != nil {
		return nil, err
	}
	u.deleting = true
	dsDel := u.DatasetPattern(del, nil, sols)
	u.deleting = false
	return DatasetUnion(DatasetDiff(gs, dsDel), u.DatasetPattern(ins, insGraphs, sols)), nil
}

// #defn_loadOperation: "OpLoad(GS, documentIRI) = Dataset-UNION(GS, {
// graph(documentIRI) } ); OpLoad(GS, documentIRI, iri) = Dataset-UNION(GS, {
// {}, (iri,graph(documentIRI)) } ) where graph(documentIRI) is ... the RDF
// graph serialized by the RDF document retrieved from IRI documentIRI, where
// blank nodes present in the retrieved graph are supposed to be
// 'standardized apart'". Documents come from the case's sources only, never
// the network; ok is false when there is none.
func (u *updater) OpLoad(gs *rdf.Dataset, doc, into string) (*rdf.Dataset, bool) {
	src, ok := u.sources[doc]
	if !ok {
		return gs, false
	}
	g := u.standardizeApart(src)
	ds := rdf.NewDataset()
	if into == "" {
		ds.Default = g
	} else {
		*ds.Named(rdf.IRI(into), true) = *g
	}
	return DatasetUnion(gs, ds), true
}

func (u *updater) standardizeApart(src *rdf.Graph) *rdf.Graph {
	m := map[string]rdf.Term{}
	re := func(t rdf.Term) rdf.Term {
		if t.Kind != rdf.KindBlank {
			return t
		}
		if b, ok := m[t.Value]; ok {
			return b
		}
		m[t.Value] = u.freshBlank()
		return m[t.Value]
	}
	g := rdf.NewGraph()
	for _, t := range src.Triples() {
		g.Add(rdf.Triple{S: re(t.S), P: t.P, O: re(t.O)})
	}
	return g
}

// #defn_clearOperation: "OpClear(GS, iri) = GS if iri not in graphNames(GS);
// otherwise, OpClear(GS, irij) = ( GS minus {(irij, Gj)} ) union
// {(irij,{})}".
func OpClear(gs *rdf.Dataset, iri rdf.Term) *rdf.Dataset {
	if !gs.Has(iri) {
		return gs
	}
	out := gs.Clone()
	*out.Named(iri, false) = *rdf.NewGraph()
	return out
}

// #defn_clearOperation: "OpCleardef(GS) = {{}} union {(irii, Gi) | 1 ≤ i ≤ n}".
func OpCleardef(gs *rdf.Dataset) *rdf.Dataset {
	out := gs.Clone()
	out.Default = rdf.NewGraph()
	return out
}

// #defn_clearOperation: "OpClearnamed(GS) = {DG} union {(irii, {}) | 1 ≤ i ≤ n}".
func OpClearnamed(gs *rdf.Dataset) *rdf.Dataset {
	out := gs.Clone()
	for _, n := range out.Names() {
		*out.Named(n, false) = *rdf.NewGraph()
	}
	return out
}

// #defn_clearOperation: "OpClearall(GS) = {{}} union {(irii, {}) | 1 ≤ i ≤ n}".
func OpClearall(gs *rdf.Dataset) *rdf.Dataset {
	return OpCleardef(OpClearnamed(gs))
}

// #defn_createOperation: "OpCreate(GS, iri) = GS union {(iri, {})} if iri
// not in graphNames(GS); otherwise, OpCreate(GS, iri) = GS".
func OpCreate(gs *rdf.Dataset, iri rdf.Term) *rdf.Dataset {
	if gs.Has(iri) {
		return gs
	}
	out := gs.Clone()
	out.Named(iri, true)
	return out
}

// #defn_dropOperation: "OpDrop(GS, iri) = GS if iri not in graphNames(GS);
// otherwise, OpDrop(GS, irij) = {DG} union {(irii, Gi ) | i ≠ j and 1 ≤ i ≤
// n} where iri = irij".
func OpDrop(gs *rdf.Dataset, iri rdf.Term) *rdf.Dataset {
	if !gs.Has(iri) {
		return gs
	}
	out := gs.Clone()
	out.Drop(iri)
	return out
}

// #defn_dropOperation: "OpDropdef(GS) = OpCleardef(GS)".
func OpDropdef(gs *rdf.Dataset) *rdf.Dataset { return OpCleardef(gs) }

// #defn_dropOperation: "OpDropnamed(GS) = {DG}".
func OpDropnamed(gs *rdf.Dataset) *rdf.Dataset {
	out := rdf.NewDataset()
	out.Default = gs.Default.Clone()
	return out
}

// #defn_dropOperation: "OpDropall(GS) = {{}}".
func OpDropall(gs *rdf.Dataset) *rdf.Dataset { return rdf.NewDataset() }

// errorf is a failure the text permits at this operation.
func errorf(format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{ErrUpdate}, args...)...)
}
