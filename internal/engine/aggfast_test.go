package engine

import (
	"context"
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/ops"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// randomNumeric is a literal from the corners the decoder must get right:
// signs, leading and trailing zeros, ".5" and "5.", 30-digit values, and
// terms it must leave to ops (derived types, doubles, ill-formed forms).
func randomNumeric(r *rand.Rand) rdf.Term {
	digits := func(n int) string {
		var b strings.Builder
		for i := 0; i < n; i++ {
			b.WriteByte(byte('0' + r.Intn(10)))
		}
		return b.String()
	}
	sign := []string{"", "-", "+"}[r.Intn(3)]
	switch r.Intn(10) {
	case 0:
		return rdf.Literal(sign+digits(1+r.Intn(30)), rdf.XSDInteger)
	case 1:
		return rdf.Literal(sign+"."+digits(1+r.Intn(3)), rdf.XSDDecimal)
	case 2:
		return rdf.Literal(sign+digits(1+r.Intn(3))+".", rdf.XSDDecimal)
	case 3:
		return rdf.Literal(sign+digits(1+r.Intn(25))+"."+digits(r.Intn(25)), rdf.XSDDecimal)
	case 4:
		return rdf.Literal(fmt.Sprint(r.Intn(100)), rdf.XSD+"int")
	case 5:
		return rdf.Literal("1.5e1", rdf.XSDDouble)
	case 6:
		return rdf.Literal("1.2.3", rdf.XSDDecimal)
	}
	return rdf.Literal(sign+digits(1+r.Intn(4))+"."+digits(r.Intn(3)), rdf.XSDDecimal)
}

// TestFastAggregateMatchesOps: on random groups of numeric literals (some
// unbound), every set function the fast path takes gives ops.Aggregate's
// term, and ORDER BY's id comparison gives ops.OrderCompare's sign.
func TestFastAggregateMatchesOps(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	ds := rdf.NewDataset()
	for i := 0; i < 400; i++ {
		ds.Add(rdf.Quad{S: rdf.IRI(fmt.Sprint("http://x/", i)), P: rdf.IRI("http://x/p"), O: randomNumeric(r)})
	}
	st := Load(ds)
	q, err := algebra.Parse("SELECT ?x WHERE { ?s ?p ?x }", "")
	if err != nil {
		t.Fatal(err)
	}
	e := newQuery(context.Background(), st, q, Options{})
	col := e.vars["x"]
	taken := 0
	for trial := 0; trial < 3000; trial++ {
		rows := randomGroup(e, r, col, st.dict.size())
		for _, name := range []string{"COUNT", "SUM", "AVG", "MIN", "MAX"} {
			a := &algebra.Aggregate{Name: name, Distinct: r.Intn(4) == 0, Arg: &algebra.Var{Name: "x"}}
			fast, ok := e.fastAggregate(a, rows)
			if !ok {
				continue
			}
			taken++
			slow := ops.Aggregate(a, e.bindings(rows), e.ectx)
			if (fast.Err == nil) != (slow.Err == nil) || fast.Term != slow.Term {
				t.Fatalf("%s over %v: fast %v (%v), ops %v (%v)", name, terms(e, rows, col), fast.Term, fast.Err, slow.Term, slow.Err)
			}
		}
		checkOrder(t, e, rows, col)
	}
	if taken < 3000 {
		t.Errorf("the fast path took only %d of 15000 aggregates", taken)
	}
}

func randomGroup(e *query, r *rand.Rand, col, n int) []row {
	rows := make([]row, r.Intn(6))
	for i := range rows {
		rows[i] = e.newRow()
		if r.Intn(12) != 0 {
			rows[i][col] = ID(1 + r.Intn(n-1))
		}
	}
	return rows
}

func checkOrder(t *testing.T, e *query, rows []row, col int) {
	for i := 1; i < len(rows); i++ {
		a, b := rows[i-1][col], rows[i][col]
		got, want := e.orderCompare(a, b), ops.OrderCompare(e.term(a), e.term(b))
		if sgn(got) != sgn(want) {
			t.Fatalf("order of %v and %v: %d, ops %d", e.term(a), e.term(b), got, want)
		}
	}
}

func sgn(x int) int { return max(-1, min(1, x)) }

func terms(e *query, rows []row, col int) []string {
	var out []string
	for _, r := range rows {
		out = append(out, e.term(r[col]).String())
	}
	return out
}
