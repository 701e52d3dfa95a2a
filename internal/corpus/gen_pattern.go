package corpus

import (
	"maps"

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
	saved := maps.Clone(g.witness) // what a nested group's BGPs bound stays inside
	defer func() { g.depth--; g.witness = saved }()
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
		if g.maybe("minus_disjoint") {
			return &syntax.Minus{Pattern: g.disjointGroup(vis)}
		}
		return &syntax.Minus{Pattern: g.group(outer)}
	case "filter":
		if len(outer) > 0 && g.maybe("filter_outer") {
			return g.outerFilter(scope, outer)
		}
		return &syntax.Filter{Expr: g.boolExpr(vis, 0)}
	case "bind":
		if g.maybe("bind_error") {
			return &syntax.Bind{Expr: g.errorExpr(vis), Var: g.freshVar()}
		}
		return &syntax.Bind{Expr: g.expr(vis, 0), Var: g.freshVar()}
	case "optional_nwd":
		return g.optionalNWD()
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
//
// Most triple patterns come from a walk over the data: the generator keeps
// a witness (one term per variable that some quad of the default graph gave
// it), shared by the blocks of a group and seen by nested groups, and
// extends it along a quad, so that blocks have a solution and join; the
// rest are random and may match nothing.
func (g *gen) bgp(plain bool) *syntax.TriplesBlock {
	if g.witness == nil {
		g.witness = map[string]rdf.Term{}
	}
	b := &bgpState{g: g, witness: g.witness, plain: plain}
	tb := &syntax.TriplesBlock{}
	for i, n := 0, g.between(1, g.p.MaxTriples); i < n; i++ {
		if i > 0 && g.r.IntN(4) == 0 { // `s p o ; p2 o2` form
			last := tb.Triples[len(tb.Triples)-1]
			last.Props = append(last.Props, b.props(last.Subject))
			continue
		}
		s := b.subject()
		tb.Triples = append(tb.Triples, &syntax.TriplesSameSubject{Subject: s, Props: []*syntax.PropertyObjects{b.props(s)}})
	}
	return tb
}

type bgpState struct {
	g       *gen
	witness map[string]rdf.Term // variable → a term one solution gives it (None: unknown)
	added   int                 // variables this block added to the witness
	anon    int
	plain   bool
	quad    *rdf.Quad // the quad the current subject was taken from, if any
}

// subject starts a triple: a variable of the witness that is the subject of
// some quad (a star or a chain), a fresh variable on a random quad, or an
// IRI now and then.
func (b *bgpState) subject() syntax.GraphNode {
	g := b.g
	b.quad = nil
	if len(g.data) == 0 || g.r.IntN(10) < 2 {
		switch g.r.IntN(6) {
		case 0, 1:
			return iri(oneOf(g, subjects).Value)
		case 2: // any term, literals too: `"a" :p* "a"` matches by zero-length path
			return g.constant().(syntax.GraphNode)
		}
		return b.fresh(rdf.None)
	}
	for _, v := range b.shuffledVars() {
		if qs := g.quadsFrom(b.witness[v]); len(qs) > 0 && g.r.IntN(3) > 0 {
			b.quad = &qs[g.r.IntN(len(qs))]
			return &syntax.Var{Name: v}
		}
	}
	q := g.dataQuad()
	b.quad = &q
	if q.S.IsIRI() && g.r.IntN(6) == 0 {
		return iri(q.S.Value)
	}
	return b.fresh(q.S)
}

// props is `verb object` for subject s: along the subject's quad when there
// is one, random otherwise.
func (b *bgpState) props(s syntax.GraphNode) *syntax.PropertyObjects {
	g := b.g
	if v, ok := s.(*syntax.Var); ok && b.quad == nil {
		if qs := g.quadsFrom(b.witness[v.Name]); len(qs) > 0 {
			b.quad = &qs[g.r.IntN(len(qs))]
		}
	}
	q := b.quad
	b.quad = nil
	if q == nil || g.r.IntN(10) == 0 {
		return b.pathEnds(s, &syntax.PropertyObjects{Verb: b.verb(rdf.None), Objects: []syntax.GraphNode{b.randomObject()}})
	}
	return b.pathEnds(s, &syntax.PropertyObjects{Verb: b.verb(q.P), Objects: []syntax.GraphNode{b.object(q.O, s)}})
}

// object is the quad's object: a variable that already has it (a join or a
// cycle), the term itself, or a fresh variable.
func (b *bgpState) object(o rdf.Term, s syntax.GraphNode) syntax.GraphNode {
	g := b.g
	for _, v := range b.shuffledVars() {
		if b.witness[v] == o && !isVar(s, v) && g.r.IntN(2) == 0 {
			return &syntax.Var{Name: v}
		}
	}
	if !o.IsBlank() && g.r.IntN(5) < 2 {
		return g.termNode(o).(syntax.GraphNode)
	}
	return b.fresh(o)
}

func (b *bgpState) randomObject() syntax.GraphNode {
	switch r := b.g.r.IntN(10); {
	case r < 3:
		return b.g.constant().(syntax.GraphNode)
	case r < 5:
		return iri(oneOf(b.g, subjects).Value)
	}
	return b.fresh(rdf.None)
}

// verb is the quad's predicate p (None: any predicate), or a fresh
// variable (p.pred_var), or a property path (p.path).
func (b *bgpState) verb(p rdf.Term) syntax.Verb {
	g := b.g
	switch {
	case g.chance("pred_var"):
		if v, ok := b.fresh(p).(*syntax.Var); ok {
			return v
		}
	case !b.plain && g.chance("path"):
		return g.path(0)
	}
	if p.IsZero() {
		p = oneOf(g, predicates)
	}
	return iri(p.Value)
}

// fresh returns a variable the block has not used, with witness t, while
// the bound allows (now and then an anonymous blank node, which counts as
// one); past the bound, t itself when it can be written, else a variable
// already used.
func (b *bgpState) fresh(t rdf.Term) syntax.GraphNode {
	g := b.g
	if b.added+b.anon >= g.p.MaxBGPVars || len(b.witness) == len(varNames) {
		switch {
		case t.IsIRI() || t.IsLiteral(): // the term itself keeps the witness
			return g.termNode(t).(syntax.GraphNode)
		case len(b.witness) == 0:
			return iri(oneOf(g, subjects).Value)
		}
		return &syntax.Var{Name: oneOf(g, b.shuffledVars())}
	}
	if !b.plain && g.r.IntN(20) == 0 {
		b.anon++
		return &syntax.BlankNode{Anon: true}
	}
	var unused []string
	for _, v := range varNames {
		if _, ok := b.witness[v]; !ok {
			unused = append(unused, v)
		}
	}
	v := oneOf(g, unused)
	b.witness[v] = t
	b.added++
	return &syntax.Var{Name: v}
}

// shuffledVars returns the block's variables in a random order.
func (b *bgpState) shuffledVars() []string {
	vs := make([]string, 0, len(b.witness))
	for _, v := range varNames {
		if _, ok := b.witness[v]; ok {
			vs = append(vs, v)
		}
	}
	b.g.r.Shuffle(len(vs), func(i, j int) { vs[i], vs[j] = vs[j], vs[i] })
	return vs
}

func isVar(n syntax.GraphNode, name string) bool {
	v, ok := n.(*syntax.Var)
	return ok && v.Name == name
}

// quadsFrom returns the default-graph quads with subject t.
func (g *gen) quadsFrom(t rdf.Term) []rdf.Quad {
	if t.IsZero() {
		return nil
	}
	var out []rdf.Quad
	for _, q := range g.data {
		if q.S == t && q.G.IsZero() {
			out = append(out, q)
		}
	}
	return out
}

// dataQuad picks a quad of the data, mostly from the default graph.
func (g *gen) dataQuad() rdf.Quad {
	q := oneOf(g, g.data)
	for i := 0; i < 3 && !q.G.IsZero(); i++ {
		q = oneOf(g, g.data)
	}
	return q
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
	cols, rows := 2, 3
	if g.maybe("values_wide") { // several columns, several UNDEFs
		cols, rows = 3, 5
	}
	nv := g.between(1, cols)
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
	for i, n := 0, g.between(0, rows); i < n; i++ {
		row := make([]syntax.GraphNode, nv)
		for j, v := range d.Vars {
			switch t := g.witness[v.Name]; {
			case g.chance("undef"):
			case (t.IsIRI() || t.IsLiteral()) && g.r.IntN(2) == 0: // joins with the witness
				row[j] = g.termNode(t).(syntax.GraphNode)
			default:
				row[j] = g.dataValue()
			}
		}
		d.Rows = append(d.Rows, row)
	}
	return d
}
