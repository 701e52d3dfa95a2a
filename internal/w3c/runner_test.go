package w3c

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/corpus"
	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
)

var update = flag.Bool("update", false, "rewrite goldens")

const ex = "http://example.org/"

func integer(s string) rdf.Term { return rdf.Literal(s, rdf.XSDInteger) }

func row(s, o string) results.Solution {
	return results.Solution{"s": rdf.IRI(ex + s), "o": integer(o)}
}

// fakeEngine answers the fixture's tests by test id with fixed answers,
// checking on the way that the runner built each case as the manifest says.
type fakeEngine struct{ fixture string }

func (fakeEngine) Name() string    { return "fake" }
func (fakeEngine) Version() string { return "1.0" }

func (f fakeEngine) Eval(ctx context.Context, c *oracle.Case) (*results.Answer, error) {
	id := strings.TrimPrefix(c.Name, "http://example.org/w3c-runner#")
	if strings.Contains(c.Query, "BAD") {
		return nil, fmt.Errorf("%w: line 1: BAD", oracle.ErrRejected)
	}
	if !strings.HasPrefix(c.Base, "file:///") || !strings.HasSuffix(c.Base, ".rq") {
		return nil, fmt.Errorf("base is not the query file's IRI: %q", c.Base)
	}
	sel := &results.Answer{Kind: results.Bindings, Vars: []string{"s", "o"}}
	switch id {
	case "select", "csv", "syntax-ok":
		sel.Rows = []results.Solution{row("c", "2"), row("a", "1"), row("b", "2")} // a permutation
	case "ordered":
		sel.Rows = []results.Solution{row("a", "1"), row("c", "2"), row("b", "2")} // ties swapped
	case "misordered":
		sel.Rows = []results.Solution{row("b", "2"), row("a", "1"), row("c", "2")}
	case "wrong":
		sel.Rows = []results.Solution{row("a", "1"), row("b", "2")}
	case "budget":
		return nil, fmt.Errorf("%w: 10 steps", oracle.ErrBudget)
	case "construct":
		return &results.Answer{Kind: results.Graph, Triples: []rdf.Triple{
			{S: rdf.Blank("other"), P: rdf.IRI(ex + "q2"), O: rdf.String("blank")}}}, nil
	case "ask":
		return &results.Answer{Kind: results.Boolean, Boolean: f.askDataset(c)}, nil
	case "from":
		return f.fromSources(c, sel)
	case "lax":
		return &results.Answer{Kind: results.Bindings, Vars: []string{"o"}, Rows: []results.Solution{
			{"o": integer("1")}, {"o": integer("2")}, {"o": integer("2")}, {"o": integer("2")}}}, nil
	default:
		return nil, fmt.Errorf("fake engine: no answer for %s", id)
	}
	if id != "syntax-ok" && c.Dataset.Default.Len() != 4 {
		return nil, fmt.Errorf("default graph has %d triples, want 4", c.Dataset.Default.Len())
	}
	return sel, nil
}

// askDataset: true when data.ttl is a named graph under its file IRI and
// other.ttl under its rdfs:label, with an empty default graph.
func (f fakeEngine) askDataset(c *oracle.Case) bool {
	data := c.Dataset.Named(rdf.IRI(corpus.FileIRI(filepath.Join(f.fixture, "data.ttl"))), false)
	other := c.Dataset.Named(rdf.IRI(ex+"g"), false)
	return data.Len() == 4 && other.Len() == 1 && c.Dataset.Default.Len() == 0
}

// fromSources answers from.rq only if data.ttl is among the Sources.
func (f fakeEngine) fromSources(c *oracle.Case, sel *results.Answer) (*results.Answer, error) {
	g := c.Sources[corpus.FileIRI(filepath.Join(f.fixture, "data.ttl"))]
	if g.Len() != 4 || c.Dataset.Default.Len() != 0 {
		return nil, fmt.Errorf("sources %d graphs, data.ttl has %d triples", len(c.Sources), g.Len())
	}
	sel.Rows = []results.Solution{row("a", "1"), row("b", "2"), row("c", "2")}
	return sel, nil
}

func runFixture(t *testing.T) Report {
	t.Helper()
	dir := filepath.Join("testdata", "suite")
	opts := Options{Timeout: 5 * time.Second, Workers: 3, Lacks: []string{"XsdDateOperations"}, Root: "testdata"}
	rep := Run(context.Background(), fakeEngine{fixture: dir}, []string{filepath.Join(dir, "manifest.ttl")}, opts)
	if rep.Err != nil {
		t.Fatal(rep.Err)
	}
	return rep
}

