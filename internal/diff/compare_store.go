package diff

import (
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
	var same *results.Store
	for i, c := range cands {
		if failed(c) != failed(a.Store) {
			continue
		}
		if same == nil {
			same = c
		}
		v := storeVerdict(c, a.Store, opt)
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
	return storeMismatch(cands[0], same, a.Store, opt)
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
func storeMismatch(primary, same, a *results.Store, opt Options) *Verdict {
	if same == nil {
		v := storeVerdict(primary, a, opt)
		v.OK = false
		v.Classes = sortClasses(append([]Class{ClassErrorVsAnswer}, v.Classes...))
		v.Diff = append([]Line{{'-', outcomeText(primary)}, {'+', outcomeText(a)}}, v.Diff...)
		v.Summary = "the request's outcome differs: " + outcomeText(primary) + " vs " + outcomeText(a)
		return v
	}
	v := storeVerdict(same, a, opt)
	if failed(a) {
		v.Classes = sortClasses(append(v.Classes, ClassAtomicity))
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

// storeVerdict compares two stores' quads and graph existence.
func storeVerdict(e, a *results.Store, opt Options) *Verdict {
	t := &table{cols: storeCols, open: make([]bool, 4)}
	er, ar := dedupe(quadRows(e)), dedupe(quadRows(a))
	ok, exceeded := isomorphic(er, ar, t, opt)
	if exceeded {
		return undecided(opt)
	}
	extraGraphs := emptyGraphsMissing(e, a)
	if ok && len(extraGraphs) == 0 {
		return &Verdict{OK: true}
	}
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
	v.Classes = sortClasses(v.Classes)
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
