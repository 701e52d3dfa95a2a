package report

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
	"github.com/sparql-oracle/oracle/internal/triage"
)

var update = flag.Bool("update", false, "rewrite goldens")

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
	path := filepath.Join("testdata", "golden", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update)", err)
	}
	if string(want) != got {
		t.Errorf("%s differs from the golden (rerun with -update if intended):\n%s", path, got)
	}
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
