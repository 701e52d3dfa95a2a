package report

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
	"github.com/sparql-oracle/oracle/internal/triage"
)

// countCase: COUNT(*) over an empty VALUES gives one row (0); the engine
// returns none.
func countCase(expected *results.Answer) (*oracle.Case, []oracle.Outcome) {
	c := &oracle.Case{Name: "count", Dataset: rdf.NewDataset(), Query: "SELECT (COUNT(*) AS ?n) { VALUES ?x {} }\n"}
	none := &results.Answer{Kind: results.Bindings, Vars: []string{"n"}}
	return c, []oracle.Outcome{
		{Engine: "reference", Version: "dev", Answer: expected},
		{Engine: "engine", Version: "dev", Answer: expected},
		{Engine: "jena", Version: "5.6.0", Answer: none},
		{Engine: "oxigraph", Version: "0.5.11", Answer: expected},
	}
}

func zero() *results.Answer {
	return &results.Answer{Kind: results.Bindings, Vars: []string{"n"}, Rows: []results.Solution{{"n": rdf.Literal("0", rdf.XSDInteger)}}}
}

func TestNamedFromReducedCase(t *testing.T) {
	c, outs := countCase(zero())
	b := Bugs(triage.Triage(c, outs))[0]
	if b.Title != "COUNT: returns no row where the spec gives 1 (jena)" {
		t.Errorf("title %q", b.Title)
	}
	if b.Spec[0].Anchor != "defn_aggCount" || b.Basis.Kind != results.BasisText || !strings.Contains(b.Basis.Sentence, "Count(M) = card[N]") {
		t.Errorf("spec %v basis %+v", b.Spec, b.Basis)
	}
	// The differing cell's binder names the construct: STRLEN, not the
	// aggregate the query also uses.
	ds := rdf.NewDataset()
	c = &oracle.Case{Dataset: ds, Query: "SELECT (STRLEN(\"ab\") AS ?l) (COUNT(*) AS ?n) {}"}
	want := &results.Answer{Kind: results.Bindings, Vars: []string{"l", "n"}, Rows: []results.Solution{{"l": rdf.Literal("2", rdf.XSDInteger), "n": rdf.Literal("1", rdf.XSDInteger)}}}
	got := &results.Answer{Kind: results.Bindings, Vars: []string{"l", "n"}, Rows: []results.Solution{{"l": rdf.Literal("1", rdf.XSDInteger), "n": rdf.Literal("1", rdf.XSDInteger)}}}
	b = Bugs(triage.Triage(c, []oracle.Outcome{{Engine: "reference", Answer: want}, {Engine: "rdflib", Version: "7.6.0", Answer: got}}))[0]
	if b.Title != `STRLEN: returns "1"^^xsd:integer for ?l where the spec gives "2"^^xsd:integer (rdflib)` || b.Spec[0].Section != "17.4.3.2 STRLEN" {
		t.Errorf("title %q, spec %v", b.Title, b.Spec)
	}
}

// TestFollowedErratum: where the judge follows an erratum against the
// words, the report cites the erratum, not the definition.
func TestFollowedErratum(t *testing.T) {
	e := zero()
	e.Freedom = &results.Freedom{Follows: []results.Basis{{Kind: results.BasisErratum, Ref: "errata-query-12", Anchor: "defn_aggCount",
		URL: "https://www.w3.org/2013/sparql-errata#errata-query-12"}}}
	c, outs := countCase(e)
	r := triage.Triage(c, outs)
	bugs := Bugs(r)
	if b := bugs[0].Basis; b.Kind != results.BasisErratum || b.Ref != "errata-query-12" {
		t.Fatalf("basis %+v", b)
	}
	var md, table bytes.Buffer
	WriteMarkdown(&md, bugs)
	WriteTable(&table, r, bugs...)
	for _, out := range []string{md.String(), table.String()} {
		if !strings.Contains(out, "erratum: errata-query-12") {
			t.Errorf("no erratum cited:\n%s", out)
		}
	}
}

