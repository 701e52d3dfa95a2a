package reference

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/ops"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
)

// MaxOutcomes bounds the permitted outcomes Update lists (beyond it the
// answer's StoreFreedom is Capped).
const MaxOutcomes = 64

// Update applies the request to a copy of gs (gs itself is not changed) by
// §4.5 (#mappingRequestsToOperations): "Tr(GS, R1 ; R2) = Tr(Tr(GS, R1),
// R2)". sources are the documents LOAD may read (never fetched). The answer
// is the graph store after the request (results.GraphStore) under the
// formal model, in which no operation fails; its Freedom.Update lists the
// other outcomes the text permits (see results.StoreFreedom): at each
// operation where it says a failure SHOULD or MAY be returned, the failure
// (with the store unchanged, §2.2 "SHOULD be treated atomically", or with
// the operations before applied) as well as going on.
//
// Errors: budget and context errors as Eval; ErrService for SERVICE.
func Update(ctx context.Context, req *algebra.Update, gs *rdf.Dataset, sources map[string]*rdf.Graph, opt Options) (ans *results.Answer, err error) {
	defer ops.CatchPanic("reference", &ans, &err)
	if req == nil {
		return nil, fmt.Errorf("reference: no update request")
	}
	if gs == nil {
		gs = rdf.NewDataset()
	}
	r := &requestRun{u: newUpdater(ctx, gs, sources, opt), ops: req.Ops, start: gs, seen: map[string]bool{}}
	if err := r.from(0, gs); err != nil {
		return nil, err
	}
	ans = results.StoreAnswer(r.outs[0])
	ans.Freedom = &results.Freedom{Limit: -1, Indeterminate: r.u.indeterminate, Update: &results.StoreFreedom{
		Alternatives: r.outs[1:], Capped: r.capped, Choices: r.choices, Computed: r.u.computed()}}
	return ans, nil
}

// computed lists the traced quads in a fixed order.
func (u *updater) computed() []results.ComputedQuad {
	var out []results.ComputedQuad
	for q, c := range u.cells {
		out = append(out, results.ComputedQuad{Quad: q, Cell: c})
	}
	sort.Slice(out, func(i, j int) bool { return quadText(out[i].Quad) < quadText(out[j].Quad) })
	return out
}

func quadText(q rdf.Quad) string {
	return q.S.String() + " " + q.P.String() + " " + q.O.String() + " " + q.G.String()
}

// requestRun enumerates the outcomes of a request, the formal model's first.
type requestRun struct {
	u       *updater
	ops     []algebra.UpdateOp
	start   *rdf.Dataset
	outs    []*results.Store
	seen    map[string]bool
	choices []string
	capped  bool
}

// step is what one operation may do: next is the formal model's store;
// alts are other permitted stores; failure, when set, says why the text
// permits failing here.
type step struct {
	next    *rdf.Dataset
	alts    []*rdf.Dataset
	failure string
	choice  string // the reading behind alts, when they come from one
}

func (r *requestRun) from(i int, gs *rdf.Dataset) error {
	if err := r.u.ctx.Err(); err != nil {
		return err
	}
	if i == len(r.ops) {
		r.add(gs, "")
		return nil
	}
	st, err := r.u.Tr(gs, r.ops[i])
	if err != nil {
		return err
	}
	if err := r.from(i+1, st.next); err != nil {
		return err
	}
	if st.choice != "" && len(st.alts) > 0 {
		r.choose(fmt.Sprintf("operation %d: %s", i+1, st.choice))
	}
	for _, alt := range st.alts {
		if !r.full() {
			if err := r.from(i+1, alt); err != nil {
				return err
			}
		}
	}
	if st.failure != "" {
		msg := fmt.Sprintf("operation %d: %s", i+1, st.failure)
		r.choose(msg)
		r.add(r.start, msg)
		r.add(gs, msg)
	}
	return nil
}

// choose records a choice the text leaves, once.
func (r *requestRun) choose(msg string) {
	if !slices.Contains(r.choices, msg) {
		r.choices = append(r.choices, msg)
		slices.Sort(r.choices)
	}
}

func (r *requestRun) full() bool {
	if len(r.outs) >= MaxOutcomes {
		r.capped = true
	}
	return r.capped
}

