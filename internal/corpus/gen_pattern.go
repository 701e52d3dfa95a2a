package corpus

import (
	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// group builds `{ ... }` one nesting level down. outer are the variables
// bound around it: FILTER and BIND expressions may use them (a FILTER in an
// OPTIONAL sees the left side, #defn_algLeftJoin; EXISTS is correlated).
// Scope rules kept (#variableScope): BIND targets and SELECT `AS` variables
// are fresh, so never in scope before; a sub-select is alone in its group.
func (g *gen) group(outer []string) *syntax.GroupPattern {
	g.depth++
	defer func() { g.depth-- }()
	gp := &syntax.GroupPattern{}
	var scope []string
	lastBGP := false
	for i, n := 0, g.elemCount(); i < n; i++ {
		kind := "bgp"
		if i > 0 || g.r.IntN(5) == 0 {
			kind = g.pick("pattern", g.patternAllowed(lastBGP))
		}
		e := g.element(kind, scope, outer)
		gp.Elems = append(gp.Elems, e)
		lastBGP = kind == "bgp"
		scope = union(scope, syntax.InScope(e))
	}
	return gp
}

// elemCount is the number of elements of a group: mostly one or two (every
// element narrows the answer; long groups are mostly empty), at most MaxElems.
func (g *gen) elemCount() int {
	n := 1
	for n < g.p.MaxElems && g.r.IntN(100) < 45 {
		n++
	}
	return n
}

// patternAllowed bounds nesting, and keeps two triples blocks from touching
// (adjacent blocks are one basic graph pattern, which would break the
// per-BGP variable bound that keeps the reference fast).
func (g *gen) patternAllowed(lastBGP bool) func(string) bool {
	deep := g.depth >= g.p.MaxDepth
	return func(k string) bool {
		switch k {
		case "bgp":
			return !lastBGP
		case "filter", "bind", "values":
			return true
		}
		return !deep
	}
}

// element builds one group element of the given kind.
func (g *gen) element(kind string, scope, outer []string) syntax.Pattern {
	vis := union(scope, outer)
	switch kind {
	case "optional":
		return &syntax.Optional{Pattern: g.group(vis)}
	case "union":
		u := &syntax.Union{}
		for i, n := 0, g.between(2, 3); i < n; i++ {
			u.Groups = append(u.Groups, g.group(outer))
		}
		return u
	case "minus":
		return &syntax.Minus{Pattern: g.group(outer)}
	case "filter":
		return &syntax.Filter{Expr: g.boolExpr(vis, 0)}
	case "bind":
		return &syntax.Bind{Expr: g.expr(vis, 0), Var: g.freshVar()}
	case "values":
		return g.values(scope)
	case "graph_iri":
		return &syntax.Graph{Name: g.graphIRI(), Pattern: g.group(outer)}
	case "graph_var":
		return &syntax.Graph{Name: &syntax.Var{Name: oneOf(g, varNames)}, Pattern: g.group(outer)}
	case "subquery":
		return &syntax.GroupPattern{Elems: []syntax.Pattern{g.subSelect()}}
	case "group":
		return g.group(outer)
	}
	return g.bgp(false)
}

// graphIRI names a graph of the dataset, now and then one that is absent.
func (g *gen) graphIRI() *syntax.IRI {
	if g.r.IntN(6) == 0 {
		return iri(ns + "g9")
	}
	return iri(oneOf(g, graphNames).Value)
}

// ---------------------------------------------------------------- BGP

// bgp builds a triples block of at most MaxTriples patterns using at most
// MaxBGPVars distinct variables (anonymous blank nodes count as variables).
// plain: no paths and no blank nodes (CONSTRUCT WHERE's template).
func (g *gen) bgp(plain bool) *syntax.TriplesBlock {
	b := &bgpState{g: g, used: map[string]bool{}, plain: plain}
	tb := &syntax.TriplesBlock{}
	for i, n := 0, g.between(1, g.p.MaxTriples); i < n; i++ {
		if i > 0 && g.r.IntN(4) == 0 { // `s p o ; p2 o2` form
			last := tb.Triples[len(tb.Triples)-1]
			last.Props = append(last.Props, b.props())
			continue
		}
		s := b.subject() // before the object: the object prefers other variables
		tb.Triples = append(tb.Triples, &syntax.TriplesSameSubject{Subject: s, Props: []*syntax.PropertyObjects{b.props()}})
	}
	return tb
}

type bgpState struct {
	g     *gen
	used  map[string]bool
	anon  int
	plain bool
	last  string // the variable of the last subject or object
}

// props is one `verb object`. Half the time it copies a quad of the data
// (its predicate, and often its object), so that patterns match.
func (b *bgpState) props() *syntax.PropertyObjects {
	g := b.g
	if len(g.data) > 0 && g.r.IntN(3) > 0 {
		q := g.dataQuad()
		o := b.object()
		if !q.O.IsBlank() && g.r.IntN(2) == 0 {
			o = g.termNode(q.O).(syntax.GraphNode)
		}
		var v syntax.Verb = iri(q.P.Value)
		if !b.plain && g.chance("path") {
			v = g.path(0)
		}
		return &syntax.PropertyObjects{Verb: v, Objects: []syntax.GraphNode{o}}
	}
	v := b.verb()
	return &syntax.PropertyObjects{Verb: v, Objects: []syntax.GraphNode{b.object()}}
}

// dataQuad picks a quad of the data, three times in four from the default
// graph when it has any.
func (g *gen) dataQuad() rdf.Quad {
	q := oneOf(g, g.data)
	for i := 0; i < 3 && !q.G.IsZero(); i++ {
		q = oneOf(g, g.data)
	}
	return q
}

// fresh returns a variable the BGP has not used yet while the bound allows
// (sometimes an anonymous blank node, which counts as one), else an old one.
func (b *bgpState) fresh() syntax.GraphNode {
	g := b.g
	if len(b.used)+b.anon >= g.p.MaxBGPVars {
		return b.old()
	}
	if !b.plain && g.r.IntN(20) == 0 {
		b.anon++
		return &syntax.BlankNode{Anon: true}
	}
	var unused []string
	for _, v := range varNames {
		if !b.used[v] {
			unused = append(unused, v)
		}
	}
	v := oneOf(g, unused)
	b.used[v] = true
	b.last = v
	return &syntax.Var{Name: v}
}

// old returns a variable the BGP already uses, so that patterns join
// (a subject IRI when there is none yet).
func (b *bgpState) old() syntax.GraphNode {
	if len(b.used) == 0 {
		return iri(oneOf(b.g, subjects).Value)
	}
	v := oneOf(b.g, sortedKeys(b.used))
	if b.last != "" && b.g.r.IntN(2) == 0 {
		v = b.last
	}
	return &syntax.Var{Name: v}
}

// subject: a fresh variable first, then mostly one already used (stars
// and chains), now and then an IRI.
func (b *bgpState) subject() syntax.GraphNode {
	switch r := b.g.r.IntN(20); {
	case r < 3:
		return iri(oneOf(b.g, subjects).Value)
	case len(b.used) > 0 && r < 13:
		return b.old()
	}
	return b.fresh()
}

// object: mostly a fresh variable or a term of the data.
func (b *bgpState) object() syntax.GraphNode {
	switch r := b.g.r.IntN(20); {
	case r < 2:
		return b.g.constant().(syntax.GraphNode)
	case r < 4:
		return iri(oneOf(b.g, subjects).Value)
	case r < 7:
		return b.old()
	}
	return b.fresh()
}

func (b *bgpState) verb() syntax.Verb {
	g := b.g
	switch {
	case g.chance("pred_var"):
		if v, ok := b.fresh().(*syntax.Var); ok {
			return v
		}
	case !b.plain && g.chance("path"):
		return g.path(0)
	}
	return iri(oneOf(g, predicates).Value)
}

// ---------------------------------------------------------------- paths

// path builds a property path (#rPath) over the predicate vocabulary, so
// that `*` and `+` walk the cycles the data's links make.
func (g *gen) path(d int) syntax.PathExpr {
	kind := "iri"
	if d < 2 {
		kind = g.pick("path", nil)
	}
	switch kind {
	case "inverse":
		return &syntax.PathInverse{Path: g.path(d + 1)}
	case "seq":
		return &syntax.PathSeq{Steps: []syntax.PathExpr{g.path(d + 1), g.path(d + 1)}}
	case "alt":
		return &syntax.PathAlt{Alts: []syntax.PathExpr{g.path(d + 1), g.path(d + 1)}}
	case "star", "plus", "opt":
		return &syntax.PathMod{Path: g.path(d + 1), Mod: map[string]byte{"star": '*', "plus": '+', "opt": '?'}[kind]}
	case "negated":
		return g.negated()
	}
	return iri(oneOf(g, predicates).Value)
}

// negated builds `!p`, `!^p` or `!(p|^q)` (#rPathNegatedPropertySet).
func (g *gen) negated() *syntax.PathNegated {
	n := &syntax.PathNegated{}
	for i, k := 0, g.between(1, 2); i < k; i++ {
		n.Items = append(n.Items, &syntax.PathNegItem{Inverse: g.r.IntN(3) == 0, IRI: iri(oneOf(g, predicates).Value)})
	}
	return n
}

// ---------------------------------------------------------------- VALUES

// values builds a VALUES block over one or two variables, preferring those
// in scope so it joins, with UNDEF entries (p.undef).
func (g *gen) values(scope []string) *syntax.InlineData {
	d := &syntax.InlineData{}
	nv := g.between(1, 2)
	seen := map[string]bool{}
	for len(d.Vars) < nv {
		name := oneOf(g, varNames)
		if len(scope) > 0 && g.r.IntN(3) > 0 {
			name = oneOf(g, scope)
		}
		if !seen[name] {
			seen[name] = true
			d.Vars = append(d.Vars, &syntax.Var{Name: name})
		}
	}
	d.OneVar = nv == 1 && g.r.IntN(2) == 0
	for i, n := 0, g.between(0, 3); i < n; i++ {
		row := make([]syntax.GraphNode, nv)
		for j := range row {
			if !g.chance("undef") {
				row[j] = g.dataValue()
			}
		}
		d.Rows = append(d.Rows, row)
	}
	return d
}
