package algebra

import (
	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
)

// level is one level of query nesting (#sparqlQuery): the top query or a
// sub-SELECT. sel is nil for CONSTRUCT, ASK and DESCRIBE, which project nothing.
type level struct {
	sel    *syntax.Projection
	where  *syntax.GroupPattern
	mod    syntax.Modifiers
	values *syntax.InlineData
}

// selectExpr is one (expr AS ?v) of the SELECT clause, translated.
type selectExpr struct {
	v string
	e Expr
}

// level translates a query level in the order of §18.2.4 and §18.2.5:
// pattern, Group (with the aggregates of SELECT, HAVING and ORDER BY),
// HAVING, trailing VALUES, SELECT expressions, ORDER BY, Project, Distinct or
// Reduced, Slice. It returns the operator and the projected variables.
// HAVING comes before the SELECT expressions, as §18.2.4 orders them (Jena
// extends first): HAVING does not see SELECT's (expr AS ?v) variables
// (#sparqlHavingClause).
func (t *translator) level(lv level) (Op, []string, error) {
	op, err := t.where(lv.where)
	if err != nil {
		return nil, nil, err
	}
	ag := &aggScope{t: t, seen: map[string]string{}}
	exprs, err := t.selectExprs(lv.sel, ag)
	if err != nil {
		return nil, nil, err
	}
	having, err := t.exprs(lv.mod.Having, ag)
	if err != nil {
		return nil, nil, err
	}
	order, err := t.orderConds(lv.mod.Order, ag)
	if err != nil {
		return nil, nil, err
	}
	if op, err = t.grouping(op, lv.mod.Group, ag); err != nil {
		return nil, nil, err
	}
	if op, err = t.afterGrouping(op, having, lv.values); err != nil {
		return nil, nil, err
	}
	vars := projection(lv)
	for _, se := range exprs {
		op = &Extend{Op: op, Var: se.v, Expr: se.e}
	}
	return modifiers(op, lv, order, vars), vars, nil
}

// where translates the WHERE clause; a DESCRIBE without one matches the
// empty group, whose result is the one empty solution.
func (t *translator) where(g *syntax.GroupPattern) (Op, error) {
	if g == nil {
		return &BGP{}, nil
	}
	return t.group(g)
}

// selectExprs translates the (expr AS ?v) items of a SELECT clause
// (#sparqlSelectExpressions), in order; aggregates are replaced by variables.
func (t *translator) selectExprs(sel *syntax.Projection, ag *aggScope) ([]selectExpr, error) {
	if sel == nil {
		return nil, nil
	}
	var out []selectExpr
	for _, it := range sel.Items {
		if it.Expr == nil {
			continue
		}
		e, err := t.expr(it.Expr, ag)
		if err != nil {
			return nil, err
		}
		out = append(out, selectExpr{it.Var.Name, e})
	}
	return out, nil
}

// exprs translates a list of expressions (call arguments, HAVING), in
// order.
func (t *translator) exprs(es []syntax.Expr, ag *aggScope) ([]Expr, error) {
	var out []Expr
	for _, e := range es {
		x, err := t.expr(e, ag)
		if err != nil {
			return nil, err
		}
		out = append(out, x)
	}
	return out, nil
}

func (t *translator) orderConds(conds []*syntax.OrderCondition, ag *aggScope) ([]OrderCond, error) {
	var out []OrderCond
	for _, c := range conds {
		e, err := t.expr(c.Expr, ag)
		if err != nil {
			return nil, err
		}
		out = append(out, OrderCond{Expr: e, Desc: c.Dir == syntax.OrderDesc})
	}
	return out, nil
}

// grouping adds the Group node (#sparqlGroupAggregate) when the level has a
// GROUP BY, or aggregates anywhere in SELECT, HAVING or ORDER BY (then the
// whole input is one group: no keys). Unlike the letter of §18.2.4.1, a
// variable used outside an aggregate is not wrapped in Sample: the static
// checks allow only grouping variables there, and the Group node binds them
// (keys with a Var), as Jena's algebra does.
func (t *translator) grouping(op Op, conds []*syntax.GroupCondition, ag *aggScope) (Op, error) {
	if len(conds) == 0 && len(ag.binds) == 0 {
		return op, nil
	}
	g := &Group{Aggs: ag.binds, Op: op}
	for _, c := range conds {
		e, err := t.expr(c.Expr, nil)
		if err != nil {
			return nil, err
		}
		k := GroupKey{Expr: e}
		switch {
		case c.Var != nil:
			k.Var = c.Var.Name
		default:
			if v, ok := e.(*Var); ok {
				k.Var = v.Name
			}
		}
		g.Keys = append(g.Keys, k)
	}
	return g, nil
}

// afterGrouping applies HAVING as a filter over the groups
// (#sparqlHavingClause) and joins the trailing VALUES data
// (#sparqlAlgebraFinalValues), both before the SELECT expressions.
func (t *translator) afterGrouping(op Op, having []Expr, values *syntax.InlineData) (Op, error) {
	if len(having) > 0 {
		op = &Filter{Exprs: having, Op: op}
	}
	if values == nil {
		return op, nil
	}
	tab, err := t.table(values)
	if err != nil {
		return nil, err
	}
	// The empty BGP is the identity of Join here too (#sparqlSimplification).
	return join(op, tab), nil
}

// projection returns PV (#sparqlSelectExpressions): the listed variables, or
// for SELECT * the in-scope variables in order of first appearance
// (starVars). Nil for forms other than SELECT.
func projection(lv level) []string {
	sel := lv.sel
	if sel == nil {
		return nil
	}
	if sel.Star {
		return starVars(lv.where, lv.values)
	}
	vars := []string{}
	for _, it := range sel.Items {
		vars = append(vars, it.Var.Name)
	}
	return vars
}

// modifiers applies ORDER BY, projection, DISTINCT/REDUCED and OFFSET/LIMIT
// in the order of #convertSolMod.
func modifiers(op Op, lv level, order []OrderCond, vars []string) Op {
	if len(order) > 0 {
		op = &OrderBy{Conds: order, Op: op}
	}
	if lv.sel != nil {
		op = &Project{Vars: vars, Op: op}
		switch {
		case lv.sel.Distinct:
			op = &Distinct{Op: op}
		case lv.sel.Reduced:
			op = &Reduced{Op: op}
		}
	}
	if lv.mod.Limit == nil && lv.mod.Offset == nil {
		return op
	}
	s := &Slice{Limit: -1, Op: op}
	if lv.mod.Offset != nil {
		s.Offset = *lv.mod.Offset
	}
	if lv.mod.Limit != nil {
		s.Limit = *lv.mod.Limit
	}
	return s
}
