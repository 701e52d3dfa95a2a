package reference

import (
	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
)

// maxGraphChoices bounds how many permitted graphs a sliced CONSTRUCT or
// DESCRIBE lists; past it the answer is marked GraphsCapped.
const maxGraphChoices = 64

// graphQuery answers CONSTRUCT and DESCRIBE (#construct, #describe). The
// graph is built from the solution sequence after OFFSET and LIMIT; when the
// cut splits a tie class the spec lets any rows of that class be the ones
// kept (#defn_algSlice over a sequence sorted only up to ties), so the other
// graphs those choices build are listed in Graphs.
func (e *evaluator) graphQuery(q *algebra.Query) (*Result, error) {
	res := &Result{Form: q.Form, Limit: -1}
	m := peel(q.Op)
	if m.slice == nil {
		ms, err := e.eval(e.ds.Default, q.Op)
		if err != nil {
			return nil, err
		}
		res.Triples, res.TripleCells, err = e.buildGraph(q, ms)
		res.Traced = true
		return res, err
	}
	seq, err := e.eval(e.ds.Default, m.pattern)
	if err != nil {
		return nil, err
	}
	seq, keys, err := e.sequence(e.ds.Default, m, seq, res)
	if err != nil {
		return nil, err
	}
	tie := ties(keys, len(seq), orderedPrefix(keys, openPrefix(m.order, openVars(q.Op))))
	choices, capped := sliceChoices(tie, int(m.slice.Offset), int(m.slice.Limit))
	res.GraphsCapped = capped
	res.Traced = true
	for i, idx := range choices {
		g, cs, err := e.buildGraph(q, pickRows(seq, idx))
		if err != nil {
			return nil, err
		}
		if i == 0 {
			res.Triples, res.TripleCells = g, cs
		} else {
			res.Graphs = append(res.Graphs, g)
		}
	}
	return res, nil
}

func (e *evaluator) buildGraph(q *algebra.Query, ms Multiset) ([]rdf.Triple, []results.Cell, error) {
	if q.Form == algebra.Construct {
		return e.construct(q.Template, ms)
	}
	ts, err := e.describe(q, ms, e.ds.Default)
	return ts, nil, err
}

func pickRows(seq Multiset, idx []int) Multiset {
	out := make(Multiset, len(idx))
	for i, j := range idx {
		out[i] = seq[j]
	}
	return out
}

// sliceChoices lists the row index sets OFFSET/LIMIT may keep from a
// sequence with tie classes: rows of classes wholly inside the window are
// kept, and from each class the window cuts any subset of the size cut out.
// The natural slice comes first. capped reports more than maxGraphChoices.
func sliceChoices(tie []int, offset, limit int) (choices [][]int, capped bool) {
	n := len(tie)
	end := n
	if limit >= 0 && offset+limit < n {
		end = offset + limit
	}
	if offset >= end {
		return [][]int{nil}, false
	}
	natural := seqRange(offset, end)
	var fixed []int
	var parts [][][]int // per cut class: the subsets it may contribute
	total := 1
	for a := 0; a < n; {
		b := a
		for b < n && tie[b] == tie[a] {
			b++
		}
		lo, hi := max(a, offset), min(b, end)
		switch {
		case lo >= hi: // outside the window
		case lo == a && hi == b:
			fixed = append(fixed, seqRange(a, b)...)
		default:
			total *= binomial(b-a, hi-lo, maxGraphChoices+1)
			if total > maxGraphChoices {
				return [][]int{natural}, true
			}
			parts = append(parts, subsets(seqRange(a, b), hi-lo))
		}
		a = b
	}
	choices = [][]int{natural}
	for _, c := range product(parts) {
		if set := append(append([]int{}, fixed...), c...); !sameSet(set, natural) {
			choices = append(choices, set)
		}
	}
	return choices, false
}

func seqRange(a, b int) []int {
	out := make([]int, 0, b-a)
	for i := a; i < b; i++ {
		out = append(out, i)
	}
	return out
}

// binomial is C(n, k), saturating at limit.
func binomial(n, k, limit int) int {
	c := 1
	for i := 0; i < k; i++ {
		c = c * (n - i) / (i + 1)
		if c > limit {
			return limit
		}
	}
	return c
}

// subsets lists the k-element subsets of xs, in order.
func subsets(xs []int, k int) [][]int {
	if k == 0 {
		return [][]int{nil}
	}
	if len(xs) < k {
		return nil
	}
	var out [][]int
	for _, rest := range subsets(xs[1:], k-1) {
		out = append(out, append([]int{xs[0]}, rest...))
	}
	return append(out, subsets(xs[1:], k)...)
}

// product concatenates one choice from each part, every way.
func product(parts [][][]int) [][]int {
	out := [][]int{nil}
	for _, p := range parts {
		var next [][]int
		for _, prefix := range out {
			for _, c := range p {
				next = append(next, append(append([]int{}, prefix...), c...))
			}
		}
		out = next
	}
	return out
}

func sameSet(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	in := map[int]bool{}
	for _, x := range a {
		in[x] = true
	}
	for _, x := range b {
		if !in[x] {
			return false
		}
	}
	return true
}
