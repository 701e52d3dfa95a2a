package engine

import (
	"fmt"

	"github.com/sparql-oracle/oracle/internal/algebra"
)

// open builds the iterator of op over the active graph g (#sparqlAlgebraEval).
func (e *query) open(g *gindex, op algebra.Op) iter {
	return e.inContext(op, e.openOp(g, op)) // a 1.2 EXISTS's ContextSolution (exists12.go)
}

func (e *query) openOp(g *gindex, op algebra.Op) iter {
	if seedable(op) {
		return e.seeded(g, op, e.unit())
	}
	switch op := op.(type) {
	case *algebra.Join:
		return e.join(g, op)
	case *algebra.LeftJoin:
		return e.leftJoin(g, op)
	case *algebra.Filter:
		return e.filter(g, op)
	case *algebra.Union:
		return &concatIter{its: []func() iter{func() iter { return e.open(g, op.L) }, func() iter { return e.open(g, op.R) }}}
	case *algebra.Minus:
		return e.minus(g, op)
	case *algebra.Graph:
		return e.graph(g, op, e.unit())
	case *algebra.Extend:
		return e.extendOp(g, op)
	case *algebra.Service:
		e.fail(ErrService)
		return emptyIter{}
	case *algebra.Group:
		return e.group(g, op)
	case *algebra.OrderBy:
		return &sliceIter{rows: e.orderBy(g, op)}
	case *algebra.Project:
		return e.project(g, op)
	case *algebra.Distinct:
		return e.distinct(e.open(g, op.Op))
	case *algebra.Reduced:
		return e.distinct(e.open(g, op.Op))
	case *algebra.Slice:
		return e.slice(e.openTop(g, op), op.Offset, op.Limit)
	case nil:
		e.fail(fmt.Errorf("engine: nil algebra node"))
		return emptyIter{}
	}
	e.fail(fmt.Errorf("engine: unknown algebra node %T", op))
	return emptyIter{}
}

// seeded evaluates a seedable op once per input row, with the row's
// bindings as constants: Join({μ}, eval(op)) for each μ (a bind join).
func (e *query) seeded(g *gindex, op algebra.Op, in iter) iter {
	switch op.(type) {
	case *algebra.BGP, *algebra.Path, *algebra.Table:
		in = e.inContext(op, in) // Join(in, Join({μctx}, op)) (exists12.go)
	}
	switch op := op.(type) {
	case *algebra.BGP:
		return e.newBGP(g, op, in, nil)
	case *algebra.Path:
		return e.newPath(g, op, in)
	case *algebra.Table:
		return e.table(op, in)
	case *algebra.Join:
		parts, ok := e.joins[op]
		if !ok {
			parts = joinOrder(op)
			if e.joins == nil {
				e.joins = map[*algebra.Join][]algebra.Op{}
			}
			e.joins[op] = parts
		}
		for _, part := range parts {
			in = e.seeded(g, part, in)
		}
		return in
	case *algebra.Union:
		return e.perRow(in, func(r row) iter {
			return &concatIter{its: []func() iter{
				func() iter { return e.seeded(g, op.L, single(r)) },
				func() iter { return e.seeded(g, op.R, single(r)) },
			}}
		})
	case *algebra.Graph:
		return e.graph(g, op, in)
	case *algebra.Filter:
		if b, ok := op.Op.(*algebra.BGP); ok && len(b.Triples) > 0 {
			return e.newBGP(g, b, in, op.Exprs)
		}
		return e.tests(g, e.seeded(g, op.Op, in), op.Exprs)
	}
	e.fail(fmt.Errorf("engine: %T is not seedable", op))
	return emptyIter{}
}

type emptyIter struct{}

func (emptyIter) Next() (row, bool) { return nil, false }

// concatIter is Union (#defn_algUnion): the left stream, then the right.
type concatIter struct {
	its []func() iter
	cur iter
}

func (it *concatIter) Next() (row, bool) {
	for {
		if it.cur == nil {
			if len(it.its) == 0 {
				return nil, false
			}
			it.cur, it.its = it.its[0](), it.its[1:]
		}
		if r, ok := it.cur.Next(); ok {
			return r, true
		}
		it.cur = nil
	}
}

// perRow streams f(r) for every input row r.
func (e *query) perRow(in iter, f func(row) iter) iter {
	var cur iter
	return funcIter(func() (row, bool) {
		for {
			if cur != nil {
				if r, ok := cur.Next(); ok {
					return r, true
				}
				cur = nil
			}
			r, ok := in.Next()
			if !ok || e.err != nil {
				return nil, false
			}
			cur = f(r)
		}
	})
}

// mergeEach streams merge(mu, r) for each r of cands compatible with mu
// (#defn_algJoin's μ1 ∪ μ2 over compatible pairs), one step a candidate.
func (e *query) mergeEach(mu row, cands []row) iter {
	i := 0
	return funcIter(func() (row, bool) {
		for i < len(cands) {
			r := cands[i]
			i++
			if !e.step(1) {
				return nil, false
			}
			if compatible(mu, r) {
				return e.merge(mu, r), true
			}
		}
		return nil, false
	})
}

