package diff

import (
	"math/rand/v2"
	"slices"
	"sort"
	"testing"

	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
)

// bruteAccepts is an independent, exponential decision procedure: it tries
// every injective renaming of actual's blank nodes into expected's and then
// checks the multiset rules with exact keys. Small answers only.
func bruteAccepts(e, a *results.Answer) bool {
	ba, be := blankLabels(a.Rows), blankLabels(allRows(e))
	if len(ba) > len(be) {
		return false
	}
	found := false
	injections(len(ba), len(be), func(m []int) bool {
		ren := map[string]string{}
		for i, l := range ba {
			ren[l] = be[m[i]]
		}
		found = bruteExact(e, renameRows(a.Rows, ren))
		return found
	})
	return found
}

func allRows(e *results.Answer) []results.Solution {
	if e.Freedom != nil && e.Freedom.Ordered {
		return e.Freedom.Sequence
	}
	return e.Rows
}

func blankLabels(rows []results.Solution) []string {
	seen := map[string]bool{}
	var out []string
	for _, s := range rows {
		for _, t := range s {
			if t.IsBlank() && !seen[t.Value] {
				seen[t.Value] = true
				out = append(out, t.Value)
			}
		}
	}
	sort.Strings(out)
	return out
}

// injections calls f with every injective map [0,k) -> [0,n) until f says stop.
func injections(k, n int, f func([]int) bool) {
	m := make([]int, k)
	used := make([]bool, n)
	var rec func(i int) bool
	rec = func(i int) bool {
		if i == k {
			return f(m)
		}
		for j := range n {
			if !used[j] {
				used[j], m[i] = true, j
				if rec(i + 1) {
					return true
				}
				used[j] = false
			}
		}
		return false
	}
	rec(0)
}

func renameRows(rows []results.Solution, ren map[string]string) []results.Solution {
	out := make([]results.Solution, len(rows))
	for i, s := range rows {
		n := results.Solution{}
		for k, t := range s {
			if t.IsBlank() {
				t = rdf.Blank(ren[t.Value])
			}
			n[k] = t
		}
		out[i] = n
	}
	return out
}

func keyCounts(rows []results.Solution) map[string]int {
	c := map[string]int{}
	for _, s := range rows {
		c[solKey(s)]++
	}
	return c
}

func solKey(s results.Solution) string {
	ks := make([]string, 0, len(s))
	for k, t := range s {
		ks = append(ks, k+"="+t.String()+"|"+t.Datatype)
	}
	sort.Strings(ks)
	return fmtKeys(ks)
}

func fmtKeys(ks []string) string {
	out := ""
	for _, k := range ks {
		out += k + "\x1f"
	}
	return out
}

func bruteExact(e *results.Answer, ar []results.Solution) bool {
	fr := e.Freedom
	switch {
	case fr != nil && fr.Ordered:
		return bruteOrdered(fr, ar)
	case fr != nil && fr.Reduced:
		ce, ca := keyCounts(e.Rows), keyCounts(ar)
		if len(ce) != len(ca) {
			return false
		}
		for k, n := range ca {
			if n > ce[k] {
				return false
			}
		}
		return true
	}
	return mapsEqual(keyCounts(e.Rows), keyCounts(ar))
}

func mapsEqual(x, y map[string]int) bool {
	if len(x) != len(y) {
		return false
	}
	for k, n := range x {
		if y[k] != n {
			return false
		}
	}
	return true
}

func bruteOrdered(fr *results.Freedom, ar []results.Solution) bool {
	n := len(fr.Sequence)
	w0 := min(fr.Offset, n)
	w1 := n
	if fr.Limit >= 0 {
		w1 = min(n, w0+fr.Limit)
	}
	if len(ar) != w1-w0 {
		return false
	}
	for i := 0; i < n; {
		j := i
		for j < n && fr.Ties[j] == fr.Ties[i] {
			j++
		}
		lo, hi := max(i, w0), min(j, w1)
		if lo < hi {
			class, got := keyCounts(fr.Sequence[i:j]), keyCounts(ar[lo-w0:hi-w0])
			for k, c := range got {
				if c > class[k] {
					return false
				}
			}
		}
		i = j
	}
	return true
}

// mutate derives a candidate answer from a permitted one.
func mutate(r *rand.Rand, rows []results.Solution) []results.Solution {
	out := relabel(r, slices.Clone(rows))
	switch r.IntN(6) {
	case 0:
		if len(out) > 0 {
			out[r.IntN(len(out))] = randRow(r)
		}
	case 1:
		if len(out) > 1 {
			i, j := r.IntN(len(out)), r.IntN(len(out))
			out[i], out[j] = out[j], out[i]
		}
	case 2:
		if len(out) > 0 {
			k := r.IntN(len(out))
			out = slices.Delete(out, k, k+1)
		}
	case 3:
		if len(out) > 0 {
			out = append(out, out[r.IntN(len(out))])
		}
	case 4:
		out = mergeBlanks(r, out)
	}
	return out
}

// mergeBlanks renames one blank label to another: a non-injective renaming.
func mergeBlanks(r *rand.Rand, rows []results.Solution) []results.Solution {
	ls := blankLabels(rows)
	if len(ls) < 2 {
		return rows
	}
	i, j := r.IntN(len(ls)), r.IntN(len(ls))
	ren := map[string]string{}
	for _, l := range ls {
		ren[l] = l
	}
	ren[ls[i]] = ls[j]
	return renameRows(rows, ren)
}

// TestAgainstBruteForce checks Compare against bruteAccepts on small random
// answers of every freedom Compare decides.
func TestAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	yes, no := 0, 0
	for i := range 3 * propRounds {
		e, cand := bruteCase(r)
		a := withRows(e, cand)
		want := bruteAccepts(e, a)
		v := Compare(e, a)
		if v.OK != want {
			t.Fatalf("round %d: Compare=%v brute=%v freedom=%+v\nexpected %v\nactual %v\n%s",
				i, v.OK, want, e.Freedom, e.Rows, a.Rows, v.Text())
		}
		if want {
			yes++
		} else {
			no++
		}
	}
	t.Logf("accepted %d, rejected %d", yes, no)
	if yes < propRounds/2 || no < propRounds/2 {
		t.Fatalf("unbalanced: %d accepted, %d rejected", yes, no)
	}
}

func bruteCase(r *rand.Rand) (*results.Answer, []results.Solution) {
	switch r.IntN(3) {
	case 0:
		e := randAnswer(r, r.IntN(6))
		return e, mutate(r, shuffled(r, e.Rows))
	case 1:
		e := randAnswer(r, 1+r.IntN(6))
		e.Freedom = &results.Freedom{Reduced: true, Limit: -1}
		return e, mutate(r, shuffled(r, reduceRows(r, e.Rows)))
	}
	e := ordered(r)
	fr := e.Freedom
	n := len(fr.Sequence)
	fr.Offset = r.IntN(n)
	fr.Limit = r.IntN(n+1) - 1
	hi := n
	if fr.Limit >= 0 {
		hi = min(n, fr.Offset+fr.Limit)
	}
	e.Rows = fr.Sequence[fr.Offset:hi]
	return e, mutate(r, permuteTies(r, fr, fr.Offset, hi))
}

// reduceRows drops some duplicates, keeping every distinct row.
func reduceRows(r *rand.Rand, rows []results.Solution) []results.Solution {
	seen := map[string]bool{}
	var out []results.Solution
	for _, s := range rows {
		k := solKey(s)
		if !seen[k] || r.IntN(2) == 0 {
			out = append(out, s)
		}
		seen[k] = true
	}
	return out
}
