package diff

import (
	"os"
	"testing"

	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
)

// naiveGreedy matches actual rows in order to the first expected row that
// is consistent with the bijection built so far, never revisiting a choice.
func naiveGreedy(e, a *results.Answer) bool {
	t := newTable(e, a)
	er, ar := t.rows(e.Rows), t.rows(a.Rows)
	if len(er) != len(ar) {
		return false
	}
	bij, taken := newBijection(), make([]bool, len(er))
	for _, r := range ar {
		if !greedyTake(t, bij, er, taken, r) {
			return false
		}
	}
	return true
}

func greedyTake(t *table, bij *bijection, er [][]rdf.Term, taken []bool, r []rdf.Term) bool {
	for i, e := range er {
		if taken[i] {
			continue
		}
		if _, ok := t.tryBind(bij, e, r); ok {
			taken[i] = true
			return true
		}
	}
	return false
}

// TestGreedyFixtures: these fixtures are correct answers that in-order
// greedy matching rejects; Compare accepts them.
func TestGreedyFixtures(t *testing.T) {
	for _, f := range []string{"greedy_fails_ok", "greedy_fails_shared_ok"} {
		src, err := os.ReadFile("testdata/cases/" + f + ".txt")
		if err != nil {
			t.Fatal(err)
		}
		c, err := parseCase(string(src))
		if err != nil {
			t.Fatal(err)
		}
		if naiveGreedy(c.expected, c.actual) {
			t.Errorf("%s: greedy matching succeeds, the fixture proves nothing", f)
		}
		if v := Compare(c.expected, c.actual); !v.OK {
			t.Errorf("%s: rejected:\n%s", f, v.Text())
		}
	}
}
