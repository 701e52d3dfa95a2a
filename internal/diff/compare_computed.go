package diff

import (
	"fmt"

	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
)

// This file applies what the judge knows of its computed cells
// (results.Freedom Cells, SequenceCells, TripleCells; results.Cell.Accepts
// is the predicate): SPARQL fixes a computed number's value and datatype,
// not its lexical form, and leaves the precision of an xs:decimal quotient
// to the implementation down to XSD's minimum; an open value (RAND, SAMPLE,
// STR of a computed number...) may be anything.
//
// Before the exact matching, each actual cell of a column that equals no
// judge term of that column and is a permitted form of some computed judge
// cell there is replaced by that judge term, up to as many cells as the
// judge computed with that term, so that the blank-node search and the
// multiset rules run unchanged on terms. A cell that fits more than one
// judge term (or equals one and fits another) makes the mapping ambiguous:
// if the verdict then fails, it is undecided, not wrong.

// computedPool is, per column, the judge's computed cells: the distinct
// terms in first-seen order, each with its Cell and how many cells the
// judge computed with it (the most a mapping may send to it).
type computedPool struct {
	terms [][]rdf.Term
	cells []map[rdf.Term]results.Cell
	capa  []map[rdf.Term]int
	exact []map[rdf.Term]bool // every judge term of the column
}

func newPool(n int) *computedPool {
	p := &computedPool{terms: make([][]rdf.Term, n), cells: make([]map[rdf.Term]results.Cell, n),
		capa: make([]map[rdf.Term]int, n), exact: make([]map[rdf.Term]bool, n)}
	for i := range n {
		p.cells[i], p.capa[i], p.exact[i] = map[rdf.Term]results.Cell{}, map[rdf.Term]int{}, map[rdf.Term]bool{}
	}
	return p
}

// add records one judge cell of column c; cnt counts its computed cells.
func (p *computedPool) add(c int, t rdf.Term, cell results.Cell, cnt map[rdf.Term]int) {
	if t.IsZero() {
		return
	}
	p.exact[c][t] = true
	if !cell.Open() || t.IsBlank() {
		return
	}
	if _, ok := p.cells[c][t]; !ok {
		p.terms[c] = append(p.terms[c], t)
		p.cells[c][t] = cell
	}
	cnt[t]++
	p.capa[c][t] = max(p.capa[c][t], cnt[t])
}

// empty reports whether no column holds a computed cell.
func (p *computedPool) empty() bool {
	for _, ts := range p.terms {
		if len(ts) > 0 {
			return false
		}
	}
	return true
}

// computed reports whether t is a computed judge term of column c.
func (p *computedPool) computed(c int, t rdf.Term) bool {
	if p == nil || c >= len(p.cells) {
		return false
	}
	_, ok := p.cells[c][t]
	return ok
}

// bindingPool collects the computed cells of the judge's rows and sequence.
func bindingPool(e *results.Answer, cols []string) *computedPool {
	p := newPool(len(cols))
	f := e.Freedom
	if f == nil {
		return p
	}
	addRows(p, cols, e.Rows, f.Cells)
	addRows(p, cols, f.Sequence, f.SequenceCells)
	return p
}

func addRows(p *computedPool, cols []string, rows []results.Solution, cells []map[string]results.Cell) {
	cnt := make([]map[rdf.Term]int, len(cols))
	for c := range cols {
		cnt[c] = map[rdf.Term]int{}
	}
	for i, row := range rows {
		for c, v := range cols {
			var cell results.Cell
			if i < len(cells) {
				cell = cells[i][v]
			}
			p.add(c, row[v], cell, cnt[c])
		}
	}
}

