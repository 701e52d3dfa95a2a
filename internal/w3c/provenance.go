package w3c

import (
	"context"
	"fmt"

	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/reference"
	"github.com/sparql-oracle/oracle/internal/results"
)

// The W3C expectations are result files: they say nothing of which cells
// were computed. The runner asks the judge: the reference evaluates the
// test, and each expected row is matched with a judge row whose every cell
// is the same term, a permitted form of the judge's computed cell there
// (results.Cell.Accepts, the comparator's own predicate), or the same value
// of the same datatype as a term the judge copied. A computed cell takes
// the judge's Cell, so the suite's own forms of a computed number ("1.0",
// "1E0" and "1" for the xsd:float one in cast-float) are compared by the
// same rule as every other answer. A copied term the file writes in another
// lexical form (1.0e6 for the data's "1.0E6" in tsv03) is read as the
// judge's term: a copied term must come back as it is, whatever form the
// file chose. When every expected row is one of the judge's rows (as many
// as the judge has), the expectation is Traced: a cell without a Cell is a
// copied term, and another form of it is copied-literal-changed.

// traceExpected attaches the judge's computed cells to exp; the note names
// the copied terms the file wrote in another form.
func traceExpected(ctx context.Context, c *oracle.Case, q *algebra.Query, exp *results.Answer) string {
	if q == nil || exp == nil || exp.Kind == results.Boolean {
		return ""
	}
	ref, err := reference.Eval(ctx, q, c.Dataset, c.Sources, reference.Options{})
	if err != nil || ref == nil {
		return ""
	}
	var jr []judgeRow
	var rows []results.Solution
	n := len(ref.Rows) // the judge's answer, without the sequence before the slice
	if exp.Kind == results.Graph {
		jr, rows, n = tripleRows(ref.Triples, ref.TripleCells), triplesAsRows(exp.Triples), len(ref.Triples)
	} else {
		jr = append(solutionRows(ref.Rows, ref.Cells), solutionRows(ref.Sequence, ref.SequenceCells)...)
		rows = exp.Rows
	}
	cells, copied, all := traceRows(jr, rows)
	if cells == nil && copied == 0 && !all {
		return ""
	}
	if exp.Freedom == nil {
		exp.Freedom = &results.Freedom{Limit: -1}
	}
	// Every expected row is a judge row: its other cells are the judge's
	// copied terms, and a different form of one is copied-literal-changed.
	exp.Freedom.Traced = all && len(rows) == n
	if exp.Kind == results.Graph {
		exp.Triples = rowsAsTriples(rows)
		exp.Freedom.TripleCells = objectCells(cells, len(rows))
	} else {
		exp.Freedom.Cells = cells
		if exp.Freedom.Ordered && len(exp.Freedom.Sequence) == len(exp.Rows) {
			exp.Freedom.Sequence, exp.Freedom.SequenceCells = exp.Rows, cells // orderFreedom's sequence is the rows
		}
	}
	if copied == 0 {
		return ""
	}
	return fmt.Sprintf("%d copied term(s) the expectation writes in another lexical form read as the judge's term", copied)
}

// judgeRow is one row of the judge's answer with the Cells of its computed cells.
type judgeRow struct {
	row   map[string]rdf.Term
	cells map[string]results.Cell
}

func solutionRows(rows []map[string]rdf.Term, cells []map[string]results.Cell) []judgeRow {
	out := make([]judgeRow, len(rows))
	for i, r := range rows {
		out[i].row = r
		if i < len(cells) {
			out[i].cells = cells[i]
		}
	}
	return out
}

func tripleRows(ts []rdf.Triple, cells []results.Cell) []judgeRow {
	out := make([]judgeRow, len(ts))
	for i, t := range ts {
		out[i].row = map[string]rdf.Term{"s": t.S, "p": t.P, "o": t.O}
		if i < len(cells) && cells[i].Open() {
			out[i].cells = map[string]results.Cell{"o": cells[i]}
		}
	}
	return out
}

func triplesAsRows(ts []rdf.Triple) []results.Solution {
	out := make([]results.Solution, len(ts))
	for i, t := range ts {
		out[i] = results.Solution{"s": t.S, "p": t.P, "o": t.O}
	}
	return out
}

func rowsAsTriples(rows []results.Solution) []rdf.Triple {
	out := make([]rdf.Triple, len(rows))
	for i, r := range rows {
		out[i] = rdf.Triple{S: r["s"], P: r["p"], O: r["o"]}
	}
	return out
}

func objectCells(cells []map[string]results.Cell, n int) []results.Cell {
	out := make([]results.Cell, n)
	for i := range out {
		if i < len(cells) {
			out[i] = cells[i]["o"]
		}
	}
	return out
}

// traceRows matches every expected row with a judge row (match) and returns
// the expected rows' Cells (nil when none is computed), how many copied
// terms were rewritten to the judge's form, and whether every row matched;
// rows are rewritten in place.
func traceRows(jr []judgeRow, rows []results.Solution) ([]map[string]results.Cell, int, bool) {
	out := make([]map[string]results.Cell, len(rows))
	found, copied, all := false, 0, true
	for i, row := range rows {
		j, ok := match(jr, row)
		if !ok {
			all = false
			continue
		}
		for v, x := range row {
			e := j.row[v]
			if cell := j.cells[v]; cell.Open() {
				if out[i] == nil {
					out[i] = map[string]results.Cell{}
				}
				out[i][v], found = cell, true
			} else if x != e && !x.IsBlank() {
				rows[i] = withTerm(rows[i], v, e)
				copied++
			}
		}
	}
	if !found {
		out = nil
	}
	return out, copied, all
}

func withTerm(s results.Solution, v string, t rdf.Term) results.Solution {
	out := make(results.Solution, len(s))
	for k, x := range s {
		out[k] = x
	}
	out[v] = t
	return out
}

// match finds the judge row that expected row x stands for: first one
// equal up to blank nodes, else one equal up to permitted forms.
func match(jr []judgeRow, x results.Solution) (judgeRow, bool) {
	var loose *judgeRow
	for i := range jr {
		switch fit(jr[i], x) {
		case fitExact:
			return jr[i], true
		case fitLoose:
			if loose == nil {
				loose = &jr[i]
			}
		}
	}
	if loose == nil {
		return judgeRow{}, false
	}
	return *loose, true
}

type fitKind int

const (
	fitNone fitKind = iota
	fitLoose
	fitExact
)

var sameValue = results.Cell{Fix: results.FixLexical}

// fit compares an expected row with a judge row cell by cell.
func fit(j judgeRow, x results.Solution) fitKind {
	if len(j.row) != len(x) {
		return fitNone
	}
	k := fitExact
	for v, t := range x {
		e, ok := j.row[v]
		switch {
		case !ok:
			return fitNone
		case t == e, t.IsBlank() && e.IsBlank():
		case j.cells[v].Open() && j.cells[v].Accepts(e, t), sameValue.Accepts(e, t):
			k = fitLoose
		default:
			return fitNone
		}
	}
	return k
}
