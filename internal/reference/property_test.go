package reference

import (
	"math/rand"
	"testing"

	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// TestBGPMatchesJoinOfTriples: on random graphs and patterns, the declarative
// BGP equals the Join of its single triple patterns' matches, each computed
// by scanning the graph (#BGPsparql: one solution per instance mapping).
func TestBGPMatchesJoinOfTriples(t *testing.T) {
	r := rand.New(rand.NewSource(7))
	terms := []rdf.Term{rdf.IRI(ex + "a"), rdf.IRI(ex + "b"), rdf.IRI(ex + "c"), rdf.IRI(ex + "p"), rdf.IRI(ex + "q"), rdf.String("s")}
	vars := []string{"x", "y", "z", "?h"}
	pick := func(varChance int) algebra.Node {
		if r.Intn(10) < varChance {
			return algebra.V(vars[r.Intn(len(vars))])
		}
		return algebra.T(terms[r.Intn(len(terms))])
	}
	for i := 0; i < 300; i++ {
		g := rdf.NewGraph()
		for j := r.Intn(12); j > 0; j-- {
			g.Add(rdf.Triple{S: terms[r.Intn(3)], P: terms[3+r.Intn(2)], O: terms[r.Intn(len(terms))]})
		}
		var tps []algebra.TriplePattern
		for j := 1 + r.Intn(3); j > 0; j-- {
			tps = append(tps, algebra.TriplePattern{S: pick(7), P: pick(3), O: pick(7)})
		}
		ds := rdf.NewDataset()
		ds.Default = g
		e := testEvaluator(ds)
		got, err := e.BGP(g, tps)
		if err != nil {
			t.Fatal(err)
		}
		want := Multiset{Mapping{}}
		for _, tp := range tps {
			if want, err = e.Join(want, scan(g, tp)); err != nil {
				t.Fatal(err)
			}
		}
		if !sameBag(got, want) {
			t.Fatalf("pattern %v over %v:\n got %v\nwant %v", tps, g.Triples(), keys(got), keys(want))
		}
	}
}

// scan matches one triple pattern by scanning the graph.
func scan(g *rdf.Graph, tp algebra.TriplePattern) Multiset {
	out := Multiset{}
	for _, t := range g.Triples() {
		mu, ok := Mapping{}, true
		for _, p := range []struct {
			n algebra.Node
			t rdf.Term
		}{{tp.S, t.S}, {tp.P, t.P}, {tp.O, t.O}} {
			if !ok {
				break
			}
			if !p.n.IsVar() {
				ok = p.n.Term == p.t
				continue
			}
			if old, bound := mu.Get(p.n.Var); bound {
				ok = old == p.t
				continue
			}
			mu = mu.With(p.n.Var, p.t)
		}
		if ok {
			out = append(out, mu)
		}
	}
	return out
}

// TestClosureMatchesReachability: ?x :p+ ?y and ?x :p* ?y equal the
// transitive (reflexive on nodes(G)) closure computed by a fixpoint.
func TestClosureMatchesReachability(t *testing.T) {
	r := rand.New(rand.NewSource(11))
	pool := []rdf.Term{rdf.IRI(ex + "a"), rdf.IRI(ex + "b"), rdf.IRI(ex + "c"), rdf.IRI(ex + "d"), rdf.Blank("e")}
	p := rdf.IRI(ex + "p")
	for i := 0; i < 200; i++ {
		g := rdf.NewGraph()
		for j := r.Intn(8); j > 0; j-- {
			g.Add(rdf.Triple{S: pool[r.Intn(len(pool))], P: p, O: pool[r.Intn(len(pool))]})
		}
		reach := map[[2]rdf.Term]bool{}
		for _, tr := range g.Triples() {
			reach[[2]rdf.Term{tr.S, tr.O}] = true
		}
		for changed := true; changed; {
			changed = false
			for a := range reach {
				for b := range reach {
					if a[1] == b[0] && !reach[[2]rdf.Term{a[0], b[1]}] {
						reach[[2]rdf.Term{a[0], b[1]}], changed = true, true
					}
				}
			}
		}
		plus := Multiset{}
		for k := range reach {
			plus = append(plus, Mapping{}.With("x", k[0]).With("y", k[1]))
		}
		star := append(Multiset{}, plus...)
		for _, n := range nodes(g) {
			if !reach[[2]rdf.Term{n, n}] {
				star = append(star, Mapping{}.With("x", n).With("y", n))
			}
		}
		ds := rdf.NewDataset()
		ds.Default = g
		for _, c := range []struct {
			path algebra.PathExpr
			want Multiset
		}{{&algebra.OneOrMore{P: &algebra.Link{IRI: p.Value}}, plus}, {&algebra.ZeroOrMore{P: &algebra.Link{IRI: p.Value}}, star}} {
			got, err := testEvaluator(ds).evalPath(g, algebra.V("x"), c.path, algebra.V("y"))
			if err != nil {
				t.Fatal(err)
			}
			if !sameBag(got, c.want) {
				t.Fatalf("%T over %v:\n got %v\nwant %v", c.path, g.Triples(), keys(got), keys(c.want))
			}
		}
	}
}
