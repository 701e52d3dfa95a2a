package reference

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// TestFreedom checks what the judge records of the choices the spec leaves
// open: tie classes of ORDER BY (#modOrderBy), OFFSET/LIMIT, REDUCED
// (#defn_algReduced), and the open variables (SAMPLE, GROUP_CONCAT, RAND...).
func TestFreedom(t *testing.T) {
	data := `@prefix : <http://example/> .
:a :p 1 ; :g "x" . :b :p 2 ; :g "x" . :c :p 2 ; :g "y" . :d :p 3 ; :g "y" . :e :p 2 ; :g "y" .`
	cases := []struct {
		query          string
		ordered        bool
		ties           []int
		offset, limit  int
		reduced        bool
		open           []string
		rows, sequence int
	}{
		{"SELECT ?s { ?s :p ?v } ORDER BY ?v LIMIT 2 OFFSET 1", true, []int{0, 1, 1, 1, 2}, 1, 2, false, nil, 2, 5},
		{"SELECT ?s { ?s :p ?v } ORDER BY DESC(?v) ?s", true, []int{0, 1, 2, 3, 4}, 0, -1, false, nil, 5, 5},
		{"SELECT DISTINCT ?v { ?s :p ?v } ORDER BY ?v", true, []int{0, 1, 2}, 0, -1, false, nil, 3, 3},
		{"SELECT REDUCED ?v { ?s :p ?v }", false, []int{0, 0, 0, 0, 0}, 0, -1, true, nil, 5, 5}, // the full multiset: the upper end
		{"SELECT ?s { ?s :p ?v } ORDER BY RAND() ?v", true, []int{0, 0, 0, 0, 0}, 0, -1, false, nil, 5, 5},
		{"SELECT ?g (SAMPLE(?s) AS ?any) (GROUP_CONCAT(?v) AS ?all) (COUNT(*) AS ?n) { ?s :p ?v ; :g ?g } GROUP BY ?g",
			false, []int{0, 0}, 0, -1, false, []string{"any"}, 2, 2},
		{"SELECT ?g (STRLEN(GROUP_CONCAT(?v)) AS ?len) { ?s :p ?v ; :g ?g } GROUP BY ?g",
			false, []int{0, 0}, 0, -1, false, []string{"len"}, 2, 2},
		{"SELECT ?s ?r ?u { ?s :p 1 BIND(RAND() AS ?r) BIND(STR(?r) AS ?u) }", false, []int{0}, 0, -1, false, []string{"r", "u"}, 1, 1},
	}
	ds := loadTurtle(t, data)
	for _, c := range cases {
		q, err := algebra.Parse("PREFIX : <http://example/> "+c.query, "")
		if err != nil {
			t.Fatalf("%s: %v", c.query, err)
		}
		res, err := Eval(context.Background(), q, ds, nil, Options{Seed: 1})
		if err != nil {
			t.Fatalf("%s: %v", c.query, err)
		}
		got := []any{res.Ordered, res.Ties, res.Offset, res.Limit, res.Reduced, res.Open, len(res.Rows), len(res.Sequence)}
		want := []any{c.ordered, c.ties, c.offset, c.limit, c.reduced, c.open, c.rows, c.sequence}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s\n got ordered,ties,offset,limit,reduced,open,rows,seq = %v\nwant %v", c.query, got, want)
		}
	}
}

// TestConcatFreedom: a projected GROUP_CONCAT variable is recorded with its
// separator (its pieces may come in any order), not as open.
func TestConcatFreedom(t *testing.T) {
	ds := loadTurtle(t, `@prefix : <http://example/> . :a :p "x" . :b :p "y" .`)
	q, err := algebra.Parse(`PREFIX : <http://example/> SELECT (GROUP_CONCAT(?v; SEPARATOR=",") AS ?all) { ?s :p ?v }`, "")
	if err != nil {
		t.Fatal(err)
	}
	res, err := Eval(context.Background(), q, ds, nil, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(res.Concat, map[string]string{"all": ","}) || len(res.Open) != 0 {
		t.Errorf("Concat %v, Open %v; want all -> \",\" and nothing open", res.Concat, res.Open)
	}
}

func loadTurtle(t *testing.T, data string) *rdf.Dataset {
	qs, err := rdf.Parse(strings.NewReader(data), rdf.Turtle, "http://example/", "data")
	if err != nil {
		t.Fatal(err)
	}
	ds := rdf.NewDataset()
	for _, q := range qs {
		ds.Add(q)
	}
	return ds
}

// TestKeysTie: an ORDER BY key that fixes no order among the rows leaves
// them one tie class: NaN is ordered by "<" before or after no number, and
// "a" and "1"^^xsd:integer have no relative order (#modOrderBy).
func TestKeysTie(t *testing.T) {
	for name, data := range map[string]string{
		"NaN":           `:a :v "NaN"^^<http://www.w3.org/2001/XMLSchema#double> . :b :v 0 . :c :v 5 .`,
		"MixedCategory": `:a :v "a" . :b :v 0 . :c :v 5 .`,
	} {
		t.Run(name, func(t *testing.T) {
			ds := loadTurtle(t, `@prefix : <http://example/> . `+data)
			q, err := algebra.Parse(`PREFIX : <http://example/> SELECT ?s { ?s :v ?v } ORDER BY ?v`, "")
			if err != nil {
				t.Fatal(err)
			}
			res, err := Eval(context.Background(), q, ds, nil, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(res.Ties, []int{0, 0, 0}) {
				t.Errorf("ties %v, want one class", res.Ties)
			}
		})
	}
}
