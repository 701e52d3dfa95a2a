package corpus

import (
	"fmt"
	"slices"

	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
)

// query builds a whole query of a form drawn by the form.* weights.
func (g *gen) query() *syntax.Query {
	var q *syntax.Query
	switch g.pick("form", nil) {
	case "ask":
		q = g.ask()
	case "construct":
		q = g.construct()
	case "describe":
		q = g.describe()
	case "aggregate":
		q = g.selectQuery(true)
	default:
		q = g.selectQuery(false)
	}
	q.From = g.from()
	return q
}

// from is now and then a dataset clause (#specifyingDataset): FROM and
// FROM NAMED name graphs of the case's dataset, the local catalogue (an
// absent graph is an error there: nothing is fetched).
func (g *gen) from() []*syntax.DatasetClause {
	var names []string
	for _, q := range g.data {
		if !q.G.IsZero() && !slices.Contains(names, q.G.Value) {
			names = append(names, q.G.Value)
		}
	}
	if len(names) == 0 || !g.chance("from") {
		return nil
	}
	var out []*syntax.DatasetClause
	for i, n := 0, g.between(1, 2); i < n; i++ {
		out = append(out, &syntax.DatasetClause{Named: g.r.IntN(2) == 0, IRI: iri(oneOf(g, names))})
	}
	return out
}

// selectQuery is SELECT with a plain or an aggregate projection, and now and
// then a trailing VALUES clause (#rValuesClause).
func (g *gen) selectQuery(aggregate bool) *syntax.Query {
	where := g.group(nil)
	if aggregate && g.maybe("agg_empty") {
		where.Elems = append(where.Elems, g.emptyJoin(syntax.InScope(where)))
	}
	scope := syntax.InScope(where)
	sel, mod := g.selectParts(scope, aggregate, true)
	q := &syntax.Query{Form: syntax.FormSelect, Select: sel, Where: where, Mod: mod}
	if g.chance("trailing_values") {
		q.Values = g.values(scope)
	}
	return q
}

// subSelect is a nested SELECT (#rSubSelect); its variables other than the
// projected ones are not visible outside (#variableScope).
func (g *gen) subSelect() *syntax.SubSelect {
	where := g.group(nil)
	scope := syntax.InScope(where)
	sel, mod := g.selectParts(scope, g.chance("having") && g.r.IntN(2) == 0, false)
	return &syntax.SubSelect{Select: sel, Where: where, Mod: mod}
}

// selectParts builds the projection and solution modifiers for a WHERE
// clause whose in-scope variables are scope; top is false in a sub-select.
//
// The judge can express only some of the freedom SPARQL leaves (see
// results.Freedom), so by default the generator stays inside it: OFFSET and
// LIMIT come with ORDER BY (p.unordered_slice lifts that), and in a
// sub-select, whose choices the outer query would observe, only with ORDER
// BY on every projected variable (p.sub_slice) and without SAMPLE or
// GROUP_CONCAT.
func (g *gen) selectParts(scope []string, aggregate, top bool) (*syntax.Projection, syntax.Modifiers) {
	var pr *syntax.Projection
	var mod syntax.Modifiers
	if aggregate {
		pr, mod = g.aggregateParts(scope, top)
	} else {
		pr, mod = g.plainParts(scope)
	}
	switch {
	case top && (len(mod.Order) > 0 || g.chance("unordered_slice")):
		g.slice(&mod)
	case !top && g.chance("sub_slice"):
		mod.Order = nil
		if g.maybe("sub_ties") {
			mod.Order = g.tieOrder(projected(pr, scope))
			g.slice(&mod)
			break
		}
		for _, v := range projected(pr, scope) {
			mod.Order = append(mod.Order, g.orderKey(func() syntax.Expr { return &syntax.Var{Name: v} }))
		}
		g.slice(&mod)
	}
	return pr, mod
}

// projected lists the variables a projection keeps.
func projected(pr *syntax.Projection, scope []string) []string {
	if pr.Star {
		return scope
	}
	var out []string
	for _, it := range pr.Items {
		out = append(out, it.Var.Name)
	}
	return out
}

// plainParts is a projection without aggregates, and ORDER BY.
func (g *gen) plainParts(scope []string) (*syntax.Projection, syntax.Modifiers) {
	pr := &syntax.Projection{}
	if len(scope) == 0 || g.chance("select_star") {
		pr.Star = true
	} else {
		for _, v := range g.subset(scope, 1) {
			pr.Items = append(pr.Items, &syntax.SelectItem{Var: &syntax.Var{Name: v}})
		}
		if g.chance("select_expr") {
			pr.Items = append(pr.Items, &syntax.SelectItem{Var: g.freshVar(), Expr: g.expr(scope, 0)})
		}
	}
	g.distinct(pr)
	mod := syntax.Modifiers{}
	if g.chance("order") {
		for i, n := 0, g.between(1, 2); i < n; i++ {
			mod.Order = append(mod.Order, g.orderKey(func() syntax.Expr {
				if g.r.IntN(3) == 0 {
					return g.expr(scope, 1)
				}
				return g.varOf(scope)
			}))
		}
	}
	return pr, mod
}

