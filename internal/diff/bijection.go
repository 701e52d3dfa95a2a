package diff

import (
	"sort"
	"strconv"
	"strings"

	"github.com/sparql-oracle/oracle/internal/rdf"
)

// This file decides whether the rows of an actual answer can be obtained from
// the expected rows under ONE blank-node bijection over the whole answer
// (#BlankNodesInResults: labels are scoped to one result set), with the
// multiplicity rules of each "group" of rows.
//
// The problem is split into groups (the whole bag, or one ORDER BY tie class
// each). Inside a group rows are first made distinct (with counts); a
// distinct actual row must map to a distinct expected row with the same
// blank-free signature (blanks numbered by first occurrence within the row),
// and counts related by the group's mode. Rows without blanks are matched by
// key; rows whose blanks occur nowhere else are matched by counts; only the
// rest go through the backtracking search, which extends the bijection one
// row at a time, always choosing the row with the fewest consistent
// candidates, and gives up after a step budget.

// mode says how actual counts relate to expected counts in a group.
type mode uint8

const (
	modeEqual   mode = iota // same distinct rows, same multiplicities (bag equality)
	modeSub                 // actual is a sub-multiset of expected (a LIMIT/OFFSET cut)
	modeReduced             // same distinct rows, 1 <= actual count <= expected count
	modeSet                 // same distinct rows, any multiplicities (classification only)
)

func (m mode) countsOK(na, ne int) bool {
	switch m {
	case modeEqual:
		return na == ne
	case modeSub, modeReduced:
		return na <= ne
	}
	return true
}

// covers reports whether every expected distinct row must be matched.
func (m mode) covers() bool { return m != modeSub }

// drow is a distinct row of a group with its multiplicity.
type drow struct {
	cells []rdf.Term
	n     int
	sig   string
	vars  []bool // cells[i] is a blank node under the bijection (not open, not a singleton)
	nvars int
}

// group pairs expected and actual rows that must correspond.
type group struct {
	exp, act []*drow
	mode     mode
}

// termKey encodes a term for map keys. Every part is length-prefixed, so
// keys of different terms (and rows) never collide, whatever bytes a lexical
// form holds. Blank-node markers in signatures start with '_', never a digit.
func termKey(b *strings.Builder, t rdf.Term) {
	b.WriteByte('0' + byte(t.Kind))
	for _, part := range []string{t.Value, t.Datatype, t.Lang, t.Dir} {
		b.WriteString(strconv.Itoa(len(part)))
		b.WriteByte(':')
		b.WriteString(part)
	}
}

func rowKey(cells []rdf.Term) string {
	var b strings.Builder
	for _, t := range cells {
		termKey(&b, t)
	}
	return b.String()
}

// distinct folds rows into distinct rows with counts, in first-seen order.
func distinct(rows [][]rdf.Term) []*drow {
	idx := map[string]*drow{}
	var out []*drow
	for _, r := range rows {
		k := rowKey(r)
		if d := idx[k]; d != nil {
			d.n++
			continue
		}
		d := &drow{cells: r, n: 1}
		idx[k] = d
		out = append(out, d)
	}
	return out
}

// matcher holds the search state: the partial bijection fwd (expected label
// to actual label) and its inverse.
type matcher struct {
	open     []bool
	groups   []*group
	budget   int
	steps    int
	exceeded bool
	fwd, inv map[string]string
	useProf  bool
	profE    map[string]string
	profA    map[string]string
	items    []*item
	used     [][]bool
	index    map[cellKey][]int  // expected rows by (group, column, bijection blank)
	byLabel  map[string][]*item // items by the actual blank nodes they hold
	frontier []*item            // items holding a mapped blank node, in binding order
}

type cellKey struct {
	g, col int
	label  string
}

type item struct {
	g     int
	a     *drow
	cands []int
	done  bool
}

// match decides the groups. ok is meaningful only when !exceeded.
func match(groups []*group, open []bool, budget int) (ok, exceeded bool) {
	ok, exceeded, _ = matchBijection(groups, open, budget)
	return ok, exceeded
}

// matchBijection is match that also returns the bijection found (expected
// label to actual label). Blank nodes matched by counts alone (those with a
// single occurrence) are not in it.
func matchBijection(groups []*group, open []bool, budget int) (ok, exceeded bool, fwd map[string]string) {
	m := &matcher{open: open, groups: groups, budget: budget,
		fwd: map[string]string{}, inv: map[string]string{}}
	m.prepare()
	if !m.buckets() {
		return false, false, nil
	}
	ok = m.solve(len(m.items))
	return ok && !m.exceeded, m.exceeded, m.fwd
}

