package reference

import (
	"strconv"
	"strings"

	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/ops"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
)

// construct instantiates the template once per solution (#construct):
// "If any such instantiation produces a triple containing an unbound variable
// or an illegal RDF construct, such as a literal in subject or predicate
// position, then that triple is not included in the output RDF graph", and
// template blank nodes are fresh for each solution. The result is a set.
//
// The object of a triple may be a computed value (ops.Prov): its Cell is
// returned beside the triple. A triple built both from a copied and a
// computed object keeps the copied one's exactness.
func (e *evaluator) construct(tmpl []algebra.TriplePattern, ms Multiset) ([]rdf.Triple, []results.Cell, error) {
	prefix := freshPrefix(e.ds)
	g := rdf.NewGraph()
	cell := map[rdf.Triple]results.Cell{}
	exact := map[rdf.Triple]bool{}
	for i, mu := range ms {
		if err := e.step(int64(len(tmpl))); err != nil {
			return nil, nil, err
		}
		scope := prefix + strconv.Itoa(i) + "_"
		for _, tp := range tmpl {
			t := rdf.Triple{S: instantiate(tp.S, mu, scope), P: instantiate(tp.P, mu, scope), O: instantiate(tp.O, mu, scope)}
			if !validTriple(t) {
				continue
			}
			g.Add(t)
			if p := objectProv(tp.O, mu); p.Exact() {
				exact[t] = true
			} else {
				cell[t] = p.Cell()
			}
		}
	}
	ts := append([]rdf.Triple{}, g.Triples()...)
	return ts, tripleCells(ts, cell, exact), nil
}

// objectProv is the provenance of a template object filled from μ.
func objectProv(n algebra.Node, mu Mapping) ops.Prov {
	if !n.IsVar() {
		return ops.Prov{}
	}
	_, p, _ := mu.GetProv(n.Var)
	return p
}

// tripleCells aligns the Cells with the triples; nil when every object is exact.
func tripleCells(ts []rdf.Triple, cell map[rdf.Triple]results.Cell, exact map[rdf.Triple]bool) []results.Cell {
	if len(cell) == 0 {
		return nil
	}
	out := make([]results.Cell, len(ts))
	for i, t := range ts {
		if !exact[t] {
			out[i] = cell[t]
		}
	}
	return out
}

// A triple term of the template, with variables inside or not (SPARQL 1.2),
// is instantiated part by part: its blank nodes are fresh like any other
// of the template's, and a part that is unbound or ill-placed leaves no
// triple term (rdf.None), so the template triple holding it is dropped.
func instantiate(n algebra.Node, mu Mapping, scope string) rdf.Term {
	switch {
	case n.IsVar():
		t, _ := mu.Get(n.Var)
		return t
	case n.IsTriple():
		return instantiateTriple(n.Triple.S, n.Triple.P, n.Triple.O, mu, scope)
	case n.Term.IsTriple():
		s, p, o, _ := n.Term.TripleParts()
		return instantiateTriple(algebra.T(s), algebra.T(p), algebra.T(o), mu, scope)
	case n.Term.IsBlank():
		return rdf.Blank(scope + n.Term.Value)
	}
	return n.Term
}

func instantiateTriple(s, p, o algebra.Node, mu Mapping, scope string) rdf.Term {
	t := rdf.Triple{S: instantiate(s, mu, scope), P: instantiate(p, mu, scope), O: instantiate(o, mu, scope)}
	if !validTriple(t) {
		return rdf.None
	}
	return rdf.TripleTerm(t.S, t.P, t.O)
}

func validTriple(t rdf.Triple) bool {
	return (t.S.IsIRI() || t.S.IsBlank()) && t.P.IsIRI() && !t.O.IsZero()
}

// freshPrefix is a blank-node label prefix no label of the dataset starts with.
func freshPrefix(ds *rdf.Dataset) string {
	prefix := "c"
	for clash := true; clash; {
		clash = false
		for _, q := range ds.Quads() {
			for _, t := range []rdf.Term{q.S, q.O, q.G} {
				clash = clash || blankWithPrefix(t, prefix)
			}
		}
		if clash {
			prefix += "x"
		}
	}
	return prefix
}

// describe answers DESCRIBE (#describe), whose result the spec leaves to the
// service. Policy: the concise bounded description of each described
// resource in the default graph — its outgoing triples, followed recursively
// through blank-node objects. The resources are the IRIs of the query and
// the values of its variables (every projected variable for DESCRIBE *).
func (e *evaluator) describe(q *algebra.Query, ms Multiset, g *rdf.Graph) ([]rdf.Triple, error) {
	out := rdf.NewGraph()
	seen := map[rdf.Term]bool{}
	for _, r := range describedResources(q, ms) {
		if err := e.cbd(g, r, seen, out); err != nil {
			return nil, err
		}
	}
	return append([]rdf.Triple{}, out.Triples()...), nil
}

func describedResources(q *algebra.Query, ms Multiset) []rdf.Term {
	targets := q.Describe
	if q.Star {
		targets = nil
		for _, v := range starVars(q, ms) {
			targets = append(targets, algebra.V(v))
		}
	}
	var out []rdf.Term
	for _, n := range targets {
		if !n.IsVar() {
			out = append(out, n.Term)
			continue
		}
		for _, mu := range ms {
			if t, ok := mu.Get(n.Var); ok {
				out = append(out, t)
			}
		}
	}
	return out
}

// starVars are the variables of DESCRIBE *: the query's in-scope variables
// when the translation lists them, otherwise every visible variable bound in
// some solution.
func starVars(q *algebra.Query, ms Multiset) []string {
	if len(q.Vars) > 0 {
		return q.Vars
	}
	var out []string
	seen := map[string]bool{}
	for _, mu := range ms {
		for _, b := range mu {
			if !algebra.IsHidden(b.Var) && !seen[b.Var] {
				seen[b.Var] = true
				out = append(out, b.Var)
			}
		}
	}
	return out
}

func (e *evaluator) cbd(g *rdf.Graph, r rdf.Term, seen map[rdf.Term]bool, out *rdf.Graph) error {
	if seen[r] || r.IsLiteral() {
		return nil
	}
	seen[r] = true
	if err := e.step(int64(g.Len())); err != nil {
		return err
	}
	for _, t := range g.Triples() {
		if t.S != r {
			continue
		}
		out.Add(t)
		if t.O.IsBlank() {
			if err := e.cbd(g, t.O, seen, out); err != nil {
				return err
			}
		}
	}
	return nil
}

// blankWithPrefix reports a blank node labelled prefix... in t, inside a
// triple term included.
func blankWithPrefix(t rdf.Term, prefix string) bool {
	if s, p, o, ok := t.TripleParts(); ok {
		return blankWithPrefix(s, prefix) || blankWithPrefix(p, prefix) || blankWithPrefix(o, prefix)
	}
	return t.IsBlank() && strings.HasPrefix(t.Value, prefix)
}
