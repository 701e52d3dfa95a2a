package diff

import (
	"slices"
	"strconv"
	"strings"

	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
)

// compareBindings judges SELECT answers. Variables are compared as a set:
// the order of the projected variables is not part of a solution sequence
// (#defn_algProjection), so it is only noted.
func compareBindings(e, a *results.Answer, opt Options) *Verdict {
	if headless(a) && !emptyHead(e, a) {
		// No solution and no head, where the judge has solutions: the
		// missing rows are the divergence, not the head (Rasqal writes an
		// empty head whenever it has no solution).
		withHead := *a
		withHead.Vars = e.Vars
		a = &withHead
	}
	if varSet(e.Vars) != varSet(a.Vars) {
		return varsVerdict(e, a)
	}
	e, a = splitTripleBlanks(e, a)
	t := newTable(e, a)
	var m mapping
	skip := make([]bool, len(t.cols))
	for i := range t.cols {
		_, concat := t.concat[i]
		skip[i] = t.open[i] || concat
	}
	t.pool = bindingPool(e, t.cols, skip)
	mapped := *a
	mapped.Rows = t.pool.mapSolutions(t.cols, a.Rows, &m)
	a = &mapped
	var v *Verdict
	if fr := e.Freedom; fr != nil && fr.Ordered {
		v = compareOrdered(t, e, a, opt)
	} else {
		v = compareBag(t, e, a, opt)
	}
	v.Note = joinNotes(bindingNotes(e, a, t), m.note(), v.Note)
	return undecidedByMapping(v, m)
}

func newTable(e, a *results.Answer) *table {
	t := &table{cols: columns(e, a), traced: e.Freedom != nil && e.Freedom.Traced}
	open := map[string]bool{}
	if e.Freedom != nil {
		for _, v := range e.Freedom.Open {
			open[v] = true
		}
	}
	t.open = make([]bool, len(t.cols))
	for i, c := range t.cols {
		t.open[i] = open[c]
		if sep, ok := concatSep(e.Freedom, c); ok {
			if t.concat == nil {
				t.concat = map[int]string{}
			}
			t.concat[i] = sep
		}
	}
	return t
}

func concatSep(f *results.Freedom, v string) (string, bool) {
	if f == nil {
		return "", false
	}
	sep, ok := f.Concat[v]
	return sep, ok
}

func bindingNotes(e, a *results.Answer, t *table) []string {
	var notes []string
	var open []string
	for i, c := range t.cols {
		if t.open[i] {
			open = append(open, "?"+c)
		}
	}
	if len(open) > 0 {
		notes = append(notes, "open variables "+strings.Join(open, " ")+
			" compared by shape only (bound or not)")
	}
	if len(t.concat) > 0 {
		notes = append(notes, "GROUP_CONCAT values compared in any order of their pieces")
	}
	if strings.Join(e.Vars, " ") != strings.Join(a.Vars, " ") {
		notes = append(notes, "projected variable order differs (ignored)")
	}
	return notes
}

// compareBag judges an answer without ORDER BY: bag equality
// (#defn_algToMultiSet), or with REDUCED any multiplicity between one and the
// judge's (#defn_algReduced).
func compareBag(t *table, e, a *results.Answer, opt Options) *Verdict {
	er, ar := t.rows(e.Rows), t.rows(a.Rows)
	md := modeEqual
	if e.Freedom != nil && e.Freedom.Reduced {
		md = modeReduced
	}
	g := &group{exp: distinct(er), act: distinct(ar), mode: md}
	ok, exceeded := match([]*group{g}, t.open, opt.Budget)
	switch {
	case exceeded:
		return undecided(opt)
	case ok:
		return &Verdict{OK: true}
	}
	return classifyBag(t, er, ar, opt, &Verdict{})
}

// sequence is an ORDER BY answer before the slice: rows, their tie runs
// (half-open index ranges of equal ORDER BY keys), and the slice window.
type sequence struct {
	rows   [][]rdf.Term
	runs   [][2]int
	w0, w1 int
}

func newSequence(rows [][]rdf.Term, ties []int, offset, limit int) *sequence {
	s := &sequence{rows: rows}
	for i := 0; i < len(rows); {
		j := i + 1
		for ties != nil && j < len(rows) && ties[j] == ties[i] {
			j++
		}
		s.runs = append(s.runs, [2]int{i, j})
		i = j
	}
	n := len(rows)
	s.w0 = min(max(offset, 0), n)
	s.w1 = n
	if limit >= 0 {
		s.w1 = min(n, s.w0+limit)
	}
	return s
}

