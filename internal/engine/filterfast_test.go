package engine

import (
	"context"
	"fmt"
	"math/rand"
	"testing"

	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/ops"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

var fastPatterns = []string{"", "^", "$", "^$", "al", "^al", "pha$", "^alpha$", "a.b", "^a*", "(x)", "A", "a b", "é"}

func randomString(r *rand.Rand) rdf.Term {
	lex := []string{"alpha", "alpha bravo", "", "xal", "ALPHA", "a b", "é", "pha"}[r.Intn(8)]
	switch r.Intn(5) {
	case 0:
		return rdf.LangLiteral(lex, "en")
	case 1:
		return rdf.IRI("http://x/" + lex)
	}
	return rdf.String(lex)
}

// randomTest is a filter expression over ?x and ?y of the shapes fastTest
// takes, and some it must leave to ops.
func randomTest(r *rand.Rand, depth int) algebra.Expr {
	arg := func() algebra.Expr {
		switch r.Intn(4) {
		case 0:
			return &algebra.Var{Name: "x"}
		case 1:
			return &algebra.Var{Name: "y"}
		case 2:
			return &algebra.Const{Term: randomNumeric(r)}
		}
		return &algebra.Const{Term: randomString(r)}
	}
	if depth > 0 && r.Intn(3) == 0 {
		op := []string{algebra.OpAnd, algebra.OpOr}[r.Intn(2)]
		return &algebra.Call{Name: op, Args: []algebra.Expr{randomTest(r, depth-1), randomTest(r, depth-1)}}
	}
	switch r.Intn(3) {
	case 0:
		fn := []string{"CONTAINS", "STRSTARTS", "STRENDS"}[r.Intn(3)]
		return &algebra.Call{Name: fn, Args: []algebra.Expr{&algebra.Var{Name: "x"}, &algebra.Const{Term: randomString(r)}}}
	case 1:
		p := rdf.String(fastPatterns[r.Intn(len(fastPatterns))])
		return &algebra.Call{Name: "REGEX", Args: []algebra.Expr{&algebra.Var{Name: "x"}, &algebra.Const{Term: p}}}
	}
	ops := []string{algebra.OpEq, algebra.OpNe, algebra.OpLt, algebra.OpGt, algebra.OpLe, algebra.OpGe}
	return &algebra.Call{Name: ops[r.Intn(len(ops))], Args: []algebra.Expr{arg(), arg()}}
}

// TestFastTestMatchesOps: wherever fastTest decides a filter, its answer
// is the effective boolean value ops computes (an error is false).
func TestFastTestMatchesOps(t *testing.T) {
	r := rand.New(rand.NewSource(2))
	ds := rdf.NewDataset()
	for i := 0; i < 300; i++ {
		o := randomNumeric(r)
		if i%2 == 0 {
			o = randomString(r)
		}
		ds.Add(rdf.Quad{S: rdf.IRI(fmt.Sprint("http://x/s", i)), P: rdf.IRI("http://x/p"), O: o})
	}
	st := Load(ds)
	q, err := algebra.Parse("SELECT ?x ?y WHERE { ?x ?p ?y }", "")
	if err != nil {
		t.Fatal(err)
	}
	e := newQuery(context.Background(), st, q, Options{})
	decided := 0
	for trial := 0; trial < 20000; trial++ {
		x := randomTest(r, 2)
		row := e.newRow()
		row[e.vars["x"]] = ID(1 + r.Intn(st.dict.size()-1))
		if r.Intn(10) != 0 {
			row[e.vars["y"]] = ID(1 + r.Intn(st.dict.size()-1))
		}
		got, ok := e.fastTest(x, row)
		if !ok {
			continue
		}
		decided++
		b, err := ops.EBV(e.eval(nil, x, row))
		if want := err == nil && b; got != want {
			t.Fatalf("%v on x=%v y=%v: fast %v, ops %v", x, e.term(row[e.vars["x"]]), e.term(row[e.vars["y"]]), got, want)
		}
	}
	if decided < 500 {
		t.Errorf("fastTest decided only %d of 20000", decided)
	}
}
