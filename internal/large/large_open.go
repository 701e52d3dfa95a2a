package large

import (
	"slices"
	"strings"

	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/results"
)

// expected is the fast engine's answer as a judge's: the reference
// attaches results.Freedom for what the query leaves open, the fast
// engine records none, so where the query (or the reference, on a sample)
// shows something open the answer is Indeterminate: an answer equal to
// the fast engine's is correct, any other undecided, never wrong. Row
// order is not judged (no Ordered): which order among ties is open, and
// the fast engine does not record ties.
func (lr *Run) Expected() *results.Answer {
	a := *OutcomeOf(lr.outs, oracle.TwinName).Answer
	f := &results.Freedom{Limit: -1}
	q, err := lr.c.Tree()
	open := []string{}
	if err == nil {
		f.Describe = q.Form == syntax.FormDescribe
		open = syntaxOpen(q)
	}
	open = appendNew(open, sampleOpen(lr.lg.Samples)...)
	if len(open) > 0 {
		lr.lg.Open = "the query leaves open what the fast engine does not record (" + strings.Join(open, ", ") +
			"): an answer other than the fast engine's is undecided, never wrong"
		f.Indeterminate = "judged by the fast engine; " + lr.lg.Open
	}
	a.Freedom = f
	return &a
}

// syntaxOpen names the constructs of q whose answers the specification
// leaves open in ways only the reference records: which rows a slice
// keeps, REDUCED's multiplicities, SAMPLE and GROUP_CONCAT, the lexical
// form of a computed number (arithmetic, numeric aggregates and
// functions, casts), and the per-call values of RAND, NOW, UUID, STRUUID.
// COUNT and plain copies of data terms are fixed.
func syntaxOpen(q *syntax.Query) []string {
	var out []string
	add := func(s string) { out = appendNew(out, s) }
	mods := func(p *syntax.Projection, m syntax.Modifiers) {
		if p != nil && p.Reduced {
			add("REDUCED")
		}
		if m.Limit != nil || m.Offset != nil {
			add("LIMIT/OFFSET")
		}
	}
	mods(q.Select, q.Mod)
	syntax.Inspect(q, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.SubSelect:
			mods(n.Select, n.Mod)
		case *syntax.Aggregate:
			if n.Name != "COUNT" {
				add(n.Name)
			}
		case *syntax.Binary:
			if strings.Contains("+-*/", n.Op) && len(n.Op) == 1 {
				add("arithmetic")
			}
		case *syntax.Unary:
			if n.Op != "!" {
				add("arithmetic")
			}
		case *syntax.Call:
			if openCalls[n.Name] {
				add(n.Name)
			}
		case *syntax.FuncCall:
			add("function " + n.IRI.Value)
		}
		return true
	})
	return out
}

// openCalls are the built-ins whose value is computed with a lexical form
// or a value the text leaves to the engine (#func-numerics, #func-rand,
// #func-now, #func-uuid, #func-seconds, #func-timezone).
var openCalls = map[string]bool{"RAND": true, "NOW": true, "UUID": true, "STRUUID": true, "ABS": true,
	"ROUND": true, "CEIL": true, "FLOOR": true, "SECONDS": true, "TIMEZONE": true}

// sampleOpen names what the reference found open on the samples: a
// contested reading, a §17.6 extension point, an indeterminate choice,
// open variables or computed cells with a permitted range of forms.
func sampleOpen(ss []Sample) []string {
	var out []string
	for _, s := range ss {
		if s.Reference == nil || s.Reference.Freedom == nil {
			continue
		}
		f := s.Reference.Freedom
		for _, c := range []struct {
			on   bool
			name string
		}{
			{f.Contested != nil || len(f.Readings) > 0, "a contested reading (on a sample)"},
			{f.Extension != nil, "a §17.6 extension point (on a sample)"},
			{f.Indeterminate != "", "an indeterminate choice (on a sample)"},
			{len(f.Open) > 0 || len(f.Concat) > 0, "open values (on a sample)"},
			{openCells(f), "computed values (on a sample)"},
		} {
			if c.on {
				out = appendNew(out, c.name)
			}
		}
	}
	return out
}

func openCells(f *results.Freedom) bool {
	for _, row := range append(append([]map[string]results.Cell(nil), f.Cells...), f.SequenceCells...) {
		for _, c := range row {
			if c.Open() {
				return true
			}
		}
	}
	for _, c := range f.TripleCells {
		if c.Open() {
			return true
		}
	}
	return false
}

func appendNew(xs []string, ys ...string) []string {
	for _, y := range ys {
		if !slices.Contains(xs, y) {
			xs = append(xs, y)
		}
	}
	return xs
}
