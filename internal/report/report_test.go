package report

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/golden"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/reduce"
	"github.com/sparql-oracle/oracle/internal/results"
	"github.com/sparql-oracle/oracle/internal/triage"
)

// TestMain fixes the oracle's version, which a test binary does not stamp
// the same way from build to build, so goldens are stable.
func TestMain(m *testing.M) {
	versionOnce.Do(func() {
		version = OracleVersion{Module: "github.com/sparql-oracle/oracle", Version: "v0.0.0-test", Commit: "0123456789abcdef0123"}
	})
	os.Exit(m.Run())
}

// reportCase is the AVG divergence as the library example shows it.
func reportCase() (*oracle.Case, []oracle.Outcome) {
	ds := rdf.NewDataset()
	ds.Add(rdf.Quad{S: rdf.IRI("http://example.org/b"), P: rdf.IRI("http://example.org/pages"), O: rdf.Literal("204", rdf.XSDInteger)})
	c := &oracle.Case{Name: "avg", Dataset: ds,
		Query: "PREFIX : <http://example.org/>\nSELECT (AVG(?p) AS ?avg) WHERE { ?b :pages ?p OPTIONAL { ?b :missing ?p2 } }\n"}
	unbound := &results.Answer{Kind: results.Bindings, Vars: []string{"avg"}, Rows: []results.Solution{{}}}
	bound := &results.Answer{Kind: results.Bindings, Vars: []string{"avg"}, Rows: []results.Solution{{"avg": rdf.Literal("204", rdf.XSDDecimal)}}}
	withSQL := *bound
	withSQL.Evidence = map[string]string{"sql": "SELECT avg(o) FROM quads"}
	return c, []oracle.Outcome{
		{Engine: "reference", Version: "dev", Answer: unbound},
		{Engine: "engine", Version: "dev", Answer: unbound},
		{Engine: "rdflib", Version: "7.6.0", Answer: bound},
		{Engine: "oxilite", Version: "0.9.1", Answer: &withSQL},
		{Engine: "oxigraph", Version: "0.5.11", Answer: unbound},
		{Engine: "comunica", Version: "5.4.1", Err: oracle.ErrUnsupported},
	}
}

func TestReportGoldens(t *testing.T) {
	c, outs := reportCase()
	r := triage.Triage(c, outs)
	bugs := Bugs(r, adapterEngines()...)
	if len(bugs) != 1 || len(bugs[0].Reports) != 2 {
		t.Fatalf("want one bug with two engine reports, got %+v", bugs)
	}
	b := bugs[0]
	for _, check := range []struct{ what, got, want string }{
		{"title", b.Title, `AVG: binds ?avg to "204"^^xsd:decimal where the spec leaves it unbound (oxilite, rdflib)`},
		{"engine title", b.Reports[0].Title, `AVG: binds ?avg to "204"^^xsd:decimal where the spec leaves it unbound`},
		{"engine", b.Engine + " " + b.Version, "rdflib 7.6.0"},
		{"spec", b.Spec[0].URL, SpecBase + "#defn_aggAvg"},
		{"section", b.Spec[0].Section, "18.5.1.4 Avg"},
		{"basis", string(b.Basis.Kind) + " " + b.Basis.Anchor, "text defn_aggAvg"},
		{"command", lastLine(b.Reproducer.Commands["rdflib"]), "# oracle diff -q query.rq -d data.nq --engines rdflib --format table"},
	} {
		if check.got != check.want {
			t.Errorf("%s = %q, want %q", check.what, check.got, check.want)
		}
	}
	if !strings.Contains(b.Basis.Sentence, "Avg(M) = Sum(M) / Count(M)") {
		t.Errorf("basis sentence %q", b.Basis.Sentence)
	}
	var md, js, table bytes.Buffer
	if err := WriteMarkdown(&md, bugs); err != nil {
		t.Fatal(err)
	}
	if err := NewJSON(r, bugs).WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	if err := WriteTable(&table, r, bugs...); err != nil {
		t.Fatal(err)
	}
	reports := strings.Split(md.String(), "\n---\n")
	if len(reports) != 2 {
		t.Fatalf("want one Markdown report per engine, got %d", len(reports))
	}
	for _, l := range []string{"- **Engine:** rdflib 7.6.0", "- **Found by:** sparql-oracle v0.0.0-test (commit 0123456789ab)",
		"```sparql", "### Expected (reference evaluator, SPARQL 1.1 Query §18.5.1.4 Avg)", "```diff",
		"- sparql-oracle fast engine v0.0.0-test: correct", "- oxilite 0.9.1: wrong: the same divergence (unbound-vs-bound)",
		"- comunica 5.4.1: unsupported\n", "python3 -m pip install rdflib==7.6.0", "> The Avg set function"} {
		if !strings.Contains(reports[0], l) {
			t.Errorf("rdflib's report lacks %q", l)
		}
	}
	for _, l := range []string{"SELECT avg(o) FROM quads", "pip install oxilite", "engine dev", "(crash)"} {
		if strings.Contains(reports[0], l) {
			t.Errorf("rdflib's report holds %q", l)
		}
	}
	if !strings.Contains(reports[1], "SELECT avg(o) FROM quads") {
		t.Error("oxilite's report lacks its own SQL")
	}
	if !strings.Contains(table.String(), "text: SPARQL 1.1 Query §18.5.1.4 Avg (#defn_aggAvg)") || !strings.Contains(table.String(), "## AVG") {
		t.Errorf("the table lacks the basis or the reports:\n%s", table.String())
	}
	reportGolden(t, "avg.md", md.String())
	reportGolden(t, "avg.json", js.String())
	reportGolden(t, "avg.table.txt", table.String())
	checkJSONSchema(t, js.Bytes())
}