// prepare marks bijection cells and computes signatures. When no group is a
// cut (modeSub), every distinct expected row maps onto a distinct actual row,
// so the number of distinct-row cells a blank occupies is invariant: blanks
// occupying one cell are interchangeable wildcards, and the others must have
// equal occurrence profiles.
func (m *matcher) prepare() {
	m.useProf = true
	for _, g := range m.groups {
		m.useProf = m.useProf && g.mode != modeSub
	}
	countE, countA := m.occurrences()
	for _, g := range m.groups {
		for _, d := range g.exp {
			m.signature(d, countE)
		}
		for _, d := range g.act {
			m.signature(d, countA)
		}
	}
	if m.useProf {
		m.profE, m.profA = m.profiles()
	}
}

func (m *matcher) occurrences() (e, a map[string]int) {
	e, a = map[string]int{}, map[string]int{}
	for _, g := range m.groups {
		m.countBlanks(g.exp, e)
		m.countBlanks(g.act, a)
	}
	return e, a
}

func (m *matcher) countBlanks(rows []*drow, c map[string]int) {
	for _, d := range rows {
		for i, t := range d.cells {
			if t.IsBlank() && !m.open[i] {
				c[t.Value]++
			}
		}
	}
}

func (m *matcher) signature(d *drow, count map[string]int) {
	var b strings.Builder
	num := map[string]int{}
	d.vars = make([]bool, len(d.cells))
	for i, t := range d.cells {
		if !t.IsBlank() || m.open[i] {
			termKey(&b, t)
			continue
		}
		if m.useProf && count[t.Value] == 1 {
			b.WriteString("_*\x1f")
			continue
		}
		d.vars[i] = true
		d.nvars++
		k, ok := num[t.Value]
		if !ok {
			k = len(num)
			num[t.Value] = k
		}
		b.WriteString("_#" + strconv.Itoa(k) + "\x1f")
	}
	d.sig = b.String()
}

// profiles gives every bijection blank the sorted list of (group, column,
// row signature) it occurs at: a blank may only map to one with the same.
func (m *matcher) profiles() (e, a map[string]string) {
	pe, pa := map[string][]string{}, map[string][]string{}
	for gi, g := range m.groups {
		addProfiles(pe, gi, g.exp)
		addProfiles(pa, gi, g.act)
	}
	return joinProfiles(pe), joinProfiles(pa)
}

func addProfiles(p map[string][]string, gi int, rows []*drow) {
	for _, d := range rows {
		for i, t := range d.cells {
			if d.vars[i] {
				p[t.Value] = append(p[t.Value], strconv.Itoa(gi)+"/"+strconv.Itoa(i)+"/"+d.sig)
			}
		}
	}
}

func joinProfiles(p map[string][]string) map[string]string {
	out := make(map[string]string, len(p))
	for k, v := range p {
		sort.Strings(v)
		out[k] = strings.Join(v, "\x1d")
	}
	return out
}

// buckets checks each (group, signature) bucket: the number of distinct rows
// must agree; rows without bijection blanks are matched by counts alone; the
// others become search items.
func (m *matcher) buckets() bool {
	m.used = make([][]bool, len(m.groups))
	m.index = map[cellKey][]int{}
	m.byLabel = map[string][]*item{}
	for gi, g := range m.groups {
		m.used[gi] = make([]bool, len(g.exp))
		m.indexGroup(gi, g)
		if !m.bucketGroup(gi, g) {
			return false
		}
	}
	sort.SliceStable(m.items, func(i, j int) bool { return len(m.items[i].cands) < len(m.items[j].cands) })
	return true
}

func (m *matcher) indexGroup(gi int, g *group) {
	for ei, d := range g.exp {
		for i, ok := range d.vars {
			if ok {
				k := cellKey{gi, i, d.cells[i].Value}
				m.index[k] = append(m.index[k], ei)
			}
		}
	}
}

func (m *matcher) bucketGroup(gi int, g *group) bool {
	byE := map[string][]int{}
	for i, d := range g.exp {
		byE[d.sig] = append(byE[d.sig], i)
	}
	byA := map[string][]*drow{}
	var sigs []string
	for _, d := range g.act {
		if _, ok := byA[d.sig]; !ok {
			sigs = append(sigs, d.sig)
		}
		byA[d.sig] = append(byA[d.sig], d)
	}
	if g.mode.covers() && len(byA) != len(byE) {
		return false
	}
	for _, s := range sigs {
		if !m.bucket(gi, g.mode, byE[s], byA[s]) {
			return false
		}
	}
	return true
}

func (m *matcher) bucket(gi int, md mode, es []int, as []*drow) bool {
	g := m.groups[gi]
	if len(as) > len(es) || (md.covers() && len(as) != len(es)) {
		return false
	}
	if as[0].nvars == 0 {
		return countsMatch(md, as, g.exp, es)
	}
	for _, a := range as {
		it := &item{g: gi, a: a}
		for _, e := range es {
			if md.countsOK(a.n, g.exp[e].n) {
				it.cands = append(it.cands, e)
			}
		}
		m.items = append(m.items, it)
		for i, ok := range a.vars {
			if ok {
				m.byLabel[a.cells[i].Value] = append(m.byLabel[a.cells[i].Value], it)
			}
		}
	}
	return true
}

