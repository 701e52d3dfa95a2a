package w3c

import (
	"math/rand"
	"time"

	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/ops"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
)

// orderConds returns the ORDER BY conditions of the query's top level
// (algebra.TopOrderBy: the OrderBy under the solution modifiers, #sparqlSolMod).
func orderConds(op algebra.Op) []algebra.OrderCond {
	if o := algebra.TopOrderBy(op); o != nil {
		return o.Conds
	}
	return nil
}

// orderFreedom builds the Freedom of an ordered expectation: the expected
// rows are the sequence, and consecutive rows whose ORDER BY keys compare
// equal under ops.OrderCompare (#modOrderBy) form one tie class, whose rows
// an engine may return in any order. The W3C expectation is already sliced,
// so Offset is 0 and there is no Limit (an engine that cut a boundary tie
// class differently is reported, a limit of the suite's expectations).
// When a key needs a variable the expected rows do not carry (an
// unprojected variable, an aggregate, EXISTS), the keys cannot be
// recomputed: every row is then in one tie class, and the note says so.
func orderFreedom(q *algebra.Query, conds []algebra.OrderCond, exp *results.Answer) (*results.Freedom, string) {
	f := &results.Freedom{Ordered: true, Sequence: exp.Rows, Ties: make([]int, len(exp.Rows)), Limit: -1}
	for _, c := range conds {
		if !computable(c.Expr, exp.Vars) {
			return f, "ORDER BY key not computable from the expected rows: order not checked"
		}
	}
	ctx := &ops.Context{Now: time.Now(), Base: q.Base, Rand: rand.New(rand.NewSource(1))}
	var prev []rdf.Term
	class := 0
	for i, row := range exp.Rows {
		keys := orderKeys(conds, row, ctx)
		if i > 0 && !sameKeys(prev, keys) {
			class++
		}
		f.Ties[i], prev = class, keys
	}
	return f, ""
}

// orderKeys evaluates each condition on a row; an error orders as unbound.
func orderKeys(conds []algebra.OrderCond, row results.Solution, ctx *ops.Context) []rdf.Term {
	keys := make([]rdf.Term, len(conds))
	for i, c := range conds {
		ctx.NewSolution()
		if v := ops.Eval(c.Expr, solution(row), ctx); !v.IsErr() {
			keys[i] = v.Term
		}
	}
	return keys
}

func sameKeys(a, b []rdf.Term) bool {
	for i := range a {
		if ops.OrderCompare(a[i], b[i]) != 0 {
			return false
		}
	}
	return true
}

// computable reports whether e uses only variables in vars and no EXISTS.
func computable(e algebra.Expr, vars []string) bool {
	switch e := e.(type) {
	case *algebra.Var:
		return contains(vars, e.Name)
	case *algebra.Const:
		return true
	case *algebra.Call:
		return all(e.Args, vars)
	case *algebra.Func:
		return all(e.Args, vars)
	}
	return false
}

func all(es []algebra.Expr, vars []string) bool {
	for _, e := range es {
		if !computable(e, vars) {
			return false
		}
	}
	return true
}

// solution adapts a results.Solution to ops.Binding.
type solution results.Solution

func (s solution) Get(name string) (rdf.Term, bool) {
	t, ok := s[name]
	return t, ok && !t.IsZero()
}

func (s solution) Vars() []string {
	out := make([]string, 0, len(s))
	for v := range s {
		out = append(out, v)
	}
	return out
}
