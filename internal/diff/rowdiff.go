package diff

import (
	"fmt"
	"math/big"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
)

// rowDiff is the best-effort explanation of two row multisets that the exact
// check rejected: rows matched exactly (under a greedily built blank-node
// bijection) are dropped, the rest are paired by similarity, and each pair's
// cells are explained by a Class.
type rowDiff struct {
	lines                   []Line
	classes                 []Class
	missing, extra, changed int
	blankOnly               bool // some pair differs only in blank-node identity
}

func (d *rowDiff) summary(ne, na int) string {
	return fmt.Sprintf("expected %d rows, actual %d: %d changed, %d missing, %d extra",
		ne, na, d.changed, d.missing, d.extra)
}

// maxPairing bounds the similarity matrix; beyond it rows are paired only
// by value (pairByValue).
const maxPairing = 40000

// pairRows explains er against ar; with pair false, leftover rows are only
// listed (when multiplicities alone differ, pairing would mislead).
func pairRows(t *table, er, ar [][]rdf.Term, pair bool) *rowDiff {
	miss, extra := t.removeMatched(er, ar)
	d := &rowDiff{}
	var pairs [][2]int
	if pair {
		pairs = t.pairUp(miss, extra)
	}
	usedM, usedX := map[int]bool{}, map[int]bool{}
	var paired []Line
	for _, p := range pairs {
		usedM[p[0]], usedX[p[1]] = true, true
		e, a := miss[p[0]], extra[p[1]]
		cls := t.explain(e, a)
		if len(cls) == 0 {
			cls, d.blankOnly = []Class{ClassWrongValue}, true
		}
		d.classes = append(d.classes, cls...)
		paired = append(paired, Line{'-', t.rowText(e)}, Line{'+', t.rowText(a)})
	}
	d.changed = len(pairs)
	d.lines = append(d.lines, sortPairs(paired)...)
	d.lines = append(d.lines, t.leftover('-', miss, usedM)...)
	d.lines = append(d.lines, t.leftover('+', extra, usedX)...)
	d.missing, d.extra = len(miss)-len(pairs), len(extra)-len(pairs)
	if d.missing > 0 {
		d.classes = append(d.classes, ClassMissingRows)
	}
	if d.extra > 0 {
		d.classes = append(d.classes, ClassExtraRows)
	}
	return d
}

func sortPairs(ls []Line) []Line {
	n := len(ls) / 2
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(i, j int) bool {
		a, b := ls[2*idx[i]], ls[2*idx[j]]
		if a.Text != b.Text {
			return a.Text < b.Text
		}
		return ls[2*idx[i]+1].Text < ls[2*idx[j]+1].Text
	})
	out := make([]Line, 0, len(ls))
	for _, i := range idx {
		out = append(out, ls[2*i], ls[2*i+1])
	}
	return out
}

func (t *table) leftover(op byte, rows [][]rdf.Term, used map[int]bool) []Line {
	var out []Line
	for i, r := range rows {
		if !used[i] {
			out = append(out, Line{op, t.rowText(r)})
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Text < out[j].Text })
	return out
}

// removeMatched drops rows that match exactly: blank-free rows by key, rows
// with blanks greedily under one growing bijection (best effort only).
func (t *table) removeMatched(er, ar [][]rdf.Term) (miss, extra [][]rdf.Term) {
	left := map[string]int{}
	var eb, ab [][]rdf.Term
	for _, r := range er {
		if t.hasBlank(r) {
			eb = append(eb, r)
		} else {
			left[rowKey(r)]++
		}
	}
	for _, r := range ar {
		switch k := rowKey(r); {
		case t.hasBlank(r):
			ab = append(ab, r)
		case left[k] > 0:
			left[k]--
		default:
			extra = append(extra, r)
		}
	}
	for _, r := range er {
		if k := rowKey(r); !t.hasBlank(r) && left[k] > 0 {
			left[k]--
			miss = append(miss, r)
		}
	}
	gm, gx := newGreedy(t, eb).run(ab)
	return append(miss, gm...), append(extra, gx...)
}

