package reduce

import (
	"strings"

	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
	"github.com/sparql-oracle/oracle/internal/constructs"
)

// An edit is one change of a syntax tree, in place. Its kind is a stable
// name (tests select edits by it, Result.Kept prints it).
type edit struct {
	kind  string
	apply func()
}

// An edit site names one edit of a tree: the node's index in syntax.Inspect
// order and the index of the edit among that node's edits (nodeEdits).
// Sites computed on a tree apply to any Clone of it, so candidates never
// share nodes with the current query.
type editSite struct {
	node, k int
	kind    string
}

// scope is what an edit needs to know beyond its node: a variable name the
// query does not use (for "constant to variable"), computed once per tree so
// a site means the same edit on every clone.
type scope struct{ fresh string }

func itoa(i int) string {
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + string(rune('0'+i%10))
}

// nodeEdits lists the edits of one node. Each edit makes the tree smaller
// by the order of measure.go (fewer nodes, fewer constants, shorter text);
// the reducer checks it, so an edit that does not is never taken.
func nodeEdits(n syntax.Node, sc scope) []edit {
	var out []edit
	switch n := n.(type) {
	case *syntax.Query:
		out = append(out, queryEdits(n)...)
		out = append(out, modEdits(&n.Mod)...)
	case *syntax.SubSelect:
		out = append(out, modEdits(&n.Mod)...)
		if n.Values != nil {
			out = append(out, edit{"drop-values", func() { n.Values = nil }})
		}
	case *syntax.Projection:
		out = append(out, projectionEdits(n)...)
	case *syntax.GroupPattern:
		out = append(out, groupEdits(n)...)
	case *syntax.Graph:
		out = append(out, constToVar(&n.Name, sc)...)
	case *syntax.Union:
		out = append(out, dropEach("drop-union-branch", len(n.Groups), 3, func(i int) { n.Groups = remove(n.Groups, i) })...)
	default:
		out = append(out, tripleEdits(n, sc)...)
		out = append(out, dataEdits(n)...)
		out = append(out, flagEdits(n)...)
	}
	for _, slot := range constructs.ExprSlots(n) {
		out = append(out, exprEdits(slot, sc)...)
	}
	return out
}

// dropEach makes one edit per element removing it, when at least min
// elements exist (fewer would leave an invalid or meaningless node; the
// parent's edits remove the whole node instead).
func dropEach(kind string, n, min int, drop func(int)) []edit {
	if n < min {
		return nil
	}
	out := make([]edit, n)
	for i := range out {
		out[i] = edit{kind, func() { drop(i) }}
	}
	return out
}

func remove[T any](xs []T, i int) []T {
	return append(xs[:i:i], xs[i+1:]...)
}

// queryEdits drop a prologue declaration (its IRIs are then written in
// full), a dataset clause (#specifyingDataset), a CONSTRUCT template
// triple, a DESCRIBE term and the trailing VALUES.
func queryEdits(q *syntax.Query) []edit {
	out := dropEach("drop-decl", len(q.Prologue), 1, func(i int) {
		inlineDecl(inspectNodes(q), q.Prologue[i])
		q.Prologue = remove(q.Prologue, i)
	})
	out = append(out, dropEach("drop-from", len(q.From), 1, func(i int) { q.From = remove(q.From, i) })...)
	out = append(out, dropEach("drop-template-triple", len(q.Template), 2, func(i int) { q.Template = remove(q.Template, i) })...)
	out = append(out, dropEach("drop-describe-term", len(q.Describe), 2, func(i int) { q.Describe = remove(q.Describe, i) })...)
	if q.Values != nil {
		out = append(out, edit{"drop-values", func() { q.Values = nil }})
	}
	return out
}

// inlineDecl makes every IRI of nodes (a whole tree) written through d
// print as <absolute>: a prefixed name using d's prefix, or any relative
// <iri> when d is a BASE (an IRI's value is already absolute).
func inlineDecl(nodes []syntax.Node, d *syntax.Decl) {
	for _, n := range nodes {
		iri, ok := n.(*syntax.IRI)
		if !ok || iri == d.IRI || iri.Written == "" || iri.Written == "a" {
			continue
		}
		switch {
		case d.Kind == syntax.DeclPrefix && strings.HasPrefix(iri.Written, d.Prefix+":"):
			iri.Written = ""
		case d.Kind == syntax.DeclBase && strings.HasPrefix(iri.Written, "<"):
			iri.Written = ""
		}
	}
}

