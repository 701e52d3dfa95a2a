package diff

import (
	"fmt"

	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
)

// Compare judges actual against expected, the judge's answer; see Verdict.
func Compare(expected, actual *results.Answer) *Verdict {
	return CompareWith(expected, actual, Options{})
}

// CompareWith is Compare with explicit options.
func CompareWith(expected, actual *results.Answer, opt Options) *Verdict {
	if opt.Budget <= 0 {
		opt.Budget = DefaultBudget
	}
	v := compareKinds(expected, actual, opt)
	if v.OK || expected == nil || actual == nil || expected.Freedom == nil {
		return v
	}
	if r := compareReadings(expected, actual, v, opt); r != nil { // compare_readings.go
		return r
	}
	if x := compareExtension(expected, actual, v, opt); x != nil { // compare_extension.go
		return x
	}
	if f := expected.Freedom; f.Indeterminate != "" {
		return &Verdict{Classes: []Class{ClassUndecided}, Note: "unjudged: " + f.Indeterminate, Diff: v.Diff}
	}
	return v
}

func compareKinds(expected, actual *results.Answer, opt Options) *Verdict {
	if expected == nil || actual == nil || expected.Kind != actual.Kind {
		return shapeVerdict(expected, actual)
	}
	switch expected.Kind {
	case results.Boolean:
		return compareBoolean(expected, actual)
	case results.Graph:
		return compareGraph(expected, actual, opt)
	case results.Bindings:
		return compareBindings(expected, actual, opt)
	case results.GraphStore:
		return compareStore(expected, actual, opt)
	}
	return shapeVerdict(expected, actual)
}

func compareBoolean(e, a *results.Answer) *Verdict {
	if e.Boolean == a.Boolean {
		return &Verdict{OK: true}
	}
	return &Verdict{
		Classes: []Class{ClassWrongValue},
		Diff:    []Line{{'-', fmt.Sprint(e.Boolean)}, {'+', fmt.Sprint(a.Boolean)}},
		Summary: "boolean differs",
	}
}

// compareGraph decides RDF graph isomorphism
// (https://www.w3.org/TR/rdf11-concepts/#graph-isomorphism): triples are rows
// of a set over s, p, o; duplicates are irrelevant.
func compareGraph(e, a *results.Answer, opt Options) *Verdict {
	if e.Freedom != nil && e.Freedom.Describe && !opt.ExactDescribe {
		return &Verdict{OK: true, Note: "DESCRIBE: the description is determined by the query service (#describe); any graph is correct"}
	}
	if v := illegalTriples(a); v != nil && illegalTriples(e) == nil { // the judge's graph is RDF, the engine's is not
		return v
	}
	t := &table{cols: []string{"s", "p", "o"}, open: make([]bool, 3), graph: true,
		pool: graphPool(e), traced: e.Freedom != nil && e.Freedom.Traced}
	var m mapping
	v := judgeGraph(t, e, t.pool.mapTriples(a.Triples, &m), opt)
	v.Note = joinNotes(nil, m.note(), v.Note)
	return undecidedByMapping(v, m)
}

// judgeGraph decides isomorphism with the judge's graph, or one of the other
// graphs a sliced CONSTRUCT permits.
func judgeGraph(t *table, e *results.Answer, actual []rdf.Triple, opt Options) *Verdict {
	sets := [][][]rdf.Term{graphRows(e.Triples), graphRows(actual)}
	if e.Freedom != nil {
		for _, alt := range e.Freedom.Graphs {
			sets = append(sets, graphRows(alt))
		}
	}
	sets = t.widen(sets...)
	er, ar := dedupe(sets[0]), dedupe(sets[1])
	ok, exceeded := isomorphic(er, ar, t, opt)
	if exceeded {
		return undecided(opt)
	}
	if ok {
		return &Verdict{OK: true}
	}
	if f := e.Freedom; f != nil {
		// A sliced CONSTRUCT/DESCRIBE may keep other rows of a cut tie class.
		for _, alt := range sets[2:] {
			if ok, _ := isomorphic(dedupe(alt), ar, t, opt); ok {
				return &Verdict{OK: true, Note: "one of the graphs the slice permits"}
			}
		}
		if f.GraphsCapped {
			return undecided(opt)
		}
	}
	return classifyBag(t, er, ar, opt, &Verdict{})
}

// illegalTriples judges a graph that holds triples which are not RDF: the
// text leaves each of them out whatever else the graph holds (#construct:
// "If any such instantiation produces a triple containing an unbound
// variable or an illegal RDF construct, such as a literal in subject or
// predicate position, then that triple is not included in the output RDF
// graph"). nil when every triple is RDF.
func illegalTriples(a *results.Answer) *Verdict {
	var diff []Line
	for _, t := range a.Triples {
		if !t.IsRDF() {
			diff = append(diff, Line{'+', t.String()})
		}
	}
	if diff == nil {
		return nil
	}
	return &Verdict{Classes: []Class{ClassIllegalTriple}, Diff: diff,
		Summary: "the graph holds " + plural(len(diff), "triple") + " with a literal subject or a predicate that is not an IRI"}
}
