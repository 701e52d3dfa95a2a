package server

import (
	"strings"
	"testing"

	"github.com/sparql-oracle/oracle/internal/store"
)

// TestChartGaps: an engine not run in a sweep has no point there and its
// line breaks; a sweep of one other engine (an import) is no gap.
func TestChartGaps(t *testing.T) {
	values := map[string]map[int64]float64{
		"a": {1: 10, 2: 20, 3: 0, 5: 30},
		"b": {1: 5, 3: 5, 4: 7, 5: 9},
	}
	c := newChart("t", "test", []int64{1, 2, 3, 4, 5}, values, 0, "", map[int64]string{4: "b"})
	a, b := c.Series[0], c.Series[1]
	if len(a.Dots) != 4 || len(a.Segments) != 1 || strings.Count(a.Segments[0], ",") != 4 {
		t.Errorf("a: %d points, segments %q; want one line through 1, 2, 3, 5 (sweep 4 ran b alone)", len(a.Dots), a.Segments)
	}
	if len(b.Dots) != 4 || len(b.Segments) != 1 || strings.Count(b.Segments[0], ",") != 3 {
		t.Errorf("b: %d points, segments %q; want 1 alone (not run in sweep 2), then a line 3-4-5", len(b.Dots), b.Segments)
	}
	if a.Dots[2].Y != c.Bottom {
		t.Errorf("a's 0 is drawn at %d, want the axis %d", a.Dots[2].Y, c.Bottom)
	}
}

// TestChartLabelsApart: labels of lines ending at the same value are
// pushed at least labelGap apart and stay beside the plot.
func TestChartLabelsApart(t *testing.T) {
	values := map[string]map[int64]float64{}
	for _, e := range []string{"a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l"} {
		values[e] = map[int64]float64{1: 0, 2: 0}
	}
	c := newChart("t", "test", []int64{1, 2}, values, 0, "", nil)
	ys := map[int]bool{}
	for _, s := range c.Series {
		for y := range ys {
			if d := s.Label.Y - y; d > -labelGap && d < labelGap {
				t.Fatalf("labels %d and %d overlap", s.Label.Y, y)
			}
		}
		ys[s.Label.Y] = true
		if s.Label.Y > c.Bottom+10 || s.Label.Y < c.Top {
			t.Errorf("label %s at %d, outside the plot's height", s.Engine, s.Label.Y)
		}
	}
}

// TestMarkRows: equal rows (blank nodes alike) are not marked, a changed
// row marks its differing cell against the closest expected row, and
// an expected row the answer lacks is listed as missing.
func TestMarkRows(t *testing.T) {
	exp := &store.Table{Kind: "bindings", Vars: []string{"x", "y"}, Rows: [][]string{{"<a>", `"1"`}, {"<b>", `"2"`}, {"_:e", `"3"`}, {"<d>", `"4"`}}}
	got := &store.Table{Kind: "bindings", Vars: []string{"y", "x"}, Rows: [][]string{{`"1"`, "<a>"}, {`"9"`, "<b>"}, {`"3"`, "_:x"}}}
	m := mark(exp, got, true)
	if m.Rows[0].Extra || m.Rows[2].Extra {
		t.Errorf("equal rows marked: %+v", m.Rows)
	}
	if r := m.Rows[1]; !r.Extra || r.Cells[0].Diff || !r.Cells[1].Diff {
		t.Errorf("the changed row: %+v, want ?y marked only", r)
	}
	if len(m.Missing) != 1 || m.Missing[0].Cells[0].Text != "<d>" {
		t.Errorf("missing %+v, want <d>", m.Missing)
	}
	if plain := mark(exp, got, false); plain.Rows[1].Extra || plain.Missing != nil {
		t.Errorf("a passing answer is not marked")
	}
	if c := (markedCell{Text: `"1"^^<http://www.w3.org/2001/XMLSchema#integer>`}); c.Short() != `"1"^^xsd:integer` {
		t.Errorf("short: %s", c.Short())
	}
}

// TestDiffTerms reads the differing terms out of row diffs.
func TestDiffTerms(t *testing.T) {
	got := cells(`?s=<http://ex/b> ?label="a \"quoted\" one"@en ?n="2"^^<http://x/int>`)
	want := []string{"s\x00<http://ex/b>", "label\x00\"a \\\"quoted\\\" one\"@en", "n\x00\"2\"^^<http://x/int>"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("cells: %q", got)
	}
	h := highlight(`<a> <p> "x<y" .`, []string{`"x<y"`})
	if string(h) != `&lt;a&gt; &lt;p&gt; <mark class="term">&#34;x&lt;y&#34;</mark> .` {
		t.Errorf("highlight: %s", h)
	}
}
