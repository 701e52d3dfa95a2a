package reference

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// TestAuditReadings runs testdata/audit/readings.txt: the readings of the
// text that need an evaluator, with what each answer must name as its
// basis (ops/basis.go; docs/spec-questions.md).
func TestAuditReadings(t *testing.T) {
	blocks := readBlocks(t, "testdata/audit/readings.txt")
	if len(blocks) == 0 {
		t.Fatal("no readings")
	}
	t.Logf("%d readings", len(blocks))
	for _, b := range blocks {
		where := "readings.txt:" + strconv.Itoa(b.line) + " (#" + b.fields["anchor"] + ")"
		res := evalReading(t, where, b.fields["query"], b.fields["data"])
		if res == nil {
			continue
		}
		checkReading(t, where, b.fields, res)
	}
}

func evalReading(t *testing.T, where, query, data string) *Result {
	q, err := algebra.Parse("PREFIX : <http://example/>\n"+query, "http://example/")
	if err != nil {
		t.Errorf("%s: query: %v", where, err)
		return nil
	}
	qs, err := rdf.Parse(strings.NewReader("@prefix : <http://example/> .\n"+data), rdf.Turtle, "http://example/", where)
	if err != nil {
		t.Errorf("%s: data: %v", where, err)
		return nil
	}
	ds := rdf.NewDataset()
	for _, x := range qs {
		ds.Add(x)
	}
	res, err := Eval(context.Background(), q, ds, nil, Options{})
	if err != nil {
		t.Errorf("%s: %v", where, err)
		return nil
	}
	return res
}

func checkReading(t *testing.T, where string, f map[string]string, res *Result) {
	if n, ok := f["rows"]; ok && strconv.Itoa(len(res.Rows)) != n {
		t.Errorf("%s: %d rows, want %s", where, len(res.Rows), n)
	}
	if v, ok := f["first"]; ok {
		name, want, _ := strings.Cut(strings.TrimPrefix(v, "?"), "=")
		if len(res.Rows) == 0 || res.Rows[0][name].String() != want {
			t.Errorf("%s: first row %v, want ?%s=%s", where, res.Rows, name, want)
		}
	}
	if v, ok := f["unbound"]; ok && len(res.Rows) > 0 && !res.Rows[0][strings.TrimPrefix(v, "?")].IsZero() {
		t.Errorf("%s: %s bound in %v", where, v, res.Rows[0])
	}
	if ref, ok := f["follows"]; ok && !followsRef(res, ref) {
		t.Errorf("%s: Follows %v does not name %s", where, res.Follows, ref)
	}
	if ref, ok := f["contested"]; ok && (res.Contested == nil || res.Contested.Ref != ref) {
		t.Errorf("%s: Contested %v, want %s (%s)", where, res.Contested, ref, res.Indeterminate)
	}
	if n, ok := f["other-rows"]; ok && (len(res.Readings) == 0 || strconv.Itoa(len(res.Readings[0].Answer.Rows)) != n) {
		t.Errorf("%s: other readings %v, want the first with %s rows", where, res.Readings, n)
	}
	if c, ok := f["readings-complete"]; ok && strconv.FormatBool(res.ReadingsComplete) != c {
		t.Errorf("%s: readings complete %v, want %s", where, res.ReadingsComplete, c)
	}
	if _, ok := f["exact"]; ok && (res.Contested != nil || len(res.Follows) > 0) {
		t.Errorf("%s: want the text alone; Contested %v Follows %v", where, res.Contested, res.Follows)
	}
}

func followsRef(res *Result, ref string) bool {
	for _, b := range res.Follows {
		if b.Ref == ref {
			return true
		}
	}
	return false
}
