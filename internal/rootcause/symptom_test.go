package rootcause

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
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
		got := Symptom(diff.ClassWrongValue, ask(c.expected), diff.EngineVerdict{Engine: "rdflib", Answer: ask(c.actual)})
		require.Equal(t, c.want, got)
	}
}