func TestRunnerOutcomes(t *testing.T) {
	rep := runFixture(t)
	want := map[string]string{
		"select": "pass", "ordered": "pass", "misordered": "fail order", "construct": "pass", "ask": "pass",
		"wrong": "fail missing-rows", "budget": "error budget", "from": "pass", "lax": "pass",
		"csv": "pass", "syntax-ok": "pass", "syntax-bad": "pass",
		"service": "skip SERVICE: no network", "requires": "skip requires XsdDateOperations",
		"withdrawn": "skip dawgt:Withdrawn",
	}
	if len(rep.Results) != len(want) {
		t.Fatalf("%d results, want %d", len(rep.Results), len(want))
	}
	for _, r := range rep.Results {
		id := strings.TrimPrefix(r.Test.ID, "http://example.org/w3c-runner#")
		got := string(r.Outcome)
		switch r.Outcome {
		case Fail, Error:
			got += " " + r.Class
		case Skip:
			got += " " + r.Reason
		}
		if got != want[id] {
			t.Errorf("%s: got %q (%s %v), want %q", id, got, r.Reason, r.Diff, want[id])
		}
		if r.Folder != "suite" {
			t.Errorf("%s: folder %q", id, r.Folder)
		}
	}
}

// normalise makes a report deterministic for goldens.
func normalise(rep *Report) {
	rep.Started = time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	for i := range rep.Results {
		rep.Results[i].Time = time.Millisecond
	}
}

func TestRunnerOutputs(t *testing.T) {
	rep := runFixture(t)
	normalise(&rep)
	for _, g := range []struct {
		file  string
		write func(*bytes.Buffer) error
	}{
		{"report.earl.ttl", func(b *bytes.Buffer) error { return rep.WriteEARL(b) }},
		{"report.junit.xml", func(b *bytes.Buffer) error { return rep.WriteJUnit(b) }},
		{"report.table.txt", func(b *bytes.Buffer) error { return rep.WriteTable(b) }},
		{"report.baseline.tsv", func(b *bytes.Buffer) error { return rep.WriteBaseline(b) }},
	} {
		var buf bytes.Buffer
		if err := g.write(&buf); err != nil {
			t.Fatal(err)
		}
		// file IRIs depend on the checkout's location
		out := bytes.ReplaceAll(buf.Bytes(), []byte(corpus.FileIRI("testdata")), []byte("file:///TESTDATA"))
		golden(t, filepath.Join("testdata", g.file), out)
	}
}

// TestEARLParses reads the EARL output back as Turtle: it must be RDF with
// one earl:outcome per test.
func TestEARLParses(t *testing.T) {
	rep := runFixture(t)
	quads := earlQuads(t, &rep)
	n := 0
	for _, q := range quads {
		if q.P.Value == "http://www.w3.org/ns/earl#outcome" {
			n++
		}
	}
	if n != len(rep.Results) {
		t.Errorf("%d earl:outcome triples, want %d", n, len(rep.Results))
	}
}

func golden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from output (run with -update to accept):\n%s", path, got)
	}
}

func TestBaselineCompare(t *testing.T) {
	rep := runFixture(t)
	const p = "http://example.org/w3c-runner#"
	b, err := ReadBaseline(strings.NewReader("# comment\n\n" +
		p + "wrong\tmissing-rows\tknown\n" + // unchanged: no change
		p + "misordered\torder\tknown\n" +
		p + "budget\ttimeout\twas a timeout\n" + // changed class
		p + "select\twrong-value\tfixed since\n" + // unexpected pass
		p + "service\tunsupported\tnow skipped\n" + // stale (skipped)
		p + "gone\twrong-value\tnot in the suite\n")) // stale
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	fatal := 0
	for _, c := range rep.Compare(b) {
		got = append(got, c.Kind+" "+strings.TrimPrefix(c.ID, p))
		if c.Fatal() {
			fatal++
		}
	}
	want := []string{"unexpected pass select", "changed class budget", "stale gone", "stale service"}
	if strings.Join(got, "|") != strings.Join(want, "|") || fatal != 2 {
		t.Errorf("changes %q (fatal %d), want %q (fatal 2)", got, fatal, want)
	}
	delete(b, p+"wrong")
	found := false
	for _, c := range rep.Compare(b) {
		found = found || c.Kind == NewFailure && c.ID == p+"wrong"
	}
	if !found {
		t.Errorf("removing the entry of wrong: no new failure reported")
	}
}

func TestReadBaselineErrors(t *testing.T) {
	for _, in := range []string{"id-only\n", "id\tclass\n", "a\tc\tr\na\tc\tr\n", "\tc\tr\n"} {
		if _, err := ReadBaseline(strings.NewReader(in)); err == nil {
			t.Errorf("ReadBaseline(%q): want an error", in)
		}
	}
}

