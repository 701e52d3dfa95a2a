package diff

import (
	"slices"
	"strings"

	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
)

// compareStore judges an update's answer: the graph store after the request
// (results.GraphStore). The actual store must equal one of the permitted
// stores (the judge's, or one of Freedom.Update.Alternatives) with the same
// outcome (success, or failure): every quad compared under ONE blank-node
// bijection across the whole store (the graph name is a fourth cell), and
// every empty named graph of the actual store present in the permitted one
// (a permitted store's empty graph may be absent: stores need not record
// empty graphs, Update §3.1, §3.2).
func compareStore(e, a *results.Answer, opt Options) *Verdict {
	if e.Store == nil || a.Store == nil {
		return shapeVerdict(e, a)
	}
	cands, capped := permittedStores(e)
	cells := computedQuads(e)
	var same *results.Store
	for i, c := range cands {
		if failed(c) != failed(a.Store) {
			continue
		}
		if same == nil {
			same = c
		}
		v := storeVerdict(c, a.Store, cells, opt)
		if v.OK && i > 0 {
			v.Note = "one of the outcomes the Update text permits"
		}
		if v.OK || isUndecided(v) {
			return v
		}
	}
	if capped {
		return &Verdict{Classes: []Class{ClassUndecided}, Note: "unjudged: more permitted outcomes than the judge listed"}
	}
	return storeMismatch(cands[0], same, a.Store, cells, opt)
}

// computedQuads indexes the judge's computed quads (StoreFreedom.Computed).
func computedQuads(e *results.Answer) map[rdf.Quad]results.Cell {
	if e.Freedom == nil || e.Freedom.Update == nil || len(e.Freedom.Update.Computed) == 0 {
		return nil
	}
	m := map[rdf.Quad]results.Cell{}
	for _, c := range e.Freedom.Update.Computed {
		m[c.Quad] = c.Cell
	}
	return m
}

func permittedStores(e *results.Answer) ([]*results.Store, bool) {
	out := []*results.Store{e.Store}
	if e.Freedom == nil || e.Freedom.Update == nil {
		return out, false
	}
	return append(out, e.Freedom.Update.Alternatives...), e.Freedom.Update.Capped
}

func failed(s *results.Store) bool { return s.Err != "" }

func isUndecided(v *Verdict) bool {
	return len(v.Classes) == 1 && v.Classes[0] == ClassUndecided
}

// storeMismatch explains an answer no permitted store fits: against the
// closest permitted store of the same outcome, or as an error-vs-answer.
func storeMismatch(primary, same, a *results.Store, cells map[rdf.Quad]results.Cell, opt Options) *Verdict {
	if same == nil {
		v := storeVerdict(primary, a, cells, opt)
		v.OK = false
		v.Classes = SortClasses(append([]Class{ClassErrorVsAnswer}, v.Classes...))
		v.Diff = append([]Line{{'-', outcomeText(primary)}, {'+', outcomeText(a)}}, v.Diff...)
		v.Summary = "the request's outcome differs: " + outcomeText(primary) + " vs " + outcomeText(a)
		return v
	}
	v := storeVerdict(same, a, cells, opt)
	if failed(a) {
		v.Classes = SortClasses(append(v.Classes, ClassAtomicity))
		v.Note = joinNotes(nil, v.Note, "the failed request's store is neither the store before it nor the store with the earlier operations applied")
	}
	return v
}

func outcomeText(s *results.Store) string {
	if failed(s) {
		return "failure: " + s.Err
	}
	return "success"
}

var storeCols = []string{"s", "p", "o", "g"}

// storeVerdict compares two stores' quads and graph existence. An actual
// object that is a permitted form of a computed one of the judge's
// (cells) is compared as the judge's term (compare_computed.go).
func storeVerdict(e, a *results.Store, cells map[rdf.Quad]results.Cell, opt Options) *Verdict {
	t := &table{cols: slices.Clone(storeCols), open: make([]bool, 4), pool: storePool(e, cells)}
	var m mapping
	ar := quadRows(a)
	if t.pool != nil {
		for i, r := range ar {
			ar[i] = t.pool.row(r, &m)
		}
	}
	sets := t.widen(quadRows(e), ar)
	er, ar := dedupe(sets[0]), dedupe(sets[1])
	ok, exceeded := isomorphic(er, ar, t, opt)
	if exceeded {
		return undecided(opt)
	}
	extraGraphs := emptyGraphsMissing(e, a)
	if ok && len(extraGraphs) == 0 {
		return &Verdict{OK: true, Note: m.note()}
	}
	v := storeDiff(t, er, ar, ok, extraGraphs, opt)
	v.Note = joinNotes(nil, m.note(), v.Note)
	return undecidedByMapping(v, m)
}

// storePool is the judge's computed quads of store e, or nil.
func storePool(e *results.Store, cells map[rdf.Quad]results.Cell) *computedPool {
	if len(cells) == 0 {
		return nil
	}
	p := newPool(4, make([]bool, 4))
	for _, q := range e.Quads() {
		fix := make([]results.Cell, 4)
		if c, ok := cells[q]; ok {
			fix[2] = c
		}
		p.add("rows", []rdf.Term{q.S, q.P, q.O, q.G}, fix)
	}
	if p.seal().empty() {
		return nil
	}
	return p
}

// storeDiff explains stores that differ.
func storeDiff(t *table, er, ar [][]rdf.Term, ok bool, extraGraphs []rdf.Term, opt Options) *Verdict {
	v := &Verdict{}
	if !ok {
		v = classifyBag(t, er, ar, opt, v)
		v.Classes = storeClasses(v.Classes)
		v.Summary = strings.ReplaceAll(v.Summary, "rows", "quads")
	}
	for _, g := range extraGraphs {
		v.Classes = append(v.Classes, ClassGraphExistence)
		v.Diff = append(v.Diff, Line{'+', "GRAPH " + g.String() + " {} (an empty graph no permitted store has)"})
	}
	v.Classes = SortClasses(v.Classes)
	return v
}

func quadRows(s *results.Store) [][]rdf.Term {
	qs := s.Quads()
	out := make([][]rdf.Term, len(qs))
	for i, q := range qs {
		out[i] = []rdf.Term{q.S, q.P, q.O, q.G}
	}
	return out
}

// emptyGraphsMissing lists the actual store's empty named graphs that the
// expected store lacks.
func emptyGraphsMissing(e, a *results.Store) []rdf.Term {
	var out []rdf.Term
	for _, g := range a.Named {
		if len(g.Triples) == 0 && e.Graph(g.Name) == nil {
			out = append(out, g.Name)
		}
	}
	return out
}

// storeClasses renames row classes for quads and marks literal changes.
func storeClasses(cs []Class) []Class {
	var out []Class
	for _, c := range cs {
		switch c {
		case ClassMissingRows:
			c = ClassMissingQuads
		case ClassExtraRows, ClassDuplicateRows:
			c = ClassExtraQuads
		case ClassNumericLexical, ClassNumericDatatype, ClassLangCase, ClassSimpleVsString:
			out = append(out, ClassChangedLiteral)
		}
		out = append(out, c)
	}
	return out
}
