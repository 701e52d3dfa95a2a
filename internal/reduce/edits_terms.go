package reduce

import (
	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
)

// tripleEdits drop a triple, a property or an object; replace a path by an
// operand or drop a member of a negated property set; replace a constant
// subject, predicate or object by a fresh variable; shrink a literal
// object.
func tripleEdits(n syntax.Node, sc scope) []edit {
	var out []edit
	switch n := n.(type) {
	case *syntax.TriplesBlock:
		out = dropEach("drop-triple", len(n.Triples), 2, func(i int) { n.Triples = remove(n.Triples, i) })
	case *syntax.TriplesSameSubject:
		out = dropEach("drop-property", len(n.Props), 2, func(i int) { n.Props = remove(n.Props, i) })
		out = append(out, constToVar(&n.Subject, sc)...)
	case *syntax.PropertyObjects:
		out = dropEach("drop-object", len(n.Objects), 2, func(i int) { n.Objects = remove(n.Objects, i) })
		out = append(out, pathEdits(&n.Verb)...)
		out = append(out, verbToVar(&n.Verb, sc)...)
		for i := range n.Objects {
			out = append(out, nodeLiteralEdits(&n.Objects[i])...)
			out = append(out, constToVar(&n.Objects[i], sc)...)
		}
	case *syntax.PathNegated:
		out = dropEach("drop-negated-member", len(n.Items), 2, func(i int) { n.Items = remove(n.Items, i) })
	}
	return out
}

// constToVar replaces an IRI or a literal in a triple pattern or a GRAPH
// name by a fresh variable: whether the constant matters at all.
func constToVar(slot *syntax.GraphNode, sc scope) []edit {
	switch (*slot).(type) {
	case *syntax.IRI, *syntax.Literal:
		return []edit{{"const-to-var", func() { *slot = &syntax.Var{Name: sc.fresh} }}}
	}
	return nil
}

// verbToVar replaces a predicate IRI (not a longer path) by a fresh variable.
func verbToVar(slot *syntax.Verb, sc scope) []edit {
	if _, ok := (*slot).(*syntax.IRI); ok {
		return []edit{{"const-to-var", func() { *slot = &syntax.Var{Name: sc.fresh} }}}
	}
	return nil
}

// dataEdits drop a VALUES row or column, or make a cell UNDEF.
func dataEdits(n syntax.Node) []edit {
	d, ok := n.(*syntax.InlineData)
	if !ok {
		return nil
	}
	out := dropEach("drop-values-row", len(d.Rows), 1, func(i int) { d.Rows = remove(d.Rows, i) })
	out = append(out, dropEach("drop-values-column", len(d.Vars), 2, func(i int) { dropColumn(d, i) })...)
	for r, row := range d.Rows {
		for c, cell := range row {
			if cell != nil {
				out = append(out, edit{"undef-values-cell", func() { d.Rows[r][c] = nil }})
			}
		}
	}
	return out
}

func dropColumn(d *syntax.InlineData, i int) {
	d.Vars = remove(d.Vars, i)
	for r := range d.Rows {
		d.Rows[r] = remove(d.Rows[r], i)
	}
	d.OneVar = len(d.Vars) == 1
}

// flagEdits clear a keyword that narrows a node: NOT of NOT EXISTS and NOT
// IN, DISTINCT of an aggregate, a SEPARATOR, the direction of an ORDER BY
// key, SILENT of SERVICE.
func flagEdits(n syntax.Node) []edit {
	switch n := n.(type) {
	case *syntax.Exists:
		if n.Not {
			return []edit{{"drop-not", func() { n.Not = false }}}
		}
	case *syntax.In:
		if n.Not {
			return []edit{{"drop-not", func() { n.Not = false }}}
		}
	case *syntax.Aggregate:
		return aggregateEdits(n)
	case *syntax.OrderCondition:
		if n.Dir != syntax.OrderDefault {
			return []edit{{"drop-order-direction", func() { n.Dir = syntax.OrderDefault }}}
		}
	case *syntax.Service:
		if n.Silent {
			return []edit{{"drop-silent", func() { n.Silent = false }}}
		}
	}
	return nil
}

func aggregateEdits(a *syntax.Aggregate) []edit {
	var out []edit
	if a.Distinct {
		out = append(out, edit{"drop-distinct", func() { a.Distinct = false }})
	}
	if a.HasSeparator {
		out = append(out, edit{"drop-separator", func() { a.HasSeparator, a.Separator = false, "" }})
	}
	if a.Name == "COUNT" && !a.Star {
		out = append(out, edit{"count-star", func() { a.Star, a.Arg, a.Distinct = true, nil, false }})
	}
	return out
}

// pathEdits replace a property path by one of its operands.
func pathEdits(slot *syntax.Verb) []edit {
	var kids []syntax.PathExpr
	switch p := (*slot).(type) {
	case *syntax.PathAlt:
		kids = p.Alts
	case *syntax.PathSeq:
		kids = p.Steps
	case *syntax.PathInverse:
		kids = []syntax.PathExpr{p.Path}
	case *syntax.PathMod:
		kids = []syntax.PathExpr{p.Path}
	}
	var out []edit
	for _, k := range kids {
		out = append(out, edit{"path-operand", func() { *slot = k }})
	}
	return out
}

// nodeLiteralEdits shrink a literal in a triple pattern's object.
func nodeLiteralEdits(slot *syntax.GraphNode) []edit {
	lit, ok := (*slot).(*syntax.Literal)
	if !ok {
		return nil
	}
	var out []edit
	for _, s := range shrinkLiteral(lit) {
		out = append(out, edit{"shrink-literal", func() { *slot = s }})
	}
	return out
}

// shrinkLiteral proposes smaller literals: without its language tag or
// datatype, with an empty lexical form, or a number as 0 or 1 of the same
// kind.
func shrinkLiteral(l *syntax.Literal) []*syntax.Literal {
	var out []*syntax.Literal
	with := func(f func(c *syntax.Literal)) {
		c := *l
		c.Pos = syntax.Pos{}
		f(&c)
		out = append(out, &c)
	}
	switch l.Kind {
	case syntax.LitString:
		if l.Lang != "" {
			with(func(c *syntax.Literal) { c.Lang = "" })
		}
		if l.Datatype != nil {
			with(func(c *syntax.Literal) { c.Datatype = nil })
		}
		if l.Lex != "" {
			with(func(c *syntax.Literal) { c.Lex, c.Long = "", false })
		}
	case syntax.LitInteger, syntax.LitDecimal, syntax.LitDouble:
		for _, lex := range smallNumbers[l.Kind] {
			if numberRank(lex) < numberRank(l.Lex) {
				with(func(c *syntax.Literal) { c.Lex = lex })
			}
		}
	}
	return out
}

var smallNumbers = map[syntax.LitKind][]string{
	syntax.LitInteger: {"0", "1"},
	syntax.LitDecimal: {"0.0", "1.0"},
	syntax.LitDouble:  {"0e0", "1e0"},
}

// numberRank orders numerals: the small ones first, then by length.
func numberRank(lex string) int {
	switch lex {
	case "0", "0.0", "0e0":
		return 0
	case "1", "1.0", "1e0":
		return 1
	}
	return 2 + len(lex)
}