// modEdits drop ORDER BY (whole, then each key), LIMIT, OFFSET, a GROUP BY
// key and a HAVING condition, and lower LIMIT and OFFSET to 1.
func modEdits(m *syntax.Modifiers) []edit {
	var out []edit
	if len(m.Order) > 0 {
		out = append(out, edit{"drop-order", func() { m.Order = nil }})
	}
	out = append(out, dropEach("drop-order-key", len(m.Order), 2, func(i int) { m.Order = remove(m.Order, i) })...)
	for _, p := range []**int64{&m.Limit, &m.Offset} {
		if *p == nil {
			continue
		}
		out = append(out, edit{"drop-slice", func() { *p = nil }})
		if **p > 1 {
			out = append(out, edit{"lower-slice", func() { one := int64(1); *p = &one }})
		}
	}
	out = append(out, dropEach("drop-group-key", len(m.Group), 1, func(i int) { m.Group = remove(m.Group, i) })...)
	return append(out, dropEach("drop-having", len(m.Having), 1, func(i int) { m.Having = remove(m.Having, i) })...)
}

// projectionEdits drop DISTINCT or REDUCED, a projected variable or
// expression, or the whole list for `*`.
func projectionEdits(p *syntax.Projection) []edit {
	var out []edit
	if p.Distinct {
		out = append(out, edit{"drop-distinct", func() { p.Distinct = false }})
	}
	if p.Reduced {
		out = append(out, edit{"drop-reduced", func() { p.Reduced = false }})
	}
	if !p.Star {
		out = append(out, edit{"project-star", func() { p.Star, p.Items = true, nil }})
	}
	return append(out, dropEach("drop-select-item", len(p.Items), 2, func(i int) { p.Items = remove(p.Items, i) })...)
}

// groupEdits drop each element of a group, then replace an element by what
// it wraps: OPTIONAL, MINUS, GRAPH, SERVICE and a sub-select (inlined) by
// their group, a UNION by one branch, a nested group by its elements, and
// FILTER (NOT) EXISTS { P } by P.
func groupEdits(g *syntax.GroupPattern) []edit {
	out := dropEach("drop-element", len(g.Elems), 1, func(i int) { g.Elems = remove(g.Elems, i) })
	for i, e := range g.Elems {
		kind, kids := patternKids(e)
		for _, child := range kids {
			out = append(out, edit{kind, func() { g.Elems = splice(g.Elems, i, child) }})
		}
	}
	return out
}

// patternKids are the groups an element can be replaced by, and the edit's
// kind.
func patternKids(e syntax.Pattern) (string, []*syntax.GroupPattern) {
	switch e := e.(type) {
	case *syntax.Optional:
		return "unwrap-optional", []*syntax.GroupPattern{e.Pattern}
	case *syntax.Minus:
		return "unwrap-minus", []*syntax.GroupPattern{e.Pattern}
	case *syntax.Graph:
		return "unwrap-graph", []*syntax.GroupPattern{e.Pattern}
	case *syntax.Service:
		return "unwrap-service", []*syntax.GroupPattern{e.Pattern}
	case *syntax.SubSelect:
		return "inline-subselect", []*syntax.GroupPattern{e.Where}
	case *syntax.Union:
		return "pick-union-branch", e.Groups
	case *syntax.GroupPattern:
		return "flatten-group", []*syntax.GroupPattern{e}
	case *syntax.Filter:
		if ex := existsOf(e.Expr); ex != nil {
			return "unwrap-exists", []*syntax.GroupPattern{ex.Pattern}
		}
	}
	return "", nil
}

// existsOf finds EXISTS { P } or NOT EXISTS { P } at the top of a filter
// expression, under any number of `!`.
func existsOf(e syntax.Expr) *syntax.Exists {
	switch e := e.(type) {
	case *syntax.Exists:
		return e
	case *syntax.Unary:
		if e.Op == "!" {
			return existsOf(e.X)
		}
	}
	return nil
}

// splice replaces elems[i] by the elements of g (a group's elements join
// with their neighbours; a sub-select's group stays a group of its own).
func splice(elems []syntax.Pattern, i int, g *syntax.GroupPattern) []syntax.Pattern {
	if len(g.Elems) == 1 {
		if _, ok := g.Elems[0].(*syntax.SubSelect); ok {
			return append(append(elems[:i:i], g), elems[i+1:]...)
		}
	}
	out := append(elems[:i:i], g.Elems...)
	return append(out, elems[i+1:]...)
}

// SingleEdits returns every query one tree edit of the reducer makes from
// query, printed (some may not parse again, or not be smaller: the reducer
// skips those); tests use it to check that a reduced case is 1-minimal.
func SingleEdits(query, base string) []string { return queryGrammar.singleEdits(query, base) }
