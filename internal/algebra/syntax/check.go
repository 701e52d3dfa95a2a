package syntax

import "sort"

// check applies the static rules that the grammar alone does not enforce
// (#sparqlGrammar notes, #grammarBNodes, #variableScope, #aggregateRestrictions).
// It returns the first violation found, in a deterministic order.
func check(q *Query) *Error {
	c := &checker{labels: map[string]int{}}
	c.pattern(q.Where)
	if c.err != nil {
		return c.err
	}
	if q.Form == FormSelect {
		c.selectRules(q.Select, q.Where, &q.Mod)
	} else {
		c.modifierRules(&q.Mod)
	}
	if q.Spec == Spec12 {
		c.valuesVarsUnique(q)
	}
	return c.err
}

type checker struct {
	err    *Error
	labels map[string]int // blank-node label -> basic graph pattern id
	bgp    int            // id of the most recent basic graph pattern
}

func (c *checker) fail(e *Error) {
	if c.err == nil {
		c.err = e
	}
}

// ---------------------------------------------------------------- patterns

// pattern walks a group: blank-node labels per basic graph pattern, BIND
// scope, aggregates out of place, and nested sub-selects.
func (c *checker) pattern(g *GroupPattern) {
	if g == nil || c.err != nil {
		return
	}
	// Triples blocks separated only by FILTERs form one basic graph pattern
	// (#sparqlTranslateGraphPatterns collects filters out of the group).
	continues := false
	scope := map[string]bool{} // in-scope variables of the elements so far
	for _, e := range g.Elems {
		c.element(e, scope, &continues)
		inScope(e, scope)
	}
}

// element checks one group element; continues tracks whether a triples
// block extends the current basic graph pattern.
func (c *checker) element(e Pattern, scope map[string]bool, continues *bool) {
	switch e := e.(type) {
	case *TriplesBlock:
		if !*continues {
			c.bgp++
		}
		c.triples(e.Triples)
		*continues = true
		return
	case *Filter:
		c.noAggregates(e.Expr, "FILTER")
		c.exprPatterns(e.Expr)
		return
	case *Bind:
		c.noAggregates(e.Expr, "BIND")
		c.exprPatterns(e.Expr)
		if e.Var != nil && scope[e.Var.Name] {
			c.fail(errorAt(e.Var.Pos, "BIND variable ?%s is already in scope", e.Var.Name))
		}
	default:
		c.child(e)
	}
	*continues = false
}

func (c *checker) child(e Pattern) {
	switch e := e.(type) {
	case *GroupPattern:
		c.pattern(e)
	case *Union:
		for _, g := range e.Groups {
			c.pattern(g)
		}
	case *Optional:
		c.pattern(e.Pattern)
	case *Minus:
		c.pattern(e.Pattern)
	case *Graph:
		c.pattern(e.Pattern)
	case *Service:
		c.pattern(e.Pattern)
	case *SubSelect:
		c.pattern(e.Where)
		c.selectRules(e.Select, e.Where, &e.Mod)
	}
}

// triples records blank-node labels of one basic graph pattern (#grammarBNodes).
func (c *checker) triples(ts []*TriplesSameSubject) {
	for _, t := range ts {
		visitTriple(t, c.label)
	}
}

func (c *checker) label(n GraphNode) {
	b, ok := n.(*BlankNode)
	if !ok || b.Label == "" {
		return
	}
	if id, ok := c.labels[b.Label]; ok && id != c.bgp {
		c.fail(errorAt(b.Pos, "blank node label _:%s used in two basic graph patterns", b.Label))
	}
	c.labels[b.Label] = c.bgp
}

// exprPatterns checks the group patterns inside EXISTS / NOT EXISTS.
func (c *checker) exprPatterns(e Expr) {
	walkExpr(e, func(x Expr) bool {
		if ex, ok := x.(*Exists); ok {
			saved := c.bgp
			c.pattern(ex.Pattern)
			c.bgp = saved
			return false
		}
		return true
	})
}

// ---------------------------------------------------------------- SELECT

// selectRules checks a projection against its WHERE clause and modifiers
// (#selectExpressions, #aggregateRestrictions, #variableScope).
func (c *checker) selectRules(pr *Projection, where *GroupPattern, m *Modifiers) {
	c.modifierRules(m)
	if pr == nil || c.err != nil {
		return
	}
	scope := selectScope(pr, where, m)
	used := map[string]bool{} // variables mentioned earlier in this SELECT
	for _, it := range pr.Items {
		if it.Var == nil {
			continue
		}
		if it.Expr == nil {
			used[it.Var.Name] = true
			continue
		}
		c.exprPatterns(it.Expr)
		c.nestedAggregates(it.Expr)
		switch {
		case scope[it.Var.Name]:
			c.fail(errorAt(it.Var.Pos, "SELECT variable ?%s is already in scope", it.Var.Name))
		case used[it.Var.Name]:
			c.fail(errorAt(it.Var.Pos, "SELECT variable ?%s is already used earlier in the SELECT clause", it.Var.Name))
		}
		scope[it.Var.Name] = true
		for _, v := range exprVars(it.Expr) {
			used[v] = true
		}
		used[it.Var.Name] = true
	}
	if isAggregateQuery(pr, m) {
		c.groupedProjection(pr, m)
	}
}

