package engine

import (
	"strconv"
	"strings"

	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/ops"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// fastAggregate is the set function of a over the group's rows read as
// term ids (#defn_algAggregation) for the common shapes: COUNT(*), and
// COUNT, SUM, AVG, MIN or MAX of a variable whose values are all
// xsd:integer or xsd:decimal literals, each decoded once per id
// (numeric.go). ok is false where the shape or a value is outside these;
// then ops.Aggregate decides, and it gives the same value here.
func (e *query) fastAggregate(a *algebra.Aggregate, rows []row) (ops.Value, bool) {
	name := strings.ToUpper(a.Name)
	if a.Arg == nil {
		// card[Ω] (#defn_algAggregation); DISTINCT * compares solutions.
		return ops.Of(intTerm(len(rows))), name == "COUNT" && !a.Distinct
	}
	v, isVar := a.Arg.(*algebra.Var)
	col, known := 0, false
	if isVar {
		col, known = e.vars[v.Name]
	}
	if !known {
		return ops.Value{}, false
	}
	ids := e.column(rows, col, a.Distinct)
	switch name {
	case "COUNT":
		// #defn_aggCount: errors (unbound) are removed.
		n := 0
		for _, id := range ids {
			if id != 0 {
				n++
			}
		}
		return ops.Of(intTerm(n)), true
	case "SUM", "AVG", "MIN", "MAX":
		return e.numericAggregate(name, ids)
	}
	return ops.Value{}, false
}

// column is the ids of col over rows, each once with DISTINCT (Distinct(M):
// RDF term equality is id equality), in order of first appearance.
func (e *query) column(rows []row, col int, distinct bool) []ID {
	ids := make([]ID, 0, len(rows))
	var seen map[ID]bool
	if distinct {
		seen = map[ID]bool{}
	}
	for _, r := range rows {
		id := r[col]
		if distinct {
			if seen[id] {
				continue
			}
			seen[id] = true
		}
		ids = append(ids, id)
	}
	return ids
}

// numericAggregate is SUM, AVG, MIN or MAX over bound exact numerics; an
// unbound value, another kind of term or an empty group goes to ops (errors,
// the open cases of noteOpen and the float arithmetic stay in one place).
func (e *query) numericAggregate(name string, ids []ID) (ops.Value, bool) {
	if len(ids) == 0 {
		return ops.Value{}, false
	}
	nums := make([]*num, len(ids))
	for i, id := range ids {
		if id == 0 {
			return ops.Value{}, false
		}
		if nums[i] = e.numOf(id); nums[i] == nil {
			return ops.Value{}, false
		}
	}
	switch name {
	case "MIN", "MAX":
		return ops.Of(e.term(ids[e.extreme(ids, nums, name == "MAX")])), true
	}
	var acc numSum
	for _, n := range nums {
		acc.add(n)
	}
	if name == "SUM" {
		return ops.Of(acc.term()), true
	}
	// #defn_aggAvg: Sum(M) / Count(M) by op:numeric-divide, which ops does.
	div := &algebra.Call{Name: algebra.OpDiv, Args: []algebra.Expr{
		&algebra.Const{Term: acc.term()}, &algebra.Const{Term: intTerm(len(ids))}}}
	return ops.Eval(div, binding{e, nil}, e.ectx), true
}

// extreme is the index of the first least (greatest with max) value in
// ORDER BY order (#defn_aggMin, #defn_aggMax): values compare as numbers,
// and equal values of different terms by ops.OrderCompare.
func (e *query) extreme(ids []ID, nums []*num, isMax bool) int {
	best := 0
	for i := 1; i < len(ids); i++ {
		if ids[i] == ids[best] {
			continue
		}
		c := cmpNum(nums[i], nums[best])
		if c == 0 {
			c = ops.OrderCompare(e.term(ids[i]), e.term(ids[best]))
		}
		if (c < 0) != isMax && c != 0 {
			best = i
		}
	}
	return best
}

func intTerm(n int) rdf.Term { return rdf.Literal(strconv.Itoa(n), rdf.XSDInteger) }
