package constructs

import (
	"strings"

	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// A trigger that names one aggregate, one numeric function or one operator
// may be the fault of the code they share: AVG and COUNT over an empty
// group are one GROUP BY, `*` and `+` typed xsd:decimal are one operator
// mapping. Siblings gives, for such a label, the case with every
// occurrence replaced by each sibling of its kind; when a sibling keeps
// the divergence, the trigger names the kind (Kinds), not the member.

// kinds are the families of interchangeable constructs, by kind name;
// each member's label is as Of writes it.
var kinds = map[string][]string{
	"aggregate":        {"COUNT", "SUM", "AVG", "MIN", "MAX", "SAMPLE"},
	"numeric function": {"ABS", "CEIL", "FLOOR", "ROUND"},
	"arithmetic":       {"arithmetic (+)", "arithmetic (-)", "arithmetic (*)", "arithmetic (/)"},
	"comparison":       {"comparison (<)", "comparison (>)", "comparison (<=)", "comparison (>=)"},
}

// KindOf is the kind a label belongs to ("" for none).
func KindOf(label string) string {
	for k, ms := range kinds {
		for _, m := range ms {
			if m == label {
				return k
			}
		}
	}
	return ""
}

// Kinds lists the kind names, the labels a generalised trigger may hold.
func Kinds() []string {
	return []string{"aggregate", "arithmetic", "comparison", "numeric function"}
}

// Siblings returns the variants of the case in which every occurrence of
// label is replaced by one other member of its kind (one variant per
// member), each parsing again. None for a label of no kind, or absent.
func Siblings(q *syntax.Query, ds *rdf.Dataset, label string) []Variant {
	kind := KindOf(label)
	if q == nil || kind == "" {
		return nil
	}
	var out []Variant
	for _, m := range kinds[kind] {
		if m == label {
			continue
		}
		c := syntax.Clone(q)
		if !renameAll(c, label, m) {
			continue
		}
		if _, err := syntax.Parse(c.String(), syntax.Options{Base: checkBase}); err != nil {
			continue
		}
		out = append(out, Variant{Query: c, Data: ds})
	}
	return out
}

// renameAll replaces every occurrence of from by to in q; false when
// none. COUNT(*) becomes its sibling over the constant 1 (one per
// solution of the group, as * counts them).
func renameAll(q *syntax.Query, from, to string) bool {
	n, ok := 0, true
	syntax.Inspect(q, func(x syntax.Node) bool {
		switch x := x.(type) {
		case *syntax.Aggregate:
			if x.Name == from {
				if x.Star {
					x.Star, x.Arg = false, &syntax.Literal{Kind: syntax.LitInteger, Lex: "1"}
				}
				x.Name = to
				n++
			}
		case *syntax.Call:
			if x.Name == from {
				x.Name = to
				n++
			}
		case *syntax.Binary:
			if op, isOp := opOf(from); isOp && x.Op == op {
				x.Op, _ = opOf(to)
				n++
			}
		}
		return true
	})
	return ok && n > 0
}

// opOf reads the operator of "arithmetic (*)" or "comparison (<)".
func opOf(label string) (string, bool) {
	for _, p := range []string{"arithmetic (", "comparison ("} {
		if rest, ok := strings.CutPrefix(label, p); ok {
			return strings.TrimSuffix(rest, ")"), true
		}
	}
	return "", false
}
