package reference

import (
	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
)

// The two readings of a SPARQL 1.1 EXISTS (ops.ContestedExists,
// w3c/sparql-query#75 and #76). The judge takes the letter of
// #defn_evalExists, eval(D(G), substitute(P, μ)); engines evaluate P with
// μ in scope, as the SPARQL 1.2 draft now defines it (#defn_evalContextSolution,
// exists12.go). The two part where P holds an operator that reads which
// variables a solution binds (a MINUS right side, a sub-select's
// projection, BIND, VALUES, a GROUP): there the judge evaluates both and
// records the question when they give different booleans, so an answer
// that takes the other reading is a spec question, not a wrong verdict.

// existsInScope is EXISTS under the other reading (Options.Readings 1):
// the 1.2 draft's correlated evaluation asked of a 1.1 query.
func (e *evaluator) existsInScope(g *rdf.Graph, p algebra.Op, mu Mapping) (bool, error) {
	return e.exists12(g, p, mu)
}

// existsReadingsPart evaluates P the other way and reports whether the
// boolean differs from the judge's (substituted) one, or could not be
// evaluated (then the question stays open rather than the judge's reading
// passing as the only one). It leaves no trace on the evaluation it sits
// in: the questions, marks and extension errors the second evaluation
// meets are not the judge's.
func (e *evaluator) existsReadingsPart(g *rdf.Graph, p algebra.Op, mu Mapping, judge bool) bool {
	if len(mu) == 0 || !readsDomains(p) {
		return false
	}
	saved := e.saveTrace()
	defer e.restoreTrace(saved)
	other, err := e.existsInScope(g, p, mu)
	return err != nil || e.ectx.Fatal != nil || other != judge
}

// readsDomains: p holds an operator whose answer depends on which
// variables a solution binds, not only on their values, so μ in scope and
// μ substituted may part there.
func readsDomains(p algebra.Op) bool {
	switch p.(type) {
	case *algebra.Minus, *algebra.Project, *algebra.Extend, *algebra.Table, *algebra.Group:
		return true
	}
	for _, c := range algebra.Children(p) {
		if readsDomains(c) {
			return true
		}
	}
	return false
}

// trace is the part of the evaluation's state a side evaluation must not
// change.
type trace struct {
	indeterminate, why string
	contested          bool
	met, follows       int
	extErrors          int
	extRead            bool
	ext                results.Extension
	fatal              error
}

func (e *evaluator) saveTrace() trace {
	c := e.ectx
	return trace{indeterminate: c.Indeterminate, why: c.ContestWhy, contested: c.Contested != nil,
		met: len(c.Met), follows: len(c.Follows), extErrors: c.ExtErrors, extRead: c.ExtRead, ext: e.ext, fatal: c.Fatal}
}

func (e *evaluator) restoreTrace(t trace) {
	c := e.ectx
	c.Indeterminate, c.ContestWhy = t.indeterminate, t.why
	if !t.contested {
		c.Contested = nil
	}
	c.Met, c.Follows = c.Met[:t.met], c.Follows[:t.follows]
	c.ExtErrors, c.ExtRead = t.extErrors, t.extRead
	e.ext, c.Fatal = t.ext, t.fatal
}