func (t *table) hasBlank(r []rdf.Term) bool {
	for i, c := range r {
		if c.IsBlank() && !t.open[i] {
			return true
		}
	}
	return false
}

// shapeKey is a row's key with blank nodes numbered by first occurrence.
func (t *table) shapeKey(r []rdf.Term) string {
	var b strings.Builder
	num := map[string]int{}
	for i, c := range r {
		if !c.IsBlank() || t.open[i] {
			termKey(&b, c)
			continue
		}
		k, ok := num[c.Value]
		if !ok {
			k = len(num)
			num[c.Value] = k
		}
		b.WriteString("_#" + strconv.Itoa(k) + "\x1f")
	}
	return b.String()
}

// greedy pairs rows with blank nodes without backtracking. It follows the
// structure: once a blank node is mapped, the rows holding it come next and
// their candidates are looked up through it.
type greedy struct {
	t      *table
	eb     [][]rdf.Term
	taken  []bool
	bySh   map[string][]int
	byCell map[cellKey][]int
	bij    *bijection
}

func newGreedy(t *table, eb [][]rdf.Term) *greedy {
	g := &greedy{t: t, eb: eb, taken: make([]bool, len(eb)), bySh: map[string][]int{},
		byCell: map[cellKey][]int{}, bij: newBijection()}
	for i, r := range eb {
		g.bySh[t.shapeKey(r)] = append(g.bySh[t.shapeKey(r)], i)
		for c, term := range r {
			if term.IsBlank() && !t.open[c] {
				k := cellKey{0, c, term.Value}
				g.byCell[k] = append(g.byCell[k], i)
			}
		}
	}
	return g
}

// run matches actual rows ab and returns the unmatched rows of both sides.
func (g *greedy) run(ab [][]rdf.Term) (miss, extra [][]rdf.Term) {
	byLabel := map[string][]int{}
	for i, r := range ab {
		for c, term := range r {
			if term.IsBlank() && !g.t.open[c] {
				byLabel[term.Value] = append(byLabel[term.Value], i)
			}
		}
	}
	done := make([]bool, len(ab))
	for _, start := range g.startOrder(ab) {
		queue := []int{start}
		for len(queue) > 0 {
			i := queue[len(queue)-1]
			queue = queue[:len(queue)-1]
			if done[i] {
				continue
			}
			done[i] = true
			added, ok := g.take(ab[i])
			if !ok {
				extra = append(extra, ab[i])
			}
			for _, ba := range added {
				queue = append(queue, byLabel[ba]...)
			}
		}
	}
	for i, r := range g.eb {
		if !g.taken[i] {
			miss = append(miss, r)
		}
	}
	return miss, extra
}

// startOrder lists actual rows by how many expected rows share their shape,
// fewest first: components start from their most distinctive row.
func (g *greedy) startOrder(ab [][]rdf.Term) []int {
	n := make([]int, len(ab))
	order := make([]int, len(ab))
	for i, r := range ab {
		order[i], n[i] = i, len(g.bySh[g.t.shapeKey(r)])
	}
	sort.SliceStable(order, func(x, y int) bool { return n[order[x]] < n[order[y]] })
	return order
}

// take matches a to the first free consistent expected row.
func (g *greedy) take(a []rdf.Term) ([]string, bool) {
	for _, i := range g.candidates(a) {
		if g.taken[i] {
			continue
		}
		if added, ok := g.t.tryBind(g.bij, g.eb[i], a); ok {
			g.taken[i] = true
			return added, true
		}
	}
	return nil, false
}

func (g *greedy) candidates(a []rdf.Term) []int {
	for c, term := range a {
		if term.IsBlank() && !g.t.open[c] {
			if be, ok := g.bij.inv[term.Value]; ok {
				return g.byCell[cellKey{0, c, be}]
			}
		}
	}
	return g.bySh[g.t.shapeKey(a)]
}

// bijection is a partial one-to-one map between blank labels.
type bijection struct{ fwd, inv map[string]string }