// checkJSONSchema asserts the fields docs/report-schema.md promises.
func checkJSONSchema(t *testing.T, data []byte) {
	var v struct {
		Oracle   map[string]any   `json:"oracle"`
		Verdicts []map[string]any `json:"verdicts"`
		Bugs     []map[string]any `json:"bugs"`
	}
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatal(err)
	}
	if v.Oracle["version"] == nil {
		t.Error("no oracle version")
	}
	for _, vd := range v.Verdicts {
		for _, k := range []string{"engine", "version", "outcome"} {
			if _, ok := vd[k]; !ok {
				t.Errorf("verdict %v lacks %q", vd, k)
			}
		}
		if vd["outcome"] == "wrong" && (vd["class"] == nil || vd["basis"] == nil) {
			t.Errorf("wrong verdict without class or basis: %v", vd)
		}
	}
	for _, k := range []string{"id", "title", "engine", "version", "class", "status", "signature", "reproducer", "expected",
		"actual", "spec", "links", "basis", "oracle", "reports", "effect"} {
		if _, ok := v.Bugs[0][k]; !ok {
			t.Errorf("bug lacks %q", k)
		}
	}
	for _, er := range v.Bugs[0]["reports"].([]any) {
		for _, k := range []string{"engine", "version", "title", "effect", "answer", "others", "command"} {
			if _, ok := er.(map[string]any)[k]; !ok {
				t.Errorf("engine report lacks %q", k)
			}
		}
	}
}

func reportGolden(t *testing.T, name, got string) {
	t.Helper()
	golden.File(t, filepath.Join("testdata", "golden", name), got)
}

func TestDedup(t *testing.T) {
	c, outs := reportCase()
	small := Bugs(triage.Triage(c, outs))[0]
	big := small
	big.Reproducer.Query += "# longer\n"
	big.ID = "zzz"
	got := Dedup([]Bug{big, small, big})
	if len(got) != 1 || got[0].ID != small.ID {
		t.Errorf("Dedup kept %+v", got)
	}
}

func TestFeatures(t *testing.T) {
	for q, want := range map[string]string{
		"SELECT (STR(1.0) AS ?s) {}":                      "STR",
		"SELECT (SUM(?x) AS ?s) { ?a ?b ?x } GROUP BY ?a": "SUM",
		"SELECT (1/0 AS ?x) {}":                           "arithmetic (/)",
		"SELECT * { ?s ?p ?o OPTIONAL { ?s ?q ?r } }":     "OPTIONAL",
		"SELECT * { ?s <http://e/p>+ ?o }":                "property path",
		"SELECT * { ?s ?p ?o }":                           "basic graph pattern",
		"SELECT ?s { ?s ?p ?o } ORDER BY ?s":              "ORDER BY",
		"SELECT * { ?s ?p ?o FILTER(sameTerm(?s, ?o)) }":  "SAMETERM",
	} {
		if got := Feature(q, ""); got != want {
			t.Errorf("Feature(%q) = %q, want %q", q, got, want)
		}
	}
	l := SpecFor("SELECT * { ?s ?p ?o FILTER(sameTerm(?s, ?o)) }", "", diff.ClassWrongValue)
	if l[0].Anchor != "func-sameTerm" || l[0].Section != "17.4.1.8 sameTerm" {
		t.Errorf("sameTerm link %v", l)
	}
}

// An update case is written up by the same path (a Bug of the update
// kind): its goldens below.

