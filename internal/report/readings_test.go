package report

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
	"github.com/sparql-oracle/oracle/internal/triage"
)

func xColumn(vals ...string) *results.Answer {
	a := &results.Answer{Kind: results.Bindings, Vars: []string{"x"}}
	for _, v := range vals {
		a.Rows = append(a.Rows, results.Solution{"x": rdf.Literal(v, rdf.XSDInteger)})
	}
	return a
}

// readingsCase: the judge met w3c/rdf-tests#39 and evaluated its other
// reading (rows 1 2), and a top-level FILTER's extensible error dropped row
// 3 (§17.6); "other" takes the other reading, "none" no reading, "ext"
// keeps the row, "fails" fails the query.
func readingsCase() (*oracle.Case, []oracle.Outcome) {
	judge := xColumn("1")
	b := results.Basis{Kind: results.BasisContested, Anchor: "defn_aggSum", Ref: "w3c/rdf-tests#39"}
	judge.Freedom = &results.Freedom{Limit: -1, Indeterminate: "contested", Contested: &b, ReadingsComplete: true,
		Readings: []results.Reading{{Bases: []results.Basis{b}, Takes: []string{"errors skipped"}, Answer: xColumn("1", "2")}}}
	return &oracle.Case{Query: "SELECT ?x {}"}, []oracle.Outcome{
		{Engine: "reference", Version: "dev", Answer: judge},
		{Engine: "other", Version: "1", Answer: xColumn("1", "2")},
		{Engine: "none", Version: "1", Answer: xColumn("1", "5")},
		{Engine: "fails", Version: "1", Err: oracle.ErrQueryError},
	}
}

// Every output format shows which reading an engine took, that a ruled-out
// answer is filed with a text basis, and that a failure is ruled out too.
func TestReadingsInEveryFormat(t *testing.T) {
	c, outs := readingsCase()
	r := triage.Triage(c, outs)
	bugs := WithQuestions(r, Bugs(r), false)
	var table, js bytes.Buffer
	if err := WriteTable(&table, r, bugs...); err != nil {
		t.Fatal(err)
	}
	if err := NewJSON(r, bugs).WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"the engine takes the reading: errors skipped", "every reading of the text rules it out",
		"each of the 2 readings evaluated"} {
		if !strings.Contains(table.String(), want) || !strings.Contains(js.String(), want) {
			t.Errorf("table or JSON lacks %q:\n%s", want, table.String())
		}
	}
	status := map[string]string{}
	for _, b := range bugs {
		for _, a := range b.Actual {
			status[a.Engine] = b.Status + " " + string(b.Basis.Kind)
		}
	}
	want := map[string]string{"other": StatusQuestion + " contested", "none": "open text", "fails": "open text"}
	for e, w := range want {
		if status[e] != w {
			t.Errorf("%s: bug %q, want %q", e, status[e], w)
		}
	}
}

// A permitted extension is an outcome of its own in the table and the
// JSON, with §17.6 as its basis, and no bug.
func TestExtensionInEveryFormat(t *testing.T) {
	judge := xColumn("1")
	judge.Freedom = &results.Freedom{Limit: -1, Extension: &results.Extension{Rows: true, Answer: xColumn("1", "3")}}
	r := triage.Triage(&oracle.Case{Query: "SELECT ?x {}"}, []oracle.Outcome{
		{Engine: "reference", Version: "dev", Answer: judge},
		{Engine: "ext", Version: "1", Answer: xColumn("1", "3")},
	})
	bugs := Bugs(r)
	if len(bugs) != 0 {
		t.Fatalf("a permitted extension is filed: %+v", bugs)
	}
	var table bytes.Buffer
	if err := WriteTable(&table, r); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(table.String(), "permitted-extension") || !strings.Contains(table.String(), "#extensionFunctions") {
		t.Errorf("table:\n%s", table.String())
	}
	var j struct {
		Verdicts []struct {
			Outcome string         `json:"outcome"`
			Basis   *results.Basis `json:"basis"`
		} `json:"verdicts"`
	}
	var js bytes.Buffer
	if err := NewJSON(r, bugs).WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(js.Bytes(), &j); err != nil {
		t.Fatal(err)
	}
	if len(j.Verdicts) != 1 || j.Verdicts[0].Outcome != "permitted-extension" || j.Verdicts[0].Basis == nil ||
		j.Verdicts[0].Basis.Anchor != "extensionFunctions" {
		t.Errorf("JSON verdicts: %s", js.String())
	}
}