func newBijection() *bijection {
	return &bijection{fwd: map[string]string{}, inv: map[string]string{}}
}

// tryBind extends bij so that e maps to a, or leaves it unchanged; it
// returns the newly mapped actual labels.
func (t *table) tryBind(bij *bijection, e, a []rdf.Term) ([]string, bool) {
	var newE, newA []string
	for i := range e {
		if !e[i].IsBlank() || t.open[i] {
			if e[i] != a[i] {
				return nil, false
			}
			continue
		}
		if !a[i].IsBlank() || !bindable(bij, newE, newA, e[i].Value, a[i].Value) {
			return nil, false
		}
		if _, ok := bij.fwd[e[i].Value]; !ok && !slices.Contains(newE, e[i].Value) {
			newE, newA = append(newE, e[i].Value), append(newA, a[i].Value)
		}
	}
	for k, be := range newE {
		bij.fwd[be], bij.inv[newA[k]] = newA[k], be
	}
	return newA, true
}

// bindable: be -> ba agrees with bij and with the pairs (newE, newA) pending.
func bindable(bij *bijection, newE, newA []string, be, ba string) bool {
	if f, ok := bij.fwd[be]; ok {
		return f == ba
	}
	if _, ok := bij.inv[ba]; ok {
		return false
	}
	for k := range newE {
		if (newE[k] == be) != (newA[k] == ba) {
			return false
		}
	}
	return true
}

// pairUp pairs missing with extra rows, most similar first. A pair needs a
// shared or explainable cell, unless rows have a single column.
func (t *table) pairUp(miss, extra [][]rdf.Term) [][2]int {
	if len(miss)*len(extra) > maxPairing {
		return pairByValue(miss, extra)
	}
	type cand struct{ i, j, score int }
	var cs []cand
	for i, e := range miss {
		for j, a := range extra {
			if s := t.similarity(e, a); s > 0 || len(t.cols) == 1 {
				cs = append(cs, cand{i, j, s})
			}
		}
	}
	// Most similar first; ties by the rows' text, so that the explanation
	// does not depend on the order an engine returned its rows in.
	mt, xt := t.texts(miss), t.texts(extra)
	sort.SliceStable(cs, func(x, y int) bool {
		a, b := cs[x], cs[y]
		switch {
		case a.score != b.score:
			return a.score > b.score
		case mt[a.i] != mt[b.i]:
			return mt[a.i] < mt[b.i]
		}
		return xt[a.j] < xt[b.j]
	})
	usedI, usedJ := map[int]bool{}, map[int]bool{}
	var out [][2]int
	for _, c := range cs {
		if !usedI[c.i] && !usedJ[c.j] {
			usedI[c.i], usedJ[c.j] = true, true
			out = append(out, [2]int{c.i, c.j})
		}
	}
	return out
}

// pairByValue pairs, where the similarity matrix would be too large, the
// rows that hold the same terms but for their form: the same IRIs, a
// number of the same value, a literal of the same text whatever the case
// of its language tag or an xsd:string written plain. An engine that
// rewrites a column of numbers over a realistic answer (thousands of rows,
// "7841.80" back as "7841.8") is then explained cell by cell, as a small
// answer is, instead of as every such row dropped and another added. It is
// linear: one map of the extra rows by their key; rows of one key pair in
// the order they come.
func pairByValue(miss, extra [][]rdf.Term) [][2]int {
	byKey := map[string][]int{}
	for j, a := range extra {
		k := valueKey(a)
		byKey[k] = append(byKey[k], j)
	}
	var out [][2]int
	for i, e := range miss {
		k := valueKey(e)
		if js := byKey[k]; len(js) > 0 {
			out = append(out, [2]int{i, js[0]})
			byKey[k] = js[1:]
		}
	}
	return out
}

// valueKey is a row's terms by value (termValue), NUL-separated.
func valueKey(row []rdf.Term) string {
	var b strings.Builder
	for _, t := range row {
		b.WriteString(termValue(t))
		b.WriteByte(0)
	}
	return b.String()
}