// groups splits actual rows along the tie runs that meet the window
// (#defn_algSlice): a run inside the window must match as a multiset, a run
// cut by the window edge must contain the actual rows of its stretch.
func (s *sequence) groups(ar [][]rdf.Term, open []bool) []*group {
	var gs []*group
	for _, r := range s.runs {
		lo, hi := max(r[0], s.w0), min(r[1], s.w1)
		if lo >= hi {
			continue
		}
		md := modeEqual
		if lo != r[0] || hi != r[1] {
			md = modeSub
		}
		gs = append(gs, &group{exp: distinct(s.rows[r[0]:r[1]]),
			act: distinct(ar[lo-s.w0 : hi-s.w0]), mode: md})
	}
	return gs
}

// accepts decides the sequence without enumerating permutations.
func (s *sequence) accepts(ar [][]rdf.Term, open []bool, budget int) (ok, exceeded bool) {
	if len(ar) != s.w1-s.w0 {
		return false, false
	}
	return match(s.groups(ar, open), open, budget)
}

// compareOrdered judges an ORDER BY answer (#modOrderBy, #defn_algOrdered):
// some permutation of the judge's sequence that keeps tie classes in order
// must give actual after OFFSET/LIMIT.
func compareOrdered(t *table, e, a *results.Answer, opt Options) *Verdict {
	fr := e.Freedom
	seq, ties, off, lim := fr.Sequence, fr.Ties, fr.Offset, fr.Limit
	var notes []string
	if len(seq) == 0 && len(e.Rows) > 0 {
		seq, ties, off, lim = e.Rows, nil, 0, -1
		notes = append(notes, "no judge sequence: expected rows compared as a sequence")
	} else if len(ties) != len(seq) {
		ties = nil
		notes = append(notes, "no tie classes: sequence compared strictly")
	}
	s := newSequence(t.rows(seq), ties, off, lim)
	ar := t.rows(a.Rows)
	ok, exceeded := s.accepts(ar, t.open, opt.Budget)
	if !ok && !exceeded && fr.Reduced {
		ok, exceeded = dedupeSequence(t.rows(seq), ties, off, lim).accepts(ar, t.open, opt.Budget)
	}
	var v *Verdict
	switch {
	case exceeded:
		v = undecided(opt)
	case ok:
		v = &Verdict{OK: true}
	default:
		v = classifyOrdered(t, s, ar, opt)
		if fr.Reduced && onlyClasses(v, ClassDuplicateRows, ClassOrder) {
			v.Classes = SortClasses(append(v.Classes, ClassUndecided))
			notes = append(notes, "REDUCED with ORDER BY: only the full and the DISTINCT sequences are tried")
		}
	}
	v.Note = joinNotes(notes, v.Note)
	return v
}

// onlyClasses reports whether every class of v is one of cs: for REDUCED
// with ORDER BY such a rejection may be an arrangement Compare does not try.
func onlyClasses(v *Verdict, cs ...Class) bool {
	for _, k := range v.Classes {
		if !slices.Contains(cs, k) {
			return false
		}
	}
	return true
}

// dedupeSequence keeps the first occurrence of every row (what DISTINCT
// would give after ORDER BY), with its tie class.
func dedupeSequence(rows [][]rdf.Term, ties []int, off, lim int) *sequence {
	seen := map[string]bool{}
	var out [][]rdf.Term
	var outTies []int
	for i, r := range rows {
		if k := rowKey(r); !seen[k] {
			seen[k] = true
			out = append(out, r)
			if ties != nil {
				outTies = append(outTies, ties[i])
			}
		}
	}
	return newSequence(out, outTies, off, lim)
}

// classifyOrdered explains a rejected ORDER BY answer. If actual is a
// permitted multiset of rows (loosely: drawn from the runs meeting the
// window), the divergence is the order; otherwise compare as bags against the
// judge's window.
func classifyOrdered(t *table, s *sequence, ar [][]rdf.Term, opt Options) *Verdict {
	window := s.rows[s.w0:s.w1]
	if len(ar) == len(window) && len(ar) > 0 {
		if ok, fwd := s.looseAccepts(ar, t.open, opt.Budget); ok {
			return &Verdict{
				Classes: []Class{ClassOrder},
				Diff:    s.orderLines(t, ar, fwd),
				Summary: "same rows, order not permitted by ORDER BY",
			}
		}
	}
	return classifyBag(t, s.closest(t, ar), ar, opt, &Verdict{})
}