// countsMatch decides a bucket of interchangeable rows: pairing the largest
// actual count with the largest expected count, and so on, is optimal.
func countsMatch(md mode, as []*drow, exp []*drow, es []int) bool {
	na := make([]int, len(as))
	for i, a := range as {
		na[i] = a.n
	}
	ne := make([]int, len(es))
	for i, e := range es {
		ne[i] = exp[e].n
	}
	sort.Sort(sort.Reverse(sort.IntSlice(na)))
	sort.Sort(sort.Reverse(sort.IntSlice(ne)))
	for i := range na {
		if !md.countsOK(na[i], ne[i]) {
			return false
		}
	}
	return true
}

// tick spends one step of the budget.
func (m *matcher) tick() bool {
	m.steps++
	if m.steps > m.budget {
		m.exceeded = true
	}
	return !m.exceeded
}

// solve assigns the remaining items, most constrained first.
func (m *matcher) solve(left int) bool {
	if left == 0 {
		return true
	}
	it := m.pick()
	if it == nil {
		return false
	}
	it.done = true
	for _, c := range m.candidates(it) {
		if m.used[it.g][c] || !m.fits(it, c) || !m.tick() {
			continue
		}
		mark := len(m.frontier)
		undo, ok := m.bind(m.groups[it.g].exp[c], it.a)
		if ok {
			m.used[it.g][c] = true
			if m.solve(left - 1) {
				return true
			}
			m.used[it.g][c] = false
		}
		m.unbind(undo)
		m.frontier = m.frontier[:mark]
		if m.exceeded {
			break
		}
	}
	it.done = false
	return false
}

// pick returns the item to assign next, or nil when an item has no
// candidate left (forward checking) or the budget ran out. Items holding an
// already mapped blank node (the frontier) are counted exactly, newest first,
// and the one with the fewest candidates wins; with an empty frontier the
// search starts a new component from the item with the fewest static
// candidates.
func (m *matcher) pick() *item {
	var best *item
	bestN := int(^uint(0) >> 1)
	for i := len(m.frontier) - 1; i >= 0 && bestN > 1; i-- {
		it := m.frontier[i]
		if it.done {
			continue
		}
		n := m.countCands(it, bestN)
		if m.exceeded || n == 0 {
			return nil
		}
		if n < bestN {
			best, bestN = it, n
		}
	}
	if best != nil {
		return best
	}
	for _, it := range m.items {
		if !it.done {
			return it
		}
	}
	return nil
}

// candidates narrows an item's candidates through a mapped blank node: the
// expected row must hold its preimage in the same column.
func (m *matcher) candidates(it *item) []int {
	for i, ok := range it.a.vars {
		if !ok {
			continue
		}
		if be, bound := m.inv[it.a.cells[i].Value]; bound {
			return m.index[cellKey{it.g, i, be}]
		}
	}
	return it.cands
}

// fits re-checks what the static candidate list guaranteed (signature and
// counts) for candidates that came from the index.
func (m *matcher) fits(it *item, c int) bool {
	e := m.groups[it.g].exp[c]
	return e.sig == it.a.sig && m.groups[it.g].mode.countsOK(it.a.n, e.n)
}

func (m *matcher) countCands(it *item, limit int) int {
	n := 0
	for _, c := range m.candidates(it) {
		if n >= limit || !m.tick() {
			break
		}
		if !m.used[it.g][c] && m.fits(it, c) && m.consistent(m.groups[it.g].exp[c], it.a) {
			n++
		}
	}
	return n
}

// consistent reports whether e can map to a under the current bijection.
// Signatures are equal, so only bijection blanks need checking.
func (m *matcher) consistent(e, a *drow) bool {
	for i, ok := range e.vars {
		if ok && !m.pairOK(e.cells[i].Value, a.cells[i].Value) {
			return false
		}
	}
	return true
}

func (m *matcher) pairOK(be, ba string) bool {
	if f, ok := m.fwd[be]; ok {
		return f == ba
	}
	if _, ok := m.inv[ba]; ok {
		return false
	}
	return !m.useProf || m.profE[be] == m.profA[ba]
}

// bind extends the bijection with the blanks of e -> a; it returns the newly
// bound expected labels so that unbind can undo a partial extension.
func (m *matcher) bind(e, a *drow) ([]string, bool) {
	var undo []string
	for i, ok := range e.vars {
		if !ok {
			continue
		}
		be, ba := e.cells[i].Value, a.cells[i].Value
		if !m.pairOK(be, ba) {
			return undo, false
		}
		if _, ok := m.fwd[be]; !ok {
			m.fwd[be], m.inv[ba] = ba, be
			undo = append(undo, be)
			m.frontier = append(m.frontier, m.byLabel[ba]...)
		}
	}
	return undo, true
}

func (m *matcher) unbind(undo []string) {
	for _, be := range undo {
		delete(m.inv, m.fwd[be])
		delete(m.fwd, be)
	}
}