// updateRun is Oxigraph's canonicalisation as an update case shows it:
// the store holds "01"^^xsd:integer, the request copies it; the judge's
// store keeps both as written, the engine's writes "1".
func updateRun() *reduce.UpdateRun {
	ex := func(s string) rdf.Term { return rdf.IRI("http://example.org/" + s) }
	one := func(lex string) rdf.Term { return rdf.Literal(lex, rdf.XSDInteger) }
	before := rdf.NewDataset()
	before.Add(rdf.Quad{S: ex("s"), P: ex("p"), O: one("01")})
	store := func(lex string) *results.Answer {
		ds := rdf.NewDataset()
		ds.Add(rdf.Quad{S: ex("s"), P: ex("p"), O: one(lex)})
		ds.Add(rdf.Quad{S: ex("s"), P: ex("q"), O: one(lex)})
		ds.Named(ex("g"), true)
		return results.StoreAnswer(results.StoreOf(ds))
	}
	want, got := store("01"), store("1")
	v := diff.Compare(want, got)
	c := &oracle.Case{Name: "canon", Dataset: before,
		Update: "PREFIX ex: <http://example.org/>\nINSERT { ex:s ex:q ?o } WHERE { ex:s ex:p ?o }\n"}
	sig := triage.Signature{Class: v.Classes[0], Wrong: []string{"pyoxigraph"}, Right: []string{"engine", "jena", "reference"}}
	return &reduce.UpdateRun{Case: c, Kind: triage.KindEngineBug, Expected: want, Divergences: []triage.Divergence{{Signature: sig}},
		Verdicts: []reduce.UpdateVerdict{
			{Engine: "reference", Version: "dev", Outcome: triage.Correct, Answer: want},
			{Engine: "engine", Version: "dev", Outcome: triage.Correct, Answer: want},
			{Engine: "pyoxigraph", Version: "0.5.2", Outcome: triage.Wrong, Class: v.Classes[0], Classes: v.Classes, Answer: got, Verdict: v},
			{Engine: "jena", Version: "6.2.0", Outcome: triage.Correct, Answer: want},
		}}
}

