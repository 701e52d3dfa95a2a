package diff

import (
	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
)

// An edit site names one edit of a tree: the node's index in syntax.Inspect
// order and the index of the edit among that node's edits (nodeEdits).
// Sites computed on a tree apply to any Clone of it, so candidates never
// share nodes with the current query.
type editSite struct{ node, k int }

// editSites lists every single edit of q, parents before children, so the
// edits that remove the most are tried first.
func editSites(q *syntax.Query) []editSite {
	var out []editSite
	i := 0
	syntax.Inspect(q, func(n syntax.Node) bool {
		for k := range nodeEdits(n) {
			out = append(out, editSite{i, k})
		}
		i++
		return true
	})
	return out
}

// applyEdit returns a copy of q with the edit at s applied.
func applyEdit(q *syntax.Query, s editSite) *syntax.Query {
	c := syntax.Clone(q)
	i, done := 0, false
	syntax.Inspect(c, func(n syntax.Node) bool {
		if done {
			return false
		}
		if i == s.node {
			nodeEdits(n)[s.k]()
			done = true
			return false
		}
		i++
		return true
	})
	return c
}

// nodeEdits lists the edits of one node, as closures that change it in
// place (issue 6's list: drop a triple pattern, a FILTER or a conjunct, an
// OPTIONAL or a UNION branch, replace an operator by a child, drop a
// projected variable, ORDER BY, LIMIT, OFFSET, DISTINCT, simplify an
// expression, shrink a literal). Edits only ever shrink the tree, so the
// fixpoint terminates.
func nodeEdits(n syntax.Node) []func() {
	var out []func()
	switch n := n.(type) {
	case *syntax.Query:
		out = append(out, queryEdits(n)...)
		out = append(out, modEdits(&n.Mod)...)
	case *syntax.SubSelect:
		out = append(out, modEdits(&n.Mod)...)
		if n.Values != nil {
			out = append(out, func() { n.Values = nil })
		}
	case *syntax.Projection:
		out = append(out, projectionEdits(n)...)
	case *syntax.GroupPattern:
		out = append(out, groupEdits(n)...)
	case *syntax.TriplesBlock:
		out = append(out, dropEach(len(n.Triples), 2, func(i int) { n.Triples = remove(n.Triples, i) })...)
	case *syntax.TriplesSameSubject:
		out = append(out, dropEach(len(n.Props), 2, func(i int) { n.Props = remove(n.Props, i) })...)
	case *syntax.PropertyObjects:
		out = append(out, dropEach(len(n.Objects), 2, func(i int) { n.Objects = remove(n.Objects, i) })...)
		out = append(out, pathEdits(&n.Verb)...)
		for i := range n.Objects {
			out = append(out, nodeLiteralEdits(&n.Objects[i])...)
		}
	case *syntax.Union:
		out = append(out, dropEach(len(n.Groups), 3, func(i int) { n.Groups = remove(n.Groups, i) })...)
	case *syntax.InlineData:
		out = append(out, dropEach(len(n.Rows), 1, func(i int) { n.Rows = remove(n.Rows, i) })...)
	}
	for _, slot := range exprSlots(n) {
		out = append(out, exprEdits(slot)...)
	}
	return out
}

// dropEach makes one edit per element removing it, when at least min
// elements exist (fewer would leave an invalid or meaningless node; the
// parent's edits remove the whole node instead).
func dropEach(n, min int, drop func(int)) []func() {
	if n < min {
		return nil
	}
	out := make([]func(), n)
	for i := range out {
		out[i] = func() { drop(i) }
	}
	return out
}

func remove[T any](xs []T, i int) []T {
	return append(xs[:i:i], xs[i+1:]...)
}

func queryEdits(q *syntax.Query) []func() {
	out := dropEach(len(q.Prologue), 1, func(i int) { q.Prologue = remove(q.Prologue, i) })
	if q.Values != nil {
		out = append(out, func() { q.Values = nil })
	}
	return out
}

// modEdits drop ORDER BY (whole, then each key), LIMIT, OFFSET, a GROUP BY
// key and a HAVING condition.
func modEdits(m *syntax.Modifiers) []func() {
	var out []func()
	if len(m.Order) > 0 {
		out = append(out, func() { m.Order = nil })
	}
	out = append(out, dropEach(len(m.Order), 2, func(i int) { m.Order = remove(m.Order, i) })...)
	if m.Limit != nil {
		out = append(out, func() { m.Limit = nil })
	}
	if m.Offset != nil {
		out = append(out, func() { m.Offset = nil })
	}
	out = append(out, dropEach(len(m.Group), 1, func(i int) { m.Group = remove(m.Group, i) })...)
	return append(out, dropEach(len(m.Having), 1, func(i int) { m.Having = remove(m.Having, i) })...)
}

func projectionEdits(p *syntax.Projection) []func() {
	var out []func()
	if p.Distinct {
		out = append(out, func() { p.Distinct = false })
	}
	if p.Reduced {
		out = append(out, func() { p.Reduced = false })
	}
	return append(out, dropEach(len(p.Items), 2, func(i int) { p.Items = remove(p.Items, i) })...)
}

// groupEdits drop each element of a group, then replace each operator
// element by its child: OPTIONAL/MINUS/GRAPH/SERVICE/sub-SELECT by its
// group, a UNION by one branch, a nested group by its elements.
func groupEdits(g *syntax.GroupPattern) []func() {
	out := dropEach(len(g.Elems), 1, func(i int) { g.Elems = remove(g.Elems, i) })
	for i, e := range g.Elems {
		for _, child := range patternKids(e) {
			out = append(out, func() { g.Elems = splice(g.Elems, i, child) })
		}
	}
	return out
}

// patternKids are the groups an element can be replaced by.
func patternKids(e syntax.Pattern) []*syntax.GroupPattern {
	switch e := e.(type) {
	case *syntax.Optional:
		return []*syntax.GroupPattern{e.Pattern}
	case *syntax.Minus:
		return []*syntax.GroupPattern{e.Pattern}
	case *syntax.Graph:
		return []*syntax.GroupPattern{e.Pattern}
	case *syntax.Service:
		return []*syntax.GroupPattern{e.Pattern}
	case *syntax.SubSelect:
		return []*syntax.GroupPattern{e.Where}
	case *syntax.Union:
		return e.Groups
	case *syntax.GroupPattern:
		return []*syntax.GroupPattern{e}
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

// SingleEdits returns every query one edit of the reducer makes from query,
// printed; tests use it to check that a reduced case is 1-minimal.
func SingleEdits(query, base string) []string {
	q, err := syntax.Parse(query, syntax.Options{Base: base})
	if err != nil {
		return nil
	}
	var out []string
	for _, s := range editSites(q) {
		out = append(out, applyEdit(q, s).String())
	}
	return out
}
