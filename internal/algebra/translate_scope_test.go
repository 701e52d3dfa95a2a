package algebra

import (
	"slices"
	"testing"

	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
)

// TestStarVarsAgree checks the two computations of #variableScope against
// each other on every W3C SELECT * query: the syntax walk that gives
// Query.Vars in written order, and VisibleVars over the translated algebra.
// They must name the same set of variables.
func TestStarVarsAgree(t *testing.T) {
	n := 0
	for _, q := range w3cQueries(t) {
		tree, err := syntax.Parse(q.src, syntax.Options{Base: baseFor(q.path)})
		if err != nil || tree.Form != syntax.FormSelect || !tree.Select.Star {
			continue
		}
		res, err := Translate(tree)
		if err != nil {
			t.Fatalf("%s: %v", q.path, err)
		}
		proj := findProject(res.Op)
		got, want := sorted(res.Vars), sorted(VisibleVars(proj.Op))
		if !slices.Equal(got, want) {
			t.Errorf("%s: SELECT * vars %v, VisibleVars %v", q.path, got, want)
		}
		n++
	}
	t.Logf("%d SELECT * queries", n)
}

func findProject(op Op) *Project {
	p, _ := belowSlice(op).(*Project)
	return p
}

func sorted(vs []string) []string {
	out := slices.Clone(vs)
	slices.Sort(out)
	return out
}

func TestVisibleVarsHidesScopes(t *testing.T) {
	q, err := Parse(`PREFIX : <http://ex/>
SELECT ?z { ?a :p [] . GRAPH ?g { ?b :q ?c } MINUS { ?m :r ?a } FILTER EXISTS { ?e :s ?a }
  { SELECT ?d { ?d :t ?inner } } BIND(1 AS ?z) VALUES ?v { 1 } }`, "")
	if err != nil {
		t.Fatal(err)
	}
	got := VisibleVars(q.Op.(*Project).Op)
	want := []string{"a", "g", "b", "c", "d", "z", "v"}
	if !slices.Equal(got, want) {
		t.Errorf("VisibleVars = %v, want %v", got, want)
	}
}
