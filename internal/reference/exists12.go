package reference

import (
	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/ops"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// EXISTS under the SPARQL 1.2 draft (2026-07-30), which replaces 1.1's
// substitution (#defn_evalExists) by an evaluation in correlation with the
// solution. #func-filter-exists:
//
//	Formally, for every expression expr that is of the form EXISTS { pattern },
//	the result of evaluating expr with respect to a solution mapping μ, in the
//	context of a dataset D with active graph G, is:
//	"true"^^xsd:boolean if eval(D(G), A, μ) is not empty
//	"false"^^xsd:boolean if eval(D(G), A, μ) is empty
//	where A is the algebraic query expression obtained by translating { pattern }
//
// #defn_eval: "We define eval(D(G), AQE, μctx) as the evaluation of an
// algebraic query expression AQE ... in correlation with solution mapping
// μctx"; #defn_evalContextSolution: "eval( D(G), ContextSolution, μctx ) =
// multiset that contains only μctx, with a multiplicity of 1"; and the
// translation of a GroupGraphPattern (#sparqlTranslateGraphPatterns) now
// starts "Let G := ContextSolution", every element then joined, left-joined,
// minused or extended onto it.
//
// The algebra here comes from the 1.1 translation, whose groups start from
// the empty BGP and whose Join(Z, A) is simplified away, so the group
// boundaries are gone. algebra.ContextSites puts ContextSolution back where it is
// observable: every leaf a group element translates to (a BGP, the empty
// BGP included, a path, VALUES) and the top of every sub-select (the
// ToMultiset of #sparqlTranslateGraphPatterns, above its Slice) evaluate to
// Join({μctx}, ·). A group's chain then holds μctx from its first operand
// on, as the draft's Join(ContextSolution, ...) does; joining μctx once
// more where a group would not is idempotent (μctx merged with itself).

// exists12 is EXISTS of a query that follows the 1.2 draft.
func (e *evaluator) exists12(g *rdf.Graph, p algebra.Op, mu Mapping) (bool, error) {
	savedMu, savedAt := e.ctxMu, e.ctxAt
	e.ctxMu, e.ctxAt = mu, algebra.ContextSites(p)
	defer func() { e.ctxMu, e.ctxAt = savedMu, savedAt }()
	out, err := e.eval(g, p)
	if err != nil && e.ectx.Fatal == nil {
		e.ectx.Fatal = err
	}
	return len(out) > 0, err
}

// inContext joins the result of op with {μctx} where op is a site of
// ContextSolution (exists12); elsewhere, and outside EXISTS, it is ms.
func (e *evaluator) inContext(op algebra.Op, ms Multiset, err error) (Multiset, error) {
	if err != nil || e.ctxMu == nil || !e.ctxAt[op] {
		return ms, err
	}
	return e.Join(Multiset{e.ctxMu}, ms)
}

// existsFor dispatches EXISTS by the query's document.
func (e *evaluator) existsFor(g *rdf.Graph, p algebra.Op, b ops.Binding) (bool, error) {
	if !e.ectx.Spec12 {
		return e.exists(g, p, b)
	}
	mu, ok := b.(Mapping)
	if !ok {
		mu = mappingOf(b)
	}
	if e.fuel <= 0 {
		return e.exists(g, p, b) // the budget error, as 1.1's
	}
	e.fuel--
	defer func() { e.fuel++ }()
	defer e.at(siteElsewhere)()
	return e.exists12(g, p, mu)
}
