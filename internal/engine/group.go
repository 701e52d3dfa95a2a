package engine

import (
	"container/heap"
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
	groups := e.partition(g, op, in)
	if len(op.Keys) == 0 && len(groups) == 0 && len(op.Aggs) > 0 {
		groups = append(groups, &groupRows{})
	}
	out := make([]row, 0, len(groups))
	for _, gr := range groups {
		out = append(out, e.aggregate(g, op, gr))
		if e.err != nil {
			return emptyIter{}
		}
	}
	return &sliceIter{rows: out}
}

// partition splits the rows by their key values, in order of first appearance.
func (e *query) partition(g *gindex, op *algebra.Group, in []row) []*groupRows {
	idx := map[string]*groupRows{}
	var order []*groupRows
	var buf []byte
	cols := allCols(len(op.Keys))
	for _, r := range in {
		ks := make([]ID, len(op.Keys))
		for i, k := range op.Keys {
			if v := e.eval(g, k.Expr, r); v.Err == nil {
				ks[i] = e.id(v.Term)
			}
		}
		buf = key(ks, cols, buf)
		gr, ok := idx[string(buf)]
		if !ok {
			gr = &groupRows{keys: ks}
			idx[string(buf)] = gr
			order = append(order, gr)
		}
		gr.rows = append(gr.rows, r)
	}
	return order
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
	ks := make([]keyed, len(rows))
	for i, r := range rows {
		ks[i] = e.keyed(g, op, r, i)
	}
	if !e.step(int64(len(rows))) {
		return nil
	}
	slices.SortStableFunc(ks, func(a, b keyed) int { return compareKeys(op.Conds, a.k, b.k) })
	for i := range ks {
		rows[i] = ks[i].r
	}
	return rows
}

// keyed is a row with its ORDER BY values and its input position.
type keyed struct {
	r row
	k []rdf.Term
	i int
}

func (e *query) keyed(g *gindex, op *algebra.OrderBy, r row, i int) keyed {
	k := make([]rdf.Term, len(op.Conds))
	for j, c := range op.Conds {
		if v := e.eval(g, c.Expr, r); v.Err == nil {
			k[j] = v.Term
		}
	}
	return keyed{r, k, i}
}

// orderTop is the first n rows of orderBy, kept in a bounded heap (ORDER
// BY with LIMIT): the same rows as the stable sort, ties broken by input
// position, in O(rows log n).
func (e *query) orderTop(g *gindex, op *algebra.OrderBy, n int) []row {
	h := &topHeap{conds: op.Conds}
	in := e.open(g, op.Op)
	for i := 0; n > 0; i++ {
		r, ok := in.Next()
		if !ok || !e.step(1) {
			break
		}
		k := e.keyed(g, op, r, i)
		if h.Len() < n {
			heap.Push(h, k)
		} else if h.less(k, h.ks[0]) {
			h.ks[0] = k
			heap.Fix(h, 0)
		}
	}
	out := make([]row, h.Len())
	for i := len(out) - 1; i >= 0; i-- {
		out[i] = heap.Pop(h).(keyed).r
	}
	return out
}

// topHeap is a max-heap by (ORDER BY keys, input position).
type topHeap struct {
	conds []algebra.OrderCond
	ks    []keyed
}

func (h *topHeap) less(a, b keyed) bool {
	if c := compareKeys(h.conds, a.k, b.k); c != 0 {
		return c < 0
	}
	return a.i < b.i
}

func (h *topHeap) Len() int           { return len(h.ks) }
func (h *topHeap) Less(i, j int) bool { return h.less(h.ks[j], h.ks[i]) }
func (h *topHeap) Swap(i, j int)      { h.ks[i], h.ks[j] = h.ks[j], h.ks[i] }
func (h *topHeap) Push(x any)         { h.ks = append(h.ks, x.(keyed)) }
func (h *topHeap) Pop() any {
	x := h.ks[len(h.ks)-1]
	h.ks = h.ks[:len(h.ks)-1]
	return x
}

// compareKeys orders by each condition in turn, DESC reversing.
func compareKeys(conds []algebra.OrderCond, a, b []rdf.Term) int {
	for j, c := range conds {
		x := ops.OrderCompare(a[j], b[j])
		if c.Desc {
			x = -x
		}
		if x != 0 {
			return x
		}
	}
	return 0
}
