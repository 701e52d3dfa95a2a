package diff

import (
	"fmt"
	"strings"

	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
)

// This file applies what the judge knows of its computed cells
// (results.Freedom Cells, SequenceCells, TripleCells; results.Cell.Accepts
// is the predicate): SPARQL fixes a computed number's value and datatype,
// not its lexical form; it leaves the precision of an xs:decimal quotient to
// the implementation down to XSD's minimum; an open value (RAND, SAMPLE,
// STR of a computed number...) may be anything.
//
// Before the exact matching, each actual row that equals no judge row is
// compared with the judge's rows holding computed cells: a judge row fits
// when every cell is the same term (blank nodes count as the same here: the
// bijection is decided later), or a permitted form of the judge's computed
// cell there. The actual row's computed cells are then replaced by the
// judge's terms, at most as many times as the judge has that row, so that
// the blank-node search and the multiset rules run unchanged on terms. An
// actual row that fits judge rows with different terms (or equals one and
// fits another) makes the mapping ambiguous: if the verdict then fails, it
// is undecided, not wrong.

// judgeRow is one distinct judge row holding a computed cell.
type judgeRow struct {
	cells []rdf.Term
	fix   []results.Cell // per column; the zero Cell is exact
	capa  int            // the most actual rows that may be mapped onto it
	used  int
}

// computedPool is the judge's rows with computed cells, bucketed by the
// columns no judge row computes (which must be equal terms, blank nodes
// aside).
type computedPool struct {
	fixed    []bool                      // column never computed
	buckets  map[string][]*judgeRow      // by fixed-column key
	computed []map[rdf.Term]results.Cell // per column: the judge's computed terms
	exact    map[string]bool             // row keys of every judge row
	byKey    map[string]*judgeRow        // distinct rows with computed cells
	order    []*judgeRow                 // first-seen order
	skip     []bool                      // columns compared their own way (open shapes, GROUP_CONCAT)
	counts   map[string]map[string]int   // per source: row key -> multiplicity
}

func newPool(n int, skip []bool) *computedPool {
	p := &computedPool{fixed: make([]bool, n), buckets: map[string][]*judgeRow{},
		computed: make([]map[rdf.Term]results.Cell, n), exact: map[string]bool{}, byKey: map[string]*judgeRow{},
		skip: skip, counts: map[string]map[string]int{}}
	for i := range p.computed {
		p.computed[i] = map[rdf.Term]results.Cell{}
	}
	return p
}

// add records one judge row of the source src ("rows", "sequence").
func (p *computedPool) add(src string, cells []rdf.Term, fix []results.Cell) {
	k := rowKey(cells)
	p.exact[k] = true
	open := false
	for c, f := range fix {
		if f.Open() && !cells[c].IsZero() && !p.skip[c] {
			open = true
			p.computed[c][cells[c]] = f
		}
	}
	if !open {
		return
	}
	if p.counts[src] == nil {
		p.counts[src] = map[string]int{}
	}
	p.counts[src][k]++
	jr := p.byKey[k]
	if jr == nil {
		jr = &judgeRow{cells: cells, fix: fix}
		p.byKey[k] = jr
		p.order = append(p.order, jr)
	}
	jr.capa = max(jr.capa, p.counts[src][k])
}

// seal computes the fixed columns and the buckets once every row is added.
func (p *computedPool) seal() *computedPool {
	for c := range p.fixed {
		p.fixed[c] = len(p.computed[c]) == 0
	}
	for _, jr := range p.order {
		k := p.fixedKey(jr.cells)
		p.buckets[k] = append(p.buckets[k], jr)
	}
	return p
}

func (p *computedPool) empty() bool { return len(p.order) == 0 }

// cellOf returns the Cell of t as a computed judge term of column c.
func (p *computedPool) cellOf(c int, t rdf.Term) (results.Cell, bool) {
	if p == nil || c >= len(p.computed) {
		return results.Cell{}, false
	}
	cell, ok := p.computed[c][t]
	return cell, ok
}

// fixedKey keys a row by its fixed columns (blank nodes as one wildcard).
func (p *computedPool) fixedKey(cells []rdf.Term) string {
	var b strings.Builder
	for c, t := range cells {
		switch {
		case !p.fixed[c] || p.skip[c]:
			continue
		case t.IsBlank():
			b.WriteString("_\x1f")
		default:
			termKey(&b, t)
		}
	}
	return b.String()
}

