package ops

import (
	"slices"
	"strings"

	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// Aggregate evaluates one set function over a group (#setFunctions,
// #defn_algAggregation). For COUNT(*) (Arg nil) it counts the solutions, or
// the distinct solutions with Distinct.
func Aggregate(a *algebra.Aggregate, group []Binding, ctx *Context) Value {
	name := strings.ToUpper(a.Name)
	if a.Arg == nil {
		if name != "COUNT" {
			return Errorf(name + "(*) is not an aggregate")
		}
		v := countStar(group, a.Distinct)
		v.Prov = countStarProv(group, a.Distinct, v) // provenance.go
		return v
	}
	m := make([]Value, len(group))
	for i, mu := range group {
		if err := ctx.tick(); err != nil {
			return Value{Err: err}
		}
		m[i] = Eval(a.Arg, mu, ctx)
		if ctx.aborted() {
			return m[i]
		}
	}
	if a.Distinct {
		m = distinctValues(m)
	}
	v := readAggregate(name, a.Distinct, m, a.Separator, ctx)
	noteOpen(name, m, v, ctx)
	return v
}

// readAggregate applies the set function under the reading of the
// contested questions ctx takes (readings.go): the judge's, errors
// skipped, or (MIN/MAX) the error making the set function an error.
func readAggregate(name string, distinct bool, m []Value, sep string, ctx *Context) Value {
	switch {
	case foldsErrors(name, m) && ctx.Reading(ContestedAggErrors) == 1,
		(name == "MIN" || name == "MAX") && mixesErrors(m) && ctx.Reading(ContestedMinMaxError) == 1:
		m = withoutErrors(m)
	case (name == "MIN" || name == "MAX") && mixesErrors(m) && ctx.Reading(ContestedMinMaxError) == 2:
		return Errorf(name + " over an error and a value: an error (the alternative reading)")
	}
	v := setFunction(name, m, sep, ctx)
	v.Prov = aggregateProv(name, distinct, m, v) // provenance.go
	ctx.noteExtensible(v)
	return v
}

func withoutErrors(m []Value) []Value {
	out := make([]Value, 0, len(m))
	for _, v := range m {
		if v.Err == nil {
			out = append(out, v)
		}
	}
	return out
}

// noteOpen marks the answer indeterminate where the set function's value
// is one of several the text permits, or rests on an open question.
func noteOpen(name string, m []Value, v Value, ctx *Context) {
	if ctx == nil || ctx.Indeterminate != "" {
		return
	}
	anchor := "#defn_agg" + name[:1] + strings.ToLower(name[1:])
	switch {
	case (name == "MIN" || name == "MAX") && mixesErrors(m):
		ctx.Contest(On(ContestedMinMaxError, name), name+" over an error and a value ("+anchor+"): the error is the lowest in ToList, "+
			"or makes the set function an error as it does for SUM; the text does not say which")
	case (name == "MIN" || name == "MAX") && openExtreme(m, v):
		ctx.Indeterminate = name + " over values whose order SPARQL leaves open (" + anchor + ", #modOrderBy): " +
			"the value chosen, and what depends on it, is one of several permitted"
	case foldsErrors(name, m):
		ctx.Contest(On(ContestedAggErrors, name), name+" over a group holding an error or an unbound value ("+anchor+
			"): the definition folds the error into an error, engines skip it (w3c/rdf-tests#39)")
	}
}

// foldsErrors: SUM and GROUP_CONCAT over a group holding an error, and AVG
// over one holding an error and a value, are errors by the definitions
// (op:numeric-add and CONCAT of an error) where engines skip the error.
// AVG with no value at all is "0" by both readings (Count(M) = 0).
func foldsErrors(name string, m []Value) bool {
	switch name {
	case "SUM", "GROUP_CONCAT":
		return countOK(m) < len(m)
	case "AVG":
		return mixesErrors(m)
	}
	return false
}

// mixesErrors: m holds both an error and a value. ToList orders
// the error as "no value", the lowest (MIN is the error, MAX the greatest
// value), but nothing in #defn_aggMax says an error is kept in Flatten(M)
// rather than making the set function an error, as SUM's op:numeric-add
// does; Jena and Oxigraph answer unbound.
func mixesErrors(m []Value) bool {
	errs := 0
	for _, v := range m {
		if v.Err != nil {
			errs++
		}
	}
	return errs > 0 && errs < len(m)
}

// openExtreme reports whether best, the MIN or MAX of m, is one permitted
// choice among several: some other value of m is neither ordered before nor
// after it by #modOrderBy (literals of two categories, NaN, blank nodes,
// numbers equal in value with different lexical forms).
func openExtreme(m []Value, best Value) bool {
	if best.Err != nil {
		return false
	}
	for _, v := range m {
		if v.Err == nil && !OrderFixed(v.Term, best.Term) {
			return true
		}
	}
	return false
}

// setFunction applies the set function name to the flattened multiset m.
func setFunction(name string, m []Value, sep string, ctx *Context) Value {
	switch name {
	case "COUNT":
		return Of(intNumber(int64(countOK(m))).term())
	case "SUM":
		return sum(m)
	case "AVG":
		return avg(m)
	case "MIN":
		return minMax(m, false)
	case "MAX":
		return minMax(m, true)
	case "SAMPLE":
		return sample(m)
	case "GROUP_CONCAT":
		return groupConcat(m, sep, ctx)
	}
	return Errorf("unknown aggregate " + name)
}

// countStar is the special case of #defn_algAggregation: card[Ω] or
// card[Distinct(Ω)].
func countStar(group []Binding, distinct bool) Value {
	if !distinct {
		return Of(intNumber(int64(len(group))).term())
	}
	seen := map[string]bool{}
	for _, mu := range group {
		seen[solutionKey(mu)] = true
	}
	return Of(intNumber(int64(len(seen))).term())
}

// solutionKey identifies a solution by its bound variables and terms.
func solutionKey(mu Binding) string {
	if mu == nil {
		return ""
	}
	vars := slices.Clone(mu.Vars())
	slices.Sort(vars)
	var b strings.Builder
	for _, v := range vars {
		t, ok := mu.Get(v)
		if !ok || t.IsZero() {
			continue
		}
		b.WriteString(v + "\x00" + t.String() + "\x00")
	}
	return b.String()
}

// distinctValues is Distinct(M): equal terms once; errors collapse to one.
func distinctValues(m []Value) []Value {
	seen := map[rdf.Term]bool{}
	var out []Value
	hadErr := false
	for _, v := range m {
		switch {
		case v.Err != nil && !hadErr:
			hadErr = true
			out = append(out, v)
		case v.Err == nil && !seen[v.Term]:
			seen[v.Term] = true
			out = append(out, v)
		}
	}
	return out
}

// countOK is #defn_aggCount: errors (unbound included) are removed.
func countOK(m []Value) int {
	n := 0
	for _, v := range m {
		if v.Err == nil {
			n++
		}
	}
	return n
}

// sum is #defn_aggSum: op:numeric-add folded from "0"^^xsd:integer; any
// error or non-numeric value makes the sum an error.
func sum(m []Value) Value {
	acc := intNumber(0)
	for _, v := range m {
		if v.Err != nil {
			return v
		}
		n, err := numArg("SUM", v.Term)
		if err != nil {
			return Value{Err: err}
		}
		acc, _ = arith("+", n, acc)
	}
	return Of(acc.term())
}

// avg is #defn_aggAvg:
//
//	Avg(M) = "0"^^xsd:integer, where Count(M) = 0
//	Avg(M) = Sum(M) / Count(M), where Count(M) > 0
//
// Count (#defn_aggCount) removes the errors first, so a group whose every
// value is an error (unbound) averages to 0, not to an error; with one
// value and one error Sum(M) is the error.
func avg(m []Value) Value {
	n := countOK(m)
	if n == 0 {
		return Of(intNumber(0).term())
	}
	s := sum(m)
	if s.Err != nil {
		return s
	}
	total, _ := numberOf(s.Term)
	q, err := arith("/", total, intNumber(int64(n)))
	if err != nil {
		return Value{Err: err}
	}
	return Of(q.term())
}

// minMax is #defn_aggMin / #defn_aggMax: the first of the values sorted by
// ORDER BY ASC (DESC for max). An error is "no value", the lowest of all
// (#modOrderBy), so an error makes MIN an error and is never MAX unless
// every value is one. The empty multiset is an error.
func minMax(m []Value, isMax bool) Value {
	if len(m) == 0 {
		return Errorf("MIN/MAX of an empty group")
	}
	best := m[0]
	for _, v := range m[1:] {
		if better(v, best, isMax) {
			best = v
		}
	}
	return best
}

func better(v, best Value, isMax bool) bool {
	switch {
	case v.Err != nil:
		return !isMax && best.Err == nil
	case best.Err != nil:
		return isMax
	}
	c := OrderCompare(v.Term, best.Term)
	return (c < 0) != isMax && c != 0
}

// sample is #defn_aggSample: here the first value that is not an error.
func sample(m []Value) Value {
	for _, v := range m {
		if v.Err == nil {
			return v
		}
	}
	return Errorf("SAMPLE of an empty group")
}

// groupConcat is #defn_aggGroupConcat: CONCAT of the values and
// separators, so an error or a value that is not a string literal is an
// error, and the result is a simple literal (the separator is one). The
// length is charged to the byte budget before the string is built.
func groupConcat(m []Value, sep string, ctx *Context) Value {
	n := int64(0)
	for i, v := range m {
		if v.Err != nil {
			return v
		}
		if err := strArg("GROUP_CONCAT", v.Term); err != nil {
			return Value{Err: err}
		}
		n += int64(len(v.Term.Value))
		if i > 0 {
			n += int64(len(sep))
		}
	}
	if err := ctx.build("GROUP_CONCAT", n); err != nil {
		return Value{Err: err}
	}
	var b strings.Builder
	b.Grow(int(n))
	for i, v := range m {
		if i > 0 {
			b.WriteString(sep)
		}
		b.WriteString(v.Term.Value)
	}
	return Of(rdf.String(b.String()))
}
