package results

import (
	"bufio"
	"math/big"
	"os"
	"strings"
	"testing"

	"github.com/sparql-oracle/oracle/internal/rdf"
)

// TestAcceptsDecimal reads testdata/decimal_precision.txt: the edges of the
// xs:decimal precision rule (AcceptsDecimal).
func TestAcceptsDecimal(t *testing.T) {
	f, err := os.Open("testdata/decimal_precision.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	for ln := 1; sc.Scan(); ln++ {
		line, _, _ := strings.Cut(sc.Text(), "#")
		if strings.TrimSpace(line) == "" {
			continue
		}
		lhs, want, ok := strings.Cut(line, "=>")
		fs := strings.Fields(lhs)
		if !ok || len(fs) != 2 {
			t.Fatalf("decimal_precision.txt:%d: want Q D => ok|no", ln)
		}
		q, ok1 := new(big.Rat).SetString(fs[0])
		d, ok2 := new(big.Rat).SetString(fs[1])
		if !ok1 || !ok2 {
			t.Fatalf("decimal_precision.txt:%d: bad number", ln)
		}
		if got := AcceptsDecimal(q, d); got != (strings.TrimSpace(want) == "ok") {
			t.Errorf("decimal_precision.txt:%d: AcceptsDecimal(%s, %s) = %v, want %s", ln, fs[0], fs[1], got, strings.TrimSpace(want))
		}
		// Through a Cell and a term, as the comparator asks.
		c := Cell{Fix: FixPrecision, Value: fs[0]}
		e := rdf.Literal("0.0", rdf.XSDDecimal)
		if got := c.Accepts(e, rdf.Literal(fs[1], rdf.XSDDecimal)); got != (strings.TrimSpace(want) == "ok") {
			t.Errorf("decimal_precision.txt:%d: Cell.Accepts = %v", ln, got)
		}
		n++
	}
	if n < 30 {
		t.Errorf("only %d cases read", n)
	}
}

// TestCellAccepts: the datatype is fixed; the lexical form must be in the
// datatype's lexical space; an open cell takes any bound term.
func TestCellAccepts(t *testing.T) {
	dec := func(s string) rdf.Term { return rdf.Literal(s, rdf.XSDDecimal) }
	lex := Cell{Fix: FixLexical}
	cases := []struct {
		cell Cell
		e, a rdf.Term
		want bool
	}{
		{lex, dec("285.0"), dec("285"), true},
		{lex, dec("285.0"), dec("+0285.000"), true},
		{lex, dec("285.0"), rdf.Literal("285", rdf.XSDInteger), false}, // datatype is fixed
		{lex, dec("285.0"), dec("285.1"), false},
		{lex, dec("285.0"), dec("2.85e2"), false}, // not a decimal lexical form
		{lex, rdf.Literal("1.0E0", rdf.XSDFloat), rdf.Literal("1", rdf.XSDFloat), true},
		{lex, rdf.Literal("NaN", rdf.XSDDouble), rdf.Literal("NaN", rdf.XSDDouble), true},
		{lex, rdf.Literal("0.0E0", rdf.XSDDouble), rdf.Literal("-0.0E0", rdf.XSDDouble), false},
		{lex, rdf.Literal("true", rdf.XSDBoolean), rdf.Literal("1", rdf.XSDBoolean), true},
		{lex, rdf.String("a"), rdf.String("a"), true},
		{lex, rdf.String("a"), rdf.String("b"), false},
		{Cell{Fix: FixOpen}, dec("1"), rdf.IRI("http://x"), true},
		{Cell{Fix: FixOpen}, dec("1"), rdf.None, false},
		{Cell{Fix: FixPrecision, Value: "4", Bound: "1/25000000000000000"}, dec("3.99"), dec("3.99999999999999999"), true},
		{Cell{Fix: FixPrecision, Value: "4", Bound: "1/25000000000000000"}, dec("3.99"), dec("3.9999999999999999"), false},
		{Cell{Fix: FixPrecision, Value: "1/3", Bound: "1/1000"}, rdf.Literal("0.3", rdf.XSDDouble), rdf.Literal("0.333", rdf.XSDDouble), true},
	}
	for _, c := range cases {
		if got := c.cell.Accepts(c.e, c.a); got != c.want {
			t.Errorf("%+v.Accepts(%s, %s) = %v, want %v", c.cell, c.e, c.a, got, c.want)
		}
	}
}

// TestInMinimalDecimals: the values every minimally conforming processor
// represents (i × 10^-n, |i| < 10^18, 0 <= n <= 18).
func TestInMinimalDecimals(t *testing.T) {
	for s, want := range map[string]bool{
		"0": true, "1/3": false, "7/4": true, "999999999999999999": true, "1000000000000000000": false,
		"99999999999999999/100000000000000000": true, "1/1000000000000000000": true,
		"1/10000000000000000000": false, "-123456789012345678/1000": true, "1234567890123456789/1000": false,
	} {
		q, _ := new(big.Rat).SetString(s)
		if got := InMinimalDecimals(q); got != want {
			t.Errorf("InMinimalDecimals(%s) = %v, want %v", s, got, want)
		}
	}
}