// TestUpdateReportGolden renders the update report (testdata/golden/
// update.md; -update rewrites it).
func TestUpdateReportGolden(t *testing.T) {
	bugs := UpdateBugs(updateRun())
	if len(bugs) != 1 || len(bugs[0].Reports) != 1 {
		t.Fatalf("want one bug with one report, got %+v", bugs)
	}
	b := bugs[0]
	for _, check := range []struct{ what, got, want string }{
		{"title", b.Title, `INSERT: stores "01"^^xsd:integer as "1"^^xsd:integer`},
		{"class", string(b.Class), "changed-literal"},
		{"basis", b.Basis.Anchor, "defn_deleteInsertOperation"},
		{"command", b.Reports[0].Command, "oracle diff -u update.ru -d data.nq --engines pyoxigraph --format table"},
	} {
		if check.got != check.want {
			t.Errorf("%s: %q, want %q", check.what, check.got, check.want)
		}
	}
	if b.Reproducer.Commands["pyoxigraph"] != b.Reports[0].Command || len(b.Actual) != 1 || len(b.Agreeing) != 3 || b.ID != b.Reports[0].RootCause.ID {
		t.Errorf("the bug's parts are not its report's: commands %v, actual %d, agreeing %d, id %s", b.Reproducer.Commands, len(b.Actual), len(b.Agreeing), b.ID)
	}
	var md bytes.Buffer
	if err := WriteMarkdown(&md, bugs); err != nil {
		t.Fatal(err)
	}
	reportGolden(t, "update.md", md.String())
	js, err := json.MarshalIndent(bugs, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	reportGolden(t, "update.json", string(js)+"\n")
	// What the store files is the JSON (internal/filing): read back, the
	// bug is still an update's and renders as it did.
	var back []Bug
	if err := json.Unmarshal(js, &back); err != nil {
		t.Fatal(err)
	}
	var again bytes.Buffer
	if err := WriteMarkdown(&again, back); err != nil || again.String() != md.String() {
		t.Errorf("the update bug read back from its JSON renders otherwise (%v):\n%s", err, again.String())
	}
}

// TestUpdateReportNative: each adapter's report carries its own
// reproducer of the update case when its adapter has one
// (oracle.NativeFor with NativeCase.Update), and the oracle line alone
// when it has none; both are reports.
func TestUpdateReportNative(t *testing.T) {
	run := updateRun()
	for _, e := range adapterEngines() {
		run.Verdicts[2].Engine = e.Name()
		run.Divergences[0].Signature.Wrong = []string{e.Name()}
		bugs := UpdateBugs(run, e)
		er := bugs[0].Reports[0]
		n, ok := oracle.NativeFor(e, bugs[0].Reproducer.Case())
		switch {
		case ok && (er.Native == nil || !strings.HasPrefix(er.Command, n.Install)):
			t.Errorf("%s: has a reproducer, the report does not carry it", e.Name())
		case !ok && (er.Native != nil || !strings.HasPrefix(er.Command, "oracle diff -u update.ru")):
			t.Errorf("%s: no reproducer, command %q", e.Name(), er.Command)
		}
	}
}

// TestUpdateSentences: every sentence an update verdict quotes is in the
// text (../shared/spec), under its anchor's section.
func TestUpdateSentences(t *testing.T) {
	dir := filepath.Join("..", "..", "..", "shared", "spec")
	upd, err1 := os.ReadFile(filepath.Join(dir, "sparql11-update.md"))
	qry, err2 := os.ReadFile(filepath.Join(dir, "sparql11-query.md"))
	if err1 != nil || err2 != nil {
		t.Skipf("spec text not here: %v %v", err1, err2)
	}
	if len(updateSentences) < 15 {
		t.Fatalf("%d sentences parsed", len(updateSentences))
	}
	for key, s := range updateSentences {
		text := string(upd)
		if strings.HasPrefix(s.URL, SpecBase) {
			text = string(qry)
		}
		if !strings.Contains(text, "{#"+s.Anchor+"}") {
			t.Errorf("%s: no anchor #%s", key, s.Anchor)
		}
		if !strings.Contains(text, s.Text) {
			t.Errorf("%s: sentence not in the text: %q", key, s.Text)
		}
	}
}

// TestUpdateBasisKeys: which sentence decides which class on which
// operation.
func TestUpdateBasisKeys(t *testing.T) {
	for _, c := range []struct {
		request string
		class   diff.Class
		extra   []string
		want    string
	}{
		{"INSERT DATA { <a:s> <a:p> 1 } ;\nPREFIX e: <a:>\nINSERT DATA { e:s e:p 2 }", diff.ClassRejected, nil, "rUpdate"},
		{"DELETE { GRAPH <a:g> { <a:s> <a:p> ?o } } WHERE { <a:s> <a:p> ?o }", diff.ClassGraphExistence, nil, "deleteInsert"},
		{"DELETE WHERE { GRAPH ?g { ?s <a:p> ?o } }", diff.ClassExtraQuads, nil, "deleteWhere"},
		{"INSERT { ?o <a:q> <a:z> } WHERE { ?s <a:p> ?o }", diff.ClassExtraQuads, []string{`"lit" <a:q> <a:z> .`}, "deleteInsert"},
		{"INSERT { ?o <a:q> <a:z> } WHERE { ?s <a:p> ?o }", diff.ClassErrorVsAnswer, nil, "defn_deleteInsertOperation"},
		{"INSERT { ?o <a:q> <a:z> } WHERE { ?s <a:p> ?o }", diff.ClassErrorVsAnswer, []string{`query raised error: ValueError: the store holds a quad that is not RDF: "" <a:q> <a:z>`}, "deleteInsert"},
		{"", diff.ClassChangedLiteral, nil, "defn_graphStore"},
		{"CLEAR GRAPH <a:g>", diff.ClassMissingQuads, nil, "defn_clearOperation"},
		{"INSERT DATA { GRAPH <a:h> { } }", diff.ClassRejected, nil, "rQuadsNotTriples"},
		{"DELETE { ?s ?p ?o } USING <a:g3> WHERE { GRAPH <a:g2> { ?s ?p ?o } }", diff.ClassMissingQuads, nil, "defUSING"},
		{"MOVE DEFAULT TO <a:g>", diff.ClassMissingQuads, nil, "move"},
	} {
		b := UpdateBasis(c.request, "", c.class, c.extra)
		if b == nil || b.Anchor != c.want {
			t.Errorf("%q %s: basis %+v, want #%s", c.request, c.class, b, c.want)
		}
	}
}

// TestUpdateFeature: the construct a refused request is named after.
func TestUpdateFeature(t *testing.T) {
	for _, c := range []struct {
		request string
		class   diff.Class
		want    string
	}{
		{"INSERT DATA {} ;\nPREFIX ex: <a:>", diff.ClassRejected, "PREFIX or BASE after ';'"},
		{"CLEAR DEFAULT ;\nPREFIX ex: <a:>\nCLEAR ALL", diff.ClassRejected, "PREFIX or BASE after ';'"},
		{"CLEAR DEFAULT ; CLEAR ALL", diff.ClassRejected, "request sequence"},
		{"INSERT DATA { GRAPH <a:h> { } }", diff.ClassRejected, "empty GRAPH block"},
		{"", diff.ClassErrorVsAnswer, "empty request"},
		{"DELETE { <a:s> <a:p> ?o } INSERT { <a:s> <a:q> ?o } WHERE { <a:s> <a:p> ?o }", diff.ClassMissingQuads, "DELETE/INSERT"},
		{"COPY <a:g> TO DEFAULT", diff.ClassMissingQuads, "COPY"},
	} {
		if got := UpdateFeature(c.request, "", c.class); got != c.want {
			t.Errorf("%q %s: %q, want %q", c.request, c.class, got, c.want)
		}
	}
}