// selectScope is the set of variables in scope where the SELECT
// expressions are evaluated: those of the WHERE clause, or in an aggregate
// query only the grouping keys, since grouping hides every other variable
// (SPARQL 1.2 W3C tests sparql12/syntax group-by-scope-1 and -bad-1..3;
// the 1.1 text does not settle it, so both documents read it so).
func selectScope(pr *Projection, where *GroupPattern, m *Modifiers) map[string]bool {
	scope := map[string]bool{}
	if isAggregateQuery(pr, m) {
		for _, g := range m.Group {
			if g.Var != nil {
				scope[g.Var.Name] = true
			} else if v, ok := g.Expr.(*Var); ok {
				scope[v.Name] = true
			}
		}
		return scope
	}
	if where != nil {
		for _, e := range where.Elems {
			inScope(e, scope)
		}
	}
	return scope
}

// valuesVarsUnique: SPARQL 1.2 "Variables in the variable list of a VALUES
// clause must be unique within that list" (#sparqlGrammar notes; the
// draft's changes: "Forbid duplicated variables in VALUES"). SPARQL 1.1
// has no such rule, so it applies to 1.2 queries only.
func (c *checker) valuesVarsUnique(q *Query) {
	Inspect(q, func(n Node) bool {
		d, ok := n.(*InlineData)
		if !ok {
			return c.err == nil
		}
		seen := map[string]bool{}
		for _, v := range d.Vars {
			if seen[v.Name] {
				c.fail(errorAt(v.Pos, "variable ?%s twice in the VALUES variable list", v.Name))
			}
			seen[v.Name] = true
		}
		return c.err == nil
	})
}

// modifierRules: no aggregates in GROUP BY, none nested in HAVING/ORDER BY.
func (c *checker) modifierRules(m *Modifiers) {
	for _, g := range m.Group {
		c.noAggregates(g.Expr, "GROUP BY")
		c.exprPatterns(g.Expr)
	}
	for _, h := range m.Having {
		c.nestedAggregates(h)
		c.exprPatterns(h)
	}
	for _, o := range m.Order {
		c.nestedAggregates(o.Expr)
		c.exprPatterns(o.Expr)
	}
}

func isAggregateQuery(pr *Projection, m *Modifiers) bool {
	if len(m.Group) > 0 {
		return true
	}
	for _, it := range pr.Items {
		if it.Expr != nil && hasAggregate(it.Expr) {
			return true
		}
	}
	for _, h := range m.Having {
		if hasAggregate(h) {
			return true
		}
	}
	for _, o := range m.Order {
		if hasAggregate(o.Expr) {
			return true
		}
	}
	return false
}

// groupedProjection: in an aggregate query every projected variable, and
// every variable an expression uses outside an aggregate, is a grouping key
// or an earlier `AS` variable (#aggregateRestrictions, §18.2.4.1).
func (c *checker) groupedProjection(pr *Projection, m *Modifiers) {
	if pr.Star {
		c.fail(errorAt(pr.Pos, "SELECT * is not allowed with GROUP BY or aggregates"))
		return
	}
	ok := map[string]bool{}
	for _, g := range m.Group {
		if g.Var != nil {
			ok[g.Var.Name] = true
		} else if v, isVar := g.Expr.(*Var); isVar {
			ok[v.Name] = true
		}
	}
	for _, it := range pr.Items {
		if it.Expr == nil {
			if !ok[it.Var.Name] {
				c.fail(errorAt(it.Var.Pos, "variable ?%s is projected but not grouped", it.Var.Name))
			}
			continue
		}
		for _, v := range freeVars(it.Expr) {
			if !ok[v.Name] {
				c.fail(errorAt(v.Pos, "variable ?%s is used outside an aggregate but not grouped", v.Name))
			}
		}
		ok[it.Var.Name] = true
	}
}

// ---------------------------------------------------------------- expressions

// noAggregates rejects aggregates where §19.8 notes forbid them.
func (c *checker) noAggregates(e Expr, where string) {
	walkExpr(e, func(x Expr) bool {
		if a, ok := x.(*Aggregate); ok {
			c.fail(errorAt(a.Pos, "aggregate %s not allowed in %s", a.Name, where))
			return false
		}
		_, isExists := x.(*Exists)
		return !isExists
	})
}

// nestedAggregates rejects an aggregate inside another aggregate's argument.
func (c *checker) nestedAggregates(e Expr) {
	walkExpr(e, func(x Expr) bool {
		if a, ok := x.(*Aggregate); ok && a.Arg != nil {
			c.noAggregates(a.Arg, "an aggregate argument")
			return false
		}
		_, isExists := x.(*Exists)
		return !isExists
	})
}

func hasAggregate(e Expr) bool {
	found := false
	walkExpr(e, func(x Expr) bool {
		_, isAgg := x.(*Aggregate)
		_, isExists := x.(*Exists)
		found = found || isAgg
		return !found && !isExists
	})
	return found
}

