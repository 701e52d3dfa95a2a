package ops

import (
	"cmp"
	"math"
	"math/big"
	"strings"

	"github.com/sparql-oracle/oracle/internal/rdf"
)

// Literal categories in ORDER BY order (see doc.go): the first four are the
// value spaces on which "<" is defined (#modOrderBy).
var orderRank = map[category]int{
	catNumeric: 1, catDateTime: 2, catBool: 3, catString: 4, catLang: 5, catDate: 6, catOther: 7,
}

// kindRank is #modOrderBy's order of kinds: unbound, blank nodes, IRIs,
// literals.
// The SPARQL 1.2 draft adds "Triple terms" after "RDF literals".
var kindRank = map[rdf.Kind]int{rdf.KindNone: 0, rdf.KindBlank: 1, rdf.KindIRI: 2, rdf.KindLiteral: 3, rdf.KindTriple: 4}

// OrderCompare is the total, transitive order used by ORDER BY (§15.1,
// #modOrderBy), extended across categories: unbound < blank nodes < IRIs <
// literals < triple terms (the SPARQL 1.2 draft; two triple terms component
// by component, orderTriples); literals by category (numeric < dateTime < boolean < string <
// language-tagged < other), then by value, then by datatype IRI, lexical
// form, language tag and base direction. It returns 0 only for identical terms, <0 or >0
// otherwise.
func OrderCompare(a, b rdf.Term) int {
	if a.Kind != b.Kind {
		return kindRank[a.Kind] - kindRank[b.Kind]
	}
	if a.Kind == rdf.KindTriple {
		return orderTriples(a, b) // triple.go
	}
	if a.Kind != rdf.KindLiteral {
		return strings.Compare(a.Value, b.Value)
	}
	if x, y, ok := smallInts(a, b); ok && x != y {
		return cmp.Compare(x, y)
	}
	va, vb := classify(a), classify(b)
	if c := orderRank[va.cat] - orderRank[vb.cat]; c != 0 {
		return c
	}
	if c := valueOrder(va, vb, a, b); c != 0 {
		return c
	}
	if c := strings.Compare(a.Datatype, b.Datatype); c != 0 {
		return c
	}
	if c := strings.Compare(a.Value, b.Value); c != 0 {
		return c
	}
	if c := strings.Compare(a.Lang, b.Lang); c != 0 {
		return c
	}
	return strings.Compare(a.Dir, b.Dir)
}

// OrderTie reports whether a and b are a tie for ORDER BY: neither is
// ordered before the other by #modOrderBy, within one category. Numerics tie
// when equal in value (1 and 1.0; NaN ties only NaN), dateTimes when they
// are the same instant; blank nodes all tie (the spec orders none of them);
// language-tagged literals tie with each other, and so do literals of other
// datatypes. Ties are contiguous runs in the OrderCompare order.
func OrderTie(a, b rdf.Term) bool {
	if a.Kind != b.Kind {
		return false
	}
	switch a.Kind {
	case rdf.KindNone, rdf.KindBlank, rdf.KindTriple:
		return true // #modOrderBy: "two triple terms" have no relative order
	case rdf.KindIRI:
		return a == b
	}
	va, vb := classify(a), classify(b)
	if va.cat != vb.cat {
		return false
	}
	switch va.cat {
	case catLang, catDate, catOther:
		return true
	case catString:
		return a.Value == b.Value
	}
	return valueOrder(va, vb, a, b) == 0
}

// OrderFixed reports whether #modOrderBy decides the relative order of a
// and b (or they are one term): terms of different kinds, two IRIs, or two
// literals of one ordered category that "<" separates. Two blank nodes, NaN,
// literals of different categories, language-tagged or unknown-datatype
// literals, and distinct terms tied in value (1 and 1.0) are left open.
func OrderFixed(a, b rdf.Term) bool {
	switch {
	case a == b || a.Kind != b.Kind:
		return true
	case a.Kind == rdf.KindIRI:
		return true
	case a.Kind != rdf.KindLiteral || isNaNTerm(a) || isNaNTerm(b):
		return false
	}
	va, vb := classify(a), classify(b)
	if va.cat != vb.cat {
		return false
	}
	switch va.cat {
	case catNumeric, catDateTime, catBool, catString, catDate:
		return !OrderTie(a, b)
	}
	return false
}