// aggregateParts builds a grouped projection obeying §18.2.4.1
// (#aggregateRestrictions): plain projected variables and variables outside
// aggregates are grouping keys or earlier `AS` variables.
func (g *gen) aggregateParts(scope []string, top bool) (*syntax.Projection, syntax.Modifiers) {
	mod := syntax.Modifiers{}
	var keys []string
	mod.Group, keys = g.groupBy(scope)
	pr := &syntax.Projection{}
	for _, v := range g.subset(keys, 0) {
		pr.Items = append(pr.Items, &syntax.SelectItem{Var: &syntax.Var{Name: v}})
	}
	for i, n := 0, g.between(1, 2); i < n; i++ {
		pr.Items = append(pr.Items, &syntax.SelectItem{Var: g.freshVar(), Expr: g.aggExpr(scope, keys, top)})
	}
	g.distinct(pr)
	if g.chance("having") {
		op := oneOf(g, []string{"=", "!=", "<", ">", "<=", ">="})
		mod.Having = append(mod.Having, &syntax.Binary{Op: op, X: g.aggExpr(scope, keys, false), Y: g.numberLiteral()})
	}
	if g.chance("order") {
		mod.Order = append(mod.Order, g.orderKey(func() syntax.Expr {
			if len(keys) > 0 && g.r.IntN(2) == 0 {
				return &syntax.Var{Name: oneOf(g, keys)}
			}
			return g.agg(scope, false)
		}))
	}
	return pr, mod
}

// groupBy builds GROUP BY keys (none: one implicit group, #aggregateAlgebra):
// variables of scope, and now and then `(expr AS ?fresh)`. keys are the
// variables the projection may use outside aggregates.
func (g *gen) groupBy(scope []string) (conds []*syntax.GroupCondition, keys []string) {
	if len(scope) > 0 && g.r.IntN(4) > 0 {
		for _, v := range g.subset(scope, 1) {
			conds = append(conds, &syntax.GroupCondition{Expr: &syntax.Var{Name: v}})
			keys = append(keys, v)
		}
	}
	if g.chance("group_expr") {
		k := g.freshVar()
		conds = append(conds, &syntax.GroupCondition{Expr: g.expr(scope, 1), Var: k})
		keys = append(keys, k.Name)
	}
	return conds, keys
}

// aggExpr is an aggregate, sometimes combined with a grouping key. open
// allows SAMPLE and GROUP_CONCAT, whose values the judge can only mark open
// (results.Freedom.Open): fine in a top-level projection, not where a
// filter, an order or an outer query would look at the value.
func (g *gen) aggExpr(scope, keys []string, open bool) syntax.Expr {
	a := g.agg(scope, open)
	switch g.r.IntN(5) {
	case 0:
		return &syntax.Binary{Op: oneOf(g, []string{"+", "*", "-"}), X: a, Y: g.agg(scope, open)}
	case 1:
		if len(keys) > 0 {
			return &syntax.Call{Name: "COALESCE", Args: []syntax.Expr{a, &syntax.Var{Name: oneOf(g, keys)}}}
		}
	}
	return a
}

// agg is one aggregate call (#rAggregate) over an expression of scope.
func (g *gen) agg(scope []string, open bool) *syntax.Aggregate {
	k := g.pick("agg", func(k string) bool { return open || k != "sample" && k != "group_concat" })
	a := &syntax.Aggregate{Distinct: g.chance("agg_distinct")}
	switch k {
	case "count_star":
		a.Name, a.Star = "COUNT", true
		return a
	case "group_concat":
		a.Name = "GROUP_CONCAT"
		if g.r.IntN(2) == 0 {
			a.HasSeparator, a.Separator = true, oneOf(g, []string{",", "", " | "})
		}
	default:
		a.Name = map[string]string{"count": "COUNT", "sum": "SUM", "min": "MIN", "max": "MAX",
			"avg": "AVG", "sample": "SAMPLE"}[k]
	}
	if g.r.IntN(3) == 0 {
		a.Arg = g.expr(scope, 1)
	} else {
		a.Arg = g.varOf(scope)
	}
	return a
}

// distinct sets DISTINCT or REDUCED.
func (g *gen) distinct(pr *syntax.Projection) {
	switch {
	case g.chance("distinct"):
		pr.Distinct = true
	case g.chance("reduced"):
		pr.Reduced = true
	}
}

