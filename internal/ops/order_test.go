package ops

import (
	"slices"
	"testing"

	"github.com/sparql-oracle/oracle/internal/rdf"
)

func lit(lex, dt string) rdf.Term { return rdf.Literal(lex, dt) }

// orderPool is an adversarial pool for the order properties.
var orderPool = []rdf.Term{
	rdf.None, rdf.Blank("a"), rdf.Blank("b"), rdf.IRI("http://a/"), rdf.IRI("http://b/"), rdf.IRI(""),
	lit("1", rdf.XSDInteger), lit("01", rdf.XSDInteger), lit("1.0", rdf.XSDDecimal), lit("1", rdf.XSDDecimal),
	lit("1e0", rdf.XSDDouble), lit("1", rdf.XSDFloat), lit("1", rdf.XSD+"int"), lit("2", rdf.XSDInteger),
	lit("NaN", rdf.XSDDouble), lit("NaN", rdf.XSDFloat), lit("INF", rdf.XSDDouble), lit("-INF", rdf.XSDFloat),
	lit("0", rdf.XSDDouble), lit("-0", rdf.XSDDouble), lit("0", rdf.XSDInteger), lit("-0.0", rdf.XSDDecimal),
	lit("9007199254740993", rdf.XSDInteger), lit("9007199254740992", rdf.XSDDouble), lit("9007199254740992", rdf.XSDInteger),
	lit("0.1", rdf.XSDDecimal), lit("0.1", rdf.XSDFloat), lit("0.1", rdf.XSDDouble),
	lit("abc", rdf.XSDInteger), lit("1.5", rdf.XSDInteger), lit("x", "http://e/dt"), lit("1", "http://e/dt"),
	rdf.String(""), rdf.String("a"), rdf.String("b"), rdf.String("1"), rdf.String("é"),
	rdf.LangLiteral("a", "en"), rdf.LangLiteral("a", "fr"), rdf.LangLiteral("b", "en"),
	rdf.Bool(true), rdf.Bool(false), lit("1", rdf.XSDBoolean), lit("yes", rdf.XSDBoolean),
	lit("2005-01-01T00:00:00Z", rdf.XSDDateTime), lit("2004-12-31T19:00:00-05:00", rdf.XSDDateTime),
	lit("2005-01-01T00:00:00", rdf.XSDDateTime), lit("2005-01-01T00:00:01Z", rdf.XSDDateTime),
	lit("2005-02-30T00:00:00Z", rdf.XSDDateTime),
}

func sign(c int) int {
	switch {
	case c < 0:
		return -1
	case c > 0:
		return 1
	}
	return 0
}

func TestOrderCompareIsTotalOrder(t *testing.T) {
	p := orderPool
	for _, a := range p {
		for _, b := range p {
			ab, ba := sign(OrderCompare(a, b)), sign(OrderCompare(b, a))
			if ab != -ba {
				t.Errorf("antisymmetry: %s vs %s: %d, %d", a, b, ab, ba)
			}
			if (ab == 0) != (a == b) {
				t.Errorf("OrderCompare(%s, %s) = 0 iff same term, got %d", a, b, ab)
			}
			for _, c := range p {
				if ab <= 0 && OrderCompare(b, c) <= 0 && OrderCompare(a, c) > 0 {
					t.Errorf("transitivity: %s <= %s <= %s but not %s <= %s", a, b, c, a, c)
				}
			}
		}
	}
}

// TestOrderTieIsEquivalence checks OrderTie is an equivalence whose
// classes are contiguous in the sorted pool.
func TestOrderTieIsEquivalence(t *testing.T) {
	p := slices.Clone(orderPool)
	slices.SortStableFunc(p, OrderCompare)
	for _, a := range p {
		if !OrderTie(a, a) {
			t.Errorf("OrderTie(%s, %s) is false", a, a)
		}
		for _, b := range p {
			if OrderTie(a, b) != OrderTie(b, a) {
				t.Errorf("OrderTie not symmetric on %s, %s", a, b)
			}
			for _, c := range p {
				if OrderTie(a, b) && OrderTie(b, c) && !OrderTie(a, c) {
					t.Errorf("OrderTie not transitive: %s %s %s", a, b, c)
				}
			}
		}
	}
	for i := range p {
		for j := i + 1; j < len(p); j++ {
			for k := i + 1; k < j; k++ {
				if OrderTie(p[i], p[j]) && !OrderTie(p[i], p[k]) {
					t.Errorf("tie class of %s not contiguous: %s between it and %s", p[i], p[k], p[j])
				}
			}
		}
	}
}

// TestOrderAgreesWithLess: where "<" holds, OrderCompare agrees (#modOrderBy).
func TestOrderAgreesWithLess(t *testing.T) {
	for _, a := range orderPool {
		for _, b := range orderPool {
			if a.IsZero() || b.IsZero() {
				continue
			}
			v := relational("<", a, b)
			if v.Err == nil && v.Term == rdf.Bool(true) && OrderCompare(a, b) >= 0 {
				t.Errorf("%s < %s but OrderCompare = %d", a, b, OrderCompare(a, b))
			}
			if v.Err == nil && v.Term == rdf.Bool(true) && OrderTie(a, b) {
				t.Errorf("%s < %s but they tie", a, b)
			}
		}
	}
}

func TestOrderExamples(t *testing.T) {
	cases := []struct {
		a, b rdf.Term
		tie  bool
		less bool
	}{
		{rdf.None, rdf.Blank("z"), false, true},
		{rdf.Blank("z"), rdf.IRI("a"), false, true},
		{rdf.IRI("z"), rdf.String("a"), false, true},
		{lit("1", rdf.XSDInteger), lit("1.0", rdf.XSDDecimal), true, false},
		{lit("1", rdf.XSDInteger), lit("1e0", rdf.XSDDouble), true, false},
		{lit("2", rdf.XSDInteger), lit("10", rdf.XSDInteger), false, true},
		{lit("NaN", rdf.XSDDouble), lit("-INF", rdf.XSDDouble), false, true},
		{rdf.String("a"), rdf.String("b"), false, true},
		{rdf.LangLiteral("b", "en"), rdf.LangLiteral("a", "en"), true, false},
		{rdf.Blank("a"), rdf.Blank("b"), true, true},
		{lit("2005-01-01T00:00:00Z", rdf.XSDDateTime), lit("2004-12-31T19:00:00-05:00", rdf.XSDDateTime), true, false},
		{lit("abc", rdf.XSDInteger), lit("abd", rdf.XSDInteger), true, true},
	}
	for _, c := range cases {
		if got := OrderTie(c.a, c.b); got != c.tie {
			t.Errorf("OrderTie(%s, %s) = %v", c.a, c.b, got)
		}
		if c.less && OrderCompare(c.a, c.b) >= 0 {
			t.Errorf("OrderCompare(%s, %s) = %d, want < 0", c.a, c.b, OrderCompare(c.a, c.b))
		}
	}
}