// freeVars returns the variables of e outside aggregates and EXISTS.
func freeVars(e Expr) []*Var {
	var out []*Var
	walkExpr(e, func(x Expr) bool {
		switch x := x.(type) {
		case *Var:
			out = append(out, x)
		case *Aggregate, *Exists:
			return false
		}
		return true
	})
	return out
}

// exprVars returns every variable mentioned in e, EXISTS patterns aside.
func exprVars(e Expr) []string {
	var out []string
	walkExpr(e, func(x Expr) bool {
		if v, ok := x.(*Var); ok {
			out = append(out, v.Name)
		}
		_, isExists := x.(*Exists)
		return !isExists
	})
	return out
}

// walkExpr calls f on e and, while f returns true, on its sub-expressions
// (Walk order). The terms of a triple term expression are not
// sub-expressions, nor is the pattern of EXISTS.
func walkExpr(e Expr, f func(Expr) bool) {
	Inspect(e, func(n Node) bool {
		x, ok := n.(Expr)
		if !ok || !f(x) {
			return false
		}
		_, isTerm := x.(*TripleTerm)
		return !isTerm
	})
}

// ---------------------------------------------------------------- scope

// inScope adds the in-scope variables of a group element (#variableScope).
func inScope(p Pattern, vs map[string]bool) {
	switch p := p.(type) {
	case *TriplesBlock:
		for _, t := range p.Triples {
			visitTriple(t, addVar(vs))
		}
	case *GroupPattern:
		for _, e := range p.Elems {
			inScope(e, vs)
		}
	case *Union:
		for _, g := range p.Groups {
			inScope(g, vs)
		}
	case *Optional:
		inScope(p.Pattern, vs)
	case *Graph:
		visitNode(p.Name, addVar(vs))
		inScope(p.Pattern, vs)
	case *Service:
		visitNode(p.Name, addVar(vs))
		inScope(p.Pattern, vs)
	case *Bind:
		vs[p.Var.Name] = true
	case *InlineData:
		for _, v := range p.Vars {
			vs[v.Name] = true
		}
	case *SubSelect:
		subSelectScope(p, vs)
	}
}

func subSelectScope(s *SubSelect, vs map[string]bool) {
	if s.Select.Star {
		inScope(s.Where, vs)
		return
	}
	for _, it := range s.Select.Items {
		vs[it.Var.Name] = true
	}
}

// addVar returns a graph node visitor adding the variables it meets to vs.
func addVar(vs map[string]bool) func(GraphNode) {
	return func(n GraphNode) {
		if v, ok := n.(*Var); ok {
			vs[v.Name] = true
		}
	}
}

// ---------------------------------------------------------------- graph nodes

// visitTriple calls f on the subject, the variable predicates and the
// objects of t, nested ones included, in source order: the graph nodes a
// static rule on blank nodes or variables looks at (checks of patterns,
// templates and DATA blocks alike).
func visitTriple(t *TriplesSameSubject, f func(GraphNode)) {
	visitNode(t.Subject, f)
	visitProps(t.Props, f)
}

func visitProps(ps []*PropertyObjects, f func(GraphNode)) {
	for _, po := range ps {
		if v, ok := po.Verb.(*Var); ok {
			f(v)
		}
		for i, o := range po.Objects {
			visitNode(o, f)
			visitAnnotations(po.annots(i), f)
		}
	}
}

// visitAnnotations visits reifiers and blocks; a reifier the expansion
// makes fresh (#rReifier without an id, a block not after a reifier) is
// visited as an anonymous blank node, which the DELETE forms refuse.
func visitAnnotations(as []*Annotation, f func(GraphNode)) {
	named := false
	for _, a := range as {
		switch {
		case !a.Block && a.Reifier != nil:
			visitNode(a.Reifier, f)
		case !a.Block, !named:
			f(&BlankNode{Pos: a.Pos, Anon: true})
		}
		named = !a.Block
		visitProps(a.Props, f)
	}
}

func visitNode(n GraphNode, f func(GraphNode)) {
	if n == nil {
		return
	}
	f(n)
	switch n := n.(type) {
	case *BlankNodePropertyList:
		visitProps(n.Props, f)
	case *Collection:
		for _, it := range n.Items {
			visitNode(it, f)
		}
	case *TripleTerm:
		visitNode(n.S, f)
		visitNode(verbVar(n.P), f)
		visitNode(n.O, f)
	case *ReifiedTriple:
		visitNode(n.S, f)
		visitNode(verbVar(n.P), f)
		visitNode(n.O, f)
		if n.Reifier == nil {
			f(&BlankNode{Pos: n.Pos, Anon: true})
		}
		visitNode(n.Reifier, f)
	}
}

// InScope returns the sorted in-scope variables of a pattern (#variableScope).
func InScope(p Pattern) []string {
	vs := map[string]bool{}
	inScope(p, vs)
	out := make([]string, 0, len(vs))
	for v := range vs {
		out = append(out, v)
	}
	sort.Strings(out)
	return out
}