func (g *gen) orderKey(key func() syntax.Expr) *syntax.OrderCondition {
	return &syntax.OrderCondition{Dir: syntax.OrderDir(g.r.IntN(3)), Expr: key()}
}

// slice sets LIMIT and OFFSET (#modOffset, #modResultLimit).
func (g *gen) slice(m *syntax.Modifiers) {
	if g.chance("limit") {
		n := int64(g.between(1, 5))
		if g.r.IntN(12) == 0 {
			n = 0
		}
		m.Limit = &n
	}
	if g.chance("offset") {
		n := int64(g.between(0, 4))
		m.Offset = &n
	}
}

// subset returns a random subset of vs, in the order of vs, non-empty when
// min is 1 and vs is not empty.
func (g *gen) subset(vs []string, min int) []string {
	var out []string
	for _, v := range vs {
		if g.r.IntN(2) == 0 {
			out = append(out, v)
		}
	}
	if len(out) < min && len(vs) > 0 { // min is 0 or 1
		out = []string{oneOf(g, vs)}
	}
	return out
}

// ---------------------------------------------------------------- other forms

// ask is ASK WHERE, with a trailing VALUES now and then.
func (g *gen) ask() *syntax.Query {
	where := g.group(nil)
	q := &syntax.Query{Form: syntax.FormAsk, Where: where}
	if g.chance("trailing_values") {
		q.Values = g.values(syntax.InScope(where))
	}
	return q
}

// construct is CONSTRUCT { template } WHERE, or the short form CONSTRUCT
// WHERE { triples } (#rConstructQuery). Template blank nodes are fresh per
// solution (#tempatesWithBNodes).
func (g *gen) construct() *syntax.Query {
	if g.chance("construct_where") {
		where := &syntax.GroupPattern{Elems: []syntax.Pattern{g.bgp(true)}}
		return &syntax.Query{Form: syntax.FormConstruct, ConstructWhere: true, Where: where}
	}
	where := g.group(nil)
	scope := syntax.InScope(where)
	q := &syntax.Query{Form: syntax.FormConstruct, Where: where}
	for i, n := 0, g.between(1, 3); i < n; i++ {
		q.Template = append(q.Template, g.templateExtras(g.templateTriple(scope))...)
	}
	g.graphSlice(&q.Mod, scope)
	return q
}

func (g *gen) templateTriple(scope []string) *syntax.TriplesSameSubject {
	node := func(obj bool) syntax.GraphNode {
		if g.maybe("template_bnode_list") {
			return g.templateBNodeList(func() syntax.GraphNode { return g.varOf(scope) })
		}
		switch r := g.r.IntN(10); {
		case r < 3 && g.chance("template_bnode"):
			if r == 0 {
				return &syntax.BlankNode{Anon: true}
			}
			return &syntax.BlankNode{Label: fmt.Sprintf("t%d", g.r.IntN(2))}
		case r < 5:
			if obj {
				return g.constant().(syntax.GraphNode)
			}
			return iri(oneOf(g, subjects).Value)
		}
		return g.varOf(scope)
	}
	var verb syntax.Verb = iri(oneOf(g, predicates).Value)
	if g.r.IntN(6) == 0 {
		verb = g.varOf(scope)
	}
	return &syntax.TriplesSameSubject{Subject: node(false), Props: []*syntax.PropertyObjects{
		{Verb: verb, Objects: []syntax.GraphNode{node(true)}}}}
}

// describe is DESCRIBE of variables and IRIs, or DESCRIBE *.
func (g *gen) describe() *syntax.Query {
	where := g.group(nil)
	scope := syntax.InScope(where)
	q := &syntax.Query{Form: syntax.FormDescribe, Where: where}
	if g.r.IntN(8) == 0 {
		q.DescribeAll = true
		return q
	}
	for i, n := 0, g.between(1, 2); i < n; i++ {
		if len(scope) == 0 || g.chance("describe_iri") {
			q.Describe = append(q.Describe, iri(oneOf(g, subjects).Value))
		} else {
			q.Describe = append(q.Describe, g.varOf(scope))
		}
	}
	g.graphSlice(&q.Mod, scope)
	return q
}

// graphSlice adds ORDER BY and OFFSET/LIMIT to CONSTRUCT or DESCRIBE only
// with p.graph_slice: the judge's answer is a graph and cannot express which
// solutions a slice may keep, so the default profile leaves it out.
func (g *gen) graphSlice(m *syntax.Modifiers, scope []string) {
	if !g.chance("graph_slice") {
		return
	}
	m.Order = append(m.Order, g.orderKey(func() syntax.Expr { return g.varOf(scope) }))
	g.slice(m)
}
