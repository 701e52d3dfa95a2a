package reference

import (
	"fmt"

	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/ops"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// evalPath is eval(Path(X, path, Y)) of §18.4 (#PropertyPathPatterns), in
// the active graph g. Sequence and alternative give bags; ZeroOrOnePath,
// ZeroOrMorePath, OneOrMorePath and negated property sets give sets, as
// their definitions are written with set builders and ALP.
func (e *evaluator) evalPath(g *rdf.Graph, x algebra.Node, p algebra.PathExpr, y algebra.Node) (Multiset, error) {
	if err := e.step(1); err != nil {
		return nil, err
	}
	switch p := p.(type) {
	case *algebra.Link:
		return e.pathLink(g, x, p.IRI, y)
	case *algebra.Inverse:
		return e.pathInverse(g, x, p.P, y)
	case *algebra.Seq:
		return e.pathSequence(g, x, p.L, p.R, y)
	case *algebra.Alt:
		return e.pathAlternative(g, x, p.L, p.R, y)
	case *algebra.ZeroOrOne:
		return e.pathZeroOrOne(g, x, p.P, y)
	case *algebra.ZeroOrMore:
		return e.pathZeroOrMore(g, x, p.P, y)
	case *algebra.OneOrMore:
		return e.pathOneOrMore(g, x, p.P, y)
	case *algebra.NegatedSet:
		return e.pathNegated(g, x, p, y)
	}
	return nil, fmt.Errorf("reference: unknown path expression %T", p)
}

// pathLink transcribes #defn_evalPP_predicate:
//
//	eval(Path(X, link(iri), Y)) = evaluation of basic graph pattern {X iri Y}
func (e *evaluator) pathLink(g *rdf.Graph, x algebra.Node, iri string, y algebra.Node) (Multiset, error) {
	return e.BGP(g, []algebra.TriplePattern{{S: x, P: algebra.T(rdf.IRI(iri)), O: y}})
}

// pathInverse transcribes #defn_evalPP_inverse:
//
//	eval(Path(X, inv(P), Y)) = eval(Path(Y, P, X))
func (e *evaluator) pathInverse(g *rdf.Graph, x algebra.Node, p algebra.PathExpr, y algebra.Node) (Multiset, error) {
	return e.evalPath(g, y, p, x)
}

// pathSequence transcribes #defn_evalPP_sequence:
//
//	Let P and Q be property path expressions. Let V be a fresh variable.
//	A = Join( eval(Path(X, P, V)), eval(Path(V, Q, Y)) )
//	eval(Path(X, seq(P,Q), Y)) = Project(A, Var(X,Y))
func (e *evaluator) pathSequence(g *rdf.Graph, x algebra.Node, p, q algebra.PathExpr, y algebra.Node) (Multiset, error) {
	v := e.freshVar()
	a1, err := e.evalPath(g, x, p, v)
	if err != nil {
		return nil, err
	}
	a2, err := e.evalPath(g, v, q, y)
	if err != nil {
		return nil, err
	}
	a, err := e.Join(a1, a2)
	if err != nil {
		return nil, err
	}
	return Project(a, varsOf(x, y)), nil
}

// pathAlternative transcribes #defn_evalPP_alternative:
//
//	eval(Path(X, alt(P,Q), Y)) = Union(eval(Path(X, P, Y)), eval(Path(X, Q, Y)))
func (e *evaluator) pathAlternative(g *rdf.Graph, x algebra.Node, p, q algebra.PathExpr, y algebra.Node) (Multiset, error) {
	a, err := e.evalPath(g, x, p, y)
	if err != nil {
		return nil, err
	}
	b, err := e.evalPath(g, x, q, y)
	if err != nil {
		return nil, err
	}
	return e.Union(a, b)
}

// pathZeroOrOne transcribes #defn_evalPP_ZeroOrOnePath:
//
//	eval(Path(X:term, ZeroOrOnePath(P), Y:var)) = { (Y, yn) | yn = X or {(Y, yn)} in eval(Path(X,P,Y)) }
//	eval(Path(X:var, ZeroOrOnePath(P), Y:term)) = { (X, xn) | xn = Y or {(X, xn)} in eval(Path(X,P,Y)) }
//	eval(Path(X:term, ZeroOrOnePath(P), Y:term)) = { {} } if X = Y or eval(Path(X,P,Y)) is not empty, { } othewise
//	eval(Path(X:var, ZeroOrOnePath(P), Y:var)) =
//	  { (X, xn) (Y, yn) | either (yn in nodes(G) and xn = yn) or {(X,xn), (Y,yn)} in eval(Path(X,P,Y)) }
//
// The zero-length part pairs each candidate n with itself: n is the constant
// endpoint when there is one (it matches itself even if absent from G),
// otherwise every n in nodes(G).
func (e *evaluator) pathZeroOrOne(g *rdf.Graph, x algebra.Node, p algebra.PathExpr, y algebra.Node) (Multiset, error) {
	s := newSet()
	for _, n := range e.starts(g, x, y) {
		if mu, ok := endpoints(x, n, y, n); ok {
			s.add(mu)
		}
	}
	one, err := e.evalPath(g, x, p, y)
	if err != nil {
		return nil, err
	}
	for _, mu := range one {
		s.add(mu)
	}
	return s.out, nil
}

// starts is the candidate start terms for a zero-length match.
func (e *evaluator) starts(g *rdf.Graph, x, y algebra.Node) []rdf.Term {
	switch {
	case !x.IsVar():
		return []rdf.Term{x.Term}
	case !y.IsVar():
		return []rdf.Term{y.Term}
	}
	return e.nodes(g)
}

// ALP transcribes #defn_evalALP_1:
//
//	ALP(x:term, path) =
//	Let V = empty multiset
//	ALP(x:term, path, V)
//	return is V
//
//	ALP(x:term, path, V:set of RDF terms) =
//	if ( x in V ) return
//	add x to V
//	X = eval(x,path)
//	For n:term in X
//	    ALP(n, path, V)
//	End
func (e *evaluator) ALP(g *rdf.Graph, x rdf.Term, path algebra.PathExpr, v *termSet) error {
	if v.has(x) {
		return nil
	}
	v.add(x)
	if err := e.grow(len(v.list)); err != nil {
		return err
	}
	return e.alpEach(g, x, path, v)
}

// alpEach is the loop that ends ALP and starts OneOrMorePath: "X =
// eval(x,path); For n:term in X ALP(n, path, V) End".
func (e *evaluator) alpEach(g *rdf.Graph, x rdf.Term, path algebra.PathExpr, v *termSet) error {
	next, err := e.step1(g, x, path)
	if err != nil {
		return err
	}
	for _, n := range next {
		if err := e.ALP(g, n, path, v); err != nil {
			return err
		}
	}
	return nil
}

// step1 is eval(x, path) of #defn_evalALP_1: the terms reached from x by one
// match of path (a multiset; ALP makes it a set).
func (e *evaluator) step1(g *rdf.Graph, x rdf.Term, path algebra.PathExpr) ([]rdf.Term, error) {
	v := e.freshVar()
	ms, err := e.evalPath(g, algebra.T(x), path, v)
	if err != nil {
		return nil, err
	}
	out := make([]rdf.Term, 0, len(ms))
	for _, mu := range ms {
		if t, ok := mu.Get(v.Var); ok {
			out = append(out, t)
		}
	}
	return out, nil
}

// pathZeroOrMore transcribes #defn_evalZeroOrMorePath:
//
//	eval(Path(X:term, ZeroOrMorePath(path), vy:var)) = { { (vy, n) } | n in ALP(X, path) }
//	eval(Path(vx:var, ZeroOrMorePath(path), vy:var)) =
//	  { { (vx, t), (vy, n) } |  t in nodes(G), (vy, n) in eval(Path(t, ZeroOrMorePath(path), vy)) }
//	eval(Path(vx:var, ZeroOrMorePath(path), y:term)) = eval(Path(y:term, ZeroOrMorePath(inv(path)), vx:var))
//	eval(Path(x:term, ZeroOrMorePath(path), y:term)) =
//	  { { } } if { (vy:var,y) } in eval(Path(x, ZeroOrMorePath(path) vy)
//	  { } otherwise
func (e *evaluator) pathZeroOrMore(g *rdf.Graph, x algebra.Node, path algebra.PathExpr, y algebra.Node) (Multiset, error) {
	if x.IsVar() && !y.IsVar() {
		return e.pathZeroOrMore(g, y, &algebra.Inverse{P: path}, x)
	}
	return e.closure(g, x, path, y, func(t rdf.Term, v *termSet) error { return e.ALP(g, t, path, v) })
}

// pathOneOrMore transcribes #defn_evalOneOrMorePath:
//
//	eval(Path(x:term, OneOrMorePath(path), vy:var)) =
//	  Let X = eval(x, path)
//	  Let V = the empty multiset
//	  For n in X
//	      ALP(n, path, V)
//	  End
//	  result is V
//	eval(Path(vx:var, OneOrMorePath(path), vy:var)) =
//	  { { (vx, t), (vy, n) } |  t in nodes(G), (vy, n) in eval(Path(t, OneOrMorePath(path), vy)) }
//	eval(Path(vx:var, OneOrMorePath(path), y:term)) = eval(Path(y:term, OneOrMorePath(inv(path)), vx))
//	eval(Path(x:term, OneOrMorePath(path), y:term)) =
//	  { { } } if { (vy:var, y) } in eval(Path(x, OneOrMorePath(path), vy))
//	  { } otherwise
func (e *evaluator) pathOneOrMore(g *rdf.Graph, x algebra.Node, path algebra.PathExpr, y algebra.Node) (Multiset, error) {
	if x.IsVar() && !y.IsVar() {
		return e.pathOneOrMore(g, y, &algebra.Inverse{P: path}, x)
	}
	return e.closure(g, x, path, y, func(t rdf.Term, v *termSet) error { return e.alpEach(g, t, path, v) })
}

// closure builds { (x, t), (y, n) | t a start, n in reach(t) } as a set; the
// start is x itself when x is a term, every t in nodes(G) when it is a variable.
func (e *evaluator) closure(g *rdf.Graph, x algebra.Node, path algebra.PathExpr, y algebra.Node,
	reach func(rdf.Term, *termSet) error) (Multiset, error) {
	starts := []rdf.Term{x.Term}
	if x.IsVar() {
		starts = e.nodes(g)
	}
	s := newSet()
	for _, t := range starts {
		v := newTermSet()
		if err := reach(t, v); err != nil {
			return nil, err
		}
		for _, n := range v.list {
			if mu, ok := endpoints(x, t, y, n); ok {
				s.add(mu)
			}
		}
		if err := e.grow(len(s.out)); err != nil {
			return nil, err
		}
	}
	return s.out, nil
}

// pathNegated evaluates a negated property set. The translation
// (#sparqlTranslatePathExpressions) gives
//
//	!(:iri1|...|:irin)          NPS({:iri1 ... :irin})
//	!(^:iri1|...|^:irin)        inv(NPS({:iri1 ... :irin}))
//	!(:iri1|...|:irii|^:irii+1|...|^:irim)  alt(NPS({:iri1 ...:irii}), inv(NPS({:irii+1, ..., :irim})))
func (e *evaluator) pathNegated(g *rdf.Graph, x algebra.Node, p *algebra.NegatedSet, y algebra.Node) (Multiset, error) {
	switch {
	case len(p.Inv) == 0:
		return e.NPS(g, x, p.Fwd, y)
	case len(p.Fwd) == 0:
		return e.NPS(g, y, p.Inv, x)
	}
	a, err := e.NPS(g, x, p.Fwd, y)
	if err != nil {
		return nil, err
	}
	b, err := e.NPS(g, y, p.Inv, x)
	if err != nil {
		return nil, err
	}
	return e.Union(a, b)
}

// NPS transcribes #eval_negatedPropertySet:
//
//	eval(Path(x, NPS(S), y)) = { μ | ∃ triple(μ'(μ,x), p, μ'(μ,y)) in G, such that the IRI of p ∉ S }
func (e *evaluator) NPS(g *rdf.Graph, x algebra.Node, set []string, y algebra.Node) (Multiset, error) {
	excluded := map[string]bool{}
	for _, iri := range set {
		excluded[iri] = true
	}
	s := newSet()
	for _, t := range g.Triples() {
		if err := e.step(1); err != nil {
			return nil, err
		}
		if !t.P.IsIRI() || excluded[t.P.Value] {
			continue
		}
		if mu, ok := endpoints(x, t.S, y, t.O); ok {
			if s.seen[mu.key()] {
				e.npsCollapsed()
				if e.ectx.Reading(ops.ContestedNPS) == 1 { // one solution per triple (readings.go)
					s.out = append(s.out, mu)
				}
			}
			s.add(mu)
		}
	}
	return s.out, nil
}

// npsCollapsed marks the answer open when two triples gave one NPS
// solution: the definition is a set, but whether it is meant as one is an
// open question of the spec (w3c/sparql-query#395), and engines answer one
// solution per triple.
func (e *evaluator) npsCollapsed() {
	e.ectx.Contest(ops.ContestedNPS, "a negated property set matched two triples with one solution: #eval_negatedPropertySet "+
		"is written as a set, its multiplicity is an open question (w3c/sparql-query#395), engines give one solution per triple")
}

// endpoints is the mapping sending endpoint x to xn and y to yn, if any: a
// term endpoint must equal its value, a variable is bound (consistently when
// x and y are the same variable).
func endpoints(x algebra.Node, xn rdf.Term, y algebra.Node, yn rdf.Term) (Mapping, bool) {
	mu := Mapping{}
	for _, p := range [2]struct {
		n algebra.Node
		t rdf.Term
	}{{x, xn}, {y, yn}} {
		if !p.n.IsVar() {
			if p.n.Term != p.t {
				return nil, false
			}
			continue
		}
		if old, ok := mu.Get(p.n.Var); ok {
			if old != p.t {
				return nil, false
			}
			continue
		}
		mu = mu.With(p.n.Var, p.t)
	}
	return mu, true
}

// freshVar is a fresh hidden variable (hidden names start with '?').
func (e *evaluator) freshVar() algebra.Node {
	e.fresh++
	return algebra.V(fmt.Sprintf("?~path%d", e.fresh))
}

// varsOf is Var(x1, ..., xn) of #pp-eval-notation.
func varsOf(ns ...algebra.Node) []string {
	var out []string
	for _, n := range ns {
		if n.IsVar() {
			out = append(out, n.Var)
		}
	}
	return out
}

// mappingSet builds a set of mappings in first-seen order.
type mappingSet struct {
	seen map[string]bool
	out  Multiset
}

func newSet() *mappingSet { return &mappingSet{seen: map[string]bool{}, out: Multiset{}} }

func (s *mappingSet) add(mu Mapping) {
	k := mu.key()
	if !s.seen[k] {
		s.seen[k] = true
		s.out = append(s.out, mu)
	}
}

// termSet is the visited set V of ALP, in insertion order.
type termSet struct {
	seen map[rdf.Term]bool
	list []rdf.Term
}

func newTermSet() *termSet             { return &termSet{seen: map[rdf.Term]bool{}} }
func (s *termSet) has(t rdf.Term) bool { return s.seen[t] }
func (s *termSet) add(t rdf.Term)      { s.seen[t] = true; s.list = append(s.list, t) }
