package diff

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
)

const propRounds = 400

var propVars = []string{"a", "b", "c"}

// randTerm draws from a small pool so that rows repeat and blank nodes are
// shared between rows and columns.
func randTerm(r *rand.Rand) rdf.Term {
	switch r.IntN(5) {
	case 0:
		return rdf.None
	case 1:
		return rdf.IRI("http://ex/i" + strconv.Itoa(r.IntN(3)))
	case 2:
		return rdf.Literal(strconv.Itoa(r.IntN(3)), rdf.XSDInteger)
	}
	return rdf.Blank("b" + strconv.Itoa(r.IntN(5)))
}

func randRow(r *rand.Rand) results.Solution {
	s := results.Solution{}
	for _, v := range propVars {
		if t := randTerm(r); !t.IsZero() {
			s[v] = t
		}
	}
	return s
}

func randAnswer(r *rand.Rand, n int) *results.Answer {
	a := &results.Answer{Kind: results.Bindings, Vars: propVars}
	for range n {
		a.Rows = append(a.Rows, randRow(r))
	}
	return a
}

func withRows(a *results.Answer, rows []results.Solution) *results.Answer {
	return &results.Answer{Kind: a.Kind, Vars: a.Vars, Rows: rows}
}

func shuffled(r *rand.Rand, rows []results.Solution) []results.Solution {
	out := slices.Clone(rows)
	r.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

// relabel renames every blank node by a random bijection.
func relabel(r *rand.Rand, rows []results.Solution) []results.Solution {
	perm := r.Perm(100)
	out := make([]results.Solution, len(rows))
	for i, s := range rows {
		n := results.Solution{}
		for k, t := range s {
			if t.IsBlank() {
				id, _ := strconv.Atoi(strings.TrimPrefix(t.Value, "b"))
				t = rdf.Blank("r" + strconv.Itoa(perm[id]))
			}
			n[k] = t
		}
		out[i] = n
	}
	return out
}

func TestPropertyBags(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for i := range propRounds {
		e := randAnswer(r, 1+r.IntN(8))
		same := withRows(e, relabel(r, shuffled(r, e.Rows)))
		if v := Compare(e, same); !v.OK {
			t.Fatalf("round %d: permutation+relabelling rejected:\n%s\nexpected %v", i, v.Text(), e.Rows)
		}
		k := r.IntN(len(e.Rows))
		dropped := withRows(e, slices.Delete(slices.Clone(same.Rows), k, k+1))
		if v := Compare(e, dropped); v.OK || len(v.Classes) == 0 {
			t.Fatalf("round %d: dropping a row accepted: %v", i, e.Rows)
		}
		dup := withRows(e, append(slices.Clone(same.Rows), same.Rows[k]))
		if v := Compare(e, dup); v.OK || len(v.Classes) == 0 {
			t.Fatalf("round %d: duplicating a row accepted: %v", i, e.Rows)
		}
	}
}

// TestPropertySymmetry: for plain bags, OK does not depend on the side.
func TestPropertySymmetry(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	oks := 0
	for i := range propRounds {
		a := randAnswer(r, r.IntN(4))
		b := randAnswer(r, r.IntN(4))
		if r.IntN(2) == 0 {
			b = withRows(a, relabel(r, shuffled(r, a.Rows)))
			if len(b.Rows) > 0 && r.IntN(2) == 0 {
				b.Rows[0] = randRow(r)
			}
		}
		ab, ba := Compare(a, b), Compare(b, a)
		if ab.OK != ba.OK {
			t.Fatalf("round %d: asymmetric: %v vs %v\n%v\n%v", i, ab.OK, ba.OK, a.Rows, b.Rows)
		}
		if ab.OK {
			oks++
		}
	}
	if oks < propRounds/4 {
		t.Fatalf("only %d accepted pairs: the generator is too weak", oks)
	}
}

// ordered builds a judge answer for ORDER BY ?k: classes of tied rows, each
// row carrying its class in ?k so rows of different classes always differ.
func ordered(r *rand.Rand) *results.Answer {
	fr := &results.Freedom{Ordered: true, Limit: -1}
	classes := 1 + r.IntN(4)
	for c := range classes {
		for range 1 + r.IntN(4) {
			s := randRow(r)
			s["k"] = rdf.Literal(strconv.Itoa(c), rdf.XSDInteger)
			fr.Sequence = append(fr.Sequence, s)
			fr.Ties = append(fr.Ties, c)
		}
	}
	return &results.Answer{Kind: results.Bindings, Vars: []string{"a", "b", "c", "k"},
		Rows: fr.Sequence, Freedom: fr}
}

// permuteTies shuffles rows inside each tie class of seq[lo:hi] and returns
// them; with cut, a boundary class contributes a random subset of its rows.
func permuteTies(r *rand.Rand, fr *results.Freedom, lo, hi int) []results.Solution {
	var out []results.Solution
	for i := 0; i < len(fr.Sequence); {
		j := i
		for j < len(fr.Sequence) && fr.Ties[j] == fr.Ties[i] {
			j++
		}
		n := min(j, hi) - max(i, lo)
		if n > 0 {
			out = append(out, shuffled(r, fr.Sequence[i:j])[:n]...)
		}
		i = j
	}
	return out
}

func TestPropertyOrderBy(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for i := range propRounds {
		e := ordered(r)
		fr := e.Freedom
		good := withRows(e, relabel(r, permuteTies(r, fr, 0, len(fr.Sequence))))
		if v := Compare(e, good); !v.OK {
			t.Fatalf("round %d: permutation within ties rejected:\n%s", i, v.Text())
		}
		x, y := r.IntN(len(fr.Sequence)), r.IntN(len(fr.Sequence))
		if fr.Ties[x] == fr.Ties[y] {
			continue
		}
		bad := withRows(e, slices.Clone(fr.Sequence))
		bad.Rows[x], bad.Rows[y] = bad.Rows[y], bad.Rows[x]
		if v := Compare(e, bad); v.OK || !slices.Equal(v.Classes, []Class{ClassOrder}) {
			t.Fatalf("round %d: swap across ties: %s", i, v.Text())
		}
	}
}

func TestPropertyLimitCut(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	tested := 0
	for i := range propRounds {
		e := ordered(r)
		fr := e.Freedom
		n := len(fr.Sequence)
		fr.Offset = r.IntN(n)
		fr.Limit = 1 + r.IntN(n-fr.Offset)
		lo, hi := fr.Offset, fr.Offset+fr.Limit
		good := withRows(e, relabel(r, permuteTies(r, fr, lo, hi)))
		e.Rows = fr.Sequence[lo:hi]
		if v := Compare(e, good); !v.OK {
			t.Fatalf("round %d: right cut rejected (offset %d limit %d):\n%s", i, lo, fr.Limit, v.Text())
		}
		// A wrong cut: one row replaced by a row of a class outside the window.
		outside := -1
		for j := range n {
			if fr.Ties[j] < fr.Ties[lo] || fr.Ties[j] > fr.Ties[hi-1] {
				outside = j
			}
		}
		if outside < 0 {
			continue
		}
		tested++
		bad := withRows(e, slices.Clone(good.Rows))
		bad.Rows[r.IntN(len(bad.Rows))] = fr.Sequence[outside]
		if v := Compare(e, bad); v.OK {
			t.Fatalf("round %d: wrong cut accepted", i)
		}
	}
	if tested < propRounds/4 {
		t.Fatalf("only %d wrong cuts tested", tested)
	}
}

// cycle is a graph-like answer: one n-cycle of blank nodes, or two n/2-cycles.
func cycle(n int, split bool, prefix string) *results.Answer {
	a := &results.Answer{Kind: results.Bindings, Vars: []string{"x", "y"}}
	for i := range n {
		next := (i + 1) % n
		if split {
			h := n / 2
			next = (i/h)*h + (i%h+1)%h
		}
		a.Rows = append(a.Rows, results.Solution{
			"x": rdf.Blank(fmt.Sprint(prefix, i)), "y": rdf.Blank(fmt.Sprint(prefix, next))})
	}
	return a
}

func TestBudget(t *testing.T) {
	one, two := cycle(40, false, "a"), cycle(40, true, "b")
	if v := Compare(one, cycle(40, false, "z")); !v.OK {
		t.Fatalf("cycle relabelled rejected: %s", v.Text())
	}
	if v := Compare(one, two); v.OK || v.Classes[0] == ClassUndecided {
		t.Fatalf("one cycle vs two: %s", v.Text())
	}
	v := CompareWith(one, two, Options{Budget: 50})
	if v.OK || !slices.Equal(v.Classes, []Class{ClassUndecided}) || !strings.Contains(v.Note, "budget") {
		t.Fatalf("small budget: %s", v.Text())
	}
}

func TestClassNames(t *testing.T) {
	seen := map[Class]bool{}
	for _, c := range AllClasses() {
		if seen[c] {
			t.Fatalf("duplicate class %s", c)
		}
		seen[c] = true
		if got, err := ParseClass(string(c)); err != nil || got != c {
			t.Fatalf("ParseClass(%q) = %v, %v", c, got, err)
		}
	}
	if _, err := ParseClass("nope"); err == nil {
		t.Fatal("ParseClass accepted an unknown name")
	}
}

func TestNilAnswers(t *testing.T) {
	if v := Compare(nil, &results.Answer{Kind: results.Boolean}); v.OK || v.Classes[0] != ClassShape {
		t.Fatalf("nil expected: %s", v.Text())
	}
}

// TestKeysDoNotCollide: row keys are length-prefixed, so terms whose parts
// merely concatenate to the same bytes stay different.
func TestKeysDoNotCollide(t *testing.T) {
	x := rdf.Term{Kind: rdf.KindLiteral, Value: "x\x1e", Datatype: "y"}
	y := rdf.Term{Kind: rdf.KindLiteral, Value: "x", Datatype: "\x1ey"}
	e := &results.Answer{Kind: results.Bindings, Vars: []string{"v"}, Rows: []results.Solution{{"v": x}}}
	a := withRows(e, []results.Solution{{"v": y}})
	if v := Compare(e, a); v.OK {
		t.Fatal("different terms accepted as equal")
	}
}
