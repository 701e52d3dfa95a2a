package algebra

import (
	"testing"

	"github.com/sparql-oracle/oracle/internal/rdf"
)

// The SSE printer over hand-built algebra: one case per node type, checked
// against the forms Jena's `arq.qparse --print=op` writes.

func iri(s string) Node { return T(rdf.IRI(s)) }

func lit(lex, dt string) *Const { return &Const{Term: rdf.Literal(lex, dt)} }

func tp(s, p, o Node) TriplePattern { return TriplePattern{s, p, o} }

func TestSSEOps(t *testing.T) {
	bgp := &BGP{Triples: []TriplePattern{tp(V("x"), iri("p"), V("o"))}}
	bgp2 := &BGP{Triples: []TriplePattern{tp(V("x"), iri("p"), V("o")), tp(V("?0"), iri("q"), V("x"))}}
	one := lit("1", rdf.XSDInteger)
	eq := &Call{Name: OpEq, Args: []Expr{&Var{Name: "o"}, one}}
	cases := []struct {
		op   Op
		want string
	}{
		{&Project{Vars: []string{"x"}, Op: &Filter{Exprs: []Expr{eq}, Op: bgp}},
			"(project (?x)\n  (filter (= ?o 1)\n    (bgp (triple ?x <p> ?o))))"},
		{bgp2, "(bgp\n  (triple ?x <p> ?o)\n  (triple ??0 <q> ?x)\n)"},
		{&BGP{}, "(bgp)"},
		{&LeftJoin{L: bgp, R: bgp, Expr: eq},
			"(leftjoin\n  (bgp (triple ?x <p> ?o))\n  (bgp (triple ?x <p> ?o))\n  (= ?o 1))"},
		{&LeftJoin{L: bgp, R: bgp}, "(leftjoin\n  (bgp (triple ?x <p> ?o))\n  (bgp (triple ?x <p> ?o)))"},
		{&Union{L: &BGP{}, R: &BGP{}}, "(union\n  (bgp)\n  (bgp))"},
		{&Minus{L: &BGP{}, R: &BGP{}}, "(minus\n  (bgp)\n  (bgp))"},
		{&Join{L: &BGP{}, R: &BGP{}}, "(join\n  (bgp)\n  (bgp))"},
		{&Filter{Exprs: []Expr{eq, eq}, Op: &BGP{}}, "(filter (exprlist (= ?o 1) (= ?o 1))\n  (bgp))"},
		{&Graph{Name: V("g"), Op: &BGP{}}, "(graph ?g\n  (bgp))"},
		{&Service{Name: iri("http://s/"), Silent: true, Op: &BGP{}}, "(service silent <http://s/>\n  (bgp))"},
		{&Extend{Var: "v", Expr: &Call{Name: OpAdd, Args: []Expr{&Var{Name: "x"}, one}}, Op: &BGP{}},
			"(extend ((?v (+ ?x 1)))\n  (bgp))"},
		{&Table{Vars: []string{"x", "y"}, Rows: [][]rdf.Term{{rdf.IRI("a"), {}}, {{}, rdf.String("s")}}},
			"(table (vars ?x ?y)\n  (row [?x <a>])\n  (row [?y \"s\"]))"},
		{&Path{S: V("s"), Path: &ZeroOrMore{P: &Link{IRI: "p"}}, O: V("o")}, "(path ?s (path* <p>) ?o)"},
		{&Slice{Offset: 1, Limit: 2, Op: &BGP{}}, "(slice 1 2\n  (bgp))"},
		{&Slice{Offset: 0, Limit: 5, Op: &BGP{}}, "(slice _ 5\n  (bgp))"},
		{&Slice{Offset: 3, Limit: -1, Op: &BGP{}}, "(slice 3 _\n  (bgp))"},
		{&OrderBy{Conds: []OrderCond{{Expr: &Var{Name: "x"}, Desc: true}, {Expr: &Var{Name: "y"}}}, Op: &BGP{}},
			"(order ((desc ?x) ?y)\n  (bgp))"},
		{&Distinct{Op: &BGP{}}, "(distinct\n  (bgp))"},
		{&Reduced{Op: &BGP{}}, "(reduced\n  (bgp))"},
		{&Group{Keys: []GroupKey{{Var: "k", Expr: &Var{Name: "k"}}, {Var: "l", Expr: &Call{Name: "STR", Args: []Expr{&Var{Name: "x"}}}}},
			Aggs: []AggBinding{{Var: "?.0", Agg: Aggregate{Name: "COUNT", Arg: &Var{Name: "x"}}},
				{Var: "?.1", Agg: Aggregate{Name: "COUNT", Distinct: true}},
				{Var: "?.2", Agg: Aggregate{Name: "GROUP_CONCAT", Arg: &Var{Name: "x"}, Separator: ", "}}},
			Op: &BGP{}},
			"(group (?k (?l (str ?x))) ((?.0 (count ?x)) (?.1 (count distinct)) (?.2 (group_concat (separator \", \") ?x)))\n  (bgp))"},
	}
	for _, c := range cases {
		if got := String(c.op); got != c.want {
			t.Errorf("got\n%s\nwant\n%s", got, c.want)
		}
	}
}