// fits reports whether actual row a is the judge row jr up to permitted
// forms of its computed cells.
func (p *computedPool) fits(jr *judgeRow, a []rdf.Term) bool {
	for c, e := range jr.cells {
		x := a[c]
		switch {
		case p.skip[c], x == e, x.IsBlank() && e.IsBlank():
		case jr.fix[c].Open() && jr.fix[c].Accepts(e, x):
		default:
			return false
		}
	}
	return true
}

// mapping is the outcome of mapping an answer's rows onto the judge's.
type mapping struct {
	mapped    int  // cells replaced by a judge term
	ambiguous bool // some row fitted judge rows with different terms
}

// row maps one actual row (see the file comment).
func (p *computedPool) row(a []rdf.Term, m *mapping) []rdf.Term {
	var fits []*judgeRow
	for _, jr := range p.buckets[p.fixedKey(a)] {
		if jr.used < jr.capa && p.fits(jr, a) {
			fits = append(fits, jr)
		}
	}
	switch {
	case len(fits) == 0:
		return a
	case p.exact[rowKey(a)]:
		if len(fits) > 1 || rowKey(fits[0].cells) != rowKey(a) {
			m.ambiguous = true
		}
		return a
	case distinctTargets(p, fits, a) > 1:
		m.ambiguous = true
	}
	jr := fits[0]
	jr.used++
	out := append([]rdf.Term(nil), a...)
	for c, e := range jr.cells {
		if jr.fix[c].Open() && !p.skip[c] && out[c] != e {
			out[c] = e
			m.mapped++
		}
	}
	return out
}

// distinctTargets counts the different rows the fitting judge rows would
// make of a.
func distinctTargets(p *computedPool, fits []*judgeRow, a []rdf.Term) int {
	seen := map[string]bool{}
	for _, jr := range fits {
		t := append([]rdf.Term(nil), a...)
		for c, e := range jr.cells {
			if jr.fix[c].Open() && !p.skip[c] {
				t[c] = e
			}
		}
		seen[rowKey(t)] = true
	}
	return len(seen)
}

// bindingPool collects the judge's rows and sequence with their Cells.
func bindingPool(e *results.Answer, cols []string, skip []bool) *computedPool {
	p := newPool(len(cols), skip)
	if f := e.Freedom; f != nil {
		addSolutions(p, "rows", cols, e.Rows, f.Cells)
		addSolutions(p, "sequence", cols, f.Sequence, f.SequenceCells)
	}
	return p.seal()
}

func addSolutions(p *computedPool, src string, cols []string, rows []results.Solution, cells []map[string]results.Cell) {
	for i, row := range rows {
		ts := make([]rdf.Term, len(cols))
		fix := make([]results.Cell, len(cols))
		for c, v := range cols {
			ts[c] = row[v]
			if i < len(cells) {
				fix[c] = cells[i][v]
			}
		}
		p.add(src, ts, fix)
	}
}

// graphPool collects the judge's triples with the Cells of their objects.
func graphPool(e *results.Answer) *computedPool {
	p := newPool(3, make([]bool, 3))
	for i, t := range e.Triples {
		fix := make([]results.Cell, 3)
		if e.Freedom != nil && i < len(e.Freedom.TripleCells) {
			fix[2] = e.Freedom.TripleCells[i]
		}
		p.add("rows", []rdf.Term{t.S, t.P, t.O}, fix)
	}
	if e.Freedom != nil {
		for _, g := range e.Freedom.Graphs {
			for _, t := range g {
				p.exact[rowKey([]rdf.Term{t.S, t.P, t.O})] = true
			}
		}
	}
	return p.seal()
}

// mapSolutions rewrites actual rows onto the judge's terms.
func (p *computedPool) mapSolutions(cols []string, rows []results.Solution, m *mapping) []results.Solution {
	if p.empty() {
		return rows
	}
	out := make([]results.Solution, len(rows))
	for i, row := range rows {
		ts := make([]rdf.Term, len(cols))
		for c, v := range cols {
			ts[c] = row[v]
		}
		out[i] = row
		if mt := p.row(ts, m); rowKey(mt) != rowKey(ts) {
			out[i] = cloneSolution(row)
			for c, v := range cols {
				if mt[c] != ts[c] {
					out[i][v] = mt[c]
				}
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
	out := make([]rdf.Triple, len(ts))
	for i, t := range ts {
		r := p.row([]rdf.Term{t.S, t.P, t.O}, m)
		out[i] = rdf.Triple{S: r[0], P: r[1], O: r[2]}
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
		Note: joinNotes(nil, "unjudged: an engine's row is a permitted form of more than one of the judge's "+
			"rows with computed values, and the assignment tried fails", v.Note)}
}