func isNaNTerm(t rdf.Term) bool {
	return t.Kind == rdf.KindLiteral && t.Value == "NaN" && (t.Datatype == rdf.XSDDouble || t.Datatype == rdf.XSDFloat)
}

// valueOrder compares two literals of one category by value; categories
// without an order give 0.
func valueOrder(va, vb value, a, b rdf.Term) int {
	switch va.cat {
	case catNumeric:
		return numOrder(va.num, vb.num)
	case catDateTime:
		return dtCompare(va.dt, vb.dt)
	case catBool:
		return boolCmp(va.b, vb.b)
	case catString:
		return strings.Compare(a.Value, b.Value)
	case catLang:
		return strings.Compare(a.Value, b.Value)
	}
	return 0
}

// numOrder orders numbers by exact mathematical value (a float by its exact
// binary value), NaN first, then -INF, finite values, +INF. It agrees with
// "<" wherever "<" holds, and is transitive where promotion to double would
// not be (2^53+1 vs 2^53 as a double).
func numOrder(a, b number) int {
	ca, cb := numClass(a), numClass(b)
	if ca != cb {
		return ca - cb
	}
	if ca != 2 {
		return 0
	}
	return exact(a).Cmp(exact(b))
}

func numClass(n number) int {
	if n.kind < kFloat {
		return 2
	}
	switch {
	case math.IsNaN(n.f):
		return 0
	case math.IsInf(n.f, -1):
		return 1
	case math.IsInf(n.f, 1):
		return 3
	}
	return 2
}

func exact(n number) *big.Rat {
	if n.kind < kFloat {
		return n.r
	}
	return new(big.Rat).SetFloat64(n.f)
}

// LiteralCategory names the value space a literal belongs to for ORDER BY
// (numeric, dateTime, boolean, string, language-tagged, date, other); it is
// 0 for a term that is not a literal. "<" orders literals of one category
// only: between categories the spec leaves the order undefined (#modOrderBy).
func LiteralCategory(t rdf.Term) int {
	if !t.IsLiteral() {
		return 0
	}
	return orderRank[classify(t).cat]
}

// OrderClasses numbers the tie classes of a sequence sorted by OrderCompare
// on its rows' first n keys (nil keys: one class). #modOrderBy orders two
// solutions by the first comparator, and by the next one only "for
// solutions where the substitutions of the solution bindings produce the
// same RDF term"; two distinct terms that "<" leaves unordered (1 and 1.0,
// "01" and "1" as integers, two blank nodes) leave the two solutions'
// relative order undefined, whatever the later comparators say. So a run of
// rows tied on key k is split by key k+1 only when they all hold the same
// term at k; otherwise the whole run is one class (a class may then permit
// an order the text fixes within it: never the reverse).
func OrderClasses(keys [][]rdf.Term, n int) []int {
	out := make([]int, len(keys))
	if keys == nil || n <= 0 {
		return out
	}
	next := 0
	var walk func(lo, hi, k int)
	walk = func(lo, hi, k int) {
		for i := lo; i < hi; {
			j := i + 1
			for j < hi && k < n && OrderTie(keyAt(keys[j-1], k), keyAt(keys[j], k)) {
				j++
			}
			if k+1 < n && sameTerm(keys[i:j], k) && j-i > 1 {
				walk(i, j, k+1)
			} else {
				for r := i; r < j; r++ {
					out[r] = next
				}
				next++
			}
			i = j
		}
	}
	walk(0, len(keys), 0)
	return out
}

func keyAt(row []rdf.Term, k int) rdf.Term {
	if k < len(row) {
		return row[k]
	}
	return rdf.None
}

// sameTerm reports whether every row holds one term at key k.
func sameTerm(rows [][]rdf.Term, k int) bool {
	for _, r := range rows[1:] {
		if keyAt(r, k) != keyAt(rows[0], k) {
			return false
		}
	}
	return true
}
