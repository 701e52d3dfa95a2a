package server

import (
	"slices"
	"strings"

	"github.com/sparql-oracle/oracle/internal/store"
)

// markedTable is an answer laid out for the test page: its rows aligned
// on the expected answer's variables, rows the expected answer lacks
// marked extra with their differing cells marked, and the expected rows
// the answer lacks listed as missing. Marks are a reading aid: the
// status (passed, failed) is the W3C runner's or the judge's verdict,
// which also accepts what the spec leaves open (order ties, numeric
// forms); a failure of row order alone marks nothing.
type markedTable struct {
	Kind    string
	Vars    []string
	Rows    []markedRow
	Missing []markedRow
	Boolean string
	Differs bool // a boolean that differs
	More    int
}

type markedRow struct {
	Cells []markedCell
	Extra bool
}

type markedCell struct {
	Text string
	Diff bool
}

// xsdIRI is written xsd: in a cell: the datatype most literals carry.
const xsdIRI = "<http://www.w3.org/2001/XMLSchema#"

// Short is the cell as shown: an XSD datatype abbreviated.
func (c markedCell) Short() string {
	i := strings.Index(c.Text, "^^"+xsdIRI)
	if i < 0 || !strings.HasSuffix(c.Text, ">") {
		return c.Text
	}
	return c.Text[:i] + "^^xsd:" + c.Text[i+2+len(xsdIRI):len(c.Text)-1]
}

// mark lays out got against exp (got nil: exp itself, unmarked).
func mark(exp, got *store.Table, failing bool) *markedTable {
	t := got
	if t == nil {
		t = exp
	}
	if t == nil {
		return nil
	}
	m := &markedTable{Kind: t.Kind, More: t.More}
	if t.Kind == "boolean" {
		m.Boolean = boolText(t.Boolean)
		m.Differs = failing && got != nil && exp != nil && exp.Kind == "boolean" && exp.Boolean != got.Boolean
		return m
	}
	m.Vars = vars(exp, t)
	rows := aligned(t, m.Vars)
	if !failing || got == nil || exp == nil || exp.Kind == "boolean" {
		for _, r := range rows {
			m.Rows = append(m.Rows, plainRow(r))
		}
		return m
	}
	m.markRows(aligned(exp, m.Vars), rows)
	return m
}

func boolText(b bool) string {
	if b {
		return "true"
	}
	return "false"
}

// vars are the expected answer's variables, then any other the answer has.
func vars(exp, got *store.Table) []string {
	var out []string
	if exp != nil {
		out = append(out, exp.Vars...)
	}
	for _, v := range got.Vars {
		if !slices.Contains(out, v) {
			out = append(out, v)
		}
	}
	return out
}

// aligned returns t's rows with one cell per variable of vs.
func aligned(t *store.Table, vs []string) [][]string {
	pos := map[string]int{}
	for i, v := range t.Vars {
		pos[v] = i
	}
	out := make([][]string, len(t.Rows))
	for i, row := range t.Rows {
		out[i] = make([]string, len(vs))
		for j, v := range vs {
			if k, ok := pos[v]; ok && k < len(row) {
				out[i][j] = row[k]
			}
		}
	}
	return out
}

func plainRow(r []string) markedRow {
	m := markedRow{}
	for _, c := range r {
		m.Cells = append(m.Cells, markedCell{Text: c})
	}
	return m
}

// markRows matches rows equal up to blank node labels first; each other
// row is set against the unmatched expected row it shares most cells
// with, and its differing cells are marked; expected rows left are missing.
func (m *markedTable) markRows(exp, got [][]string) {
	used := make([]bool, len(exp))
	var extra []int
	for i, r := range got {
		if j := find(exp, used, r); j >= 0 {
			used[j] = true
			m.Rows = append(m.Rows, plainRow(r))
			continue
		}
		m.Rows = append(m.Rows, markedRow{})
		extra = append(extra, i)
	}
	for _, i := range extra {
		j := closest(exp, used, got[i])
		row := markedRow{Extra: true}
		for k, c := range got[i] {
			row.Cells = append(row.Cells, markedCell{Text: c, Diff: j < 0 || !sameCell(c, exp[j][k])})
		}
		if j >= 0 {
			used[j] = true
		}
		m.Rows[i] = row
	}
	for j, r := range exp {
		if !used[j] {
			m.Missing = append(m.Missing, plainRow(r))
		}
	}
}

func find(exp [][]string, used []bool, r []string) int {
	for j, e := range exp {
		if !used[j] && sameRow(e, r) {
			return j
		}
	}
	return -1
}

// closest is the unmatched expected row sharing the most cells with r,
// -1 when none shares any.
func closest(exp [][]string, used []bool, r []string) int {
	best, bestN := -1, 0
	for j, e := range exp {
		if used[j] {
			continue
		}
		n := 0
		for k := range e {
			if sameCell(e[k], r[k]) {
				n++
			}
		}
		if n > bestN {
			best, bestN = j, n
		}
	}
	return best
}

func sameRow(a, b []string) bool {
	for k := range a {
		if !sameCell(a[k], b[k]) {
			return false
		}
	}
	return true
}

// sameCell compares two terms, any blank node matching any other (labels
// are local to an answer).
func sameCell(a, b string) bool {
	return a == b || (strings.HasPrefix(a, "_:") && strings.HasPrefix(b, "_:"))
}
