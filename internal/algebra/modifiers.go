package algebra

// TopOrderBy returns the OrderBy of a query's solution modifiers, nil when
// there is none. Translation applies the modifiers as
// Slice(Distinct|Reduced(Project(OrderBy(...)))) (#sparqlSolMod), so the
// OrderBy lies under those and no deeper: an ORDER BY of a subquery is not
// the query's order. The W3C runner (internal/w3c/order.go) and the bench's
// comparison (cmd/oracle/bench_compare.go) both need it.
func TopOrderBy(op Op) *OrderBy {
	op = belowSlice(op)
	if p, ok := op.(*Project); ok {
		op = p.Op
	}
	o, _ := op.(*OrderBy)
	return o
}

// belowSlice returns what the Slice, Distinct and Reduced of a query's
// solution modifiers apply to (#sparqlSolMod): its Project, or what stands
// in its place.
func belowSlice(op Op) Op {
	for {
		switch o := op.(type) {
		case *Slice:
			op = o.Op
		case *Distinct:
			op = o.Op
		case *Reduced:
			op = o.Op
		default:
			return op
		}
	}
}
