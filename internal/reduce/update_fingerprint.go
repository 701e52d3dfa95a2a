package reduce

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"

	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// UpdateFingerprint identifies a reduced update case as Fingerprint does a
// query case: the request parsed and printed back, and the store as
// canonical N-Quads; "update" is part of the hash, so a request never
// shares an identity with a query. A request that does not parse is
// fingerprinted as written.
func UpdateFingerprint(request, base string, store *rdf.Dataset) string {
	h := sha256.New()
	fmt.Fprintf(h, "update\x00%s\x00store\x00%s", normalUpdate(request, base), canonicalQuads(store))
	return hex.EncodeToString(h.Sum(nil))[:16]
}

func normalUpdate(request, base string) string {
	u, err := syntax.ParseUpdate(request, syntax.Options{Base: base})
	if err != nil {
		return strings.TrimSpace(request)
	}
	return u.String()
}

// CanonicalUpdateVars renames a request's variables ?v1, ?v2, ... in the
// order they first occur (every occurrence of a name alike), so that two
// reductions that differ only in the names the seeds chose print alike.
// Variables are scoped per operation, and renaming every occurrence of a
// name to a name no other variable has changes no store. A request that
// does not parse, or whose renamed form does not, is returned as it is.
func CanonicalUpdateVars(request, base string) string {
	u, err := syntax.ParseUpdate(request, syntax.Options{Base: base})
	if err != nil {
		return request
	}
	names, done := map[string]string{}, map[*syntax.Var]bool{}
	for _, n := range updateNodes(u) {
		if v, ok := n.(*syntax.Var); ok && !done[v] {
			done[v] = true
			if _, seen := names[v.Name]; !seen {
				names[v.Name] = fmt.Sprintf("v%d", len(names)+1)
			}
			v.Name = names[v.Name]
		}
	}
	out := u.String()
	if _, err := syntax.ParseUpdate(out, syntax.Options{Base: base}); err != nil {
		return request
	}
	return out
}