// graphPool collects the computed objects of the judge's graph.
func graphPool(e *results.Answer) *computedPool {
	p := newPool(3)
	cnt := []map[rdf.Term]int{{}, {}, {}}
	for i, t := range e.Triples {
		var cell results.Cell
		if e.Freedom != nil && i < len(e.Freedom.TripleCells) {
			cell = e.Freedom.TripleCells[i]
		}
		p.add(0, t.S, results.Cell{}, cnt[0])
		p.add(1, t.P, results.Cell{}, cnt[1])
		p.add(2, t.O, cell, cnt[2])
	}
	if e.Freedom != nil {
		for _, g := range e.Freedom.Graphs {
			for _, t := range g {
				p.exact[0][t.S], p.exact[1][t.P], p.exact[2][t.O] = true, true, true
			}
		}
	}
	return p
}

// mapping is the outcome of mapping an answer's cells onto the judge's.
type mapping struct {
	mapped    int  // cells replaced by a judge term
	ambiguous bool // some cell fitted more than one judge term
}

// cell maps one actual cell of column c (see the file comment); used
// counts the cells already sent to each judge term.
func (p *computedPool) cell(c int, x rdf.Term, used map[rdf.Term]int, m *mapping) rdf.Term {
	if x.IsZero() || x.IsBlank() || len(p.terms[c]) == 0 {
		return x
	}
	var fits []rdf.Term
	for _, t := range p.terms[c] {
		if t != x && used[t] < p.capa[c][t] && p.cells[c][t].Accepts(t, x) {
			fits = append(fits, t)
		}
	}
	switch {
	case len(fits) == 0:
		return x
	case p.exact[c][x]:
		m.ambiguous = true
		return x
	case len(fits) > 1:
		m.ambiguous = true
	}
	used[fits[0]]++
	m.mapped++
	return fits[0]
}

// mapRows rewrites actual rows (columns skip[c] are left alone: shapes and
// GROUP_CONCAT pieces are compared their own way).
func (p *computedPool) mapRows(cols []string, skip []bool, rows []results.Solution, m *mapping) []results.Solution {
	if p.empty() {
		return rows
	}
	used := make([]map[rdf.Term]int, len(cols))
	for c := range cols {
		used[c] = map[rdf.Term]int{}
	}
	out := make([]results.Solution, len(rows))
	for i, row := range rows {
		out[i] = row
		cloned := false
		for c, v := range cols {
			if skip[c] {
				continue
			}
			if y := p.cell(c, row[v], used[c], m); y != row[v] {
				if !cloned {
					out[i], cloned = cloneSolution(row), true
				}
				out[i][v] = y
			}
		}
	}
	return out
}

func cloneSolution(s results.Solution) results.Solution {
	out := make(results.Solution, len(s))
	for k, v := range s {
		out[k] = v
	}
	return out
}

// mapTriples rewrites the objects of actual triples.
func (p *computedPool) mapTriples(ts []rdf.Triple, m *mapping) []rdf.Triple {
	if p.empty() {
		return ts
	}
	used := map[rdf.Term]int{}
	out := make([]rdf.Triple, len(ts))
	for i, t := range ts {
		out[i] = t
		out[i].O = p.cell(2, t.O, used, m)
	}
	return out
}

// note says what the mapping did, for the Verdict's Note.
func (m mapping) note() string {
	if m.mapped == 0 {
		return ""
	}
	return fmt.Sprintf("%d computed cell(s) accepted as permitted forms of the judge's values "+
		"(lexical form, xs:decimal precision or an open value) and shown as the judge's terms", m.mapped)
}

// undecidedByMapping turns a failed verdict into an undecided one when the
// mapping was ambiguous: another assignment of the cells might succeed.
func undecidedByMapping(v *Verdict, m mapping) *Verdict {
	if v.OK || !m.ambiguous {
		return v
	}
	return &Verdict{Classes: []Class{ClassUndecided}, Diff: v.Diff, Summary: v.Summary,
		Note: joinNotes(nil, "unjudged: an engine's value is a permitted form of more than one of the judge's "+
			"computed values, and the assignment tried fails", v.Note)}
}
