package engine

import (
	"slices"

	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/ops"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

type groupRows struct {
	keys []ID
	rows []row
}

// group is Group, Aggregation and AggregateJoin (#defn_algGroup,
// #defn_algAggregation): rows are grouped by their key values (an error
// key is unbound and groups with the other errors); with no keys the whole
// input is one group, even an empty input when there is an aggregate.
func (e *query) group(g *gindex, op *algebra.Group) iter {
	in := e.drain(e.open(g, op.Op))
	if e.err != nil {
		return emptyIter{}
	}
	idx := map[string]*groupRows{}
	var order []*groupRows
	var buf []byte
	for _, r := range in {
		ks := make([]ID, len(op.Keys))
		for i, k := range op.Keys {
			if v := e.eval(g, k.Expr, r); v.Err == nil {
				ks[i] = e.id(v.Term)
			}
		}
		buf = key(ks, allCols(len(ks)), buf)
		gr, ok := idx[string(buf)]
		if !ok {
			gr = &groupRows{keys: ks}
			idx[string(buf)] = gr
			order = append(order, gr)
		}
		gr.rows = append(gr.rows, r)
	}
	if len(op.Keys) == 0 && len(order) == 0 && len(op.Aggs) > 0 {
		order = append(order, &groupRows{})
	}
	out := make([]row, 0, len(order))
	for _, gr := range order {
		out = append(out, e.aggregate(g, op, gr))
		if e.err != nil {
			return emptyIter{}
		}
	}
	return &sliceIter{rows: out}
}

// aggregate builds the group's solution: its key variables and the value
// of each aggregate (an error leaves the variable unbound).
func (e *query) aggregate(g *gindex, op *algebra.Group, gr *groupRows) row {
	out := e.newRow()
	for i, k := range op.Keys {
		if k.Var != "" {
			out[e.vars[k.Var]] = gr.keys[i]
		}
	}
	bs := make([]ops.Binding, len(gr.rows))
	for i, r := range gr.rows {
		bs[i] = binding{e, r}
	}
	for _, a := range op.Aggs {
		if !e.step(int64(len(bs) + 1)) {
			return out
		}
		prev := e.active
		e.active = g
		v := ops.Aggregate(&a.Agg, bs, e.ectx)
		e.active = prev
		if e.ectx.Fatal != nil {
			e.fail(e.ectx.Fatal)
		}
		if v.Err == nil {
			out[e.vars[a.Var]] = e.id(v.Term)
		}
	}
	return out
}

// orderBy is OrderBy (#defn_algOrdered, #modOrderBy): a stable sort by
// ops.OrderCompare on each condition's value (an error sorts as unbound).
func (e *query) orderBy(g *gindex, op *algebra.OrderBy) []row {
	rows := e.drain(e.open(g, op.Op))
	type keyed struct {
		r row
		k []rdf.Term
	}
	ks := make([]keyed, len(rows))
	for i, r := range rows {
		k := make([]rdf.Term, len(op.Conds))
		for j, c := range op.Conds {
			if v := e.eval(g, c.Expr, r); v.Err == nil {
				k[j] = v.Term
			}
		}
		ks[i] = keyed{r, k}
	}
	if !e.step(int64(len(rows))) {
		return nil
	}
	slices.SortStableFunc(ks, func(a, b keyed) int {
		for j, c := range op.Conds {
			x := ops.OrderCompare(a.k[j], b.k[j])
			if c.Desc {
				x = -x
			}
			if x != 0 {
				return x
			}
		}
		return 0
	})
	for i := range ks {
		rows[i] = ks[i].r
	}
	return rows
}
