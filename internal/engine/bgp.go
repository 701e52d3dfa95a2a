package engine

import (
	"math"

	"github.com/sparql-oracle/oracle/internal/algebra"
)

// slot is one position of a compiled triple pattern: a variable column
// (col >= 0) or a constant id.
type slot struct {
	col    int
	id     ID
	nested *tpat // SPARQL 1.2: a triple pattern nested as a triple term (triple12.go)
}

type tpat [3]slot

func (e *query) slotOf(n algebra.Node) slot {
	if n.IsTriple() {
		return e.nestedSlot(n.Triple)
	}
	if n.IsVar() {
		return slot{col: e.vars[n.Var]}
	}
	return slot{col: -1, id: e.id(n.Term)}
}

func (e *query) compileBGP(b *algebra.BGP) []tpat {
	out := make([]tpat, len(b.Triples))
	for i, t := range b.Triples {
		out[i] = tpat{e.slotOf(t.S), e.slotOf(t.P), e.slotOf(t.O)}
	}
	return out
}

// value is the id a slot has under r: the constant, the bound value, or 0.
func (s slot) value(r row) ID {
	if s.col < 0 {
		return s.id
	}
	return r[s.col]
}

// bind extends r (in place) so the pattern maps onto (s, p, o); it fails
// when a variable is bound to something else (a repeated variable too), a
// constant differs (possible only inside a nested pattern: the index
// matched the top level's) or a nested pattern does not unify.
func (tp *tpat) bind(e *query, r row, s, p, o ID) bool {
	for i, v := range [3]ID{s, p, o} {
		sl := tp[i]
		if sl.nested != nil {
			if !e.unifyNested(sl.nested, r, v) {
				return false
			}
			continue
		}
		if sl.col < 0 {
			if sl.id != v {
				return false
			}
			continue
		}
		if cur := r[sl.col]; cur != 0 && cur != v {
			return false
		}
		r[sl.col] = v
	}
	return true
}

// plan is a join order for one set of variables bound on entry, with the
// pushed-down filters placed at the first depth where their variables are bound.
type plan struct {
	order   []int
	filters [][]algebra.Expr
}

// bgpIter is the index nested-loop join of a BGP (#BasicGraphPatterns)
// extending each input row: triple patterns are matched one at a time in
// the planned order, each against the index its bound positions select.
type bgpIter struct {
	e       *query
	g       *gindex
	pats    []tpat
	in      iter
	filters []algebra.Expr
	plans   *bgpPlans
	cur     *plan
	seed    row
	lv      []level
	depth   int
}

type level struct {
	ts []trip
	pm perm
	i  int
	r  row
}

// bgpPlans is what a BGP keeps across the iterators a query opens on it
// (a bind join opens one per input row): its compiled patterns and its
// plans by signature.
type bgpPlans struct {
	pats  []tpat
	plans map[string]*plan
}

type bgpKey struct {
	b        *algebra.BGP
	g        *gindex
	filtered bool
}

func (e *query) newBGP(g *gindex, b *algebra.BGP, in iter, filters []algebra.Expr) *bgpIter {
	k := bgpKey{b, g, len(filters) > 0}
	bp, ok := e.bgps[k]
	if !ok {
		bp = &bgpPlans{pats: e.compileBGP(b), plans: map[string]*plan{}}
		if e.bgps == nil {
			e.bgps = map[bgpKey]*bgpPlans{}
		}
		e.bgps[k] = bp
	}
	it := &bgpIter{e: e, g: g, pats: bp.pats, in: in, filters: filters, plans: bp, depth: -1}
	it.lv = make([]level, len(it.pats))
	for i := range it.lv {
		it.lv[i].r = make(row, len(e.names))
	}
	return it
}

func (it *bgpIter) Next() (row, bool) {
	e := it.e
	for {
		if it.depth < 0 {
			r, ok := it.in.Next()
			if !ok {
				return nil, false
			}
			if len(it.pats) == 0 {
				return r, true
			}
			it.seed, it.cur = r, it.planFor(r)
			it.open(0, r)
		}
		lv := &it.lv[it.depth]
		if lv.i >= len(lv.ts) {
			it.depth--
			continue
		}
		t := lv.ts[lv.i]
		lv.i++
		if !e.step(1) {
			return nil, false
		}
		if !it.extend(lv, t) {
			continue
		}
		if it.depth == len(it.pats)-1 {
			return e.copyRow(lv.r), true
		}
		it.open(it.depth+1, lv.r)
	}
}

// extend binds the matched triple into this level's row and runs the
// filters placed at this depth.
func (it *bgpIter) extend(lv *level, t trip) bool {
	parent := it.seed
	if it.depth > 0 {
		parent = it.lv[it.depth-1].r
	}
	copy(lv.r, parent)
	s, p, o := lv.pm.spo(t)
	if !it.pats[it.cur.order[it.depth]].bind(it.e, lv.r, s, p, o) {
		return false
	}
	for _, x := range it.cur.filters[it.depth] {
		if !it.e.test(it.g, x, lv.r) {
			return false
		}
	}
	return true
}

