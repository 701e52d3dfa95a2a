package algebra

// Children returns the operands of op in order: the sub-patterns an
// evaluator or an analysis descends into. Expressions (and the patterns of
// EXISTS inside them) are not operands.
func Children(op Op) []Op {
	switch op := op.(type) {
	case *Join:
		return []Op{op.L, op.R}
	case *LeftJoin:
		return []Op{op.L, op.R}
	case *Union:
		return []Op{op.L, op.R}
	case *Minus:
		return []Op{op.L, op.R}
	case *Filter:
		return []Op{op.Op}
	case *Graph:
		return []Op{op.Op}
	case *Extend:
		return []Op{op.Op}
	case *Service:
		return []Op{op.Op}
	case *Group:
		return []Op{op.Op}
	case *OrderBy:
		return []Op{op.Op}
	case *Project:
		return []Op{op.Op}
	case *Distinct:
		return []Op{op.Op}
	case *Reduced:
		return []Op{op.Op}
	case *Slice:
		return []Op{op.Op}
	}
	return nil
}

// Walk calls f on op and then, depth first, on every operand below it.
func Walk(op Op, f func(Op)) {
	if op == nil {
		return
	}
	f(op)
	for _, c := range Children(op) {
		Walk(c, f)
	}
}
