package constructs

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
	"github.com/sparql-oracle/oracle/internal/golden"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/w3csuite"
)

// A data case of testdata/labels.txt: a query, optional N-Quads after
// "--- data", and the golden part after "--- labels": each label of Of,
// then each variant Without gives for it (the query on one line, and the
// data when it changed). Cases are separated by "====".
type labelCase struct {
	query, data string
}

const (
	caseSep  = "\n====\n"
	dataSep  = "--- data\n"
	labelSep = "--- labels\n"
)

func readCases(t *testing.T, path string) []labelCase {
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []labelCase
	for _, part := range strings.Split(string(b), caseSep) {
		part, _, _ = strings.Cut(part, labelSep)
		q, d, _ := strings.Cut(part, dataSep)
		if strings.TrimSpace(q) == "" {
			continue
		}
		if d != "" && !strings.HasSuffix(d, "\n") {
			d += "\n"
		}
		out = append(out, labelCase{query: strings.TrimSpace(q) + "\n", data: d})
	}
	return out
}

func (c labelCase) parse(t *testing.T) (*syntax.Query, *rdf.Dataset) {
	t.Helper()
	q, err := syntax.Parse(c.query, syntax.Options{})
	if err != nil {
		t.Fatalf("%s: %v", c.query, err)
	}
	qs, err := rdf.ParseNQuads(strings.NewReader(c.data), "data")
	if err != nil {
		t.Fatalf("%s: %v", c.query, err)
	}
	ds := rdf.NewDataset()
	for _, x := range qs {
		ds.Add(x)
	}
	return q, ds
}