// TestOrderFreedom: rows with equal ORDER BY keys may be permuted, rows
// with different keys may not.
func TestOrderFreedom(t *testing.T) {
	q, err := algebra.Parse("SELECT ?s ?o { ?s ?p ?o } ORDER BY DESC(?o) LIMIT 5", "")
	if err != nil {
		t.Skipf("algebra.Parse: %v", err)
	}
	conds := orderConds(q.Op)
	if len(conds) != 1 {
		t.Fatalf("orderConds: %d conditions, want 1", len(conds))
	}
	exp := &results.Answer{Kind: results.Bindings, Vars: []string{"s", "o"},
		Rows: []results.Solution{row("b", "2"), row("c", "2"), row("a", "1")}}
	f, note := orderFreedom(q, conds, exp)
	if note != "" || fmt.Sprint(f.Ties) != "[0 0 1]" {
		t.Fatalf("ties %v note %q, want [0 0 1]", f.Ties, note)
	}
	exp.Freedom = f
	ok := func(rows ...results.Solution) bool {
		return diff.Compare(exp, &results.Answer{Kind: results.Bindings, Vars: exp.Vars, Rows: rows}).OK
	}
	if !ok(row("c", "2"), row("b", "2"), row("a", "1")) {
		t.Error("a permutation inside a tie class was refused")
	}
	if ok(row("a", "1"), row("b", "2"), row("c", "2")) {
		t.Error("a permutation across tie classes was accepted")
	}
}

func TestOrderFreedomUnprojectedKey(t *testing.T) {
	q, err := algebra.Parse("SELECT ?s { ?s ?p ?o } ORDER BY ?o", "")
	if err != nil {
		t.Skipf("algebra.Parse: %v", err)
	}
	exp := &results.Answer{Kind: results.Bindings, Vars: []string{"s"},
		Rows: []results.Solution{{"s": rdf.IRI(ex + "a")}, {"s": rdf.IRI(ex + "b")}}}
	f, note := orderFreedom(q, orderConds(q.Op), exp)
	if note == "" || fmt.Sprint(f.Ties) != "[0 0]" {
		t.Errorf("ties %v note %q: want one class and a note", f.Ties, note)
	}
}

// badEngine hangs (ignoring its context), panics, or returns nothing.
type badEngine struct{ mode string }

func (badEngine) Name() string    { return "bad" }
func (badEngine) Version() string { return "0" }

func (b badEngine) Eval(ctx context.Context, c *oracle.Case) (*results.Answer, error) {
	switch b.mode {
	case "hang":
		time.Sleep(5 * time.Second)
	case "panic":
		panic("boom")
	}
	return nil, nil
}

func TestEvalGuards(t *testing.T) {
	for mode, want := range map[string]string{"hang": "timeout", "panic": "crash", "nil": "crash"} {
		r := newRunner(badEngine{mode}, Options{Timeout: 50 * time.Millisecond})
		start := time.Now()
		out := r.eval(context.Background(), &oracle.Case{Query: "ASK {}"})
		if got := errorClass(out.err); out.err == nil || got != want {
			t.Errorf("%s: error %v (class %q), want class %q", mode, out.err, got, want)
		}
		if d := time.Since(start); d > time.Second {
			t.Errorf("%s: eval took %v", mode, d)
		}
	}
}

// downEngine is an engine that cannot be reached.
type downEngine struct{}

func (downEngine) Name() string    { return "down" }
func (downEngine) Version() string { return "0" }
func (downEngine) Eval(context.Context, *oracle.Case) (*results.Answer, error) {
	return nil, fmt.Errorf("%w: connection refused", oracle.ErrUnavailable)
}

// TestUnavailableEnginePassesNothing: an engine that never answered has
// not accepted a positive syntax test nor rejected a negative one (a
// stopped Fuseki once "passed" 212 positive syntax tests).
func TestUnavailableEnginePassesNothing(t *testing.T) {
	dir := filepath.Join("testdata", "suite")
	opts := Options{Timeout: time.Second, Root: "testdata"}
	rep := Run(context.Background(), downEngine{}, []string{filepath.Join(dir, "manifest.ttl")}, opts)
	if rep.Err != nil {
		t.Fatal(rep.Err)
	}
	syntax := 0
	for _, r := range rep.Results {
		if _, ok := r.Test.Syntax(); ok {
			syntax++
		}
		if r.Outcome == Pass {
			t.Errorf("%s passed through an unavailable engine", r.Test.ID)
		}
	}
	if syntax == 0 {
		t.Fatal("the fixture holds no syntax test")
	}
}
