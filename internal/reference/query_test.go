package reference

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/golden"
	"github.com/sparql-oracle/oracle/internal/ops"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
	"github.com/sparql-oracle/oracle/internal/w3csuite"
)

// A query case is one file testdata/queries/*.txt made of sections:
//
//	--- data turtle|nquads     the dataset (Turtle: default graph only)
//	--- query                  the SPARQL query (base http://example/)
//	--- options                key=value lines: maxsteps, maxsolutions, fuel
//	--- result [ordered]       the expected answer (golden, see render)
//	--- error                  instead of result: a substring of the error
//
// Lines before the first section are comments (say what the case checks,
// and cite the spec).
type queryCase struct {
	path     string
	sections map[string]string
	heads    map[string]string // section name → its header arguments
	order    []string
}

func readQueryCase(t *testing.T, path string) *queryCase {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	c := &queryCase{path: path, sections: map[string]string{}, heads: map[string]string{}}
	secs := splitSections(string(data), "--- ")
	c.sections[""] = secs[0].body
	for _, s := range secs[1:] {
		f := strings.Fields(s.head)
		c.heads[f[0]] = strings.Join(f[1:], " ")
		c.order = append(c.order, f[0])
		c.sections[f[0]] += s.body
	}
	return c
}

func (c *queryCase) write(t *testing.T) {
	var b strings.Builder
	b.WriteString(c.sections[""])
	for _, s := range c.order {
		b.WriteString("--- " + strings.TrimSpace(s+" "+c.heads[s]) + "\n")
		b.WriteString(c.sections[s])
	}
	if err := os.WriteFile(c.path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

func (c *queryCase) dataset(t *testing.T) *rdf.Dataset {
	ds := rdf.NewDataset()
	format := rdf.Turtle
	if c.heads["data"] == "nquads" {
		format = rdf.NQuads
	}
	qs, err := rdf.Parse(strings.NewReader(c.sections["data"]), format, "http://example/", c.path)
	if err != nil {
		t.Fatalf("%s: data: %v", c.path, err)
	}
	for _, q := range qs {
		ds.Add(q)
	}
	return ds
}

func (c *queryCase) options(t *testing.T) Options {
	opt := Options{Now: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	for _, line := range strings.Fields(c.sections["options"]) {
		k, v, _ := strings.Cut(line, "=")
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			t.Fatalf("%s: option %q", c.path, line)
		}
		switch k {
		case "maxsteps":
			opt.MaxSteps = n
		case "maxsolutions":
			opt.MaxSolutions = int(n)
		case "fuel":
			opt.Fuel = int(n)
		default:
			t.Fatalf("%s: unknown option %q", c.path, k)
		}
	}
	return opt
}

// TestQueries runs testdata/queries/*.txt end to end: parse, translate, evaluate.
func TestQueries(t *testing.T) {
	paths, _ := filepath.Glob("testdata/queries/*.txt")
	if len(paths) == 0 {
		t.Fatal("no query cases")
	}
	for _, path := range paths {
		t.Run(filepath.Base(path), func(t *testing.T) { runQueryCase(t, path) })
	}
}

func runQueryCase(t *testing.T, path string) {
	c := readQueryCase(t, path)
	q, err := algebra.Parse(c.sections["query"], "http://example/")
	if err != nil {
		t.Fatalf("%s: query: %v", path, err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	start := time.Now()
	res, err := Eval(ctx, q, c.dataset(t), nil, c.options(t))
	if want, ok := c.sections["error"]; ok {
		if err == nil || !strings.Contains(err.Error(), strings.TrimSpace(want)) {
			t.Fatalf("%s: error %v, want one containing %q", path, err, strings.TrimSpace(want))
		}
		if time.Since(start) > 5*time.Second {
			t.Errorf("%s: took %v to fail", path, time.Since(start))
		}
		return
	}
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	got := render(res)
	if golden.Update() {
		c.sections["result"] = got
		c.write(t)
		return
	}
	want := c.sections["result"]
	if !sameRendered(res, got, want, c.heads["result"] == "ordered") {
		t.Errorf("%s: result\n--- got\n%s--- want\n%s", path, got, want)
	}
}

// render prints an answer: SELECT as a header of variables and one line per
// row of tab-separated N-Triples terms (empty when unbound); ASK as true or
// false; a graph as sorted N-Triples.
func render(res *Result) string {
	var b strings.Builder
	switch res.Form {
	case algebra.Ask:
		b.WriteString(strconv.FormatBool(res.Boolean) + "\n")
	case algebra.Construct, algebra.Describe:
		var lines, notes []string
		for i, t := range res.Triples {
			lines = append(lines, t.String())
			if i < len(res.TripleCells) && res.TripleCells[i].Open() {
				notes = append(notes, "# computed object "+cellText(res.TripleCells[i])+": "+t.String())
			}
		}
		sort.Strings(lines)
		sort.Strings(notes)
		for _, l := range append(lines, notes...) {
			b.WriteString(l + "\n")
		}
	default:
		var head []string
		for _, v := range res.Vars {
			head = append(head, "?"+v)
		}
		b.WriteString(strings.Join(head, "\t") + "\n")
		for i, row := range res.Rows {
			var cells []string
			for _, v := range res.Vars {
				s := row[v].String()
				if i < len(res.Cells) && res.Cells[i][v].Open() {
					s += cellText(res.Cells[i][v])
				}
				cells = append(cells, s)
			}
			b.WriteString(strings.Join(cells, "\t") + "\n")
		}
	}
	if res.Indeterminate != "" {
		b.WriteString("# indeterminate: " + res.Indeterminate + "\n")
	}
	renderReadings(&b, res)
	return b.String()
}

// renderReadings prints, one line each, the answers under the other
// readings of the contested questions met (readings.go) and the §17.6
// extension points (extension.go).
func renderReadings(b *strings.Builder, res *Result) {
	for _, f := range res.Follows {
		b.WriteString("# follows " + string(f.Kind) + " " + f.Ref + " (#" + f.Anchor + ")\n")
	}
	for _, rd := range res.Readings {
		line := "undecided (not computed)"
		if rd.Answer != nil {
			line = answerLine(rd.Answer)
		}
		b.WriteString("# reading " + strings.Join(rd.Takes, "; ") + ": " + line + "\n")
	}
	if len(res.Readings) > 0 {
		b.WriteString("# readings complete: " + strconv.FormatBool(res.ReadingsComplete) + "\n")
	}
	if x := res.Extension; x != nil {
		b.WriteString(fmt.Sprintf("# extension: cells=%v rows=%v elsewhere=%v\n", x.Cells, x.Rows, x.Elsewhere))
		if x.Answer != nil {
			b.WriteString("# extension answer: " + answerLine(x.Answer) + "\n")
		}
	}
}

// answerLine is an answer on one line: rows sorted, " | " between them.
func answerLine(a *results.Answer) string {
	switch a.Kind {
	case results.Boolean:
		return strconv.FormatBool(a.Boolean)
	case results.Graph:
		return strconv.Itoa(len(a.Triples)) + " triples"
	}
	var rows []string
	for _, r := range a.Rows {
		var cells []string
		for _, v := range a.Vars {
			cells = append(cells, "?"+v+"="+r[v].String())
		}
		rows = append(rows, strings.Join(cells, " "))
	}
	sort.Strings(rows)
	return strings.Join(rows, " | ")
}

// cellText shows what the judge leaves open of a computed cell:
// {lexical}, {open}, {precision VALUE} or {precision VALUE ±BOUND}.
func cellText(c results.Cell) string {
	switch {
	case c.Fix != results.FixPrecision:
		return "{" + string(c.Fix) + "}"
	case c.Bound == "":
		return "{precision " + c.Value + "}"
	}
	return "{precision " + c.Value + " ±" + c.Bound + "}"
}

func sameRendered(res *Result, got, want string, ordered bool) bool {
	switch res.Form {
	case algebra.Construct, algebra.Describe:
		qs, err := rdf.ParseNQuads(strings.NewReader(want), "want")
		if err != nil {
			return false
		}
		var ts []rdf.Triple
		for _, q := range qs {
			ts = append(ts, q.Triple())
		}
		return rdf.Isomorphic(res.Triples, ts)
	case algebra.Select:
		if !ordered {
			return sortedLines(got) == sortedLines(want)
		}
	}
	return got == want
}

func sortedLines(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > 1 {
		sort.Strings(lines[1:])
	}
	return strings.Join(lines, "\n")
}

// TestCancel: a done context stops the evaluation quickly with ctx.Err().
func TestCancel(t *testing.T) {
	ds := rdf.NewDataset()
	for i := 0; i < 60; i++ {
		ds.Add(rdf.Quad{S: rdf.IRI(ex + strconv.Itoa(i)), P: rdf.IRI(ex + "p"), O: rdf.Literal(strconv.Itoa(i), rdf.XSDInteger)})
	}
	q, err := algebra.Parse("SELECT * { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i }", "")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err = Eval(ctx, q, ds, nil, Options{MaxSteps: 1 << 60, MaxSolutions: 1 << 40})
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v, want context.DeadlineExceeded", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("stopped after %v", d)
	}
	if _, err := Eval(ctx, q, ds, nil, Options{}); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("done context before start: %v", err)
	}
}

// TestBudgetIsErrBudget: budgets surface as ops.ErrBudget.
func TestBudgetIsErrBudget(t *testing.T) {
	ds := rdf.NewDataset()
	for i := 0; i < 12; i++ {
		ds.Add(rdf.Quad{S: rdf.IRI(ex + strconv.Itoa(i)), P: rdf.IRI(ex + "p"), O: rdf.IRI(ex + strconv.Itoa(i+1))})
	}
	q, err := algebra.Parse("SELECT * { ?a ?b ?c . ?d ?e ?f }", "")
	if err != nil {
		t.Fatal(err)
	}
	for _, opt := range []Options{{MaxSteps: 10_000}, {MaxSolutions: 100}} {
		if _, err := Eval(context.Background(), q, ds, nil, opt); !errors.Is(err, ops.ErrBudget) {
			t.Errorf("%+v: err = %v, want ErrBudget", opt, err)
		}
	}
	if res, err := Eval(context.Background(), q, ds, nil, Options{}); err != nil || len(res.Rows) != 144 {
		t.Errorf("within budget: %v rows, %v", len(res.Rows), err)
	}
}

// suiteRoot is the W3C rdf-tests checkout (w3csuite: the submodule or a
// local copy); the test fails with w3csuite.Missing when there is none.
func suiteRoot(t *testing.T) string { return w3csuite.Require(t) }

// TestSmokeEveryQuery evaluates every W3C query file that parses over one
// small dataset under a small budget: the only permitted failures are the
// typed ones (budget, SERVICE, an unknown FROM graph); never a panic.
func TestSmokeEveryQuery(t *testing.T) {
	root := filepath.Join(suiteRoot(t), "sparql")
	ds := loadTurtle(t, `@prefix : <http://example/> . @prefix ex: <http://example.org/> .
:a :p 1, "x", :b ; :q [ :r "y"@en ] . :b :p 2.5 ; ex:p :a . ex:s ex:p ex:o .`)
	n := 0
	filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".rq") || strings.Contains(path, "entailment") {
			return nil
		}
		src, _ := os.ReadFile(path)
		q, err := algebra.Parse(string(src), "file://"+path)
		if err != nil {
			return nil
		}
		n++
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_, err = Eval(ctx, q, ds, nil, Options{MaxSteps: 200_000, MaxSolutions: 10_000, Seed: 1})
		if err != nil && !errors.Is(err, ops.ErrBudget) && !errors.Is(err, ErrService) && !strings.Contains(err.Error(), "FROM") {
			t.Errorf("%s: %v", path, err)
		}
		return nil
	})
	if n < 100 {
		t.Errorf("only %d queries parsed", n)
	}
	t.Logf("%d queries evaluated", n)
}
