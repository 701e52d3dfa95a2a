package syntax

import (
	"strings"
	"testing"
)

// Trees built by code (no positions, no written forms, shapes the parser
// never produces) must still print to text that parses to an equal tree.
func TestPrintBuiltTree(t *testing.T) {
	iri := func(s string) *IRI { return &IRI{Value: "http://ex/" + s} }
	v := func(n string) *Var { return &Var{Name: n} }
	lit := func(k LitKind, lex string) *Literal { return &Literal{Kind: k, Lex: lex} }
	one := int64(1)
	q := &Query{
		Form:   FormSelect,
		Select: &Projection{Distinct: true, Items: []*SelectItem{{Var: v("s")}, {Var: v("n"), Expr: &Unary{Op: "-", X: lit(LitInteger, "1")}}}},
		Where: &GroupPattern{Elems: []Pattern{
			&TriplesBlock{Triples: []*TriplesSameSubject{{Subject: v("s"), Props: []*PropertyObjects{
				{Verb: &PathSeq{Steps: []PathExpr{&PathAlt{Alts: []PathExpr{iri("p"), &PathInverse{Path: iri("q")}}}, &PathMod{Path: &PathSeq{Steps: []PathExpr{iri("a"), iri("b")}}, Mod: '*'}}},
					Objects: []GraphNode{&Literal{Kind: LitString, Lex: "a\"b\\c\nd", Lang: "en"}, &Literal{Kind: LitString, Lex: "5", Datatype: iri("dt")}}},
				{Verb: &IRI{Value: RDFType, Written: "a"}, Objects: []GraphNode{&IRI{Value: RDFType, Written: "a"}}},
			}}}},
			&Filter{Expr: &Binary{Op: "-", X: v("x"), Y: &Binary{Op: "-", X: v("y"), Y: lit(LitInteger, "-2")}}},
			&Filter{Expr: &Binary{Op: "=", X: &Binary{Op: "=", X: v("a"), Y: v("b")}, Y: lit(LitBoolean, "true")}},
			&Filter{Expr: &Unary{Op: "!", X: &Binary{Op: "||", X: v("a"), Y: v("b")}}},
			&Union{Groups: []*GroupPattern{{}, {Elems: []Pattern{&Bind{Expr: iri("f"), Var: v("g")}}}}},
			&Graph{Name: iri("g"), Pattern: &GroupPattern{}},
			&InlineData{Vars: []*Var{v("k")}, Rows: [][]GraphNode{{nil}, {lit(LitDecimal, "1.5")}}},
		}},
		Mod: Modifiers{Order: []*OrderCondition{{Expr: &Binary{Op: "+", X: v("s"), Y: lit(LitInteger, "1")}}}, Limit: &one},
	}
	text := q.String()
	q2, err := Parse(text, Options{})
	if err != nil {
		t.Fatalf("printed tree does not parse: %v\n%s", err, text)
	}
	if !Equal(q, q2) {
		t.Fatalf("tree changed through print/parse:\n%s\n---\n%s", text, q2.String())
	}
	for _, want := range []string{`?x - (?y - -2)`, `(?a = ?b) = true`, `!(?a || ?b)`, `-(1)`, "; a <" + RDFType + ">", `"a\"b\\c\nd"@en`} {
		if !strings.Contains(text, want) {
			t.Errorf("printed text lacks %q:\n%s", want, text)
		}
	}
}

// Shapes the grammar cannot express directly print to an equivalent query.
func TestPrintNormalises(t *testing.T) {
	tb := func(s string) *TriplesBlock {
		return &TriplesBlock{Triples: []*TriplesSameSubject{{Subject: &Var{Name: s},
			Props: []*PropertyObjects{{Verb: &Var{Name: "p"}, Objects: []GraphNode{&Var{Name: "o"}}}}}}}
	}
	sub := &SubSelect{Select: &Projection{Star: true}, Where: &GroupPattern{Elems: []Pattern{tb("z")}}}
	q := &Query{Form: FormAsk, Where: &GroupPattern{Elems: []Pattern{tb("a"), tb("b"), sub, &Union{Groups: []*GroupPattern{{Elems: []Pattern{tb("c")}}}}}}}
	text := q.String()
	q2, err := Parse(text, Options{})
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	if got := q2.String(); got != text {
		t.Errorf("not a fixed point:\n%s\n---\n%s", text, got)
	}
}
