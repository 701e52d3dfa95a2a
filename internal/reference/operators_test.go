package reference

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/sparql-oracle/oracle/internal/algebra"
)

var t0ctx = context.Background()

// TestOperators runs testdata/operators.txt: each §18.5 operator against its definition.
func TestOperators(t *testing.T) {
	for _, b := range readBlocks(t, "testdata/operators.txt") {
		f := b.fields
		t.Run(f["name"], func(t *testing.T) {
			got, err := runOperator(t, f)
			if err != nil {
				t.Fatalf("operators.txt:%d: %v", b.line, err)
			}
			want := multiset(t, f["want"])
			_, seq := f["seq"]
			if (seq && !sameSeq(got, want)) || (!seq && !sameBag(got, want)) {
				t.Errorf("operators.txt:%d: %s\n got: %v\nwant: %v", b.line, f["op"], keys(got), keys(want))
			}
		})
	}
}

func runOperator(t *testing.T, f map[string]string) (Multiset, error) {
	e := testEvaluator(nil)
	g := e.ds.Default
	left, right := multiset(t, f["left"]), Multiset{}
	if r, ok := f["right"]; ok {
		right = multiset(t, r)
	}
	x := testExpr(f["expr"])
	switch f["op"] {
	case "Join":
		return e.Join(left, right)
	case "LeftJoin":
		return e.LeftJoin(g, left, right, x)
	case "Diff":
		return e.Diff(g, left, right, x)
	case "Union":
		return e.Union(left, right)
	case "Minus":
		return e.Minus(left, right)
	case "Filter":
		return e.Filter(g, []algebra.Expr{x}, left)
	case "Extend":
		return e.Extend(g, left, f["var"], x)
	case "Project":
		return Project(left, strings.Fields(f["vars"])), nil
	case "Distinct":
		return Distinct(left), nil
	case "Slice":
		off, _ := strconv.ParseInt(f["offset"], 10, 64)
		lim, _ := strconv.ParseInt(f["limit"], 10, 64)
		return Slice(left, off, lim), nil
	}
	t.Fatalf("unknown op %q", f["op"])
	return nil, nil
}

func testExpr(s string) algebra.Expr {
	switch {
	case s == "":
		return nil
	case s == "true" || s == "false":
		return &algebra.Const{Term: boolTerm(s == "true")}
	case strings.HasPrefix(s, "?"):
		return &algebra.Var{Name: s[1:]}
	}
	panic("bad expr " + s)
}

func TestCompatibleMerge(t *testing.T) {
	cases := []struct {
		a, b, merged string
		ok           bool
	}{
		{"x=:a", "x=:a y=1", "x=:a y=1", true},
		{"x=:a", "x=:b", "", false},
		{"{}", "x=:a", "x=:a", true},
		{"a=1 c=3", "b=2 d=4", "a=1 b=2 c=3 d=4", true},
		{"x=1", `x="1"`, "", false},
	}
	for _, c := range cases {
		a, b := mapping(t, c.a), mapping(t, c.b)
		if got := Compatible(a, b); got != c.ok || Compatible(b, a) != c.ok {
			t.Errorf("Compatible(%s, %s) = %v", c.a, c.b, got)
			continue
		}
		if c.ok && !Merge(a, b).Equal(mapping(t, c.merged)) {
			t.Errorf("Merge(%s, %s) = %s", c.a, c.b, show(Merge(a, b)))
		}
	}
}
