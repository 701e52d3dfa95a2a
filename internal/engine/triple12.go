package engine

import (
	"strings"

	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// SPARQL 1.2 (editor's draft 0a1aaaf, 2026-07-30, #defn_TriplePattern):
// a triple pattern nested as a triple term in a subject or object
// position. The engine keeps it as a slot holding the nested pattern; its
// variables are ordinary columns. When they are all bound the slot's value
// is the triple term they make (slotValue, so the index is searched for
// it); otherwise the position is searched unbound and the matched term is
// taken apart into the nested pattern (unifyNested), which binds or checks
// its variables and checks its constants. The dictionary holds triple
// terms as any other term (their Value is rdf's injective encoding).

// nestedSlot compiles a nested triple pattern.
func (e *query) nestedSlot(tp *algebra.TriplePattern) slot {
	nt := tpat{e.slotOf(tp.S), e.slotOf(tp.P), e.slotOf(tp.O)}
	return slot{col: -1, nested: &nt}
}

// slotValue is the id a slot has under r: slot.value, and for a nested
// pattern whose variables are all bound, the triple term they make (an
// overlay id when the data does not hold it); 0 when unbound.
func (e *query) slotValue(s slot, r row) ID {
	if s.nested == nil {
		return s.value(r)
	}
	var parts [3]rdf.Term
	for i, n := range s.nested {
		id := e.slotValue(n, r)
		if id == 0 {
			return 0
		}
		parts[i] = e.term(id)
	}
	return e.id(rdf.TripleTerm(parts[0], parts[1], parts[2]))
}

// unifyNested binds the nested pattern nt to the term v in r: v must be a
// triple term whose parts match nt's (#defn_PatternInstanceMapping: P
// replaces the variables inside nested patterns too).
func (e *query) unifyNested(nt *tpat, r row, v ID) bool {
	s, p, o, ok := e.term(v).TripleParts()
	if !ok {
		return false
	}
	return nt.bind(e, r, e.id(s), e.id(p), e.id(o))
}

// slotCols calls f on the variable columns of s, nested ones included.
func slotCols(s slot, f func(int)) {
	if s.col >= 0 {
		f(s.col)
	}
	if s.nested != nil {
		for _, n := range s.nested {
			slotCols(n, f)
		}
	}
}

// substNode replaces the bound variables of a node, inside nested patterns
// too; a nested pattern left without variables is the triple term itself.
func substNode(x algebra.Node, mu lookupFn) algebra.Node {
	switch {
	case x.IsTriple():
		t := x.Triple
		return algebra.TT(substNode(t.S, mu), substNode(t.P, mu), substNode(t.O, mu))
	case x.IsVar():
		if t, ok := mu(x.Var); ok {
			return algebra.T(t)
		}
	}
	return x
}

// nestedPath is Path(X, path, Y) with a triple pattern at an end, as the
// reference reads it (reference.pathPattern): the end is a variable of the
// path, and its value must be an instance of the pattern. Each input row
// evaluates the path with that end free, then unifies.
func (e *query) nestedPath(g *gindex, op *algebra.Path, in iter) iter {
	ss, os := e.slotOf(op.S), e.slotOf(op.O)
	return e.perRow(in, func(r row) iter {
		s, o := e.pathEnd(ss, r), e.pathEnd(os, r)
		ps := e.pp(g, op.Path, s, o, op.S.IsVar() || ss.nested != nil, op.O.IsVar() || os.nested != nil)
		return e.pairRows(r, ps, func(out row, p pair) bool {
			return bindEnd(e, ss, out, p.s) && bindEnd(e, os, out, p.o)
		})
	})
}

// pathEnd is an end's value under r; a nested pattern counts as free.
func (e *query) pathEnd(s slot, r row) ID {
	if s.nested != nil {
		return 0
	}
	return s.value(r)
}

func bindEnd(e *query, s slot, r row, v ID) bool {
	switch {
	case s.nested != nil:
		return e.unifyNested(s.nested, r, v)
	case s.col >= 0:
		if r[s.col] != 0 && r[s.col] != v {
			return false
		}
		r[s.col] = v
	}
	return true
}

// instantiateTriple instantiates a triple term of a CONSTRUCT template,
// variables inside or not, part by part: its blank nodes are fresh per
// solution like the template's others; a part unbound or ill-placed leaves
// no term, so the template triple is dropped.
func (e *query) instantiateTriple(n algebra.Node, r row, scope string) rdf.Term {
	var s, p, o algebra.Node
	if n.IsTriple() {
		s, p, o = n.Triple.S, n.Triple.P, n.Triple.O
	} else {
		ts, tp, to, _ := n.Term.TripleParts()
		s, p, o = algebra.T(ts), algebra.T(tp), algebra.T(to)
	}
	t := rdf.Triple{S: e.instantiate(s, r, scope), P: e.instantiate(p, r, scope), O: e.instantiate(o, r, scope)}
	if !(t.S.IsIRI() || t.S.IsBlank()) || !t.P.IsIRI() || t.O.IsZero() {
		return rdf.None
	}
	return rdf.TripleTerm(t.S, t.P, t.O)
}

// blankWithPrefix reports a blank node labelled prefix... in t, inside a
// triple term included.
func blankWithPrefix(t rdf.Term, prefix string) bool {
	if s, p, o, ok := t.TripleParts(); ok {
		return blankWithPrefix(s, prefix) || blankWithPrefix(p, prefix) || blankWithPrefix(o, prefix)
	}
	return t.IsBlank() && strings.HasPrefix(t.Value, prefix)
}
