package diff

import (
	"fmt"
	"strings"

	"github.com/sparql-oracle/oracle/internal/results"
)

// Verdict is the outcome of comparing an actual answer with a judge's.
//
// OK is true exactly when actual is a correct answer given the judge's
// expected answer and its Freedom. When OK is false, Classes is non-empty,
// sorted most specific first (see AllClasses), and Diff lists the differing
// rows. Note carries remarks that hold either way (open variables compared by
// shape only, variable order ignored, budget exhausted...).
type Verdict struct {
	OK      bool
	Classes []Class
	Diff    []Line
	Summary string // one line: row counts and how many rows differ
	Note    string
	// Basis, when set, is what the comparator's verdict rests on beyond
	// the judge's answer: the other reading an engine took (contested),
	// "every reading of the text rules it out" (text), or §17.6's
	// extension point (compare_readings.go, compare_extension.go).
	Basis *results.Basis
}

// Line is one line of the human diff: Op '-' for expected only, '+' for
// actual only; Text is a row in N-Triples term syntax (`?x=<a> ?y="1"`), a
// triple, a boolean, or a positional row (`#3 ?x=<a>`) for order diffs.
type Line struct {
	Op   byte
	Text string
}

func (l Line) String() string { return string(l.Op) + " " + l.Text }

// Text renders the verdict for people: status, classes, note, summary, diff.
func (v *Verdict) Text() string {
	var b strings.Builder
	if v.OK {
		b.WriteString("ok\n")
	} else {
		cs := make([]string, len(v.Classes))
		for i, c := range v.Classes {
			cs[i] = string(c)
		}
		b.WriteString("fail " + strings.Join(cs, " ") + "\n")
	}
	for _, s := range []string{v.Note, v.Summary} {
		if s != "" {
			b.WriteString("# " + s + "\n")
		}
	}
	for _, l := range v.Diff {
		b.WriteString(l.String() + "\n")
	}
	return b.String()
}

// DefaultBudget is the number of search steps Compare spends on the
// blank-node bijection before it gives up with ClassUndecided.
const DefaultBudget = 1_000_000

// Options tune CompareWith.
type Options struct {
	Budget int // search steps; <= 0 means DefaultBudget
	// ExactDescribe holds the engine to the judge's own DESCRIBE policy:
	// its description is compared exactly, where any other engine's is
	// whatever its service determines (#describe) and any graph is correct.
	// The caller says which engine shares the policy (triage.CompareOptions).
	ExactDescribe bool
}

func shapeVerdict(e, a *results.Answer) *Verdict {
	en, an := kindName(e), kindName(a)
	return &Verdict{
		Classes: []Class{ClassShape},
		Diff:    []Line{{'-', en}, {'+', an}},
		Note:    en + " vs " + an,
	}
}

func undecided(opt Options) *Verdict {
	return &Verdict{
		Classes: []Class{ClassUndecided},
		Note:    fmt.Sprintf("unjudged: blank-node search budget of %d steps exhausted", opt.Budget),
	}
}

func joinNotes(notes []string, more ...string) string {
	for _, n := range more {
		if n != "" {
			notes = append(notes, n)
		}
	}
	return strings.Join(notes, "; ")
}

func kindName(a *results.Answer) string {
	if a == nil {
		return "no answer"
	}
	switch a.Kind {
	case results.Bindings:
		return "bindings"
	case results.Boolean:
		return "boolean"
	case results.Graph:
		return "graph"
	case results.GraphStore:
		return "graph store"
	}
	return fmt.Sprintf("kind %d", a.Kind)
}