// writeHead writes the case as the golden file holds it, up to its labels.
func (c labelCase) writeHead(b *strings.Builder) {
	b.WriteString(strings.TrimSpace(c.query) + "\n")
	if c.data != "" {
		b.WriteString(dataSep + c.data)
	}
	b.WriteString(labelSep)
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// labelsPart writes a case with its labels and variants: its part of the
// golden file.
func labelsPart(t *testing.T, c labelCase) string {
	q, ds := c.parse(t)
	var b strings.Builder
	c.writeHead(&b)
	for _, l := range Of(q, ds) {
		b.WriteString(l + "\n")
		for _, v := range Without(q, ds, l) {
			b.WriteString("    " + oneLine(v.Query.String()) + "\n")
			if k := dataKey(v.Data); k != dataKey(ds) {
				b.WriteString("      data: " + oneLine(k) + "\n")
			}
		}
	}
	return b.String()
}

// TestLabels: the labels and variants of every case of
// testdata/labels.txt, golden (-update rewrites it).
func TestLabels(t *testing.T) {
	path := filepath.Join("testdata", "labels.txt")
	var parts []string
	for _, c := range readCases(t, path) {
		parts = append(parts, labelsPart(t, c))
	}
	checkLabelsGolden(t, path, parts)
}

// checkLabelsGolden joins the cases' golden parts and compares them with
// the file at path (rewrites it with -update); no part may hold a node
// type without a label.
func checkLabelsGolden(t *testing.T, path string, parts []string) {
	t.Helper()
	got := strings.Join(parts, caseSep)
	if strings.Contains(got, unknownPrefix) {
		t.Errorf("a node type has no label:\n%s", got)
	}
	if !golden.File(t, path, got) {
		t.Logf("go test ./internal/constructs -run %s -update rewrites %s; then read the diff", t.Name(), filepath.ToSlash(path))
	}
}

// TestWithout checks every variant of every label of every case: it
// parses again, lacks the label, shares no node with the case, and the
// case is left as it was.
func TestWithout(t *testing.T) {
	variants := 0
	for _, c := range readCases(t, filepath.Join("testdata", "labels.txt")) {
		q, ds := c.parse(t)
		variants += checkVariants(t, q, ds)
	}
	if variants < 50 {
		t.Errorf("only %d variants over testdata/labels.txt", variants)
	}
}

func checkVariants(t *testing.T, q *syntax.Query, ds *rdf.Dataset) int {
	t.Helper()
	before, data := q.String(), dataKey(ds)
	nodes := pointers(q)
	n := 0
	for _, l := range Of(q, ds) {
		for _, v := range Without(q, ds, l) {
			n++
			text := v.Query.String()
			back, err := syntax.Parse(text, syntax.Options{Base: checkBase})
			if err != nil {
				t.Errorf("%s without %q: does not parse again: %v\n%s", oneLine(before), l, err, text)
				continue
			}
			if slices.Contains(Of(back, v.Data), l) {
				t.Errorf("%s without %q still has it: %s", oneLine(before), l, oneLine(text))
			}
			for p := range pointers(v.Query) {
				if nodes[p] {
					t.Errorf("%s without %q shares a %T with the case", oneLine(before), l, p)
					break
				}
			}
		}
	}
	if q.String() != before || dataKey(ds) != data {
		t.Errorf("Without changed the case %s", oneLine(before))
	}
	return n
}

func pointers(q *syntax.Query) map[syntax.Node]bool {
	out := map[syntax.Node]bool{}
	syntax.Inspect(q, func(n syntax.Node) bool {
		if reflect.ValueOf(n).Kind() == reflect.Pointer {
			out[n] = true
		}
		return true
	})
	return out
}

// TestW3CQueries: every query of the W3C suite that parses has labels for
// all its nodes, and every variant of every label checks out.
func TestW3CQueries(t *testing.T) {
	dir := w3csuite.Require(t)
	var files []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".rq") {
			files = append(files, p)
		}
		return nil
	})
	checked, variants := 0, 0
	for _, f := range files {
		src, _ := os.ReadFile(f)
		q, err := syntax.Parse(string(src), syntax.Options{Base: "file://" + filepath.ToSlash(f)})
		if err != nil {
			continue
		}
		for _, l := range Of(q, nil) {
			if strings.HasPrefix(l, unknownPrefix) {
				t.Errorf("%s: %s", f, l)
			}
		}
		variants += checkVariants(t, q, rdf.NewDataset())
		checked++
	}
	t.Logf("%d queries, %d variants", checked, variants)
	if checked < 100 {
		t.Errorf("only %d W3C queries checked", checked)
	}
}

// TestSiblings: a label of a kind has a variant per other member, each
// parsing again and naming that member; COUNT(*) becomes its sibling of 1.
func TestSiblings(t *testing.T) {
	for _, tc := range []struct {
		query, label string
		want         int
	}{
		{"SELECT (COUNT(*) AS ?x) WHERE { ?a ?b ?c } GROUP BY ?d", "COUNT", 5},
		{"SELECT (AVG(?c) AS ?x) WHERE { ?a ?b ?c }", "AVG", 5},
		{"SELECT (0 * 1 AS ?x) {}", "arithmetic (*)", 3},
		{"SELECT (CEIL(1.5) AS ?x) {}", "CEIL", 3},
		{"SELECT * { ?a ?b ?c FILTER(?c < 2) }", "comparison (<)", 3},
		{"SELECT * { ?a ?b ?c }", "BIND", 0},
	} {
		q, err := syntax.Parse(tc.query, syntax.Options{})
		if err != nil {
			t.Fatal(err)
		}
		vs := Siblings(q, nil, tc.label)
		if len(vs) != tc.want {
			t.Fatalf("%s %q: %d variants, want %d", tc.query, tc.label, len(vs), tc.want)
		}
		for _, v := range vs {
			labels := Of(v.Query, nil)
			if slices.Contains(labels, tc.label) {
				t.Errorf("%s: a sibling still has %q: %v", v.Query, tc.label, labels)
			}
			if KindOf(tc.label) == "" {
				t.Errorf("%q has no kind", tc.label)
			}
		}
	}
}