// add records an outcome once (the atomic and the partial store of a
// failure at the first operation are one).
func (r *requestRun) add(gs *rdf.Dataset, failure string) {
	s := results.StoreOf(gs)
	s.Err = failure
	k := storeKey(s)
	if r.seen[k] || (len(r.outs) > 0 && r.full()) {
		return
	}
	r.seen[k] = true
	r.outs = append(r.outs, s)
}

func storeKey(s *results.Store) string {
	var lines []string
	for _, q := range s.Quads() {
		lines = append(lines, q.S.String()+" "+q.P.String()+" "+q.O.String()+" "+q.G.String())
	}
	for _, g := range s.Named {
		lines = append(lines, "graph "+g.Name.String())
	}
	sort.Strings(lines)
	return strings.Join(lines, "\n") + "\nerr " + s.Err
}

// Tr is one row of §4.5 Table 1 ("Mapping from Update Requests to Update
// Operations"), with the failures §3 permits.
func (u *updater) Tr(gs *rdf.Dataset, op algebra.UpdateOp) (step, error) {
	switch op := op.(type) {
	case *algebra.InsertData:
		return step{next: u.OpInsertData(gs, op)}, nil
	case *algebra.DeleteData:
		return step{next: u.OpDeleteData(gs, op)}, nil
	case *algebra.Modify:
		return u.modify(gs, op)
	case *algebra.Load:
		return u.load(gs, op), nil
	case *algebra.GraphMgmt:
		return u.mgmt(gs, op), nil
	case *algebra.Transfer:
		return u.transfer(gs, op)
	}
	return step{}, fmt.Errorf("reference: unknown update operation %T", op)
}

// modify: "DELETE QuadPatternDEL INSERT QuadPatternINS UsingClause* WHERE
// GroupGraphPattern → OpDeleteInsert(GS, TrDataset(GS,UsingClause*),
// QuadPatternDEL, QuadPatternINS, GroupGraphPattern)"; "DELETE WHERE
// QuadPattern → OpDeleteInsert(GS, GS, QuadPattern, {}, QuadPattern)".
func (u *updater) modify(gs *rdf.Dataset, m *algebra.Modify) (step, error) {
	ds := gs
	if m.HasUsing {
		ds = TrDataset(gs, m.Using, m.UsingNamed)
	}
	next, err := u.OpDeleteInsert(gs, ds, m.Delete, m.Insert, m.InsertGraphs, m.Where, m.Base)
	if err != nil || m.WithWhere == nil {
		return step{next: next}, err
	}
	alt, err := u.OpDeleteInsert(gs, withDataset(gs, m.With), m.Delete, m.Insert, m.InsertGraphs, m.WithWhere, m.Base)
	if err != nil || storeKey(results.StoreOf(alt)) == storeKey(results.StoreOf(next)) {
		return step{next: next}, err
	}
	return step{next: next, alts: []*rdf.Dataset{alt}, choice: withChoice}, nil
}

// withChoice names the two readings of WITH without USING: §4.5 wraps the
// WHERE pattern in GRAPH <g> (#updateLanguage's mapping), so a GRAPH
// pattern nested in it matches nothing when <g> is absent from the store;
// §3.1.3 (#deleteInsert) says WITH "will define an RDF Dataset containing a
// default graph with the specified name", the store's named graphs still
// reachable through GRAPH. They part only when <g> is absent and the
// pattern holds a GRAPH of its own (docs/spec-questions.md).
const withChoice = "WITH <g> read as §3.1.3's dataset (default graph <g>, the store's named graphs) rather than §4.5's GRAPH <g> wrapping"

// withDataset is §3.1.3's dataset for WITH <with>: the graph <with> (empty
// when the store lacks it) as the default graph, the store's named graphs
// as named graphs.
func withDataset(gs *rdf.Dataset, with string) *rdf.Dataset {
	ds := rdf.NewDataset()
	for _, t := range gs.Named(rdf.IRI(with), false).Triples() {
		ds.Default.Add(t)
	}
	for _, name := range gs.Names() {
		g := ds.Named(name, true)
		for _, t := range gs.Named(name, false).Triples() {
			g.Add(t)
		}
	}
	return ds
}

