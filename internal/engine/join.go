package engine

import (
	"github.com/sparql-oracle/oracle/internal/algebra"
)

// join is Join (#defn_algJoin): a bind join when either side is a pattern
// that can take the other's rows as seeds, a hash join on the variables
// both sides always bind otherwise.
func (e *query) join(g *gindex, op *algebra.Join) iter {
	switch {
	case seedable(op.R):
		return e.seeded(g, op.R, e.open(g, op.L))
	case seedable(op.L):
		return e.seeded(g, op.L, e.open(g, op.R))
	}
	h := e.buildHash(e.open(g, op.R), e.sharedCols(op.L, op.R))
	left := e.open(g, op.L)
	return e.perRow(left, func(mu row) iter { return e.mergeEach(mu, h.probe(mu)) })
}

// sharedCols are the columns of the variables both l and r bind in every solution.
func (e *query) sharedCols(l, r algebra.Op) []int {
	cl, cr := certain(l), certain(r)
	var cols []int
	for v := range cl {
		if cr[v] {
			cols = append(cols, e.vars[v])
		}
	}
	return cols
}

// hashTable is a materialised side of a join, bucketed by the values of
// cols (every row binds them); with no cols it is one bucket.
type hashTable struct {
	cols    []int
	buckets map[string][]row
	small   map[uint64][]row // the buckets when there are one or two columns
	all     []row
	buf     []byte
}

func (e *query) buildHash(it iter, cols []int) *hashTable {
	h := &hashTable{cols: cols, buckets: map[string][]row{}}
	h.all = e.drain(it)
	switch {
	case len(cols) == 0:
		return h
	case len(cols) <= 2:
		h.small = make(map[uint64][]row, len(h.all))
		for _, r := range h.all {
			k := packKey(r, cols)
			h.small[k] = append(h.small[k], r)
		}
		return h
	}
	for _, r := range h.all {
		h.buf = key(r, cols, h.buf)
		h.buckets[string(h.buf)] = append(h.buckets[string(h.buf)], r)
	}
	return h
}

// packKey is the values of one or two columns as one map key.
func packKey(r row, cols []int) uint64 {
	k := uint64(r[cols[0]])
	if len(cols) == 2 {
		k |= uint64(r[cols[1]]) << 32
	}
	return k
}

// probe returns the rows that may be compatible with mu.
func (h *hashTable) probe(mu row) []row {
	if len(h.cols) == 0 {
		return h.all
	}
	if h.small != nil {
		return h.small[packKey(mu, h.cols)]
	}
	h.buf = key(mu, h.cols, h.buf)
	return h.buckets[string(h.buf)]
}

// leftJoin is LeftJoin (#defn_algLeftJoin): Filter(expr, Join(Ω1, Ω2)) ∪
// Diff(Ω1, Ω2, expr). Diff keeps μ when no compatible μ' makes the
// expression true (an error counts as not true).
func (e *query) leftJoin(g *gindex, op *algebra.LeftJoin) iter {
	var matches func(mu row) iter
	if seedable(op.R) {
		matches = func(mu row) iter { return e.seeded(g, op.R, single(mu)) }
	} else {
		h := e.buildHash(e.open(g, op.R), e.sharedCols(op.L, op.R))
		matches = func(mu row) iter { return e.joinRow(mu, &sliceIter{rows: h.probe(mu)}) }
	}
	return e.perRow(e.open(g, op.L), func(mu row) iter {
		m := matches(mu)
		kept := false
		done := false
		return funcIter(func() (row, bool) {
			for !done {
				r, ok := m.Next()
				if !ok {
					done = true
					break
				}
				if op.Expr == nil || e.test(g, op.Expr, r) {
					kept = true
					return r, true
				}
			}
			if !kept && e.err == nil {
				kept = true
				return mu, true
			}
			return nil, false
		})
	})
}

// minus is Minus (#defn_algMinus): μ is dropped when some μ' is compatible
// with it and shares at least one variable with it.
func (e *query) minus(g *gindex, op *algebra.Minus) iter {
	h := e.buildHash(e.open(g, op.R), e.sharedCols(op.L, op.R))
	return e.keepIf(e.open(g, op.L), func(mu row) bool {
		for _, r := range h.probe(mu) {
			if !e.step(1) {
				return false
			}
			if compatible(mu, r) && sharesVar(mu, r) {
				return false
			}
		}
		return true
	})
}

func sharesVar(a, b row) bool {
	for i := range a {
		if a[i] != 0 && b[i] != 0 {
			return true
		}
	}
	return false
}

// filter is Filter (#defn_algFilter). Expressions without EXISTS or
// per-call values are pushed down: into a BGP's nested loop, tested as
// soon as their variables are bound, and through Join, LeftJoin and Minus
// into the operand that binds all their variables in every solution (the
// filter's value is then fixed by that operand's solution).
func (e *query) filter(g *gindex, op *algebra.Filter) iter {
	var push, keep []algebra.Expr
	for _, x := range op.Exprs {
		if unpushable(x) {
			keep = append(keep, x)
		} else {
			push = append(push, x)
		}
	}
	var in iter
	if b, ok := op.Op.(*algebra.BGP); ok && len(b.Triples) > 0 && push != nil {
		in = e.newBGP(g, b, e.unit(), push)
	} else {
		sunk, rest := e.sink(op, push)
		in = e.open(g, sunk)
		keep = append(keep, rest...)
	}
	return e.tests(g, in, keep)
}

