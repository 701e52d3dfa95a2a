package constructs

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// TestUpdateLabels is TestLabels for update requests
// (testdata/update_labels.txt, the same format), and checks every variant
// as TestWithout does.
func TestUpdateLabels(t *testing.T) {
	path := filepath.Join("testdata", "update_labels.txt")
	var parts []string
	for _, c := range readCases(t, path) {
		u, err := syntax.ParseUpdate(c.query, syntax.Options{})
		if err != nil {
			t.Fatalf("%s: %v", c.query, err)
		}
		_, ds := labelCase{query: "ASK {}", data: c.data}.parse(t)
		parts = append(parts, updateGolden(t, c, u, ds))
	}
	checkLabelsGolden(t, path, parts)
}

func updateGolden(t *testing.T, c labelCase, u *syntax.Update, ds *rdf.Dataset) string {
	before, data := u.String(), dataKey(ds)
	var b strings.Builder
	c.writeHead(&b)
	for _, l := range OfUpdate(u, ds) {
		b.WriteString(l + "\n")
		for _, v := range WithoutUpdate(u, ds, l) {
			text := v.Update.String()
			b.WriteString("    " + oneLine(text) + "\n")
			if k := dataKey(v.Data); k != data {
				b.WriteString("      data: " + oneLine(k) + "\n")
			}
			back, err := syntax.ParseUpdate(text, syntax.Options{Base: checkBase})
			if err != nil {
				t.Errorf("%s without %q does not parse again: %v", oneLine(before), l, err)
			} else if slices.Contains(OfUpdate(back, v.Data), l) {
				t.Errorf("%s without %q still has it", oneLine(before), l)
			}
		}
	}
	if u.String() != before || dataKey(ds) != data {
		t.Errorf("WithoutUpdate changed the case %s", oneLine(before))
	}
	return b.String()
}