// TestContestedIsAQuestion: an answer other than the judge's on a contested
// reading is a spec question, not an engine bug, unless asked for.
func TestContestedIsAQuestion(t *testing.T) {
	e := zero()
	e.Freedom = &results.Freedom{Indeterminate: "negated property set multiplicity",
		Contested: &results.Basis{Kind: results.BasisContested, Ref: "w3c/sparql-query#395", Anchor: "eval_negatedPropertySet",
			URL: "https://github.com/w3c/sparql-query/issues/395", Note: "one solution per matching triple, or per distinct pair"}}
	c, outs := countCase(e)
	r := triage.Triage(c, outs)
	if len(r.Divergences) != 0 {
		t.Fatalf("a contested reading diverged: %v", r.Divergences)
	}
	qs := WithQuestions(r, Bugs(r), false)
	if len(qs) != 1 || qs[0].Status != StatusQuestion || qs[0].Basis.Kind != results.BasisContested || !strings.HasPrefix(qs[0].Title, "[spec question] ") {
		t.Fatalf("questions %+v", qs)
	}
	var md bytes.Buffer
	WriteMarkdown(&md, qs)
	for _, want := range []string{"Not filed as an engine bug", SpecQuestions, "contested: w3c/sparql-query\\#395", "Taking the judge's reading: sparql-oracle fast engine"} {
		if !strings.Contains(md.String(), want) {
			t.Errorf("question lacks %q:\n%s", want, md.String())
		}
	}
	reportGolden(t, "question.md", md.String())
	filed := WithQuestions(r, nil, true)
	if filed[0].Status != "open" || filed[0].Basis.Kind != results.BasisContested {
		t.Errorf("--file-contested gave %+v", filed[0])
	}
}

// TestVarsCiteTheProjection: a divergence in the projected variables cites
// what decides them, not the first construct of the query: §18.2.1 for
// SELECT *, and the results format's head for an empty answer whose head
// lists no variable.
func TestVarsCiteTheProjection(t *testing.T) {
	ds := rdf.NewDataset()
	c := &oracle.Case{Dataset: ds, Query: "SELECT * { BIND(STRLEN(?v1) AS ?v2) }"}
	want := &results.Answer{Kind: results.Bindings, Vars: []string{"v2"}, Rows: []results.Solution{{}}}
	got := &results.Answer{Kind: results.Bindings, Vars: []string{"v1", "v2"}, Rows: []results.Solution{{}}}
	b := Bugs(triage.Triage(c, []oracle.Outcome{{Engine: "reference", Answer: want}, {Engine: "rasqal", Version: "0.9.33", Answer: got}}))[0]
	if b.Title != "SELECT *: projects ?v1 ?v2 where the spec gives ?v2 (rasqal)" || b.Basis.Anchor != "variableScope" {
		t.Errorf("title %q, basis %+v", b.Title, b.Basis)
	}
	c = &oracle.Case{Dataset: ds, Query: "SELECT ?v1 (STRLEN(?v1) AS ?v2) { ?v1 ?p ?o }"}
	want = &results.Answer{Kind: results.Bindings, Vars: []string{"v1", "v2"}}
	got = &results.Answer{Kind: results.Bindings}
	r := triage.Triage(c, []oracle.Outcome{{Engine: "reference", Answer: want}, {Engine: "rasqal", Version: "0.9.33", Answer: got}})
	b = Bugs(r)[0]
	if b.Class != diff.ClassEmptyHead || b.Title != "results: the head of an empty answer lists no variable where the query projects ?v1 ?v2 (rasqal)" {
		t.Errorf("class %s title %q", b.Class, b.Title)
	}
	if b.Basis.Anchor != "head" || !strings.Contains(b.Basis.Sentence, "head must contain") {
		t.Errorf("basis %+v", b.Basis)
	}
	var md bytes.Buffer
	WriteMarkdown(&md, []Bug{b})
	if !strings.Contains(md.String(), "text: SPARQL Query Results XML Format 2.2 Header (\\#head)") {
		t.Errorf("basis line:\n%s", md.String())
	}
}

