package report

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/reduce"
	"github.com/sparql-oracle/oracle/internal/results"
	"github.com/sparql-oracle/oracle/internal/triage"
)

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