// tests keeps the rows on which every expression is true.
func (e *query) tests(g *gindex, in iter, xs []algebra.Expr) iter {
	if len(xs) == 0 {
		return in
	}
	return e.keepIf(in, func(r row) bool {
		for _, x := range xs {
			if !e.test(g, x, r) {
				return false
			}
		}
		return true
	})
}

type sunkFilter struct {
	op   algebra.Op
	rest []algebra.Expr
}

// sink moves the pushable expressions xs of a filter into the operands of
// its Join, LeftJoin (left side) or Minus (left side) that certainly bind
// their variables; it returns the rewritten operand and what stays.
func (e *query) sink(f *algebra.Filter, xs []algebra.Expr) (algebra.Op, []algebra.Expr) {
	if s, ok := e.sunk[f]; ok {
		return s.op, s.rest
	}
	op, rest := f.Op, xs
	switch o := f.Op.(type) {
	case *algebra.Join:
		l, r, more := splitExprs(xs, certain(o.L), certain(o.R))
		op, rest = &algebra.Join{L: wrapFilter(o.L, l), R: wrapFilter(o.R, r)}, more
	case *algebra.LeftJoin:
		l, _, more := splitExprs(xs, certain(o.L), nil)
		op, rest = &algebra.LeftJoin{L: wrapFilter(o.L, l), R: o.R, Expr: o.Expr}, more
	case *algebra.Minus:
		l, _, more := splitExprs(xs, certain(o.L), nil)
		op, rest = &algebra.Minus{L: wrapFilter(o.L, l), R: o.R}, more
	}
	if e.sunk == nil {
		e.sunk = map[*algebra.Filter]sunkFilter{}
	}
	e.sunk[f] = sunkFilter{op, rest}
	return op, rest
}

// splitExprs sorts expressions by which side binds all their variables.
func splitExprs(xs []algebra.Expr, l, r varSet) (left, right, rest []algebra.Expr) {
	for _, x := range xs {
		switch {
		case covers(l, x):
			left = append(left, x)
		case r != nil && covers(r, x):
			right = append(right, x)
		default:
			rest = append(rest, x)
		}
	}
	return left, right, rest
}

func covers(s varSet, x algebra.Expr) bool {
	ok := true
	exprVars(x, func(v string) { ok = ok && s[v] }, false)
	return ok
}

func wrapFilter(op algebra.Op, xs []algebra.Expr) algebra.Op {
	if len(xs) == 0 {
		return op
	}
	return &algebra.Filter{Exprs: xs, Op: op}
}

// extendOp is Extend (#defn_extend) for a chain of BINDs: the chain shares
// one BNODE() scope per solution. An error leaves the variable unbound; a
// variable bound already is never rebound.
func (e *query) extendOp(g *gindex, op *algebra.Extend) iter {
	inner, chain := algebra.ExtendChain(op)
	in := e.open(g, inner)
	return funcIter(func() (row, bool) {
		r, ok := in.Next()
		if !ok {
			return nil, false
		}
		out := e.copyRow(r)
		e.ectx.NewSolution()
		for _, x := range chain {
			e.bindExpr(g, out, x.Var, x.Expr)
		}
		if e.err != nil {
			return nil, false
		}
		return out, true
	})
}

func (e *query) bindExpr(g *gindex, r row, v string, x algebra.Expr) {
	c := e.vars[v]
	if r[c] != 0 || !e.step(1) {
		return
	}
	val := e.eval(g, x, r)
	if val.Err == nil {
		r[c] = e.id(val.Term)
	}
}

// project is Project (#defn_algProjection): other variables become unbound.
func (e *query) project(g *gindex, op *algebra.Project) iter {
	return e.projectRows(op.Vars, e.open(g, op.Op))
}

func (e *query) projectRows(vars []string, in iter) iter {
	keep := make([]bool, len(e.names))
	for _, v := range vars {
		keep[e.vars[v]] = true
	}
	return funcIter(func() (row, bool) {
		r, ok := in.Next()
		if !ok {
			return nil, false
		}
		out := e.newRow()
		for i, k := range keep {
			if k {
				out[i] = r[i]
			}
		}
		return out, true
	})
}

// distinct is Distinct (#defn_algDistinct); Reduced uses it too (one
// permitted cardinality).
func (e *query) distinct(in iter) iter {
	seen := map[string]bool{}
	cols := allCols(len(e.names))
	var buf []byte
	return e.keepIf(in, func(r row) bool {
		buf = key(r, cols, buf)
		if seen[string(buf)] {
			return false
		}
		seen[string(buf)] = true
		return e.grow(len(seen))
	})
}

// slice is Slice (#defn_algSlice); it stops pulling once the limit is met.
func (e *query) slice(in iter, offset, limit int64) iter {
	var skipped, given int64
	return funcIter(func() (row, bool) {
		if limit >= 0 && given >= limit {
			return nil, false
		}
		for skipped < offset {
			if _, ok := in.Next(); !ok {
				return nil, false
			}
			skipped++
		}
		r, ok := in.Next()
		if ok {
			given++
		}
		return r, ok
	})
}
