package ops

import (
	"errors"
	"testing"

	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

func call(name string, args ...algebra.Expr) *algebra.Call {
	return &algebra.Call{Name: name, Args: args}
}

func str(s string) algebra.Expr { return &algebra.Const{Term: rdf.String(s)} }

// TestBNodeScoping: BNODE(str) is stable within a solution and fresh across
// solutions; BNODE() is fresh per call (#func-bnode).
func TestBNodeScoping(t *testing.T) {
	ctx := testContext()
	ctx.NewSolution()
	a1 := Eval(call("BNODE", str("a")), nil, ctx)
	a2 := Eval(call("BNODE", str("a")), nil, ctx)
	b := Eval(call("BNODE", str("b")), nil, ctx)
	f1, f2 := Eval(call("BNODE"), nil, ctx), Eval(call("BNODE"), nil, ctx)
	if a1.Term != a2.Term || a1.Term == b.Term || f1.Term == f2.Term || !a1.Term.IsBlank() {
		t.Errorf("within a solution: %v %v %v %v %v", a1, a2, b, f1, f2)
	}
	ctx.NewSolution()
	a3 := Eval(call("BNODE", str("a")), nil, ctx)
	if a3.Term == a1.Term {
		t.Errorf("BNODE(\"a\") reused across solutions: %s", a3.Term)
	}
}

func TestExists(t *testing.T) {
	ctx := testContext()
	e := &algebra.Exists{Op: &algebra.BGP{}}
	if v := Eval(e, nil, ctx); v.Err == nil {
		t.Errorf("EXISTS without ExistsFunc = %v, want error", v.Term)
	}
	ctx.Exists = func(op algebra.Op, mu Binding) (bool, error) { return true, nil }
	if v := Eval(e, nil, ctx); v.Term != rdf.Bool(true) {
		t.Errorf("EXISTS = %v", v)
	}
	if v := Eval(&algebra.Exists{Not: true, Op: &algebra.BGP{}}, nil, ctx); v.Term != rdf.Bool(false) {
		t.Errorf("NOT EXISTS = %v", v)
	}
	ctx.Exists = func(op algebra.Op, mu Binding) (bool, error) { return false, ErrBudget }
	if v := Eval(e, nil, ctx); v.Err == nil || !errors.Is(ctx.Fatal, ErrBudget) {
		t.Errorf("budget error not recorded: %v, %v", v, ctx.Fatal)
	}
}

// TestRandAndUUID checks ranges and shapes, and that a seeded context
// repeats itself.
func TestRandAndUUID(t *testing.T) {
	c1, c2 := testContext(), testContext()
	for range 100 {
		r1, r2 := Eval(call("RAND"), nil, c1), Eval(call("RAND"), nil, c2)
		if r1 != r2 {
			t.Fatalf("same seed, different RAND: %v %v", r1, r2)
		}
		n, ok := numberOf(r1.Term)
		if !ok || n.kind != kDouble || n.f < 0 || n.f >= 1 {
			t.Fatalf("RAND() = %s", r1.Term)
		}
	}
	u := Eval(call("STRUUID"), nil, c1).Term.Value
	if len(u) != 36 || u[14] != '4' || !stringsContainsRune("89ab", rune(u[19])) {
		t.Errorf("STRUUID() = %q is not a v4 UUID", u)
	}
}

func stringsContainsRune(s string, r rune) bool {
	for _, c := range s {
		if c == r {
			return true
		}
	}
	return false
}

func TestNilContextAndBinding(t *testing.T) {
	if v := Eval(call("STRLEN", str("ab")), nil, nil); v.Term != rdf.Literal("2", rdf.XSDInteger) {
		t.Errorf("nil context: %v", v)
	}
	if v := Eval(&algebra.Var{Name: "x"}, nil, nil); v.Err == nil {
		t.Errorf("unbound var with nil binding: %v", v)
	}
	if v := Eval(nil, nil, nil); v.Err == nil {
		t.Errorf("nil expr: %v", v)
	}
}

func TestTranslateRegex(t *testing.T) {
	cases := []struct{ in, flags, out string }{
		{`abc`, ``, `abc`},
		{`a b`, `x`, `ab`},
		{`[a b]`, `x`, `[a b]`},
		{`a.c`, `is`, `(?is)a.c`},
		{`\d+`, ``, `\p{Nd}+`},
		{`[\d\w]`, ``, `[\p{Nd}\p{L}\p{M}\p{N}\p{S}]`},
		{`\s`, ``, `[ \t\n\r]`},
		{`\p{Lu}\P{N}`, ``, `\p{Lu}\P{N}`},
		{`x{2,3}?`, `m`, `(?m)x{2,3}?`},
	}
	for _, c := range cases {
		got, err := TranslateRegex(c.in, c.flags)
		if err != nil || got != c.out {
			t.Errorf("TranslateRegex(%q, %q) = %q, %v; want %q", c.in, c.flags, got, err, c.out)
		}
	}
	for _, bad := range []string{`(a)\1`, `[a-z-[aeiou]]`, `\i`, `\C`, `\p{IsGreek}`, `(?:x)`, `\b`, `[\S]`, `a\`, `[a`} {
		if _, err := TranslateRegex(bad, ""); err == nil {
			t.Errorf("TranslateRegex(%q) should fail", bad)
		}
	}
	if got, err := TranslateRegex("a.b*", "qi"); err != nil || got != `(?i)a\.b\*` {
		t.Errorf("flag q: %q, %v; want every character literal", got, err)
	}
}

// TestCatchPanic: a panic below an entry point that defers CatchPanic is
// an error naming the evaluator, and the result set before it is dropped;
// without a panic, result and error are left as returned.
func TestCatchPanic(t *testing.T) {
	eval := func(fail bool) (res *int, err error) {
		defer CatchPanic("judge", &res, &err)
		n := 1
		res = &n
		if fail {
			panic("index out of range")
		}
		return res, nil
	}
	if res, err := eval(true); res != nil || err == nil || err.Error() != "judge: internal error: index out of range" {
		t.Errorf("panic: got %v, %v", res, err)
	}
	if res, err := eval(false); res == nil || *res != 1 || err != nil {
		t.Errorf("no panic: got %v, %v", res, err)
	}
}
