package regress

import (
	"fmt"

	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
)

// canonicalVars renames a reduced query's variables ?v1, ?v2, ... in the
// order they first occur (syntax.Inspect order), every occurrence of a name
// the same way, so that two reductions that differ only in the names the
// seeds chose print alike and get one fingerprint: one root cause, one
// case. Renaming every occurrence of a name to a name no other variable
// has changes no answer but the names of its columns (the confirming run
// then judges the renamed case). A query that does not parse, or whose
// renamed form does not, is returned as it is.
func canonicalVars(query, base string) string {
	q, err := syntax.Parse(query, syntax.Options{Base: base})
	if err != nil {
		return query
	}
	names := map[string]string{}
	syntax.Inspect(q, func(n syntax.Node) bool {
		if v, ok := n.(*syntax.Var); ok {
			if _, seen := names[v.Name]; !seen {
				names[v.Name] = fmt.Sprintf("v%d", len(names)+1)
			}
			v.Name = names[v.Name]
		}
		return true
	})
	out := q.String()
	if _, err := syntax.Parse(out, syntax.Options{Base: base}); err != nil {
		return query
	}
	return out
}
