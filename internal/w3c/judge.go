package w3c

import (
	"bytes"
	"strings"

	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/corpus"
	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/results"
)

// expected reads the test's expected answer and attaches the freedom the
// query leaves: ORDER BY ties (see orderFreedom).
func (r *runner) expected(t *corpus.Test, q *algebra.Query, res *Result) (*results.Answer, error) {
	exp, err := readExpected(t.Result)
	if err != nil {
		return nil, err
	}
	if exp.Kind != results.Bindings || q == nil || !ordered(t.Result) {
		return exp, nil
	}
	if conds := orderConds(q.Op); len(conds) > 0 {
		var note string
		exp.Freedom, note = orderFreedom(q, conds, exp)
		res.Note = note
	}
	return exp, nil
}

// ordered reports whether the expectation file records an order: every
// results format does, except an rs: result set without rs:index.
func ordered(resultIRI string) bool {
	f, err := results.FormatFromName(resultIRI)
	if err != nil {
		return false
	}
	switch f {
	case results.Turtle, results.RDFXML, results.NTriples:
		data, err := readIRI(resultIRI)
		return err == nil && bytes.Contains(data, []byte("index"))
	}
	return true
}

// judge compares the engine's answer with the expectation. CSV loses term
// kinds, so a CSV expectation is compared with the CSV view of the answer
// (results.CSVView applies the same loss). mf:LaxCardinality lets the
// number of duplicates vary: both sides are compared as sets.
func judge(t *corpus.Test, expected, actual *results.Answer, res *Result) {
	if strings.HasSuffix(strings.ToLower(t.Result), ".csv") {
		actual = results.CSVView(actual)
		res.Note = joinNote(res.Note, "compared as CSV (term kinds and datatypes lost)")
	}
	if t.Lax {
		expected, actual = distinct(expected), distinct(actual)
		res.Note = joinNote(res.Note, "mf:LaxCardinality: compared as sets")
	}
	v := diff.Compare(expected, actual)
	if v.OK {
		res.Outcome = Pass
		return
	}
	res.Outcome, res.Reason, res.Class = Fail, v.Summary, joinClasses(v.Classes)
	res.Note = joinNote(res.Note, v.Note)
	for _, l := range v.Diff {
		res.Diff = append(res.Diff, l.String())
	}
}

func joinClasses(cs []diff.Class) string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = string(c)
	}
	return strings.Join(out, ",")
}

func joinNote(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	}
	return a + "; " + b
}

// distinct drops repeated rows (term-equal in every variable). It keeps a
// Freedom's order but not its ties (lax tests have no ORDER BY), and the
// judge's Cells of the rows kept.
func distinct(a *results.Answer) *results.Answer {
	if a == nil || a.Kind != results.Bindings {
		return a
	}
	out := *a
	out.Rows = nil
	var cells []map[string]results.Cell
	seen := map[string]bool{}
	for i, row := range a.Rows {
		key := rowKey(a.Vars, row)
		if !seen[key] {
			seen[key] = true
			out.Rows = append(out.Rows, row)
			if a.Freedom != nil && i < len(a.Freedom.Cells) {
				cells = append(cells, a.Freedom.Cells[i])
			}
		}
	}
	if a.Freedom != nil && a.Freedom.Cells != nil {
		f := *a.Freedom
		f.Cells, f.SequenceCells = cells, nil
		out.Freedom = &f
	}
	return &out
}

func rowKey(vars []string, row results.Solution) string {
	var b strings.Builder
	for _, v := range vars {
		b.WriteString(row[v].String())
		b.WriteByte(0)
	}
	for v, t := range row { // variables outside Vars still distinguish rows
		if !contains(vars, v) {
			b.WriteString(v + "=" + t.String() + "\x00")
		}
	}
	return b.String()
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// hasService reports whether the algebra contains a SERVICE pattern.
func hasService(op algebra.Op) bool {
	found := false
	algebra.Walk(op, func(o algebra.Op) {
		if _, ok := o.(*algebra.Service); ok {
			found = true
		}
	})
	return found
}
