package engine

import (
	"github.com/sparql-oracle/oracle/internal/algebra"
)

// EXISTS of a query that follows the SPARQL 1.2 draft (2026-07-30,
// #func-filter-exists, #defn_eval, #defn_evalContextSolution): the pattern
// is evaluated in correlation with the solution μctx, every group of it
// starting from ContextSolution, where 1.1 substitutes μ
// (reference/exists12.go has the text). A seedable pattern seeded with μ
// is that already; any other is opened with μctx joined at the nodes that
// start a group (algebra.ContextSites): every leaf (as a seed of the rows flowing
// into it) and the top of every sub-select.

// existsInContext opens op in correlation with the row r.
func (e *query) existsInContext(g *gindex, op algebra.Op, r row) iter {
	savedRow, savedAt := e.ctxRow, e.ctxAt
	e.ctxRow, e.ctxAt = r, algebra.ContextSites(op)
	it := e.open(g, op)
	rows := e.drain(it) // the iterators read ctxRow while they run
	e.ctxRow, e.ctxAt = savedRow, savedAt
	return &sliceIter{rows: rows}
}

// inContext keeps the rows of in compatible with μctx, merged with it, at
// a site of ContextSolution; elsewhere (and outside EXISTS) it is in.
func (e *query) inContext(op algebra.Op, in iter) iter {
	if e.ctxRow == nil || !e.ctxAt[op] {
		return in
	}
	ctx := e.ctxRow
	return funcIter(func() (row, bool) {
		for {
			r, ok := in.Next()
			if !ok {
				return nil, false
			}
			if out, ok := e.mergeRow(r, ctx); ok {
				return out, true
			}
		}
	})
}

// mergeRow is merge(μ1, μ2) of two compatible rows
// (#defn_algCompatibleMapping); ok is false when they are not.
func (e *query) mergeRow(a, b row) (row, bool) {
	out := e.copyRow(a)
	for i, v := range b {
		switch {
		case v == 0:
		case out[i] == 0:
			out[i] = v
		case out[i] != v:
			return nil, false
		}
	}
	return out, true
}
