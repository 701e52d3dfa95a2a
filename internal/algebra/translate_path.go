package algebra

import (
	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

func iriNode(iri string) Node { return T(rdf.IRI(iri)) }

// pathItem is one translated triple or path pattern of a triples block:
// exactly one of path and triple is used (path != nil for a Path).
type pathItem struct {
	triple TriplePattern
	path   *Path
}

// flush joins the pending items of adjacent triples blocks onto acc: runs of
// triple patterns become one BGP each (#sparqlTranslateBasicGraphPatterns),
// each remaining path pattern its own Path node.
func flush(acc Op, items []pathItem) Op {
	var run []TriplePattern
	for _, it := range items {
		if it.path == nil {
			run = append(run, it.triple)
			continue
		}
		if len(run) > 0 {
			acc = join(acc, &BGP{Triples: run})
			run = nil
		}
		acc = join(acc, it.path)
	}
	if len(run) > 0 {
		acc = join(acc, &BGP{Triples: run})
	}
	return acc
}

// triplesBlock expands the abbreviations of a block (#sparqlExpandForms)
// and translates its property path patterns (#sparqlTranslatePathPatterns).
func (t *translator) triplesBlock(b *syntax.TriplesBlock) ([]pathItem, error) {
	var out []pathItem
	for _, tp := range b.Expand(t.freshLabel) {
		s, err := t.node(tp.S)
		if err != nil {
			return nil, err
		}
		o, err := t.node(tp.O)
		if err != nil {
			return nil, err
		}
		if v, ok := tp.P.(*syntax.Var); ok {
			out = append(out, pathItem{triple: TriplePattern{s, V(v.Name), o}})
			continue
		}
		pe, ok := tp.P.(syntax.PathExpr)
		if !ok {
			return nil, errAt(tp.P, "unexpected predicate %T", tp.P)
		}
		p, err := pathExpr(pe)
		if err != nil {
			return nil, err
		}
		out = t.pathPattern(out, s, p, o)
	}
	return out, nil
}

// pathPattern applies the table of #sparqlTranslatePathPatterns:
//
//	X link(iri) Y  →  X iri Y
//	X inv(iri) Y   →  Y iri X
//	X seq(P, Q) Y  →  X P ?V . ?V Q Y   (?V fresh and hidden)
//	X P Y          →  Path(X, P, Y)
//
// A chain of sequences is flattened first so the fresh variables are
// numbered from left to right.
func (t *translator) pathPattern(out []pathItem, x Node, p PathExpr, y Node) []pathItem {
	switch pe := p.(type) {
	case *Link:
		return append(out, pathItem{triple: TriplePattern{x, iriNode(pe.IRI), y}})
	case *Inverse:
		if l, ok := pe.P.(*Link); ok {
			return append(out, pathItem{triple: TriplePattern{y, iriNode(l.IRI), x}})
		}
	case *Seq:
		steps := seqSteps(pe, nil)
		from := x
		for i, step := range steps {
			to := y
			if i < len(steps)-1 {
				to = V(t.hiddenVar())
			}
			out = t.pathPattern(out, from, step, to)
			from = to
		}
		return out
	}
	return append(out, pathItem{path: &Path{S: x, Path: p, O: y}})
}

func seqSteps(p PathExpr, out []PathExpr) []PathExpr {
	if s, ok := p.(*Seq); ok {
		return seqSteps(s.R, seqSteps(s.L, out))
	}
	return append(out, p)
}

// pathExpr translates a syntax path to the algebra's path expressions
// (#sparqlTranslatePathExpressions). Sequences and alternatives associate
// to the left: a/b/c is seq(seq(a, b), c).
func pathExpr(p syntax.PathExpr) (PathExpr, error) {
	switch x := p.(type) {
	case *syntax.IRI:
		return &Link{IRI: x.Value}, nil
	case *syntax.PathInverse:
		in, err := pathExpr(x.Path)
		return &Inverse{P: in}, err
	case *syntax.PathSeq:
		return foldPath(x.Steps, func(l, r PathExpr) PathExpr { return &Seq{L: l, R: r} })
	case *syntax.PathAlt:
		return foldPath(x.Alts, func(l, r PathExpr) PathExpr { return &Alt{L: l, R: r} })
	case *syntax.PathMod:
		return pathMod(x)
	case *syntax.PathNegated:
		return negatedSet(x), nil
	}
	return nil, errAt(p, "unexpected path %T", p)
}

func foldPath(ps []syntax.PathExpr, mk func(l, r PathExpr) PathExpr) (PathExpr, error) {
	var acc PathExpr
	for _, p := range ps {
		x, err := pathExpr(p)
		if err != nil {
			return nil, err
		}
		if acc == nil {
			acc = x
		} else {
			acc = mk(acc, x)
		}
	}
	if acc == nil {
		return nil, errAt(&syntax.PathSeq{}, "empty path")
	}
	return acc, nil
}

func pathMod(m *syntax.PathMod) (PathExpr, error) {
	in, err := pathExpr(m.Path)
	if err != nil {
		return nil, err
	}
	switch m.Mod {
	case '*':
		return &ZeroOrMore{P: in}, nil
	case '+':
		return &OneOrMore{P: in}, nil
	case '?':
		return &ZeroOrOne{P: in}, nil
	}
	return nil, errAt(m, "unknown path modifier %q", m.Mod)
}

// negatedSet keeps the forward and the inverse members of !(...) apart:
// together they denote alt(NPS(fwd), inv(NPS(inv))) (#sparqlTranslatePathExpressions).
func negatedSet(n *syntax.PathNegated) *NegatedSet {
	ns := &NegatedSet{}
	for _, it := range n.Items {
		if it.Inverse {
			ns.Inv = append(ns.Inv, it.IRI.Value)
		} else {
			ns.Fwd = append(ns.Fwd, it.IRI.Value)
		}
	}
	return ns
}
