package engine

import (
	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

func iriTerm(iri string) rdf.Term { return rdf.IRI(iri) }

// pair is one match (start, end) of a property path.
type pair struct{ s, o ID }

// newPath evaluates a property path pattern (#PropertyPathPatterns) for
// each input row: the endpoints bound by the row (or constants) are fixed,
// the pairs are computed over the indexes, and the free endpoints bound.
func (e *query) newPath(g *gindex, op *algebra.Path, in iter) iter {
	ss, os := e.slotOf(op.S), e.slotOf(op.O)
	sv, ov := op.S.IsVar(), op.O.IsVar()
	if ss.nested != nil || os.nested != nil {
		return e.nestedPath(g, op, in) // triple12.go
	}
	return e.perRow(in, func(r row) iter {
		s, o := ss.value(r), os.value(r)
		var ps []pair
		if sv && ss.col == os.col && s == 0 {
			ps = e.samePairs(g, op.Path)
		} else {
			ps = e.pp(g, op.Path, s, o, sv, ov)
		}
		return e.pairRows(r, ps, func(out row, p pair) bool {
			if ss.col >= 0 {
				out[ss.col] = p.s
			}
			if os.col >= 0 {
				if out[os.col] != 0 && out[os.col] != p.o {
					return false
				}
				out[os.col] = p.o
			}
			return true
		})
	})
}

// pairRows streams, for each pair p of ps, a copy of r with p's ends bound
// by bind, skipping the pairs bind rejects (an end bound to another term).
func (e *query) pairRows(r row, ps []pair, bind func(out row, p pair) bool) iter {
	i := 0
	return funcIter(func() (row, bool) {
		for i < len(ps) {
			p := ps[i]
			i++
			out := e.copyRow(r)
			if bind(out, p) {
				return out, true
			}
		}
		return nil, false
	})
}

// samePairs evaluates Path(?x, P, ?x): the pairs with both ends equal.
func (e *query) samePairs(g *gindex, p algebra.PathExpr) []pair {
	var out []pair
	for _, q := range e.pp(g, p, 0, 0, true, true) {
		if q.s == q.o {
			out = append(out, q)
		}
	}
	return out
}

// pp is eval(Path(X, P, Y)) as a bag of pairs. s and o are the ends' values
// when known (0 otherwise); sv and ov say whether the end is a variable in
// the specification's evaluation, whose value a seed row or an enclosing
// sequence supplied. The distinction matters for zero-length matches: a
// term matches itself even outside the graph, two variables range over
// nodes(G) only (#defn_evalPP_ZeroOrOnePath, #defn_evalZeroOrMorePath).
func (e *query) pp(g *gindex, p algebra.PathExpr, s, o ID, sv, ov bool) []pair {
	if e.err != nil {
		return nil
	}
	switch p := p.(type) {
	case *algebra.Link:
		return e.link(g, e.id(iriTerm(p.IRI)), s, o)
	case *algebra.Inverse:
		return swap(e.pp(g, p.P, o, s, ov, sv))
	case *algebra.Seq:
		return e.seq(g, p, s, o, sv, ov)
	case *algebra.Alt:
		return append(e.pp(g, p.L, s, o, sv, ov), e.pp(g, p.R, s, o, sv, ov)...)
	case *algebra.ZeroOrOne:
		return dedupe(append(e.zeroLength(g, s, o, sv, ov), e.pp(g, p.P, s, o, sv, ov)...))
	case *algebra.ZeroOrMore:
		return e.closure(g, p.P, s, o, sv, ov, true)
	case *algebra.OneOrMore:
		return e.closure(g, p.P, s, o, sv, ov, false)
	case *algebra.NegatedSet:
		return e.negated(g, p, s, o)
	}
	return nil
}

// link is #defn_evalPP_predicate: the triples (s iri o).
func (e *query) link(g *gindex, p, s, o ID) []pair {
	ts, pm := g.match(s, p, o)
	if !e.step(int64(len(ts)) + 1) {
		return nil
	}
	out := make([]pair, len(ts))
	for i, t := range ts {
		a, _, b := pm.spo(t)
		out[i] = pair{a, b}
	}
	return out
}

func swap(ps []pair) []pair {
	for i, p := range ps {
		ps[i] = pair{p.o, p.s}
	}
	return ps
}

// seq is #defn_evalPP_sequence: a join on a fresh middle variable, a bag;
// it starts from whichever end is known.
func (e *query) seq(g *gindex, p *algebra.Seq, s, o ID, sv, ov bool) []pair {
	var out []pair
	if s == 0 && o != 0 {
		for _, r := range e.pp(g, p.R, 0, o, true, ov) {
			for _, l := range e.pp(g, p.L, 0, r.s, sv, true) {
				out = append(out, pair{l.s, r.o})
			}
		}
		return out
	}
	for _, l := range e.pp(g, p.L, s, 0, sv, true) {
		for _, r := range e.pp(g, p.R, l.o, o, true, ov) {
			out = append(out, pair{l.s, r.o})
		}
		if !e.step(1) || !e.grow(len(out)) {
			return nil
		}
	}
	return out
}

// zeroLength is the zero-length part of a path: a term end matches itself
// (even outside the graph); two variables range over nodes(G).
func (e *query) zeroLength(g *gindex, s, o ID, sv, ov bool) []pair {
	switch {
	case !sv && !ov:
		if s == o {
			return []pair{{s, s}}
		}
	case !sv:
		if o == 0 || o == s {
			return []pair{{s, s}}
		}
	case !ov:
		if s == 0 || s == o {
			return []pair{{o, o}}
		}
	case s != 0 || o != 0:
		x := max(s, o)
		if (s == 0 || s == x) && (o == 0 || o == x) && g.hasNode(x) {
			return []pair{{x, x}}
		}
	default:
		out := make([]pair, len(g.nodes))
		for i, n := range g.nodes {
			out[i] = pair{n, n}
		}
		return out
	}
	return nil
}

func dedupe(ps []pair) []pair {
	seen := make(map[pair]bool, len(ps))
	out := ps[:0]
	for _, p := range ps {
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	return out
}

// closure is ZeroOrMorePath and OneOrMorePath (#defn_evalZeroOrMorePath,
// #defn_evalOneOrMorePath): ALP (#defn_evalALP_1) from each start, distinct
// end nodes. A term object with a variable subject is evaluated backwards
// over inv(P); two variables start from nodes(G) only.
func (e *query) closure(g *gindex, p algebra.PathExpr, s, o ID, sv, ov, zero bool) []pair {
	if sv && ov && ((s != 0 && !g.hasNode(s)) || (o != 0 && !g.hasNode(o))) {
		return nil
	}
	var out []pair
	switch {
	case s != 0 && (!sv || o == 0 || ov):
		for _, n := range e.alp(g, p, s, zero, false) {
			if o == 0 || n == o {
				out = append(out, pair{s, n})
			}
		}
	case o != 0:
		for _, n := range e.alp(g, p, o, zero, true) {
			if s == 0 || n == s {
				out = append(out, pair{n, o})
			}
		}
	default:
		for _, t := range g.nodes {
			for _, n := range e.alp(g, p, t, zero, false) {
				out = append(out, pair{t, n})
			}
			if e.err != nil || !e.grow(len(out)) {
				return nil
			}
		}
	}
	return out
}

// alp returns the distinct nodes reached from x by repeated steps of p
// (backwards with inv); with zero x itself is included, without it only
// nodes reached by at least one step (x too, if on a cycle). A step is
// eval(x:term, path), the path evaluated from a term to a variable.
func (e *query) alp(g *gindex, p algebra.PathExpr, x ID, zero, inv bool) []ID {
	k := alpKey{g, p, x, zero, inv}
	if out, ok := e.alps[k]; ok {
		return out
	}
	out := e.alpCompute(g, p, x, zero, inv)
	if e.alpSize+len(out) > maxMemo {
		return out
	}
	if e.alps == nil {
		e.alps = map[alpKey][]ID{}
	}
	e.alps[k] = out
	e.alpSize += len(out)
	return out
}

// maxMemo bounds the node IDs the ALP memo keeps per query.
const maxMemo = 1 << 20

// alpKey memoises ALP within one query: bind joins ask for the same start
// node again and again.
type alpKey struct {
	g    *gindex
	p    algebra.PathExpr
	x    ID
	zero bool
	inv  bool
}

func (e *query) alpCompute(g *gindex, p algebra.PathExpr, x ID, zero, inv bool) []ID {
	step := func(n ID) []pair {
		if inv {
			return swap(e.pp(g, p, 0, n, true, false))
		}
		return e.pp(g, p, n, 0, false, true)
	}
	seen := map[ID]bool{}
	var out, queue []ID
	visit := func(n ID) {
		if !seen[n] {
			seen[n] = true
			out = append(out, n)
			queue = append(queue, n)
		}
	}
	if zero {
		visit(x)
	} else {
		for _, q := range step(x) {
			visit(q.o)
		}
	}
	for len(queue) > 0 && e.err == nil {
		n := queue[0]
		queue = queue[1:]
		for _, q := range step(n) {
			visit(q.o)
		}
	}
	return out
}

// negated is #eval_negatedPropertySet: triples whose predicate is not in
// the set, a set of pairs; !(a|^b) is the union (a bag) of the forward set
// and the inverse set.
func (e *query) negated(g *gindex, p *algebra.NegatedSet, s, o ID) []pair {
	var out []pair
	if len(p.Fwd) > 0 || len(p.Inv) == 0 {
		out = e.nps(g, p.Fwd, s, o)
	}
	if len(p.Inv) > 0 {
		out = append(out, swap(e.nps(g, p.Inv, o, s))...)
	}
	return out
}

func (e *query) nps(g *gindex, iris []string, s, o ID) []pair {
	excl := map[ID]bool{}
	for _, iri := range iris {
		excl[e.id(iriTerm(iri))] = true
	}
	ts, pm := g.match(s, 0, o)
	if !e.step(int64(len(ts)) + 1) {
		return nil
	}
	var out []pair
	for _, t := range ts {
		a, pr, b := pm.spo(t)
		if !excl[pr] {
			out = append(out, pair{a, b})
		}
	}
	return dedupe(out)
}
