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
	h := sha256.New()
	fmt.Fprintf(h, "query\x00%s\x00data\x00%s", normalQuery(query, base), canonicalQuads(ds))
	return hex.EncodeToString(h.Sum(nil))[:16]
}

func normalQuery(query, base string) string {
	q, err := syntax.Parse(query, syntax.Options{Base: base})
	if err != nil {
		return strings.TrimSpace(query)
	}
	return q.String()
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
