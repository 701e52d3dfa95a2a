package diff

import (
	"sort"
	"strconv"
	"strings"

	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
)

// Blank nodes inside RDF 1.2 triple terms take part in the answer's one
// blank-node bijection (#BlankNodesInResults; RDF 1.2 Concepts
// #dfn-triple-term lets a triple term's subject be a blank node, at any
// depth). The bijection search works on cells that are a blank node or
// not, so before it runs a cell holding a triple term with blank nodes is
// split: the cell keeps the triple term with each blank node replaced by a
// slot marker (two such cells are equal when their shapes are), and the
// blank nodes go, in order, into hidden columns named after the variable.
// A cell of the judge and a cell of the engine then correspond exactly when
// their shapes are equal and their blank nodes map consistently.

// blankSlot stands for a blank node inside a split triple term's shape.
var blankSlot = rdf.IRI("urn:x-sparql-oracle:blank-slot")

// hiddenSep joins a variable's name and a blank node's position; no SPARQL
// variable name holds it (#rVARNAME).
const hiddenSep = "\u00a7"

// splitTripleBlanks returns e and a with every triple term holding blank
// nodes split into its shape and hidden blank columns, both answers
// widened to the same hidden columns; answers without such terms are
// returned as they are.
func splitTripleBlanks(e, a *results.Answer) (*results.Answer, *results.Answer) {
	hidden := map[string]bool{}
	if !collectHidden(e, hidden) && !collectHidden(a, hidden) {
		return e, a
	}
	var extra []string
	for v := range hidden {
		extra = append(extra, v)
	}
	sort.Strings(extra)
	return splitAnswer(e, extra), splitAnswer(a, extra)
}

// collectHidden adds the hidden columns ans needs and reports whether any.
func collectHidden(ans *results.Answer, hidden map[string]bool) bool {
	found := false
	visit := func(rows []results.Solution) {
		for _, s := range rows {
			for v, t := range s {
				if t.IsTriple() && rdf.HasBlank(t) {
					found = true
					n := 0
					rdf.EachBlank(t, func(rdf.Term) { n++; hidden[hiddenName(v, n)] = true })
				}
			}
		}
	}
	visit(ans.Rows)
	if ans.Freedom != nil {
		visit(ans.Freedom.Sequence)
	}
	return found
}

func hiddenName(v string, n int) string { return v + hiddenSep + strconv.Itoa(n) }

// splitAnswer is ans with its rows (and the judge's sequence) split and
// extra added to its variables.
func splitAnswer(ans *results.Answer, extra []string) *results.Answer {
	out := *ans
	out.Vars = append(append([]string(nil), ans.Vars...), extra...)
	out.Rows = splitRows(ans.Rows)
	if ans.Freedom != nil {
		fr := *ans.Freedom
		fr.Sequence = splitRows(fr.Sequence)
		out.Freedom = &fr
	}
	return &out
}

func splitRows(rows []results.Solution) []results.Solution {
	if rows == nil {
		return nil
	}
	out := make([]results.Solution, len(rows))
	for i, s := range rows {
		r := make(results.Solution, len(s))
		for v, t := range s {
			if !t.IsTriple() || !rdf.HasBlank(t) {
				r[v] = t
				continue
			}
			n := 0
			r[v] = rdf.MapBlanks(t, func(b rdf.Term) rdf.Term {
				n++
				r[hiddenName(v, n)] = b
				return blankSlot
			})
		}
		out[i] = r
	}
	return out
}

// isHidden reports whether a column holds a split triple term's blank node.
func isHidden(col string) bool { return strings.Contains(col, hiddenSep) }

// joinTripleBlanks puts a split cell's blank nodes back into its shape, for
// printing: the diff shows the triple term as the engine wrote it.
func joinTripleBlanks(c rdf.Term, cols []string, row []rdf.Term, col string) rdf.Term {
	if !c.IsTriple() {
		return c
	}
	n := 0
	return mapSlots(c, func() rdf.Term {
		n++
		name := hiddenName(col, n)
		for i, h := range cols {
			if h == name {
				return row[i]
			}
		}
		return blankSlot
	})
}

// mapSlots replaces every blank slot in a triple term, at any depth.
func mapSlots(t rdf.Term, f func() rdf.Term) rdf.Term {
	switch {
	case t == blankSlot:
		return f()
	case t.IsTriple():
		s, p, o, _ := t.TripleParts()
		s, p, o = mapSlots(s, f), mapSlots(p, f), mapSlots(o, f)
		return rdf.TripleTerm(s, p, o)
	}
	return t
}

// widen splits the rows of a triple or quad table (graphs, stores) the way
// splitTripleBlanks splits solutions: a cell holding a triple term with
// blank nodes keeps its shape, its blank nodes go to hidden columns, each
// column getting as many as its most blank-laden term needs, padded with no
// term, so every row of every set has one width. t's columns grow to match.
func (t *table) widen(sets ...[][]rdf.Term) [][][]rdf.Term {
	base := len(t.cols)
	width := make([]int, base)
	for _, rows := range sets {
		for _, r := range rows {
			for i, x := range r[:base] {
				width[i] = max(width[i], tripleBlanks(x))
			}
		}
	}
	for i, w := range width {
		for n := 1; n <= w; n++ {
			t.cols = append(t.cols, hiddenName(t.cols[i], n))
			t.open = append(t.open, false)
		}
	}
	if len(t.cols) == base {
		return sets
	}
	out := make([][][]rdf.Term, len(sets))
	for k, rows := range sets {
		out[k] = make([][]rdf.Term, len(rows))
		for j, r := range rows {
			out[k][j] = widenRow(r[:base], width)
		}
	}
	return out
}

func widenRow(r []rdf.Term, width []int) []rdf.Term {
	row := make([]rdf.Term, len(r))
	var tail []rdf.Term
	for i, x := range r {
		n := 0
		if x.IsTriple() && rdf.HasBlank(x) {
			x = rdf.MapBlanks(x, func(b rdf.Term) rdf.Term { n++; tail = append(tail, b); return blankSlot })
		}
		row[i] = x
		for ; n < width[i]; n++ {
			tail = append(tail, rdf.None)
		}
	}
	return append(row, tail...)
}

// tripleBlanks counts the blank nodes inside a triple term, 0 otherwise.
func tripleBlanks(x rdf.Term) int {
	n := 0
	if x.IsTriple() {
		rdf.EachBlank(x, func(rdf.Term) { n++ })
	}
	return n
}
