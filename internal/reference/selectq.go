package reference

import (
	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/ops"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
)

// modifiers are the solution modifiers at the top of a SELECT's algebra, in
// the order of #convertSolMod: Slice(Distinct|Reduced(Project(OrderBy(P)))).
type modifiers struct {
	slice    *algebra.Slice
	distinct bool
	reduced  bool
	project  *algebra.Project
	order    *algebra.OrderBy
	pattern  algebra.Op
}

func peel(op algebra.Op) modifiers {
	var m modifiers
	if s, ok := op.(*algebra.Slice); ok {
		m.slice, op = s, s.Op
	}
	switch d := op.(type) {
	case *algebra.Distinct:
		m.distinct, op = true, d.Op
	case *algebra.Reduced:
		m.reduced, op = true, d.Op
	}
	if p, ok := op.(*algebra.Project); ok {
		m.project, op = p, p.Op
	}
	if o, ok := op.(*algebra.OrderBy); ok {
		m.order, op = o, o.Op
	}
	m.pattern = op
	return m
}

// selectQuery evaluates a SELECT with its modifiers applied one by one, so
// that the freedom left by the spec can be recorded on the way: the sequence
// before OFFSET/LIMIT, its tie classes, REDUCED, and the open variables.
func (e *evaluator) selectQuery(q *algebra.Query) (*Result, error) {
	m := peel(q.Op)
	e.top = topOps(m.pattern) // §17.6's top-level sites (extension.go)
	res := &Result{Form: q.Form, Vars: q.Vars, Limit: -1}
	g := e.ds.Default
	seq, err := e.eval(g, m.pattern)
	if err != nil {
		return nil, err
	}
	seq, keys, err := e.sequence(g, m, seq, res)
	if err != nil {
		return nil, err
	}
	open := openVars(q.Op)
	res.Traced = true
	res.Sequence, res.SequenceCells = rows(seq), cells(seq)
	res.Ties = ties(keys, len(seq), orderedPrefix(keys, openPrefix(m.order, open)))
	if m.slice != nil {
		// Without ORDER BY the solutions are in no order (#defn_algSlice slices
		// "the sequence" of an unordered multiset): any Limit of them is a
		// correct answer, so the whole sequence is one tie class.
		res.Ordered = true
		res.Offset, res.Limit = int(m.slice.Offset), int(m.slice.Limit)
		seq = Slice(seq, m.slice.Offset, m.slice.Limit)
	}
	res.Rows, res.Cells = rows(seq), cells(seq)
	concat := concatVars(q.Op)
	for _, v := range res.Vars {
		if sep, ok := concat[v]; ok {
			if res.Concat == nil {
				res.Concat = map[string]string{}
			}
			res.Concat[v] = sep
		} else if open[v] {
			res.Open = append(res.Open, v)
		}
	}
	return res, nil
}

// nestedSlice evaluates a Slice below the top of the query: a sub-select's
// OFFSET/LIMIT (#defn_algSlice). The sequence before the cut is built as at
// the top, with its tie classes. A cut through a tie class of differing
// rows, or a REDUCED over duplicates, keeps one of several
// permitted row sets, which the judge's Freedom cannot list for a
// sub-select: the answer is marked indeterminate.
func (e *evaluator) nestedSlice(g *rdf.Graph, s *algebra.Slice) (Multiset, error) {
	m := peel(s)
	seq, err := e.eval(g, m.pattern)
	if err != nil {
		return nil, err
	}
	seq, keys, err := e.sequence(g, m, seq, &Result{})
	if err != nil {
		return nil, err
	}
	tie := ties(keys, len(seq), orderedPrefix(keys, openPrefix(m.order, openVars(s))))
	uniq, _ := distinctIndex(seq)
	open := m.reduced && len(uniq) < len(seq)
	if (open || cutsTie(seq, tie, s.Offset, s.Limit)) && e.ectx.Indeterminate == "" {
		e.ectx.Indeterminate = "a sub-select's OFFSET/LIMIT cuts solutions that its ORDER BY leaves tied " +
			"(or REDUCED drops duplicates): #defn_algSlice keeps any of them, and the judge cannot list the choices"
	}
	return Slice(seq, s.Offset, s.Limit), nil
}

// cutsTie reports whether the window [off, off+lim) starts or ends inside a
// tie class whose rows are not all the same solution.
func cutsTie(seq Multiset, tie []int, off, lim int64) bool {
	n := int64(len(seq))
	end := n
	if lim >= 0 {
		end = min(n, off+lim)
	}
	for _, b := range []int64{off, end} {
		if b > 0 && b < n && tie[b-1] == tie[b] && mixedClass(seq, tie, int(b)) {
			return true
		}
	}
	return false
}

// mixedClass: the tie class around position b holds two different rows.
func mixedClass(seq Multiset, tie []int, b int) bool {
	lo, hi := b, b
	for lo > 0 && tie[lo-1] == tie[b] {
		lo--
	}
	for hi < len(seq) && tie[hi] == tie[b] {
		hi++
	}
	first := seq[lo].key()
	for _, mu := range seq[lo+1 : hi] {
		if mu.key() != first {
			return true
		}
	}
	return false
}

