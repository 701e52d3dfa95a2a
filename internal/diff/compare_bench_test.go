package diff

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
)

// bigChain is a CONSTRUCT-like answer: a linked list of n blank nodes, each
// with a value, and a shared root. Every blank node occurs in several rows.
func bigChain(n int, prefix string) *results.Answer { return chain(n, 7, prefix) }

// chain is bigChain with node i valued i%mod.
func chain(n, mod int, prefix string) *results.Answer {
	a := &results.Answer{Kind: results.Bindings, Vars: []string{"s", "p", "o"}}
	next := rdf.IRI("http://ex/next")
	for i := range n {
		b := rdf.Blank(fmt.Sprint(prefix, i))
		a.Rows = append(a.Rows, results.Solution{"s": b, "p": rdf.IRI("http://ex/v"),
			"o": rdf.Literal(fmt.Sprint(i%mod), rdf.XSDInteger)})
		if i+1 < n {
			a.Rows = append(a.Rows, results.Solution{"s": b, "p": next,
				"o": rdf.Blank(fmt.Sprint(prefix, i+1))})
		}
	}
	return a
}

func shuffledAnswer(a *results.Answer, seed uint64) *results.Answer {
	r := rand.New(rand.NewPCG(seed, seed))
	return withRows(a, shuffled(r, a.Rows))
}

// TestLargeAnswersDecided: big isomorphic answers are judged within the
// default budget (a correctness check, not a timing).
func TestLargeAnswersDecided(t *testing.T) {
	e := bigChain(2000, "a")
	if v := Compare(e, shuffledAnswer(bigChain(2000, "z"), 1)); !v.OK {
		t.Fatalf("chain rejected: %s %s", v.Classes, v.Note)
	}
	broken := shuffledAnswer(bigChain(2000, "z"), 2)
	broken.Rows[0] = results.Solution{"s": rdf.Blank("z5"), "p": rdf.IRI("http://ex/v"), "o": rdf.Blank("z9")}
	if v := Compare(e, broken); v.OK || v.Classes[0] == ClassUndecided {
		t.Fatalf("broken chain: %s %s", v.Classes, v.Note)
	}
	// With distinct values the best-effort diff finds the one changed row.
	broken = shuffledAnswer(chain(2000, 1<<30, "z"), 2)
	broken.Rows[0] = results.Solution{"s": rdf.Blank("z5"), "p": rdf.IRI("http://ex/v"), "o": rdf.Blank("z9")}
	v := Compare(chain(2000, 1<<30, "a"), broken)
	if v.OK || len(v.Diff) > 4 {
		t.Errorf("one changed row gives %d diff lines:\n%s", len(v.Diff), v.Text())
	}
}

func BenchmarkCompareBlankFree(b *testing.B) {
	e := &results.Answer{Kind: results.Bindings, Vars: []string{"x", "y"}}
	for i := range 10000 {
		e.Rows = append(e.Rows, results.Solution{"x": rdf.IRI(fmt.Sprint("http://ex/", i%500)),
			"y": rdf.Literal(fmt.Sprint(i), rdf.XSDInteger)})
	}
	a := shuffledAnswer(e, 3)
	for b.Loop() {
		if !Compare(e, a).OK {
			b.Fatal("rejected")
		}
	}
}

func BenchmarkCompareBlankChain(b *testing.B) {
	e, a := bigChain(2000, "a"), shuffledAnswer(bigChain(2000, "z"), 1)
	for b.Loop() {
		if !Compare(e, a).OK {
			b.Fatal("rejected")
		}
	}
}