// termValue is what pairByValue compares of a term: blank nodes all alike
// (the bijection is judged per answer), a number by its value, another
// literal by its text, lower-cased tag, direction and implied datatype;
// any other term as written.
func termValue(t rdf.Term) string {
	switch {
	case t.IsBlank():
		return "_"
	case !t.IsLiteral():
		return t.String()
	case IsNumericType(t.Datatype):
		if f, ok := numberValue(t); ok {
			return "n:" + strconv.FormatFloat(f, 'g', -1, 64)
		}
	}
	return "l:" + t.Value + "@" + strings.ToLower(t.Lang) + "--" + t.Dir + "^^" + impliedDatatype(t)
}

// numberValue reads a numeric literal as sameNumber does, as a float64 (a
// key only proposes a pair; cellClasses judges the pair exactly).
func numberValue(t rdf.Term) (float64, bool) {
	if isFloatType(t.Datatype) {
		f, err := parseFloat(t.Value)
		return f, err == nil
	}
	r, ok := parseRat(t.Value)
	if !ok {
		return 0, false
	}
	f, _ := r.Float64()
	return f, true
}

func (t *table) texts(rows [][]rdf.Term) []string {
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = t.rowText(r)
	}
	return out
}

// similarity: 2 per equal cell, 1 per cell that differs in a specific way.
func (t *table) similarity(e, a []rdf.Term) int {
	s := 0
	for i := range e {
		switch cs := t.cellClasses(i, e[i], a[i]); {
		case len(cs) == 0:
			s += 2
		case cs[0] == ClassWrongValue, cs[0] == ClassComputedValue:
		default:
			s++
		}
	}
	return s
}

func (t *table) explain(e, a []rdf.Term) []Class {
	var out []Class
	for i := range e {
		out = append(out, t.cellClasses(i, e[i], a[i])...)
	}
	return out
}

func computed(p *computedPool, i int, e rdf.Term) bool {
	_, ok := p.cellOf(i, e)
	return ok
}

// cellClasses explains one cell difference in column i by what the judge
// knows of the expected cell: a computed one is wrong in value
// (computed-value) or datatype (computed-datatype); a copied one that came
// back as another term of the same value is copied-literal-changed, with
// the specific class beside it; without a traced judge the specific class
// alone.
func (t *table) cellClasses(i int, e, a rdf.Term) []Class {
	c := cellClass(e, a)
	switch {
	case c == "" || c == ClassUnboundVsBound || !e.IsLiteral() || !a.IsLiteral():
	case computed(t.pool, i, e):
		if cell, _ := t.pool.cellOf(i, e); cell.Accepts(e, a) {
			return nil // a permitted form: no difference here
		}
		if e.Datatype != a.Datatype && (sameNumber(e, a) || (e.Value == a.Value && e.Lang == a.Lang)) {
			return []Class{ClassComputedDatatype}
		}
		return []Class{ClassComputedValue}
	case t.traced && (c == ClassNumericLexical || c == ClassNumericDatatype || c == ClassLangCase):
		return []Class{ClassCopiedLiteralChanged, c}
	}
	if c == "" {
		return nil
	}
	return []Class{c}
}

// cellClass explains one cell difference, "" when the cells agree (two blank
// nodes agree here: the bijection is judged per answer, not per cell).
func cellClass(e, a rdf.Term) Class {
	switch {
	case e == a:
		return ""
	case e.IsZero() || a.IsZero():
		return ClassUnboundVsBound
	case e.IsBlank() && a.IsBlank():
		return ""
	case e.IsBlank() && a.IsIRI(), e.IsIRI() && a.IsBlank():
		return ClassBlankVsIRI
	case e.IsLiteral() && a.IsLiteral():
		return literalClass(e, a)
	}
	return ClassWrongValue
}