// TrDataset (§4.5 Table 2): "the RDF Dataset DS described by the
// UsingClauses, if non-empty; the RDF Dataset corresponding to the current
// state of GS, otherwise". How the graphs are obtained "is implementation
// dependent": the judge picks them from GS, the USING graphs merged into the
// default graph, the USING NAMED graphs as named graphs; a graph GS lacks
// is empty (docs/spec-questions.md). rdf.Dataset.Using builds it, for the
// engine too: assembling a dataset is no evaluation (docs/architecture.md).
func TrDataset(gs *rdf.Dataset, using, usingNamed []string) *rdf.Dataset {
	return gs.Using(using, usingNamed)
}

// load: "LOAD (SILENT)? IRIref → OpLoad(GS, IRIref)"; INTO GRAPH →
// OpLoad(GS, from, to). A document not among the sources: §3.1.4 "the
// SPARQL 1.1 Update service SHOULD return failure"; with SILENT "the status
// of the Graph Store is not specified ...: implementations may create the
// destination graph or not".
func (u *updater) load(gs *rdf.Dataset, l *algebra.Load) step {
	next, ok := u.OpLoad(gs, l.Source, l.Into)
	if ok {
		return step{next: next}
	}
	st := step{next: gs}
	if l.Into != "" {
		st.alts = []*rdf.Dataset{OpCreate(gs, rdf.IRI(l.Into))}
	}
	if !l.Silent {
		st.failure = "LOAD <" + l.Source + ">: no such document (§3.1.4: SHOULD return failure)"
	}
	return st
}

// mgmt maps CLEAR, DROP and CREATE (Table 1) with the failures of §3.1.5
// ("SHOULD return failure if the specified graph does not exist"), §3.2.1
// ("If the graph already exists, then a failure SHOULD be returned") and
// §3.2.2 (as CLEAR), none with SILENT.
func (u *updater) mgmt(gs *rdf.Dataset, m *algebra.GraphMgmt) step {
	iri := rdf.IRI(m.Target.IRI)
	named := m.Target.Kind == algebra.TargetGraph
	st := step{}
	switch m.Kind {
	case algebra.Create:
		st.next = OpCreate(gs, iri)
		if gs.Has(iri) && !m.Silent {
			st.failure = "CREATE GRAPH <" + m.Target.IRI + ">: the graph exists (§3.2.1: a failure SHOULD be returned)"
		}
		return st
	case algebra.Clear:
		st.next = clearOps.on(gs, m.Target.Kind, iri)
	default:
		st.next = dropOps.on(gs, m.Target.Kind, iri)
	}
	if named && mayBeAbsent(gs, iri) && !m.Silent {
		st.failure = m.Kind.String() + " GRAPH <" + m.Target.IRI + ">: no such graph (§3.1.5, §3.2.2: SHOULD return failure)"
	}
	return st
}

// mayBeAbsent: the graph is absent, or empty, and a store may have
// removed it when it was left empty (§3.1 "An implementation MAY remove
// graphs that are left empty") or never recorded it (§3.2): such a store
// sees it absent, and may fail where the text lets an absent graph fail.
func mayBeAbsent(gs *rdf.Dataset, iri rdf.Term) bool {
	return gs.Named(iri, false).Len() == 0
}

// targetOps are the four variants of the Clear or the Drop Operation
// (#defn_clearOperation, #defn_dropOperation), one a kind of target.
type targetOps struct {
	def, named, all func(*rdf.Dataset) *rdf.Dataset
	graph           func(*rdf.Dataset, rdf.Term) *rdf.Dataset
}

var (
	clearOps = targetOps{OpCleardef, OpClearnamed, OpClearall, OpClear}
	dropOps  = targetOps{OpDropdef, OpDropnamed, OpDropall, OpDrop}
)

// on applies the operation for the target of kind k (iri when it names a
// graph) to gs.
func (o targetOps) on(gs *rdf.Dataset, k algebra.TargetKind, iri rdf.Term) *rdf.Dataset {
	switch k {
	case algebra.TargetDefault:
		return o.def(gs)
	case algebra.TargetNamed:
		return o.named(gs)
	case algebra.TargetAll:
		return o.all(gs)
	}
	return o.graph(gs, iri)
}
