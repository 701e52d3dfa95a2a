package reference

import (
	"context"

	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/ops"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
)

// MaxReadings bounds the evaluations under other readings of the contested
// questions one query met (ops/readings.go): past it the judge keeps only
// the single-question readings and leaves the answer undecided.
const MaxReadings = 4

// readings evaluates q again under every other reading of the contested
// questions the judge's evaluation e met, and records the answers
// (Result.Readings). They are complete when every question met has
// alternatives the judge can evaluate, every combination was evaluated,
// each met no question beyond those, and no other choice left the answer
// open: then an engine answer that matches none is ruled out by every
// reading of the text.
func readings(ctx context.Context, q *algebra.Query, active *rdf.Dataset, opt Options, res *Result, e *evaluator) {
	met := e.ectx.Met
	if len(met) == 0 {
		return
	}
	combos, complete := combinations(met)
	complete = complete && e.ectx.Indeterminate == ""
	for _, alt := range combos {
		o := opt
		o.Readings = alt
		o.Extension = extends(alt)
		r, ae, err := evalOnce(ctx, q, active, o)
		if err != nil {
			complete = false
			continue
		}
		complete = complete && !metOther(ae.ectx.Met, met)
		r.Indeterminate = ae.ectx.Indeterminate // the questions are settled under alt; other choices stay open
		rd := reading(met, alt, r)
		if o.Extension && !extendedRows(q, e, ae) {
			rd.Answer, complete = nil, false // the reading leaves the answer open beyond rows: undecided
		}
		res.Readings = append(res.Readings, rd)
	}
	res.ReadingsComplete = complete
}

// extends: alt takes the reading of ContestedUnboundOperand by which an
// operator's type error over an unbound operand is an extension point, so
// it is evaluated with §17.6's points open (extension.go): a top-level
// FILTER over such an error keeps the row.
func extends(alt map[string]int) bool {
	return alt[ops.ReadingKey(ops.ContestedUnboundOperand)] == 1
}

// extendedRows: the reading evaluated with the extension points open (ae)
// differs from an unextended one only by rows a top-level FILTER kept, so
// its answer is that reading's: no cell holds the extension value, no
// extension point decided elsewhere or was read, the judge's own
// evaluation (je) met no extension point of its own (those are §17.6's,
// not this question's), and no OFFSET/LIMIT shifts what the kept rows
// add, as extension() requires of the judge's extension answer.
func extendedRows(q *algebra.Query, je, ae *evaluator) bool {
	x := ae.ext
	if q.Form != algebra.Select || x.Cells || x.Elsewhere || ae.ectx.ExtRead {
		return false
	}
	if j := je.ext; j.Cells || j.Rows || j.Elsewhere {
		return false
	}
	return !x.Rows || peel(q.Op).slice == nil
}

// combinations lists the alternative-reading assignments other than the
// judge's (all zero) over the questions met, at most MaxReadings; complete
// is false when a question has no computable alternative or the bound cut.
func combinations(met []results.Basis) ([]map[string]int, bool) {
	complete := true
	combos := []map[string]int{{}}
	for _, b := range met {
		n := len(ops.Alternatives(b))
		complete = complete && ops.AlternativesComplete(b)
		if n == 0 {
			continue
		}
		var next []map[string]int
		for _, c := range combos {
			for k := 0; k <= n; k++ {
				m := map[string]int{}
				for key, v := range c {
					m[key] = v
				}
				if k > 0 {
					m[ops.ReadingKey(b)] = k
				}
				next = append(next, m)
			}
		}
		combos = next
	}
	combos = combos[1:] // the first is the judge's own
	if len(combos) > MaxReadings {
		return singles(met), false
	}
	return combos, complete
}

// singles is each alternative of each question alone.
func singles(met []results.Basis) []map[string]int {
	var out []map[string]int
	for _, b := range met {
		for k := range ops.Alternatives(b) {
			out = append(out, map[string]int{ops.ReadingKey(b): k + 1})
			if len(out) == MaxReadings {
				return out
			}
		}
	}
	return out
}

func metOther(got, met []results.Basis) bool {
	known := map[string]bool{}
	for _, b := range met {
		known[ops.ReadingKey(b)] = true
	}
	for _, b := range got {
		if !known[ops.ReadingKey(b)] {
			return true
		}
	}
	return false
}

// reading names the readings of alt and carries the answer under them.
func reading(met []results.Basis, alt map[string]int, r *Result) results.Reading {
	var rd results.Reading
	for _, b := range met {
		if k := alt[ops.ReadingKey(b)]; k > 0 {
			rd.Bases = append(rd.Bases, b)
			rd.Takes = append(rd.Takes, ops.Alternatives(b)[k-1])
		}
	}
	// Under this reading the questions are settled; what else it leaves
	// open is its own Freedom.
	r.Contested, r.Follows = nil, nil
	rd.Answer = answerOf(r)
	return rd
}

// answerOf is the judge's results.Answer for one Result, with its Freedom
// always (ops.Result.Answer attaches it only where something is open).
// Under a reading, Contested and Follows are cleared (reading) and
// Readings and Extension were never filled (evalOnce computes neither).
func answerOf(r *Result) *results.Answer {
	a := r.Answer()
	a.Freedom = r.Freedom()
	return a
}