func TestSSEExprs(t *testing.T) {
	x := &Var{Name: "x"}
	cases := []struct {
		e    Expr
		want string
	}{
		{lit("1", rdf.XSDInteger), "1"},
		{lit("-01", rdf.XSDInteger), "-01"},
		{lit("1.0", rdf.XSDDecimal), "1.0"},
		{lit(".5", rdf.XSDDecimal), ".5"},
		{lit("1.", rdf.XSDDecimal), `"1."^^<http://www.w3.org/2001/XMLSchema#decimal>`},
		{lit("1e0", rdf.XSDDouble), "1e0"},
		{lit("1.5E-3", rdf.XSDDouble), "1.5E-3"},
		{lit(".e1", rdf.XSDDouble), `".e1"^^<http://www.w3.org/2001/XMLSchema#double>`},
		{lit("true", rdf.XSDBoolean), "true"},
		{lit("1", rdf.XSDBoolean), `"1"^^<http://www.w3.org/2001/XMLSchema#boolean>`},
		{lit("abc", rdf.XSDInteger), `"abc"^^<http://www.w3.org/2001/XMLSchema#integer>`},
		{&Const{Term: rdf.String("a\"b\n")}, `"a\"b\n"`},
		{&Const{Term: rdf.LangLiteral("chat", "FR")}, `"chat"@fr`},
		{&Const{Term: rdf.Blank("b1")}, `_:b1`},
		{&Call{Name: OpNeg, Args: []Expr{x}}, "(- ?x)"},
		{&Call{Name: OpNot, Args: []Expr{&Call{Name: OpBound, Args: []Expr{x}}}}, "(! (bound ?x))"},
		{&Call{Name: OpNotIn, Args: []Expr{x, lit("1", rdf.XSDInteger)}}, "(notin ?x 1)"},
		{&Call{Name: "SAMETERM", Args: []Expr{x, x}}, "(sameTerm ?x ?x)"},
		{&Call{Name: "REGEX", Args: []Expr{x, &Const{Term: rdf.String("a")}, &Const{Term: rdf.String("i")}}}, `(regex ?x "a" "i")`},
		{&Func{IRI: rdf.XSDInteger, Args: []Expr{x}}, "(<http://www.w3.org/2001/XMLSchema#integer> ?x)"},
		{&Exists{Op: &BGP{Triples: []TriplePattern{tp(V("x"), iri("p"), V("?0")), tp(V("x"), iri("q"), V("y"))}}},
			"(exists (bgp (triple ?x <p> ??0) (triple ?x <q> ?y)))"},
		{&Exists{Not: true, Op: &Filter{Exprs: []Expr{x}, Op: &BGP{}}}, "(notexists (filter ?x (bgp)))"},
	}
	for _, c := range cases {
		if got := ExprString(c.e); got != c.want {
			t.Errorf("got %s, want %s", got, c.want)
		}
	}
}

func TestSSEPaths(t *testing.T) {
	p, q := &Link{IRI: "p"}, &Link{IRI: "q"}
	cases := []struct {
		pe   PathExpr
		want string
	}{
		{&Seq{L: p, R: &Inverse{P: q}}, "(seq <p> (reverse <q>))"},
		{&Alt{L: &OneOrMore{P: p}, R: &ZeroOrOne{P: q}}, "(alt (path+ <p>) (path? <q>))"},
		{&NegatedSet{Fwd: []string{"p"}, Inv: []string{"q"}}, "(notoneof <p> (reverse <q>))"},
	}
	for _, c := range cases {
		if got := PathString(c.pe); got != c.want {
			t.Errorf("got %s, want %s", got, c.want)
		}
	}
}

func TestSSEQuery(t *testing.T) {
	q := &Query{Form: Select, Vars: []string{"x"}, From: []string{"http://g/"}, FromNamed: []string{"http://h/"},
		Op: &Project{Vars: []string{"x"}, Op: &BGP{}}}
	want := "(select (?x)\n  (from <http://g/>)\n  (from named <http://h/>)\n  (project (?x)\n    (bgp)))"
	if got := q.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	c := &Query{Form: Construct, Template: []TriplePattern{tp(T(rdf.Blank("b0")), iri("p"), V("x"))}, Op: &BGP{}}
	want = "(construct\n  (template (triple _:b0 <p> ?x))\n  (bgp))"
	if got := c.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	d := &Query{Form: Describe, Describe: []Node{V("x"), iri("u")}, Op: &BGP{}}
	want = "(describe (?x <u>)\n  (bgp))"
	if got := d.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
