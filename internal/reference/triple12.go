package reference

import (
	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// SPARQL 1.2 (editor's draft, commit 0a1aaaf, 2026-07-30): triple patterns
// nested as triple terms. #defn_TriplePattern:
//
//	A triple pattern is a 3-tuple that is defined inductively as follows: If
//	s is an RDF term, a variable, or a triple pattern,
//	p is an IRI or a variable, and
//	o is an RDF term, a variable, or a triple pattern,
//	then (s, p, o) is a triple pattern.
//
// and #defn_PatternInstanceMapping: "P(x) denotes the result of replacing
// blank nodes b in x for which σ is defined with σ(b) and all variables v
// in x for which μ is defined with μ(v)" — all of them, so inside a nested
// triple pattern too: P((s, p, o)) nested is the triple term
// <<( P(s) P(p) P(o) )>>. BGP matching (#BGPsparql) is unchanged: P(BGP) is
// a subgraph of G. A nested pattern whose instance is no RDF triple (a
// literal subject) makes no triple term of G, so it matches nothing.

// patternVars lists the variables of nodes, nested ones included, in order
// of first occurrence.
func patternVars(ns ...algebra.Node) []string {
	var out []string
	seen := map[string]bool{}
	for _, n := range ns {
		n.EachVar(func(v string) {
			if !seen[v] {
				seen[v] = true
				out = append(out, v)
			}
		})
	}
	return out
}

// instanceTerm is P(n) for a node under the assignment term gives to
// variables: a nested triple pattern becomes the triple term of its
// instances (rdf.None when a variable inside is unassigned).
func instanceTerm(n algebra.Node, term func(string) rdf.Term) rdf.Term {
	switch {
	case n.IsVar():
		return term(n.Var)
	case n.IsTriple():
		s := instanceTerm(n.Triple.S, term)
		p := instanceTerm(n.Triple.P, term)
		o := instanceTerm(n.Triple.O, term)
		if s.IsZero() || p.IsZero() || o.IsZero() {
			return rdf.None
		}
		return rdf.TripleTerm(s, p, o)
	}
	return n.Term
}

// unify extends mu so that P(n) is t, if it can: a term must be t, a
// variable is bound to t (or already is), a nested triple pattern unifies
// part by part with a triple term.
func unify(n algebra.Node, t rdf.Term, mu Mapping) (Mapping, bool) {
	switch {
	case n.IsVar():
		if old, ok := mu.Get(n.Var); ok {
			return mu, old == t
		}
		return mu.With(n.Var, t), true
	case n.IsTriple():
		s, p, o, ok := t.TripleParts()
		if !ok {
			return mu, false
		}
		for _, pair := range [3]struct {
			n algebra.Node
			t rdf.Term
		}{{n.Triple.S, s}, {n.Triple.P, p}, {n.Triple.O, o}} {
			if mu, ok = unify(pair.n, pair.t, mu); !ok {
				return mu, false
			}
		}
		return mu, true
	}
	return mu, n.Term == t
}

// addNested appends to out the terms inside triple term t (recursively)
// not yet seen: a variable of a nested triple pattern is sent to a term
// that may occur in G only inside a triple term.
func addNested(t rdf.Term, seen map[rdf.Term]bool, out []rdf.Term) []rdf.Term {
	s, p, o, ok := t.TripleParts()
	if !ok {
		return out
	}
	for _, x := range [3]rdf.Term{s, p, o} {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
		out = addNested(x, seen, out)
	}
	return out
}

// pathPattern is eval(Path(X, path, Y)) where X or Y may be a triple
// pattern (the 1.2 draft's #defn_PropertyPathPattern: "s is an RDF term, a
// triple pattern, or a variable"). §18.4's definitions are written for
// terms and variables only; the judge reads a triple pattern endpoint as a
// fresh variable V, evaluated as §18.4 says, whose value must then be an
// instance of the pattern (unify): the solutions are those of
// Join(eval(Path(V, path, Y)), {V is an instance of X}). A
// zero-length match so reaches the pattern's instances among nodes(G) only
// (docs/spec-questions.md, SPARQL 1.2).
func (e *evaluator) pathPattern(g *rdf.Graph, x algebra.Node, p algebra.PathExpr, y algebra.Node) (Multiset, error) {
	if !x.IsTriple() && !y.IsTriple() {
		return e.evalPath(g, x, p, y)
	}
	xv, yv := x, y
	if x.IsTriple() {
		xv = e.freshVar()
	}
	if y.IsTriple() {
		yv = e.freshVar()
	}
	ms, err := e.evalPath(g, xv, p, yv)
	if err != nil {
		return nil, err
	}
	var out Multiset
	for _, mu := range ms {
		if nu, ok := unifyEndpoints(mu, x, xv, y, yv); ok {
			out = append(out, nu)
		}
	}
	return out, nil
}

// unifyEndpoints unifies each triple-pattern endpoint with the value of
// the fresh variable standing for it. The fresh (hidden) variable stays,
// like the path steps' (path.go): Project never keeps it.
func unifyEndpoints(mu Mapping, x, xv, y, yv algebra.Node) (Mapping, bool) {
	ok := true
	for _, pair := range [2][2]algebra.Node{{x, xv}, {y, yv}} {
		if !pair[0].IsTriple() || !ok {
			continue
		}
		t, _ := mu.Get(pair[1].Var)
		mu, ok = unify(pair[0], t, mu)
	}
	return mu, ok
}

// follows12 reports whether q follows the SPARQL 1.2 draft (declared by
// VERSION or implied by 1.2 syntax: algebra.Query.Spec), read through its
// name so this package keeps to its imports (doc.go).
func follows12(q *algebra.Query) bool { return q.Spec.String() == "1.2" }

// nestedPatterns lists the patterns holding a nested triple pattern.
func nestedPatterns(tps []slotPattern) []int {
	var out []int
	for i, tp := range tps {
		if tp[0].nested != nil || tp[2].nested != nil {
			out = append(out, i)
		}
	}
	return out
}

// nestedCouldMatch is the shortcut of BGP for patterns holding nested
// triple patterns (their many variables would otherwise all be assigned
// before the pattern is checked): with vars[:k] assigned, some triple of G
// must match each such pattern, the other variables read as wildcards. A
// necessary condition of P(BGP) ⊆ G, so it rejects no solution.
func (b *bgpSearch) nestedCouldMatch(k int) bool {
	for _, i := range b.nested {
		found := false
		for _, t := range b.g.Triples() {
			if b.slotMatches(b.tps[i][0], t.S, k) && b.slotMatches(b.tps[i][1], t.P, k) && b.slotMatches(b.tps[i][2], t.O, k) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

func (b *bgpSearch) slotMatches(s slot, t rdf.Term, k int) bool {
	switch {
	case s.nested != nil:
		ts, tp, to, ok := t.TripleParts()
		return ok && b.slotMatches(s.nested[0], ts, k) && b.slotMatches(s.nested[1], tp, k) && b.slotMatches(s.nested[2], to, k)
	case s.v >= k:
		return true
	case s.v >= 0:
		return b.assign[s.v] == t
	}
	return s.term == t
}
