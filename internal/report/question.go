package report

import (
	"sort"

	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/results"
	"github.com/sparql-oracle/oracle/internal/triage"
)

// StatusQuestion is the status of a divergence resting on a contested
// reading of the spec (results.BasisContested): reported as a spec
// question, never filed as an engine bug unless the user asks for it.
const StatusQuestion = "spec-question"

// SpecQuestions is where the open questions the judge had to choose on are
// listed, with the reading taken, the alternatives and the engines on each
// side.
const SpecQuestions = "docs/spec-questions.md"

// Questions writes up the engines whose answers differ from the judge's
// on a contested reading (the judge marked its answer indeterminate and
// contested, so they are unjudged, not wrong): one spec question per case,
// the engines taking another reading on one side, the judge's reading with
// the engines that agree on the other.
func Questions(r *triage.Report, engines ...oracle.Engine) []Bug {
	if !contested(r.Expected) {
		return nil
	}
	sig := triage.Signature{Class: diff.ClassUndecided, Right: []string{oracle.JudgeName}}
	for _, v := range r.Verdicts {
		switch {
		case v.Outcome == triage.Unjudged && v.Verdict != nil && !v.Verdict.OK:
			sig.Wrong = append(sig.Wrong, v.Engine)
		case v.Outcome == triage.Correct:
			sig.Right = append(sig.Right, v.Engine)
		}
	}
	if len(sig.Wrong) == 0 {
		return nil
	}
	sort.Strings(sig.Wrong)
	sort.Strings(sig.Right)
	b := bugOf(r, triage.Divergence{Signature: sig}, engines, nil)
	return []Bug{b}
}

// FileContested turns spec questions into engine bugs, when the user asks
// for them to be filed (--file-contested): the basis still says contested.
func FileContested(bugs []Bug) []Bug {
	out := make([]Bug, len(bugs))
	for i, b := range bugs {
		if b.Status == StatusQuestion {
			b.Status = "open"
			b.Title = title(b, wrongEngines(b))
		}
		out[i] = b
	}
	return out
}

func wrongEngines(b Bug) []string {
	var out []string
	for _, a := range b.Actual {
		out = append(out, a.Engine)
	}
	return out
}

// isQuestion: the verdict rests on a contested reading.
func isQuestion(b *results.Basis) bool {
	return b != nil && b.Kind == results.BasisContested
}

// WithQuestions appends r's spec questions to bugs, filed as engine bugs
// when file is set (--file-contested).
func WithQuestions(r *triage.Report, bugs []Bug, file bool, engines ...oracle.Engine) []Bug {
	out := append(append([]Bug(nil), bugs...), Questions(r, engines...)...)
	if file {
		return FileContested(out)
	}
	return out
}
