package realistic

import (
	"fmt"
	"math/rand/v2"
	"sort"

	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
)

// Mutations are what Mutate does to a query, by name: a clause added,
// removed or wrapped, as query logs show users editing a query between two
// requests. Each works on the syntax tree (syntax.Clone, then printed).
var Mutations = []string{"add-filter", "add-optional", "remove-element", "remove-triple",
	"wrap-optional", "wrap-group", "wrap-subselect", "add-distinct", "add-order-limit"}

// Mutate applies one mutation, drawn with r, to a SELECT query; the name
// gets "+" and the mutation's name. An error when the query is not a
// SELECT or no mutation applies.
func Mutate(q Query, r *rand.Rand) (Query, error) {
	t, err := Parse(q)
	if err != nil {
		return q, err
	}
	if t.Form != syntax.FormSelect || t.Where == nil {
		return q, fmt.Errorf("realistic: %s is not a SELECT query", q.Name)
	}
	for _, i := range r.Perm(len(Mutations)) {
		c := syntax.Clone(t)
		if !mutate(Mutations[i], c, r) {
			continue
		}
		m := Query{Name: q.Name + "+" + Mutations[i], Text: c.String()}
		if _, err := Parse(m); err != nil { // the tree may break a static rule (#sparqlGrammar notes)
			continue
		}
		return m, nil
	}
	return q, fmt.Errorf("realistic: no mutation applies to %s", q.Name)
}

func mutate(name string, q *syntax.Query, r *rand.Rand) bool {
	g := q.Where
	vars := whereVars(g)
	switch name {
	case "add-filter":
		if len(vars) == 0 {
			return false
		}
		v := &syntax.Var{Name: vars[r.IntN(len(vars))]}
		g.Elems = append(g.Elems, &syntax.Filter{Expr: &syntax.Binary{Op: "||",
			X: &syntax.Call{Name: "ISIRI", Args: []syntax.Expr{v}},
			Y: &syntax.Call{Name: "ISLITERAL", Args: []syntax.Expr{syntax.Clone(v)}}}})
	case "add-optional":
		if len(vars) == 0 {
			return false
		}
		v := &syntax.Var{Name: vars[r.IntN(len(vars))]}
		g.Elems = append(g.Elems, &syntax.Optional{Pattern: &syntax.GroupPattern{Elems: []syntax.Pattern{
			triple(v, &syntax.IRI{Value: rdfsNS + "label"}, &syntax.Var{Name: "mutLabel"})}}})
	case "remove-element":
		if len(g.Elems) < 2 {
			return false
		}
		i := r.IntN(len(g.Elems))
		g.Elems = append(g.Elems[:i:i], g.Elems[i+1:]...)
	case "remove-triple":
		return removeTriple(g, r)
	case "wrap-optional", "wrap-group":
		return wrapElem(name, g, r)
	case "wrap-subselect":
		if q.Select == nil || len(q.Mod.Group) > 0 || hasAgg(q) {
			return false
		}
		q.Where = &syntax.GroupPattern{Elems: []syntax.Pattern{&syntax.SubSelect{
			Select: &syntax.Projection{Star: true}, Where: g}}}
	case "add-distinct":
		if q.Select.Distinct || q.Select.Reduced {
			return false
		}
		q.Select.Distinct = true
	case "add-order-limit":
		if len(q.Mod.Order) > 0 || q.Mod.Limit != nil || len(vars) == 0 || len(q.Mod.Group) > 0 {
			return false
		}
		for _, v := range vars {
			q.Mod.Order = append(q.Mod.Order, &syntax.OrderCondition{Expr: &syntax.Var{Name: v}})
		}
		n := int64(1 + r.IntN(50))
		q.Mod.Limit = &n
	default:
		return false
	}
	return true
}

func triple(s syntax.GraphNode, p syntax.Verb, o syntax.GraphNode) *syntax.TriplesBlock {
	return &syntax.TriplesBlock{Triples: []*syntax.TriplesSameSubject{{Subject: s,
		Props: []*syntax.PropertyObjects{{Verb: p, Objects: []syntax.GraphNode{o}}}}}}
}

func removeTriple(g *syntax.GroupPattern, r *rand.Rand) bool {
	for _, e := range g.Elems {
		tb, ok := e.(*syntax.TriplesBlock)
		if !ok || len(tb.Triples) == 0 {
			continue
		}
		if len(tb.Triples) > 1 {
			i := r.IntN(len(tb.Triples))
			tb.Triples = append(tb.Triples[:i:i], tb.Triples[i+1:]...)
			return true
		}
		if ps := tb.Triples[0].Props; len(ps) > 1 {
			i := r.IntN(len(ps))
			tb.Triples[0].Props = append(ps[:i:i], ps[i+1:]...)
			return true
		}
	}
	return false
}

func wrapElem(name string, g *syntax.GroupPattern, r *rand.Rand) bool {
	var idx []int
	for i, e := range g.Elems {
		switch e.(type) {
		case *syntax.Filter, *syntax.Bind, *syntax.SubSelect:
		default:
			idx = append(idx, i)
		}
	}
	if len(idx) == 0 || name == "wrap-optional" && len(idx) < 2 {
		return false
	}
	i := idx[r.IntN(len(idx))]
	if name == "wrap-optional" && i == idx[0] {
		i = idx[len(idx)-1] // OPTIONAL of the first element would make it left-join nothing
	}
	inner := &syntax.GroupPattern{Elems: []syntax.Pattern{g.Elems[i]}}
	if name == "wrap-optional" {
		g.Elems[i] = &syntax.Optional{Pattern: inner}
	} else {
		g.Elems[i] = inner
	}
	return true
}

// whereVars are the variables a group mentions, sorted.
func whereVars(g *syntax.GroupPattern) []string {
	seen := map[string]bool{}
	syntax.Inspect(g, func(n syntax.Node) bool {
		if v, ok := n.(*syntax.Var); ok {
			seen[v.Name] = true
		}
		return true
	})
	out := make([]string, 0, len(seen))
	for v := range seen {
		out = append(out, v)
	}
	sort.Strings(out)
	return out
}

func hasAgg(q *syntax.Query) bool {
	found := false
	syntax.Inspect(q, func(n syntax.Node) bool {
		if _, ok := n.(*syntax.Aggregate); ok {
			found = true
		}
		return !found
	})
	return found
}