// TestLiteralOfTheTriggerNamesTheFault: when the trigger's only construct
// besides its host pattern is a literal, the title names the literal
// (RDFLib returning a stored "NaN"^^xsd:double as "nan"), not basic graph
// pattern matching; a literal label the case does not show (an ablated
// sibling's) leaves the host's name.
func TestLiteralOfTheTriggerNamesTheFault(t *testing.T) {
	query := "SELECT * WHERE { ?b ?c ?e . }\n"
	want := &results.Answer{Kind: results.Bindings, Vars: []string{"e"}, Rows: []results.Solution{{"e": rdf.Literal("NaN", rdf.XSDDouble)}}}
	got := &results.Answer{Kind: results.Bindings, Vars: []string{"e"}, Rows: []results.Solution{{"e": rdf.Literal("nan", rdf.XSDDouble)}}}
	v := triage.EngineVerdict{Engine: "rdflib", Answer: got}
	for _, tc := range []struct {
		trigger []string
		want    string
	}{
		{[]string{"basic graph pattern", "literal xsd:double"}, "xsd:double literal"},
		{[]string{"basic graph pattern", "literal xsd:dateTime"}, "basic graph pattern"},
		{nil, "basic graph pattern"},
	} {
		n := name(query, "", diff.ClassWrongValue, want, v, tc.trigger)
		if n.feature.Name != tc.want {
			t.Errorf("trigger %v: named %q, want %q", tc.trigger, n.feature.Name, tc.want)
		}
	}
	// RDFLib refusing -0.5 in a template: the query's own literal, though
	// no word of the effect names its datatype.
	refused := triage.EngineVerdict{Engine: "rdflib", Err: fmt.Errorf("%w: TypeError: Not a number", oracle.ErrRejected)}
	construct := "CONSTRUCT { ?d ?c -0.5 . } WHERE {}\n"
	if n := name(construct, "", diff.ClassRejected, nil, refused, []string{"CONSTRUCT", "literal xsd:decimal"}); n.feature.Name != "xsd:decimal literal" {
		t.Errorf("the refused template's literal: named %q", n.feature.Name)
	}
	// A literal subject written out is CONSTRUCT's fault whatever the
	// literal's datatype: the title never blames "xsd:decimal literal".
	illegal := "CONSTRUCT { ?v1 <http://example.org/p1> <http://example.org/o> . } WHERE { BIND(1.5 AS ?v1) }\n"
	if n := name(illegal, "", diff.ClassIllegalTriple, nil, v, []string{"CONSTRUCT", "literal xsd:decimal"}); n.feature.Name != "CONSTRUCT" {
		t.Errorf("an illegal triple with a decimal subject: named %q", n.feature.Name)
	}
	if n := name(query, "", diff.ClassWrongValue, want, v, []string{"literal xsd:double"}); n.feature.Spec.Anchor != "QSynLiterals" {
		t.Errorf("the literal's section: %+v", n.feature.Spec)
	}
}

// TestSameCountOtherRows: an answer with as many rows as the spec's, some
// of them others (a row dropped and an unrelated one added), is not said
// to return N rows "where the spec gives N".
func TestSameCountOtherRows(t *testing.T) {
	row := func(x, y string) results.Solution {
		return results.Solution{"x": rdf.IRI("http://ex/" + x), "y": rdf.IRI("http://ex/" + y)}
	}
	want := &results.Answer{Kind: results.Bindings, Vars: []string{"x", "y"}, Rows: []results.Solution{row("a", "b"), row("c", "d")}}
	got := &results.Answer{Kind: results.Bindings, Vars: []string{"x", "y"}, Rows: []results.Solution{row("a", "b"), row("e", "f")}}
	c := &oracle.Case{Dataset: rdf.NewDataset(), Query: "SELECT * { ?x <http://ex/p> ?y }"}
	b := Bugs(triage.Triage(c, []oracle.Outcome{{Engine: "reference", Answer: want}, {Engine: "rdflib", Version: "7.6.0", Answer: got}}))[0]
	if !strings.Contains(b.Title, "returns 2 rows, not all of them the 2 the spec gives") {
		t.Errorf("title %q", b.Title)
	}
}
