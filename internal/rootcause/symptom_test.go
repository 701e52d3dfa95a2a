package rootcause

import (
	"bufio"
	"os"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/require"

	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
	"github.com/sparql-oracle/oracle/internal/triage"
)

// table reads a testdata file of " | "-separated rows, skipping comments.
func table(t *testing.T, path string, cols int) [][]string {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	var rows [][]string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		row := strings.Split(line, " | ")
		require.Len(t, row, cols, "%s: %q", path, line)
		rows = append(rows, row)
	}
	require.NoError(t, sc.Err())
	require.NotEmpty(t, rows)
	return rows
}

// term reads one N-Triples term ("-" is unbound) by parsing a quad.
func term(t *testing.T, s string) rdf.Term {
	t.Helper()
	if s == "-" {
		return rdf.Term{}
	}
	qs, err := rdf.ParseNQuads(strings.NewReader("<http://s> <http://p> "+s+" .\n"), "test")
	require.NoError(t, err, s)
	return qs[0].O
}

func TestTransformation(t *testing.T) {
	for _, row := range table(t, "testdata/transformations.txt", 3) {
		got := Transformation(term(t, row[0]), term(t, row[1]))
		require.Equal(t, row[2], got, "%s -> %s", row[0], row[1])
	}
}

func TestMessage(t *testing.T) {
	for _, row := range table(t, "testdata/messages.txt", 2) {
		in := strings.ReplaceAll(row[0], `\n`, "\n")
		require.Equal(t, row[1], Message(in), row[0])
	}
}

// An ASK answer that differs is the row a SELECT of its pattern shows
// dropped or added (gen/numeric/78: ASK false where the spec gives true).
func TestAskRows(t *testing.T) {
	ask := func(b bool) *results.Answer { return &results.Answer{Kind: results.Boolean, Boolean: b} }
	for _, c := range []struct {
		expected, actual bool
		want             string
	}{{true, false, "row dropped"}, {false, true, "row added"}} {
		got := Symptom(diff.ClassWrongValue, ask(c.expected), triage.EngineVerdict{Engine: "rdflib", Answer: ask(c.actual)})
		require.Equal(t, c.want, got)
	}
}

// Under LIMIT without ORDER BY (one tie class) an engine may keep another
// row than the judge: the symptom is how it wrote that row's literal
// (gen/numeric/187: a stored "0e0" written "0.0"), not "literal for IRI"
// against the row the judge kept. Under ORDER BY with other tie classes
// the judge's row stands.
func TestSlicedCell(t *testing.T) {
	iri, stored := term(t, "<http://ex/s2>"), term(t, `"0e0"^^<http://www.w3.org/2001/XMLSchema#double>`)
	written := term(t, `"0.0"^^<http://www.w3.org/2001/XMLSchema#double>`)
	for _, c := range []struct {
		ties []int
		want string
	}{{[]int{0, 0}, "lexical form changed"}, {[]int{0, 1}, "literal for IRI"}} {
		expected := &results.Answer{Kind: results.Bindings, Vars: []string{"e"},
			Rows: []results.Solution{{"e": iri}},
			Freedom: &results.Freedom{Ordered: true, Sequence: []results.Solution{{"e": iri}, {"e": stored}},
				Ties: c.ties, Limit: 1}}
		actual := &results.Answer{Kind: results.Bindings, Vars: []string{"e"}, Rows: []results.Solution{{"e": written}}}
		got := Symptom(diff.ClassWrongValue, expected, triage.EngineVerdict{Engine: "rdflib", Answer: actual})
		require.Equal(t, c.want, got, "ties %v", c.ties)
	}
}

// TestReadRecorded: roots.tsv's lines are read by column; a line with
// another count of columns is an error naming file and line; a missing
// file is an empty index.
func TestReadRecorded(t *testing.T) {
	fsys := fstest.MapFS{
		"ok.tsv":  {Data: []byte("# comment\n" + RecordedHeader + "\nabc\trdflib\terror\topen\tcase-a\tnot found (2026-12-02)\n")},
		"bad.tsv": {Data: []byte(RecordedHeader + "\nabc\trdflib\terror\topen\n")},
	}
	got, err := readRecorded(fsys, "ok.tsv")
	if err != nil || got["abc"] != (Recorded{Case: "case-a", Status: "open", Upstream: "not found (2026-12-02)"}) {
		t.Errorf("ok.tsv: %v %+v", err, got)
	}
	if _, err := readRecorded(fsys, "bad.tsv"); err == nil || !strings.Contains(err.Error(), "bad.tsv:2: want the 6 columns") {
		t.Errorf("bad.tsv: %v", err)
	}
	if got, err := readRecorded(fsys, "missing.tsv"); err != nil || len(got) != 0 {
		t.Errorf("missing.tsv: %v %v", err, got)
	}
}
