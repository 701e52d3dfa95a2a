package reduce

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"sort"
	"strings"

	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// Fingerprint identifies a reduced case independently of how it was written
// and of which engines ran it: the query parsed and printed back (spacing,
// comments and keyword case gone), and the data as sorted N-Quads with blank
// nodes relabelled by their position in that order. A finding's identity is
// (engine, class, Fingerprint); bystander engines are not part of it. Two
// isomorphic datasets whose blank nodes cannot be told apart by their
// blank-free quads may still print apart: the fingerprint then over-splits,
// it never merges different cases. A query that does not parse is
// fingerprinted as written.
func Fingerprint(query, base string, ds *rdf.Dataset) string {
	return fingerprint(queryGrammar, "query", query, base, "data", ds)
}

// UpdateFingerprint identifies a reduced update case as Fingerprint does a
// query case: the request parsed and printed back, and the store as
// canonical N-Quads; "update" is part of the hash, so a request never
// shares an identity with a query. A request that does not parse is
// fingerprinted as written.
func UpdateFingerprint(request, base string, store *rdf.Dataset) string {
	return fingerprint(updateGrammar, "update", request, base, "store", store)
}

// fingerprint hashes the kind, text as g prints it back, and ds canonical.
func fingerprint(g grammar, kind, text, base, dataName string, ds *rdf.Dataset) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00%s\x00%s", kind, g.normalText(text, base), dataName, canonicalQuads(ds))
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// normalText is text parsed and printed back (spacing, comments and
// keyword case gone), or as written, trimmed, when it does not parse.
func (g grammar) normalText(text, base string) string {
	t, err := g.parse(text, base)
	if err != nil {
		return strings.TrimSpace(text)
	}
	return t.String()
}

// canonicalQuads writes ds as N-Quads lines, sorted, with every blank node
// renamed after the sorted blank-free forms of the quads it occurs in (ties
// broken by first occurrence in that sorted order).
func canonicalQuads(ds *rdf.Dataset) string {
	if ds == nil {
		return ""
	}
	qs := ds.Quads()
	sig := map[rdf.Term][]string{}
	for _, q := range qs {
		for _, t := range [4]rdf.Term{q.S, q.P, q.O, q.G} {
			if t.Kind == rdf.KindBlank {
				sig[t] = append(sig[t], quadLine(q, nil))
			}
		}
	}
	blanks := make([]rdf.Term, 0, len(sig))
	for b, s := range sig {
		sort.Strings(s)
		blanks = append(blanks, b)
	}
	sort.Slice(blanks, func(i, j int) bool {
		a, b := strings.Join(sig[blanks[i]], "\n"), strings.Join(sig[blanks[j]], "\n")
		if a != b {
			return a < b
		}
		return blanks[i].Value < blanks[j].Value
	})
	names := map[rdf.Term]string{}
	for i, b := range blanks {
		names[b] = fmt.Sprintf("_:c%d", i)
	}
	lines := make([]string, len(qs))
	for i, q := range qs {
		lines[i] = quadLine(q, names)
	}
	sort.Strings(lines)
	return strings.Join(lines, "\n")
}

// quadLine prints q; blank nodes print as names gives them, or as "_:" when
// names is nil (the blank-free form).
func quadLine(q rdf.Quad, names map[rdf.Term]string) string {
	parts := make([]string, 0, 4)
	for _, t := range [4]rdf.Term{q.S, q.P, q.O, q.G} {
		switch {
		case t.IsZero():
		case t.Kind == rdf.KindBlank && names == nil:
			parts = append(parts, "_:")
		case t.Kind == rdf.KindBlank:
			parts = append(parts, names[t])
		default:
			parts = append(parts, t.String())
		}
	}
	return strings.Join(parts, " ")
}

// CanonicalUpdateVars renames a request's variables ?v1, ?v2, ... in the
// order they first occur (every occurrence of a name alike), so that two
// reductions that differ only in the names the seeds chose print alike.
// Variables are scoped per operation, and renaming every occurrence of a
// name to a name no other variable has changes no store. A request that
// does not parse, or whose renamed form does not, is returned as it is.
func CanonicalUpdateVars(request, base string) string {
	u, err := updateGrammar.parse(request, base)
	if err != nil {
		return request
	}
	names, done := map[string]string{}, map[*syntax.Var]bool{}
	for _, n := range updateGrammar.nodes(u) {
		if v, ok := n.(*syntax.Var); ok && !done[v] {
			done[v] = true
			if _, seen := names[v.Name]; !seen {
				names[v.Name] = fmt.Sprintf("v%d", len(names)+1)
			}
			v.Name = names[v.Name]
		}
	}
	out := u.String()
	if _, err := updateGrammar.parse(out, base); err != nil {
		return request
	}
	return out
}