// open starts depth d under row r.
func (it *bgpIter) open(d int, r row) {
	tp := &it.pats[it.cur.order[d]]
	lv := &it.lv[d]
	e := it.e
	lv.ts, lv.pm = it.g.match(e.slotValue(tp[0], r), e.slotValue(tp[1], r), e.slotValue(tp[2], r))
	lv.i = 0
	it.depth = d
}

// planFor returns the join order for the variables bound in r, cached by
// which pattern variables are bound.
func (it *bgpIter) planFor(r row) *plan {
	var sig []byte
	for _, tp := range it.pats {
		for _, s := range tp {
			switch {
			case s.nested != nil: // triple12.go
				slotCols(s, func(c int) { sig = append(sig, 3+min(1, byte(r[c]))) })
			case s.col >= 0 && r[s.col] != 0:
				sig = append(sig, 1)
			default:
				sig = append(sig, 0)
			}
		}
	}
	if p, ok := it.plans.plans[string(sig)]; ok {
		return p
	}
	p := it.makePlan(r)
	it.plans.plans[string(sig)] = p
	return p
}

// makePlan orders the patterns greedily: at each step the cheapest
// pattern among those sharing a bound variable (to avoid Cartesian
// products), by the estimated number of matches given what is bound.
func (it *bgpIter) makePlan(r row) *plan {
	bound := map[int]bool{}
	for _, tp := range it.pats {
		for _, s := range tp {
			if s.col >= 0 && r[s.col] != 0 {
				bound[s.col] = true
			}
		}
	}
	used := make([]bool, len(it.pats))
	p := &plan{filters: make([][]algebra.Expr, len(it.pats))}
	for len(p.order) < len(it.pats) {
		best, bestCost, bestConn := -1, math.Inf(1), false
		for i, tp := range it.pats {
			if used[i] {
				continue
			}
			conn := connected(tp, bound)
			c := it.estimate(tp, r, bound)
			if best < 0 || (conn && !bestConn) || (conn == bestConn && c < bestCost) {
				best, bestCost, bestConn = i, c, conn
			}
		}
		used[best] = true
		p.order = append(p.order, best)
		for _, s := range it.pats[best] {
			slotCols(s, func(c int) { bound[c] = true })
		}
	}
	it.placeFilters(p, r)
	return p
}

// connected: the pattern shares a bound variable, or has no variable free.
func connected(tp tpat, bound map[int]bool) bool {
	if len(bound) == 0 {
		return true
	}
	for _, s := range tp {
		if s.col >= 0 && bound[s.col] {
			return true
		}
	}
	return false
}

// estimate is the expected number of matches of tp: the exact count for
// its constants, divided by the distinct values of each position bound by
// a variable (per predicate when the predicate is known).
func (it *bgpIter) estimate(tp tpat, r row, bound map[int]bool) float64 {
	g := it.g
	val := func(s slot) ID {
		if s.col < 0 {
			return s.id
		}
		return r[s.col]
	}
	n := float64(g.count(val(tp[0]), val(tp[1]), val(tp[2])))
	subj, obj := float64(g.subjects), float64(g.objects)
	if p := val(tp[1]); p != 0 {
		st := g.preds[p]
		subj, obj = float64(st.subjects), float64(st.objects)
	} else if isFree(tp[1], r, bound) == 1 {
		n /= math.Max(1, float64(len(g.preds)))
	}
	if isFree(tp[0], r, bound) == 1 {
		n /= math.Max(1, subj)
	}
	if isFree(tp[2], r, bound) == 1 {
		n /= math.Max(1, obj)
	}
	return n
}

// isFree: 0 constant or bound now, 1 bound by an earlier pattern, 2 free.
func isFree(s slot, r row, bound map[int]bool) int {
	switch {
	case s.col < 0 || r[s.col] != 0:
		return 0
	case bound[s.col]:
		return 1
	}
	return 2
}

// placeFilters puts each pushed filter at the first depth after which every
// variable it names that the BGP binds is bound.
func (it *bgpIter) placeFilters(p *plan, r row) {
	for _, x := range it.filters {
		need := map[int]bool{}
		exprVars(x, func(v string) {
			c := it.e.vars[v]
			if r[c] == 0 && it.binds(c) {
				need[c] = true
			}
		}, false)
		d := 0
		for ; d < len(p.order)-1 && len(need) > 0; d++ {
			for _, s := range it.pats[p.order[d]] {
				slotCols(s, func(c int) { delete(need, c) })
			}
			if len(need) == 0 {
				break
			}
		}
		p.filters[d] = append(p.filters[d], x)
	}
}

func (it *bgpIter) binds(col int) bool {
	found := false
	for _, tp := range it.pats {
		for _, s := range tp {
			slotCols(s, func(c int) { found = found || c == col })
		}
	}
	return found
}

// test is the filter test of #defn_algFilter: the expression's effective
// boolean value is true (an error is false).
func (e *query) test(g *gindex, x algebra.Expr, r row) bool {
	if !e.step(1) {
		return false
	}
	if b, ok := e.fastTest(x, r); ok {
		return b
	}
	v := e.eval(g, x, r)
	if e.err != nil {
		return false
	}
	b, err := e.ectx.EBV(v)
	return err == nil && b
}
