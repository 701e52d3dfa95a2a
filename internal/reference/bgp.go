package reference

import (
	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// BGP evaluates a basic graph pattern (#BGPsparql, #defn_evalBasicGraphPattern):
//
//	μ is a solution for BGP from G when there is a pattern instance mapping P
//	such that P(BGP) is a subgraph of G and μ is the restriction of P to the
//	query variables in BGP.
//	card[Ω](μ) = card[Ω](number of distinct RDF instance mappings, σ, such that
//	P = μ(σ) is a pattern instance mapping and P(BGP) is a subgraph of G).
//	If a basic graph pattern is the empty set, then the solution is Ω0.
//
// Declaratively, as LeanRDF's Spec.bgp: every assignment of the pattern's
// variables — the hidden ones standing for the pattern's blank nodes
// included (see solution) — to terms of G (an RDF term can only be sent into G if it is a
// term of one of G's triples) that maps each triple pattern into G; each full
// assignment is one P, so restricting it to the visible variables gives the
// cardinality above. The one licensed shortcut: a partial assignment is
// rejected as soon as a triple pattern whose variables are all assigned is not
// in G — and (SPARQL 1.2, triple12.go) as soon as no triple of G matches a
// pattern holding a nested triple pattern, its unassigned variables read
// as wildcards. No index, no reordering of the patterns.
func (e *evaluator) BGP(g *rdf.Graph, tps []algebra.TriplePattern) (Multiset, error) {
	vars := bgpVars(tps)
	b := bgpSearch{e: e, g: g, tps: compile(tps, vars), vars: vars, terms: e.graphTerms(g),
		ready: readyAt(tps, vars), assign: make([]rdf.Term, len(vars))}
	b.nested = nestedPatterns(b.tps)
	if err := b.extend(0); err != nil {
		return nil, err
	}
	return b.out, nil
}

type bgpSearch struct {
	e      *evaluator
	g      *rdf.Graph
	tps    []slotPattern
	vars   []string
	terms  []rdf.Term
	ready  [][]int    // ready[k]: the patterns whose variables are all among vars[:k]
	nested []int      // the patterns holding a nested triple pattern (triple12.go)
	assign []rdf.Term // assign[i] is the term given to vars[i]
	out    Multiset
}

// slot is a position of a triple pattern: a constant term, or the index of
// its variable in vars.
type slot struct {
	v      int // -1 for a constant or a nested pattern
	term   rdf.Term
	nested *slotPattern // a triple pattern nested as a triple term (triple12.go)
}

type slotPattern [3]slot

func compile(tps []algebra.TriplePattern, vars []string) []slotPattern {
	index := map[string]int{}
	for i, v := range vars {
		index[v] = i
	}
	out := make([]slotPattern, len(tps))
	for i, tp := range tps {
		out[i] = compileTriple(tp, index)
	}
	return out
}

func compileTriple(tp algebra.TriplePattern, index map[string]int) slotPattern {
	var sp slotPattern
	for j, n := range []algebra.Node{tp.S, tp.P, tp.O} {
		sp[j] = slot{v: -1, term: n.Term}
		switch {
		case n.IsVar():
			sp[j].v = index[n.Var]
		case n.IsTriple():
			nested := compileTriple(*n.Triple, index)
			sp[j].nested = &nested
		}
	}
	return sp
}

// extend assigns vars[k:], given an assignment of vars[:k].
func (b *bgpSearch) extend(k int) error {
	for _, i := range b.ready[k] {
		if !b.g.Has(b.instance(b.tps[i])) {
			return nil
		}
	}
	if k < len(b.vars) && !b.nestedCouldMatch(k) {
		return nil
	}
	if k == len(b.vars) {
		b.out = append(b.out, b.solution())
		return b.e.grow(len(b.out))
	}
	for _, t := range b.terms {
		if err := b.e.step(1); err != nil {
			return err
		}
		b.assign[k] = t
		if err := b.extend(k + 1); err != nil {
			return err
		}
	}
	return nil
}

// instance is P(tp): the triple pattern with every variable replaced.
func (b *bgpSearch) instance(tp slotPattern) rdf.Triple {
	return rdf.Triple{S: b.term(tp[0]), P: b.term(tp[1]), O: b.term(tp[2])}
}

func (b *bgpSearch) term(s slot) rdf.Term {
	if s.v >= 0 {
		return b.assign[s.v]
	}
	if s.nested != nil { // P of a nested triple pattern (triple12.go)
		n := s.nested
		return rdf.TripleTerm(b.term(n[0]), b.term(n[1]), b.term(n[2]))
	}
	return s.term
}

// solution is the full assignment P. Hidden variables are kept: the
// translation also uses them for the steps of a path split into triples
// (X :p ??0 . ??0 :q+ Y), so a hidden variable may join a BGP with the next
// pattern. They are projected away by Project (they are never in PV) and
// never reach a result, which gives the restriction "to the query variables"
// and keeps one solution per σ.
func (b *bgpSearch) solution() Mapping {
	mu := make(Mapping, 0, len(b.vars))
	for i, v := range b.vars {
		mu = mu.With(v, b.assign[i])
	}
	return mu
}

// bgpVars lists the variables of the pattern in order of first occurrence.
// Variables inside nested triple patterns count (triple12.go).
func bgpVars(tps []algebra.TriplePattern) []string {
	var ns []algebra.Node
	for _, tp := range tps {
		ns = append(ns, tp.S, tp.P, tp.O)
	}
	return patternVars(ns...)
}

// readyAt computes, for each k, the patterns that become fully assigned
// exactly when vars[:k] are assigned.
func readyAt(tps []algebra.TriplePattern, vars []string) [][]int {
	pos := map[string]int{}
	for i, v := range vars {
		pos[v] = i + 1
	}
	ready := make([][]int, len(vars)+1)
	for i, tp := range tps {
		k := 0
		for _, v := range patternVars(tp.S, tp.P, tp.O) {
			k = max(k, pos[v])
		}
		ready[k] = append(ready[k], i)
	}
	return ready
}

// graphTerms is the set of RDF terms occurring in G's triples, in order of
// first occurrence (subjects, predicates and objects: a variable in any
// position of a pattern can only be sent to such a term), and the terms
// inside G's triple terms, which a variable of a nested triple pattern can
// be sent to (SPARQL 1.2, triple12.go).
func graphTerms(g *rdf.Graph) []rdf.Term {
	var out []rdf.Term
	seen := map[rdf.Term]bool{}
	for _, t := range g.Triples() {
		for _, x := range []rdf.Term{t.S, t.P, t.O} {
			if !seen[x] {
				seen[x] = true
				out = append(out, x)
			}
			out = addNested(x, seen, out)
		}
	}
	return out
}

// nodes transcribes #defn_nodeSet:
//
//	nodes(G) = { n | n is an RDF term that is used as a subject or object of a triple of G}
func nodes(g *rdf.Graph) []rdf.Term {
	var out []rdf.Term
	seen := map[rdf.Term]bool{}
	for _, t := range g.Triples() {
		for _, x := range []rdf.Term{t.S, t.O} {
			if !seen[x] {
				seen[x] = true
				out = append(out, x)
			}
		}
	}
	return out
}