// sequence applies OrderBy, Project and Distinct/Reduced (#convertSolMod),
// keeping each row's ORDER BY key values for the tie classes.
func (e *evaluator) sequence(g *rdf.Graph, m modifiers, seq Multiset, res *Result) (Multiset, [][]ops.Value, error) {
	var keys [][]ops.Value
	if m.order != nil {
		var err error
		if seq, keys, err = e.OrderBy(g, seq, m.order.Conds); err != nil {
			return nil, nil, err
		}
		res.Ordered = true
	}
	if m.project != nil {
		seq = Project(seq, m.project.Vars)
		if res.Vars == nil {
			res.Vars = m.project.Vars
		}
	}
	if m.distinct || m.reduced {
		e.noteDistinct(seq)
	}
	if m.distinct {
		var idx []int
		seq, idx = distinctIndex(seq)
		keys = pick(keys, idx)
	}
	// REDUCED keeps the full multiset: the comparator accepts any
	// multiplicity from one up to the judge's (#defn_algReduced), so the
	// judge must give the upper end of the permitted range.
	res.Reduced = m.reduced
	return seq, keys, nil
}

func pick(keys [][]ops.Value, idx []int) [][]ops.Value {
	if keys == nil {
		return nil
	}
	out := make([][]ops.Value, len(idx))
	for i, j := range idx {
		out[i] = keys[j]
	}
	return out
}

// ties numbers the tie classes of a sorted sequence (ops.OrderClasses,
// #modOrderBy): rows tied on a key (1 and 1.0, two blank nodes) are one
// class unless they hold the same term there, when the next key splits them.
// Neighbours whose order the openness of a computed key may swap
// (ops.OrderOpen: open-precision values whose intervals overlap) are joined
// into one class, so an engine may put them either way.
// Without ORDER BY every row is in class 0.
func ties(keys [][]ops.Value, rowsN, n int) []int {
	if keys == nil {
		return make([]int, rowsN)
	}
	terms := make([][]rdf.Term, len(keys))
	for i, row := range keys {
		terms[i] = make([]rdf.Term, len(row))
		for k, v := range row {
			terms[i][k] = v.Term
		}
	}
	return joinOpenNeighbours(ops.OrderClasses(terms, n), keys, n)
}

// joinOpenNeighbours merges the classes of consecutive rows whose first
// key that does not tie is open in order, and renumbers the classes.
func joinOpenNeighbours(cls []int, keys [][]ops.Value, n int) []int {
	out := make([]int, len(cls))
	for i := 1; i < len(cls); i++ {
		out[i] = out[i-1]
		if cls[i] != cls[i-1] && !orderOpenAt(keys[i-1], keys[i], n) {
			out[i]++
		}
	}
	return out
}

func orderOpenAt(a, b []ops.Value, n int) bool {
	for k := 0; k < n && k < len(a) && k < len(b); k++ {
		if ops.OrderOpen(a[k], b[k]) {
			return true
		}
		if !ops.OrderTie(a[k].Term, b[k].Term) {
			return false
		}
	}
	return false
}

// openPrefix is the number of leading ORDER BY conditions whose values are
// determined: a condition using RAND(), NOW() or an open variable orders
// nothing another engine must reproduce, nor does any condition after it.
// A sequence sorted by all conditions is sorted by any prefix of them.
func openPrefix(o *algebra.OrderBy, open map[string]bool) int {
	if o == nil {
		return 0
	}
	for i, c := range o.Conds {
		if exprOpen(c.Expr, open) {
			return i
		}
	}
	return len(o.Conds)
}

// rows converts mappings to the result shape, dropping hidden variables.
func rows(ms Multiset) []map[string]rdf.Term {
	out := make([]map[string]rdf.Term, len(ms))
	for i, mu := range ms {
		row := map[string]rdf.Term{}
		for _, b := range mu {
			if !algebra.IsHidden(b.Var) {
				row[b.Var] = b.Term
			}
		}
		out[i] = row
	}
	return out
}

// orderedPrefix shortens the determinate ORDER BY keys to those before the first
// key whose order among the rows the spec leaves open: a key that is open in
// some row (a value computed from RAND, SAMPLE, STR of a computed number...),
// NaN in some row ("<" orders NaN before or after no number,
// #OperatorMapping), or that holds literals of two categories in different
// rows ("a" and "1"^^xsd:integer have no relative order, #modOrderBy). Those
// relations are no equivalence a tie class could express; treating the key
// as undetermined accepts every order the spec allows (and some it may not).
func orderedPrefix(keys [][]ops.Value, n int) int {
	cats := map[int]map[int]bool{}
	for _, row := range keys {
		for k := 0; k < n && k < len(row); k++ {
			if isNaN(row[k].Term) || row[k].Prov.Fix == results.FixOpen {
				n = k
				break
			}
			if c := ops.LiteralCategory(row[k].Term); c != 0 {
				if cats[k] == nil {
					cats[k] = map[int]bool{}
				}
				cats[k][c] = true
			}
		}
	}
	for k := 0; k < n; k++ {
		if len(cats[k]) > 1 {
			return k
		}
	}
	return n
}

func isNaN(t rdf.Term) bool {
	return t.IsLiteral() && t.Value == "NaN" && (t.Datatype == rdf.XSDDouble || t.Datatype == rdf.XSDFloat)
}