// closest is the judge's window with each row of a tie class the window
// edge cuts replaced, where another row of that class is nearer to an
// actual row: OFFSET/LIMIT may keep any rows of such a class
// (#defn_algSlice; without ORDER BY the whole sequence is one class), so
// the row the judge happened to keep is one choice among several, and an
// actual row explained against it would blame a value the engine never had
// to return (a stored "0e0" written "0.0" read as a literal for an IRI).
func (s *sequence) closest(t *table, ar [][]rdf.Term) [][]rdf.Term {
	window := slices.Clone(s.rows[s.w0:s.w1])
	for _, r := range s.runs {
		lo, hi := max(r[0], s.w0), min(r[1], s.w1)
		if lo >= hi || (lo == r[0] && hi == r[1]) {
			continue
		}
		s.pick(t, window, r, lo, hi, ar)
	}
	return window
}

// pick fills window[lo-w0:hi-w0] with distinct rows of the run r: each
// position with an actual row takes the run's row nearest to it (the
// judge's own row on a tie), the others the run's first rows left.
func (s *sequence) pick(t *table, window [][]rdf.Term, r [2]int, lo, hi int, ar [][]rdf.Term) {
	used := map[int]bool{}
	for p := lo; p < hi; p++ {
		var a []rdf.Term
		if p-s.w0 < len(ar) {
			a = ar[p-s.w0]
		}
		best, score := -1, -1
		for i := r[0]; i < r[1]; i++ {
			if used[i] {
				continue
			}
			sc := 0
			if a != nil {
				sc = t.similarity(s.rows[i], a)
			}
			if best < 0 || sc > score || (sc == score && i == p) {
				best, score = i, sc
			}
		}
		used[best] = true
		window[p-s.w0] = s.rows[best]
	}
}

func (s *sequence) looseAccepts(ar [][]rdf.Term, open []bool, budget int) (bool, map[string]string) {
	lo, hi := s.w0, s.w1
	for _, r := range s.runs {
		if r[0] <= s.w0 && s.w0 < r[1] {
			lo = r[0]
		}
		if r[0] < s.w1 && s.w1 <= r[1] {
			hi = r[1]
		}
	}
	md := modeEqual
	if hi-lo != len(ar) {
		md = modeSub
	}
	g := &group{exp: distinct(s.rows[lo:hi]), act: distinct(ar), mode: md}
	ok, _, fwd := matchBijection([]*group{g}, open, budget)
	return ok, fwd
}

// classifyBag explains why actual rows differ from expected ones: the same
// distinct rows means duplicate-rows; otherwise pair differing rows and
// explain their cells.
func classifyBag(t *table, er, ar [][]rdf.Term, opt Options, v *Verdict) *Verdict {
	g := &group{exp: distinct(er), act: distinct(ar), mode: modeSet}
	sameSet, _ := match([]*group{g}, t.open, opt.Budget)
	d := pairRows(t, er, ar, !sameSet)
	v.Diff, v.Summary = d.lines, d.summary(len(er), len(ar))
	if sameSet {
		v.Classes = []Class{ClassDuplicateRows}
		return v
	}
	v.Classes = SortClasses(d.classes)
	if d.blankOnly {
		v.Note = joinNotes(nil, v.Note, "some rows differ only in blank-node identity: no single bijection fits the whole answer")
	}
	return v
}

// orderLines lists the positions whose actual row does not belong to the tie
// class the sequence has there (under the bijection fwd found for the
// rows), with the judge's row at that position.
func (s *sequence) orderLines(t *table, ar [][]rdf.Term, fwd map[string]string) []Line {
	inv := map[string]string{}
	for be, ba := range fwd {
		inv[ba] = be
	}
	var out []Line
	for _, r := range s.runs {
		class := map[string]bool{}
		for _, row := range s.rows[r[0]:r[1]] {
			class[t.mappedKey(row, fwd)] = true
		}
		for p := max(r[0], s.w0); p < min(r[1], s.w1); p++ {
			a := ar[p-s.w0]
			if !class[t.mappedKey(a, identity(inv))] {
				pos := "#" + strconv.Itoa(p-s.w0+1) + " "
				out = append(out, Line{'-', pos + t.rowText(s.rows[p])}, Line{'+', pos + t.rowText(a)})
			}
		}
	}
	return out
}

// identity keeps the labels that are keys of m and drops the others.
func identity(m map[string]string) map[string]string {
	id := make(map[string]string, len(m))
	for k := range m {
		id[k] = k
	}
	return id
}

// mappedKey is a row key with blank labels renamed through ren; blanks
// outside ren (matched by counts alone) become one wildcard.
func (t *table) mappedKey(r []rdf.Term, ren map[string]string) string {
	var b strings.Builder
	for i, c := range r {
		if c.IsBlank() && !t.open[i] {
			c = rdf.Blank(ren[c.Value])
		}
		termKey(&b, c)
	}
	return b.String()
}
