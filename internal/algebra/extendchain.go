package algebra

// ExtendChain splits Extend(...Extend(P, v1, e1)..., vn, en), the
// translation of a group's BINDs in a row (#sparqlTranslateGraphPatterns),
// into P and the Extends from the innermost out. Both evaluators take such
// a chain as one step (one BNODE() scope per solution, #func-bnode).
func ExtendChain(op *Extend) (Op, []*Extend) {
	var chain []*Extend
	var inner Op = op
	for {
		x, ok := inner.(*Extend)
		if !ok {
			break
		}
		chain = append(chain, x)
		inner = x.Op
	}
	for i, j := 0, len(chain)-1; i < j; i, j = i+1, j-1 {
		chain[i], chain[j] = chain[j], chain[i]
	}
	return inner, chain
}
