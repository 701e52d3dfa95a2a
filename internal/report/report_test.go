package report

import (
	"bytes"
	"encoding/json"
	"flag"
	"github.com/sparql-oracle/oracle/internal/diff"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
)

// reportCase is the AVG divergence as the library example shows it.
func reportCase() (*oracle.Case, []oracle.Outcome) {
	ds := rdf.NewDataset()
	ds.Add(rdf.Quad{S: rdf.IRI("http://example.org/b"), P: rdf.IRI("http://example.org/pages"), O: rdf.Literal("204", rdf.XSDInteger)})
	c := &oracle.Case{Name: "avg", Dataset: ds,
		Query: "PREFIX : <http://example.org/>\nSELECT (AVG(?p) AS ?avg) WHERE { ?b :pages ?p OPTIONAL { ?b :missing ?p2 } }\n"}
	unbound := &results.Answer{Kind: results.Bindings, Vars: []string{"avg"}, Rows: []results.Solution{{}}}
	bound := &results.Answer{Kind: results.Bindings, Vars: []string{"avg"}, Rows: []results.Solution{{"avg": rdf.Literal("204", rdf.XSDDecimal)}}}
	return c, []oracle.Outcome{
		{Engine: "reference", Version: "dev", Answer: unbound},
		{Engine: "engine", Version: "dev", Answer: unbound},
		{Engine: "rdflib", Version: "7.6.0", Answer: bound},
		{Engine: "oxigraph", Version: "0.5.11", Answer: unbound},
		{Engine: "comunica", Version: "5.4.1", Err: oracle.ErrUnsupported},
	}
}

func TestReportGoldens(t *testing.T) {
	c, outs := reportCase()
	r := diff.Triage(c, outs)
	bugs := Bugs(r)
	if len(bugs) != 1 {
		t.Fatalf("want one bug, got %d", len(bugs))
	}
	b := bugs[0]
	for _, check := range []struct{ what, got, want string }{
		{"title", b.Title, "AVG: bound where the spec leaves unbound, or the reverse (unbound-vs-bound) in rdflib"},
		{"engine", b.Engine + " " + b.Version, "rdflib 7.6.0"},
		{"spec", b.Spec[0].URL, SpecBase + "#defn_aggAvg"},
		{"command", lastLine(b.Reproducer.Commands["rdflib"]), "# oracle diff -q query.rq -d data.nq --engines rdflib --format table"},
	} {
		if check.got != check.want {
			t.Errorf("%s = %q, want %q", check.what, check.got, check.want)
		}
	}
	var md, js bytes.Buffer
	if err := WriteMarkdown(&md, bugs); err != nil {
		t.Fatal(err)
	}
	if err := NewJSON(r, bugs).WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	for _, l := range []string{"## AVG", "- **Engine:** rdflib 7.6.0", "```sparql", "### Expected (reference evaluator", "```diff", "Agreeing with the reference: engine dev, oxigraph 0.5.11."} {
		if !strings.Contains(md.String(), l) {
			t.Errorf("markdown lacks %q", l)
		}
	}
	reportGolden(t, "avg.md", md.String())
	reportGolden(t, "avg.json", js.String())
	checkJSONSchema(t, js.Bytes())
}

// checkJSONSchema asserts the fields docs/report-schema.md promises.
func checkJSONSchema(t *testing.T, data []byte) {
	var v struct {
		Verdicts []map[string]any `json:"verdicts"`
		Bugs     []map[string]any `json:"bugs"`
	}
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatal(err)
	}
	for _, vd := range v.Verdicts {
		for _, k := range []string{"engine", "version", "outcome"} {
			if _, ok := vd[k]; !ok {
				t.Errorf("verdict %v lacks %q", vd, k)
			}
		}
		if vd["outcome"] == "wrong" && vd["class"] == nil {
			t.Errorf("wrong verdict without class: %v", vd)
		}
	}
	for _, k := range []string{"id", "title", "engine", "version", "class", "status", "signature", "reproducer", "expected", "actual", "spec", "links"} {
		if _, ok := v.Bugs[0][k]; !ok {
			t.Errorf("bug lacks %q", k)
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
	small := Bugs(diff.Triage(c, outs))[0]
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
	if l := SpecFor("SELECT * { ?s ?p ?o FILTER(sameTerm(?s, ?o)) }", "", diff.ClassWrongValue); l[0].Anchor != "func-sameTerm" {
		t.Errorf("sameTerm anchor %v", l)
	}
}

var update = flag.Bool("update", false, "rewrite goldens")