// table is ToMultiSet of a VALUES block (#defn_algToMultiSet) joined with
// each input row: UNDEF leaves the variable unbound.
func (e *query) table(t *algebra.Table, in iter) iter {
	rows := make([]row, 0, len(t.Rows))
	for _, tr := range t.Rows {
		r := e.newRow()
		for i, v := range t.Vars {
			if i < len(tr) {
				r[e.vars[v]] = e.id(tr[i])
			}
		}
		rows = append(rows, r)
	}
	return e.perRow(in, func(mu row) iter { return e.mergeEach(mu, rows) })
}

// graph is #defn_evalGraph: an IRI names one graph of the dataset (none:
// no solutions); a variable ranges over the named graphs, or over the one
// graph the input row already binds it to.
func (e *query) graph(g *gindex, op *algebra.Graph, in iter) iter {
	inner := func(gi *gindex, r row) iter {
		if seedable(op.Op) {
			return e.seeded(gi, op.Op, single(r))
		}
		return e.joinRow(r, e.open(gi, op.Op))
	}
	if !op.Name.IsVar() {
		idx, ok := e.st.byName[e.id(op.Name.Term)]
		return e.perRow(in, func(r row) iter {
			if !ok {
				return emptyIter{}
			}
			return inner(e.st.graphs[idx], r)
		})
	}
	col := e.vars[op.Name.Var]
	return e.perRow(in, func(r row) iter {
		var its []func() iter
		for i := 1; i < len(e.st.graphs); i++ {
			name := e.st.names[i]
			if r[col] != 0 && r[col] != name {
				continue
			}
			gi := e.st.graphs[i]
			its = append(its, func() iter {
				rr := e.copyRow(r)
				rr[col] = name
				return e.keepIf(inner(gi, rr), func(out row) bool { return out[col] == name })
			})
		}
		return &concatIter{its: its}
	})
}

// joinRow merges r into every compatible row of it.
func (e *query) joinRow(r row, it iter) iter {
	return funcIter(func() (row, bool) {
		for {
			x, ok := it.Next()
			if !ok || !e.step(1) {
				return nil, false
			}
			if compatible(r, x) {
				return e.merge(r, x), true
			}
		}
	})
}

func (e *query) keepIf(it iter, f func(row) bool) iter {
	return funcIter(func() (row, bool) {
		for {
			x, ok := it.Next()
			if !ok {
				return nil, false
			}
			if f(x) {
				return x, true
			}
		}
	})
}

// joinOrder flattens a Join of seedable patterns into the order the bind
// joins run in: VALUES first, then paths with a constant end, then all the
// BGPs merged into one (so the planner orders their triples together), then
// the rest. Join is commutative and associative on multisets, so any order
// gives the same solutions.
func joinOrder(op *algebra.Join) []algebra.Op {
	parts := flattenJoin(op, nil)
	merged := &algebra.BGP{}
	var out []algebra.Op
	for r := 0; r <= 4; r++ {
		for _, p := range parts {
			if b, ok := p.(*algebra.BGP); ok && r == 2 {
				merged.Triples = append(merged.Triples, b.Triples...)
			} else if joinRank(p) == r && r != 2 {
				out = append(out, p)
			}
		}
		if r == 2 && len(merged.Triples) > 0 {
			out = append(out, merged)
		}
	}
	return out
}

func flattenJoin(op algebra.Op, out []algebra.Op) []algebra.Op {
	if j, ok := op.(*algebra.Join); ok {
		return flattenJoin(j.R, flattenJoin(j.L, out))
	}
	return append(out, op)
}

// joinRank: VALUES 0, a path with a constant end 1, BGPs 2, other paths 3, the rest 4.
func joinRank(op algebra.Op) int {
	switch op := op.(type) {
	case *algebra.Table:
		return 0
	case *algebra.Path:
		if !op.S.IsVar() || !op.O.IsVar() {
			return 1
		}
		return 3
	case *algebra.BGP:
		return 2
	}
	return 4
}

// openTop opens a Slice's operand; over OrderBy, or Project(OrderBy), with
// a small limit it keeps only the first offset+limit rows while sorting.
func (e *query) openTop(g *gindex, s *algebra.Slice) iter {
	const maxTop = 1 << 16
	n := s.Offset + s.Limit
	if s.Limit < 0 || n > maxTop {
		return e.open(g, s.Op)
	}
	switch o := s.Op.(type) {
	case *algebra.OrderBy:
		return &sliceIter{rows: e.orderTop(g, o, int(n))}
	case *algebra.Project:
		if ob, ok := o.Op.(*algebra.OrderBy); ok {
			return e.projectRows(o.Vars, &sliceIter{rows: e.orderTop(g, ob, int(n))})
		}
	}
	return e.open(g, s.Op)
}
