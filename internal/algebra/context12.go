package algebra

// ContextSites lists the nodes of p where the SPARQL 1.2 draft's
// translation of a GroupGraphPattern would stand ContextSolution
// (#sparqlTranslateGraphPatterns: "Let G := ContextSolution"; evaluated by
// #defn_evalContextSolution). This package's translation is 1.1's, whose
// groups start from the empty BGP and whose Join(Z, A) is simplified away,
// so the group boundaries are gone; the sites are where a group starts and
// ContextSolution is observable: every leaf a group element translates to
// (a BGP, the empty BGP included, a path, VALUES) and the top of every
// sub-select (the modifiers above its Slice, not those under it). It is
// part of the translation, so both evaluators read it from here, as they
// read the rest of the tree; what ContextSolution evaluates to is each
// evaluator's own (reference/exists12.go, engine/exists12.go).
func ContextSites(p Op) map[Op]bool {
	sites := map[Op]bool{}
	var walk func(op Op, underModifier bool)
	walk = func(op Op, underModifier bool) {
		switch op.(type) {
		case *BGP, *Path, *Table:
			sites[op] = true
		case *Slice, *Reduced, *Distinct, *Project, *OrderBy:
			if !underModifier {
				sites[op] = true
			}
			for _, c := range Children(op) {
				walk(c, true)
			}
			return
		}
		for _, c := range Children(op) {
			walk(c, false)
		}
	}
	walk(p, false)
	return sites
}
