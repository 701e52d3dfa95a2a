package engine

import (
	"container/heap"
	"slices"

	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/ops"
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
	small := map[uint64]*groupRows{} // one or two keys
	var order []*groupRows
	var buf []byte
	cols := allCols(len(op.Keys))
	ks := make([]ID, len(op.Keys))
	for _, r := range in {
		for i, k := range op.Keys {
			ks[i] = e.keyID(g, k.Expr, r)
		}
		var gr *groupRows
		if len(cols) <= 2 && len(cols) > 0 {
			gr = small[packKey(ks, cols)]
		} else {
			buf = key(ks, cols, buf)
			gr = idx[string(buf)]
		}
		if gr == nil {
			gr = &groupRows{keys: slices.Clone(ks)}
			if len(cols) <= 2 && len(cols) > 0 {
				small[packKey(ks, cols)] = gr
			} else {
				idx[string(buf)] = gr
			}
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
	var bs []ops.Binding
	for _, a := range op.Aggs {
		if !e.step(int64(len(gr.rows) + 1)) {
			return out
		}
		v, ok := e.fastAggregate(&a.Agg, gr.rows)
		if !ok {
			if bs == nil {
				bs = e.bindings(gr.rows)
			}
			v = e.slowAggregate(g, &a.Agg, bs)
		}
		if v.Err == nil {
			out[e.vars[a.Var]] = e.id(v.Term)
		}
	}
	return out
}

func (e *query) bindings(rows []row) []ops.Binding {
	bs := make([]ops.Binding, len(rows))
	for i, r := range rows {
		bs[i] = binding{e, r}
	}
	return bs
}

// slowAggregate is ops.Aggregate over the active graph g (for EXISTS in
// the argument).
func (e *query) slowAggregate(g *gindex, a *algebra.Aggregate, bs []ops.Binding) ops.Value {
	prev := e.active
	e.active = g
	v := ops.Aggregate(a, bs, e.ectx)
	e.active = prev
	if e.ectx.Fatal != nil {
		e.fail(e.ectx.Fatal)
	}
	return v
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
	slices.SortStableFunc(ks, func(a, b keyed) int { return e.compareKeys(op.Conds, a.k, b.k) })
	for i := range ks {
		rows[i] = ks[i].r
	}
	return rows
}

// keyed is a row with its ORDER BY values (as ids, 0 for an error) and
// its input position.
type keyed struct {
	r row
	k []ID
	i int
}

func (e *query) keyed(g *gindex, op *algebra.OrderBy, r row, i int) keyed {
	k := make([]ID, len(op.Conds))
	for j, c := range op.Conds {
		k[j] = e.keyID(g, c.Expr, r)
	}
	return keyed{r, k, i}
}

// orderTop is the first n rows of orderBy, kept in a bounded heap (ORDER
// BY with LIMIT): the same rows as the stable sort, ties broken by input
// position, in O(rows log n).
func (e *query) orderTop(g *gindex, op *algebra.OrderBy, n int) []row {
	h := &topHeap{e: e, conds: op.Conds}
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
	e     *query
	conds []algebra.OrderCond
	ks    []keyed
}

func (h *topHeap) less(a, b keyed) bool {
	if c := h.e.compareKeys(h.conds, a.k, b.k); c != 0 {
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
func (e *query) compareKeys(conds []algebra.OrderCond, a, b []ID) int {
	for j, c := range conds {
		x := e.orderCompare(a[j], b[j])
		if c.Desc {
			x = -x
		}
		if x != 0 {
			return x
		}
	}
	return 0
}

// keyID is the id of x's value on r, 0 for an error: a variable is its
// column (the id of its term), anything else is evaluated.
func (e *query) keyID(g *gindex, x algebra.Expr, r row) ID {
	if v, ok := x.(*algebra.Var); ok {
		if col, known := e.vars[v.Name]; known {
			return r[col]
		}
	}
	if v := e.eval(g, x, r); v.Err == nil {
		return e.id(v.Term)
	}
	return 0
}

// orderCompare is ops.OrderCompare of two ids' terms (0: unbound, the
// lowest): the same term is a tie, and two exact numerics of different
// values compare by value (#modOrderBy: numbers by value, decoded once
// per id) without reparsing their lexical forms.
func (e *query) orderCompare(a, b ID) int {
	if a == b {
		return 0
	}
	if a != 0 && b != 0 {
		if x, y := e.numOf(a), e.numOf(b); x != nil && y != nil {
			if c := cmpNum(x, y); c != 0 {
				return c
			}
		}
	}
	return ops.OrderCompare(e.term(a), e.term(b))
}
