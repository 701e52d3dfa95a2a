package ops

import (
	"bufio"
	"math/big"
	"os"
	"strings"
	"testing"

	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
)

// provBinding is a ProvBinding over fixed values.
type provBinding map[string]Value

func (b provBinding) Get(n string) (rdf.Term, bool) { v, ok := b[n]; return v.Term, ok }
func (b provBinding) Vars() []string {
	var out []string
	for n := range b {
		out = append(out, n)
	}
	return out
}
func (b provBinding) GetProv(n string) (rdf.Term, Prov, bool) {
	v, ok := b[n]
	return v.Term, v.Prov, ok
}

func rat(s string) *big.Rat { r, _ := new(big.Rat).SetString(s); return r }

// provBindings are the bindings testdata/provenance/cases.txt describes.
func provBindings() provBinding {
	dec := func(s string) rdf.Term { return rdf.Literal(s, rdf.XSDDecimal) }
	return provBinding{
		"avg": {Term: dec("27.571428571428571428571429"), Prov: Prov{Fix: results.FixPrecision, Val: rat("193/7"), Origin: 1}},
		"n":   {Term: rdf.Literal("7", rdf.XSDInteger), Prov: Prov{Fix: results.FixLexical, Origin: 2}},
		"x":   Of(rdf.Literal("01", rdf.XSDInteger)),
		"d":   Of(rdf.Literal("2.5E0", rdf.XSDDouble)),
		"s":   Of(rdf.String("chat")),
		"r":   {Term: rdf.Literal("0.5E0", rdf.XSDDouble), Prov: openProv},
	}
}

// TestProvenance reads testdata/provenance/cases.txt: the provenance Eval gives
// each expression over bindings of known provenance.
func TestProvenance(t *testing.T) {
	f, err := os.Open("testdata/provenance/cases.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	mu := provBindings()
	sc := bufio.NewScanner(f)
	n := 0
	for ln := 1; sc.Scan(); ln++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		src, want, ok := strings.Cut(line, "=>")
		if !ok {
			t.Fatalf("provenance/cases.txt:%d: want EXPR => FIX", ln)
		}
		q, err := algebra.Parse("PREFIX xsd: <http://www.w3.org/2001/XMLSchema#> SELECT ("+src+" AS ?result) {}", "")
		if err != nil {
			t.Fatalf("provenance/cases.txt:%d: %v", ln, err)
		}
		v := Eval(resultExpr(q.Op), mu, &Context{})
		if got := provText(v); got != strings.TrimSpace(want) {
			t.Errorf("provenance/cases.txt:%d: %s => %s, want %s (value %v)", ln, strings.TrimSpace(src), got, strings.TrimSpace(want), v)
		}
		n++
	}
	if n < 40 {
		t.Errorf("only %d cases read", n)
	}
}

// resultExpr finds the expression bound to ?result.
func resultExpr(op algebra.Op) algebra.Expr {
	var x algebra.Expr
	algebra.Walk(op, func(o algebra.Op) {
		if e, ok := o.(*algebra.Extend); ok && e.Var == "result" {
			x = e.Expr
		}
	})
	return x
}

func provText(v Value) string {
	p := v.Prov
	switch {
	case v.Err != nil:
		return "error"
	case p.Fix == results.FixNone:
		return "exact"
	case p.Fix != results.FixPrecision:
		return string(p.Fix)
	case p.Bound == nil:
		return "precision " + p.Val.RatString()
	}
	return "precision " + p.Val.RatString() + " " + p.Bound.RatString()
}
