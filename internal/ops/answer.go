package ops

import (
	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
)

// Answer is r as the comparison reads it: the form's answer, and a
// Freedom only where the query leaves something open (or is a DESCRIBE,
// whose graph is the engine's choice: #describe).
func (r *Result) Answer() *results.Answer {
	a := &results.Answer{Vars: r.Vars, Boolean: r.Boolean, Triples: r.Triples}
	switch r.Form {
	case algebra.Ask:
		a.Kind = results.Boolean
	case algebra.Construct, algebra.Describe:
		a.Kind = results.Graph
	default:
		a.Kind = results.Bindings
		a.Rows = solutions(r.Rows)
	}
	switch {
	case r.leavesOpen():
		a.Freedom = r.Freedom()
	case r.Form == algebra.Describe:
		a.Freedom = &results.Freedom{Limit: -1, Describe: true}
	}
	return a
}

// leavesOpen: r records a choice the specification leaves open, a basis
// (contested or followed), readings or §17.6 extension points.
func (r *Result) leavesOpen() bool {
	return r.Traced || r.Ordered || r.Reduced || len(r.Open) > 0 || len(r.Concat) > 0 || len(r.Graphs) > 0 ||
		r.GraphsCapped || r.Indeterminate != "" || r.Contested != nil || len(r.Follows) > 0 || r.Extension != nil
}

// Freedom is every choice r records, as results.Freedom (same meanings).
func (r *Result) Freedom() *results.Freedom {
	return &results.Freedom{
		Ordered: r.Ordered, Sequence: solutions(r.Sequence), Ties: r.Ties,
		Offset: r.Offset, Limit: r.Limit, Reduced: r.Reduced, Open: r.Open,
		Concat: r.Concat, Graphs: r.Graphs, GraphsCapped: r.GraphsCapped, Indeterminate: r.Indeterminate,
		Contested: r.Contested, Follows: r.Follows,
		Readings: r.Readings, ReadingsComplete: r.ReadingsComplete, Extension: r.Extension, // reference/readings.go, extension.go
		Traced: r.Traced, Cells: r.Cells, SequenceCells: r.SequenceCells, TripleCells: r.TripleCells,
		Describe: r.Form == algebra.Describe,
	}
}

func solutions(rows []map[string]rdf.Term) []results.Solution {
	if rows == nil {
		return nil
	}
	out := make([]results.Solution, len(rows))
	for i, r := range rows {
		out[i] = results.Solution(r)
	}
	return out
}