func literalClass(e, a rdf.Term) Class {
	if e.Value == a.Value && e.Lang == a.Lang && e.Dir == a.Dir && impliedDatatype(e) == impliedDatatype(a) {
		return ClassSimpleVsString
	}
	if e.Value == a.Value && e.Lang != a.Lang && strings.EqualFold(e.Lang, a.Lang) && e.Datatype == a.Datatype {
		return ClassLangCase
	}
	if sameNumber(e, a) {
		if e.Datatype == a.Datatype {
			return ClassNumericLexical
		}
		return ClassNumericDatatype
	}
	return ClassWrongValue
}

// impliedDatatype fills in the datatype RDF 1.1 implies for a raw literal
// with an empty Datatype: rdf:langString with a tag, xsd:string without.
func impliedDatatype(t rdf.Term) string {
	switch {
	case t.Datatype != "":
		return t.Datatype
	case t.Lang != "":
		return rdf.RDFLangString
	}
	return rdf.XSDString
}

func isFloatType(dt string) bool { return dt == rdf.XSDFloat || dt == rdf.XSDDouble }

// IsNumericType: dt is one of SPARQL's numeric types (#operandDataTypes):
// xsd:integer and its derived types, xsd:decimal, xsd:float, xsd:double.
func IsNumericType(dt string) bool {
	return results.IsIntegerType(dt) || dt == rdf.XSDDecimal || isFloatType(dt)
}

// sameNumber: both numeric literals with the same value (floats compared as
// float64, exact types as rationals). NaN equals nothing.
func sameNumber(e, a rdf.Term) bool {
	if !IsNumericType(e.Datatype) || !IsNumericType(a.Datatype) {
		return false
	}
	if isFloatType(e.Datatype) || isFloatType(a.Datatype) {
		x, err1 := parseFloat(e.Value)
		y, err2 := parseFloat(a.Value)
		return err1 == nil && err2 == nil && x == y
	}
	x, ok1 := parseRat(e.Value)
	y, ok2 := parseRat(a.Value)
	return ok1 && ok2 && x.Cmp(y) == 0
}

// parseRat reads the lexical form of an xsd:decimal or an integer type.
func parseRat(s string) (*big.Rat, bool) { return new(big.Rat).SetString(strings.TrimSpace(s)) }

func parseFloat(s string) (float64, error) {
	s = strings.TrimSpace(s)
	switch s {
	case "INF", "+INF":
		s = "Inf"
	case "-INF":
		s = "-Inf"
	}
	return strconv.ParseFloat(s, 64)
}

// rowText prints a row as `?x=<a> ?y="1"` (unbound variables left out), or a
// triple as `<s> <p> <o> .`.
func (t *table) rowText(r []rdf.Term) string {
	if t.graph {
		return termText(joinTripleBlanks(r[0], t.cols, r, "s")) + " " + termText(r[1]) + " " +
			termText(joinTripleBlanks(r[2], t.cols, r, "o")) + " ."
	}
	var parts []string
	for i, c := range r {
		if c.IsZero() || isHidden(t.cols[i]) {
			continue
		}
		s := termText(joinTripleBlanks(c, t.cols, r, t.cols[i]))
		if t.open[i] {
			s = shapeText(c)
		}
		parts = append(parts, "?"+t.cols[i]+"="+s)
	}
	if len(parts) == 0 {
		return "(empty solution)"
	}
	return strings.Join(parts, " ")
}

// termText is N-Triples, except that a raw tagged literal whose Datatype is
// not rdf:langString shows it, so that the diff shows the difference.
func termText(c rdf.Term) string {
	if c.IsLiteral() && c.Lang != "" && c.Datatype != rdf.RDFLangString && c.Datatype != rdf.RDFDirLangString {
		return c.String() + "^^<" + c.Datatype + ">"
	}
	return c.String()
}

// shapeText prints the shape of an open variable's value.
func shapeText(c rdf.Term) string {
	switch c.Kind {
	case rdf.KindIRI:
		return "{iri}"
	case rdf.KindBlank:
		return "{bnode}"
	}
	if c.Lang != "" {
		return "{literal@" + c.Lang + "}"
	}
	return "{literal^^<" + c.Datatype + ">}"
}
