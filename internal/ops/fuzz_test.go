package ops

import (
	"testing"

	"github.com/sparql-oracle/oracle/internal/rdf"
)

// FuzzCanonical: the canonical form of a numeric value parses back to the
// same canonical form (idempotence), and arithmetic never panics.
func FuzzCanonical(f *testing.F) {
	for _, s := range []string{"1", "-0", "1.50", ".5", "1e3", "-1.5E-7", "INF", "NaN", "123456789012345678901234567890.000001", "0.1"} {
		f.Add(s, uint8(0))
	}
	types := []string{rdf.XSDInteger, rdf.XSDDecimal, rdf.XSDFloat, rdf.XSDDouble}
	f.Fuzz(func(t *testing.T, lex string, k uint8) {
		if len(lex) > 200 {
			return
		}
		n, ok := numberOf(rdf.Literal(lex, types[int(k)%len(types)]))
		if !ok {
			return
		}
		c := n.term()
		n2, ok := numberOf(c)
		if !ok || n2.term() != c {
			t.Fatalf("%q: canonical %s does not round-trip", lex, c)
		}
		for _, op := range []string{"+", "-", "*", "/"} {
			arith(op, n, n2)
		}
		if s := numberString(n); s == "" {
			t.Fatalf("%q: empty string cast", lex)
		}
	})
}

// FuzzRegex: translation and compilation never panic, and REPLACE with a
// compiled pattern terminates.
func FuzzRegex(f *testing.F) {
	for _, s := range []string{`a+`, `[a-z-[b]]`, `\p{L}`, `(a)\1`, `\`, `[`, `\p{`, `x{2,3}`, `[\w\S]`} {
		f.Add(s, "ix", "$1\\$")
	}
	f.Fuzz(func(t *testing.T, pattern, flags, repl string) {
		re, err := compileXPath(pattern, flags)
		if err != nil {
			return
		}
		re.MatchString("abc 123 é")
		replaceAll(nil, re, "abc 123 é", repl)
	})
}

// FuzzDateTime: parsing never panics and valid values compare consistently.
func FuzzDateTime(f *testing.F) {
	for _, s := range []string{"2005-01-01T00:00:00Z", "-0044-03-15T12:00:00+14:00", "2000-12-31T24:00:00", "2000-02-29T23:59:59.999-05:30"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, ok := parseDateTime(s)
		if !ok {
			return
		}
		if dtCompare(d, d) != 0 {
			t.Fatalf("%q not equal to itself", s)
		}
		dateTimeFn("TIMEZONE", rdf.Literal(s, rdf.XSDDateTime))
	})
}
