package algebra

// TopOrderBy returns the OrderBy of a query's solution modifiers, nil when
// there is none. Translation applies the modifiers as
// Slice(Distinct|Reduced(Project(OrderBy(...)))) (#sparqlSolMod), so the
// OrderBy lies under those and no deeper: an ORDER BY of a subquery is not
// the query's order. The W3C runner (internal/w3c/order.go) and the bench's
// comparison (cmd/oracle/bench_compare.go) both need it.
func TopOrderBy(op Op) *OrderBy {
	for {
		switch o := op.(type) {
		case *Slice:
			op = o.Op
		case *Distinct:
			op = o.Op
		case *Reduced:
			op = o.Op
		case *Project:
			op = o.Op
		case *OrderBy:
			return o
		default:
			return nil
		}
	}
}
