package report

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/large"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/triage"
)

// largeReport is a case the fast engine judged (the large-case judge):
// engine x loses a row of its answer.
func largeReport() *triage.Report {
	ds := rdf.NewDataset()
	for _, v := range []string{"1", "2"} {
		ds.Add(rdf.Quad{S: rdf.IRI("http://e/s"), P: rdf.IRI("http://e/p"), O: rdf.Literal(v, rdf.XSDInteger)})
	}
	c := &oracle.Case{Name: "large", Query: "SELECT ?x { <http://e/s> <http://e/p> ?x }", Dataset: ds}
	want, got := xColumn("1", "2"), xColumn("1")
	v := diff.Compare(want, got)
	const by = "judged by the fast engine; the reference ran out of budget at 50,000,000 steps"
	return &triage.Report{Case: c, Kind: triage.KindEngineBug, Judge: oracle.TwinName, Expected: want, JudgedBy: by,
		Large: &large.Evidence{Why: "the reference ran out of budget at 50,000,000 steps", Judged: true, Agree: 3, NonEmpty: 2,
			Verdict: "the fast engine agrees with the reference on 3 of 3 samples", Checks: []string{"distinct"},
			Samples: []large.Sample{{Seed: 1, Quads: 2, Outcome: large.SampleAgree}}},
		Verdicts: []triage.EngineVerdict{{Engine: "x", Version: "1", Outcome: triage.Wrong, Class: v.Classes[0], Classes: v.Classes,
			Verdict: v, Answer: got}},
		Divergences: []triage.Divergence{{Signature: triage.Signature{Class: v.Classes[0], Wrong: []string{"x"}, Right: []string{oracle.TwinName}}}}}
}

// Every rendering of a case the fast engine judged says so: the JSON
// (judged_by, large_judge, the bug's judged_by and basis), the table and
// the Markdown report.
func TestJudgedByTheFastEngineIsRendered(t *testing.T) {
	r := largeReport()
	bugs := Bugs(r)
	if len(bugs) != 1 || bugs[0].JudgedBy != r.JudgedBy || bugs[0].Basis == nil ||
		!strings.HasPrefix(bugs[0].Basis.Note, "judged by the fast engine: the fast engine agrees") {
		t.Fatalf("bugs %+v", bugs)
	}
	var buf bytes.Buffer
	if err := NewJSON(r, bugs).WriteJSON(&buf); err != nil {
		t.Fatal(err)
	}
	var j map[string]any
	if err := json.Unmarshal(buf.Bytes(), &j); err != nil {
		t.Fatal(err)
	}
	lj, _ := j["large_judge"].(map[string]any)
	if j["judge"] != "engine" || j["judged_by"] != r.JudgedBy || lj == nil || lj["agree"] != 3.0 || lj["judged"] != true {
		t.Errorf("JSON: judge %v judged_by %v large_judge %v", j["judge"], j["judged_by"], j["large_judge"])
	}
	buf.Reset()
	if err := WriteTable(&buf, r, bugs...); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"judged by: the fast engine; the reference ran out of budget at 50,000,000 steps",
		"- **Judged by:** the fast engine; the reference ran out of budget at 50,000,000 steps",
		"### Expected (the fast engine, judging: the reference ran out"} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("the table and report lack %q:\n%s", want, buf.String())
		}
	}
}

// A large case reduced for its engine (reduce.Large) carries the realistic
// query it was found with and its data's size, in the JSON and in the
// Markdown report after the reduced case; a case not reduced that way has
// neither.
func TestLargeReductionWitnessIsRendered(t *testing.T) {
	bug := Bugs(largeReport())[0]
	var plain bytes.Buffer
	if err := WriteMarkdown(&plain, []Bug{bug}); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(plain.String(), "Reduced from") {
		t.Errorf("a bug without a large reduction says it was reduced from one:\n%s", plain.String())
	}
	const witness = "SELECT ?x ?y WHERE { ?s <http://e/p> ?x . ?s <http://e/q> ?y FILTER(?y > 3) }"
	bug.OriginalQuery, bug.OriginalTriples, bug.ReducedTriples = witness, 104739, 2
	js, err := json.Marshal(bug)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"original_query":"SELECT ?x ?y`, `"original_triples":104739`, `"reduced_triples":2`} {
		if !bytes.Contains(js, []byte(want)) {
			t.Errorf("the JSON lacks %s:\n%s", want, js)
		}
	}
	var md bytes.Buffer
	if err := WriteMarkdown(&md, []Bug{bug}); err != nil {
		t.Fatal(err)
	}
	out := md.String()
	head := "### Reduced from 104739 triples and this query (to 2 triples and the query above)"
	i, j := strings.Index(out, "### Data (N-Quads)"), strings.Index(out, head)
	if i < 0 || j < i || !strings.Contains(out[j:], witness) {
		t.Errorf("the Markdown lacks the witness after the reduced data (%q then the query):\n%s", head, out)
	}
}
