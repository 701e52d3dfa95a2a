package engine

import (
	"github.com/sparql-oracle/oracle/internal/algebra"
)

// pair is one match (start, end) of a property path.
type pair struct{ s, o ID }

// newPath evaluates a property path pattern (#PropertyPathPatterns) for
// each input row: the endpoints bound by the row (or constants) are fixed,
// the pairs are computed over the indexes, and the free endpoints bound.
func (e *query) newPath(g *gindex, op *algebra.Path) func(in iter) iter {
	return nil
}

func (e *query) pathIter(g *gindex, op *algebra.Path, in iter) iter {
	ss, os := e.slotOf(op.S), e.slotOf(op.O)
	return e.perRow(in, func(r row) iter {
		s, o := ss.value(r), os.value(r)
		var ps []pair
		if ss.col >= 0 && ss.col == os.col && s == 0 {
			ps = e.samePairs(g, op.Path)
		} else {
			ps = e.pp(g, op.Path, s, o)
		}
		i := 0
		return funcIter(func() (row, bool) {
			for i < len(ps) {
				p := ps[i]
				i++
				out := e.copyRow(r)
				if ss.col >= 0 {
					out[ss.col] = p.s
				}
				if os.col >= 0 {
					if out[os.col] != 0 && out[os.col] != p.o {
						continue
					}
					out[os.col] = p.o
				}
				return out, true
			}
			return nil, false
		})
	})
}

// samePairs evaluates Path(?x, P, ?x): the pairs with both ends equal.
func (e *query) samePairs(g *gindex, p algebra.PathExpr) []pair {
	var out []pair
	for _, q := range e.pp(g, p, 0, 0) {
		if q.s == q.o {
			out = append(out, q)
		}
	}
	return out
}

// pp is eval(Path(s, P, o)) as a bag of pairs, s and o fixed when non-zero.
func (e *query) pp(g *gindex, p algebra.PathExpr, s, o ID) []pair {
	if e.err != nil {
		return nil
	}
	switch p := p.(type) {
	case *algebra.Link:
		return e.link(g, e.id(iriTerm(p.IRI)), s, o)
	case *algebra.Inverse:
		return swap(e.pp(g, p.P, o, s))
	case *algebra.Seq:
		return e.seq(g, p, s, o)
	case *algebra.Alt:
		return append(e.pp(g, p.L, s, o), e.pp(g, p.R, s, o)...)
	case *algebra.ZeroOrOne:
		return e.zeroOrOne(g, p.P, s, o)
	case *algebra.ZeroOrMore:
		return e.closure(g, p.P, s, o, true)
	case *algebra.OneOrMore:
		return e.closure(g, p.P, s, o, false)
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
// it starts from whichever end is fixed.
func (e *query) seq(g *gindex, p *algebra.Seq, s, o ID) []pair {
	var out []pair
	if s == 0 && o != 0 {
		for _, r := range e.pp(g, p.R, 0, o) {
			for _, l := range e.pp(g, p.L, 0, r.s) {
				out = append(out, pair{l.s, r.o})
			}
		}
		return out
	}
	for _, l := range e.pp(g, p.L, s, 0) {
		for _, r := range e.pp(g, p.R, l.o, o) {
			out = append(out, pair{l.s, r.o})
		}
		if !e.step(1) {
			return nil
		}
	}
	return out
}

// zeroOrOne is #defn_evalPP_ZeroOrOnePath: a set; the zero-length match of
// two variables ranges over nodes(G), a fixed end matches itself.
func (e *query) zeroOrOne(g *gindex, p algebra.PathExpr, s, o ID) []pair {
	var zero []pair
	switch {
	case s != 0 && o != 0:
		if s == o {
			zero = []pair{{s, s}}
		}
	case s != 0:
		zero = []pair{{s, s}}
	case o != 0:
		zero = []pair{{o, o}}
	default:
		for _, n := range g.nodes {
			zero = append(zero, pair{n, n})
		}
	}
	return dedupe(append(zero, e.pp(g, p, s, o)...))
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
// end nodes. A fixed object only is evaluated backwards over inv(P); two
// variables start from every node of nodes(G).
func (e *query) closure(g *gindex, p algebra.PathExpr, s, o ID, zero bool) []pair {
	switch {
	case s != 0:
		var out []pair
		for _, n := range e.alp(g, p, s, zero, false) {
			if o == 0 || n == o {
				out = append(out, pair{s, n})
			}
		}
		return out
	case o != 0:
		var out []pair
		for _, n := range e.alp(g, p, o, zero, true) {
			out = append(out, pair{n, o})
		}
		return out
	}
	var out []pair
	for _, t := range g.nodes {
		for _, n := range e.alp(g, p, t, zero, false) {
			out = append(out, pair{t, n})
		}
		if e.err != nil {
			return nil
		}
	}
	return out
}

// alp returns the distinct nodes reached from x by repeated steps of p
// (backwards with inv); with zero x itself is included, without it only
// nodes reached by at least one step (x too, if on a cycle).
func (e *query) alp(g *gindex, p algebra.PathExpr, x ID, zero, inv bool) []ID {
	step := func(n ID) []pair {
		if inv {
			return swap(e.pp(g, p, 0, n))
		}
		return e.pp(g, p, n, 0)
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
