package regress

import (
	"context"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/report"
	"github.com/sparql-oracle/oracle/internal/results"
)

// Findings renders docs/findings.md from the corpus. ref (the reference
// evaluator) prints each case's expected answer; nothing else runs, so the
// page depends only on the corpus.
func Findings(cases []*Case, ref oracle.Engine) string {
	var b strings.Builder
	b.WriteString(findingsIntro)
	summary(&b, cases)
	table(&b, cases)
	b.WriteString("\n## Cases\n")
	for _, c := range cases {
		section(&b, c, ref)
	}
	return b.String()
}

const findingsIntro = `# Findings

Generated from ` + "`corpus/regress/`" + ` by ` + "`go test ./internal/regress -run TestFindings -update`" + `:
do not edit by hand. Every case was judged through the same runner as ` + "`oracle diff`" + `
(the §18.5 reference evaluator is the judge), reduced by the reducer behind ` + "`oracle reduce`" + `
(ddmin over quads, then syntax-tree edits to a fixpoint, keeping the same divergence
signature), re-judged on every installed engine, and recorded. The corpus test re-runs
every case, so a fixed engine bug shows up as a change. Status: *open* (filed against the
engine), *suspect* (reference and fast engine against every external: reported to us),
*internal* (our bug), *no divergence* (the installed engines agree with the reference).

`

func summary(b *strings.Builder, cases []*Case) {
	sigs := map[string]bool{}
	byEngine := map[string]map[string]bool{} // engine -> distinct keys it is wrong in
	byEngineClass := map[string]int{}
	var calls []int
	var secs []float64
	for _, c := range cases {
		if s := c.Meta["signature"]; s != "" {
			key := distinctKey(c)
			sigs[key] = true
			sig, _ := diff.ParseSignature(s)
			for _, e := range sig.Wrong {
				if byEngine[e] == nil {
					byEngine[e] = map[string]bool{}
				}
				byEngine[e][key] = true
			}
		}
		for _, e := range c.Expect {
			if e.Outcome == diff.Wrong || e.Outcome == diff.Unjudged && len(e.Classes) > 0 {
				for _, cl := range e.Classes {
					byEngineClass[e.Engine+"\t"+string(cl)]++
				}
			}
		}
		if n, s, ok := reductionFigures(c.Meta["reduction"]); ok {
			calls, secs = append(calls, n), append(secs, s)
		}
	}
	fmt.Fprintf(b, "## Summary\n\n%d cases; %d distinct divergences across %d engines (distinct: the signature after reduction, "+
		"class and the engines on each side, with the construct the title names: the key the report store deduplicates by).\n",
		len(cases), len(sigs), len(byEngine))
	engineCounts(b, byEngine)
	if len(calls) > 0 {
		fmt.Fprintf(b, "Reduction: median %d oracle calls and %.2f s per divergence (goal: ≤ 150 calls, ≤ 10 s); at most %d calls, %.2f s.\n",
			medianInt(calls), medianFloat(secs), maxInt(calls), maxFloat(secs))
	}
	b.WriteString("\nWrong answers by engine and class (cases):\n\n| engine | class | cases |\n| --- | --- | --- |\n")
	keys := make([]string, 0, len(byEngineClass))
	for k := range byEngineClass {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		e, cl, _ := strings.Cut(k, "\t")
		fmt.Fprintf(b, "| %s | `%s` | %d |\n", e, cl, byEngineClass[k])
	}
}

// distinctKey is a case's signature and feature, as store.KeyOf forms it.
func distinctKey(c *Case) string {
	return c.Meta["signature"] + " @ " + report.Feature(c.Query, "")
}

func engineCounts(b *strings.Builder, byEngine map[string]map[string]bool) {
	names := make([]string, 0, len(byEngine))
	for e := range byEngine {
		names = append(names, e)
	}
	sort.Strings(names)
	b.WriteString("\nDistinct divergences per engine (an engine counts every divergence it is on the wrong side of):\n\n| engine | distinct |\n| --- | --- |\n")
	for _, e := range names {
		fmt.Fprintf(b, "| %s | %d |\n", e, len(byEngine[e]))
	}
	b.WriteString("\n")
}

func table(b *strings.Builder, cases []*Case) {
	b.WriteString("\n## Divergences\n\n| case | engine | version | class | status | spec | oracle calls | time | quads | nodes |\n| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n")
	for _, c := range cases {
		calls, secs, quads, nodes := reductionCells(c.Meta["reduction"])
		for _, e := range c.Expect {
			if len(e.Classes) == 0 || e.Outcome == diff.Correct {
				continue
			}
			fmt.Fprintf(b, "| [%s](#%s) | %s | %s | `%s` | %s | %s | %s | %s | %s | %s |\n", c.ID, c.ID, e.Engine, e.Version,
				classList(e.Classes), c.Meta["status"], specCell(c, e.Classes[0]), calls, secs, quads, nodes)
		}
	}
}

func specCell(c *Case, cl diff.Class) string {
	links := report.SpecFor(c.Query, "", cl)
	if len(links) == 0 {
		return ""
	}
	return fmt.Sprintf("[%s](%s)", links[0].Section, links[0].URL)
}

func section(b *strings.Builder, c *Case, ref oracle.Engine) {
	sig, _ := diff.ParseSignature(c.Meta["signature"])
	title := "no divergence among the installed engines"
	if c.Meta["signature"] != "" {
		title = report.Title(c.Query, "", sig.Class, c.Meta["status"], sig.Wrong)
	}
	fmt.Fprintf(b, "\n### %s\n\n**%s**\n\n- Origin: %s\n- Status: %s\n", c.ID, title, c.Meta["origin"], c.Meta["status"])
	if s := c.Meta["signature"]; s != "" {
		fmt.Fprintf(b, "- Signature: `%s`\n", s)
		var ls []string
		for _, l := range report.SpecFor(c.Query, "", sig.Class) {
			ls = append(ls, fmt.Sprintf("[%s](%s)", l.Section, l.URL))
		}
		fmt.Fprintf(b, "- Decided by: %s\n", strings.Join(ls, "; "))
	}
	if r := c.Meta["reduction"]; r != "" {
		fmt.Fprintf(b, "- Reduction: %s\n", r)
	}
	codeBlock(b, "sparql", c.Query)
	codeBlock(b, "", nquadsOrEmpty(c))
	b.WriteString("\nExpected (reference):\n")
	codeBlock(b, "tsv", expectedText(c, ref))
	b.WriteString("\n| engine | version | outcome | classes |\n| --- | --- | --- | --- |\n")
	for _, e := range c.Expect {
		fmt.Fprintf(b, "| %s | %s | %s | %s |\n", e.Engine, e.Version, e.Outcome, classList(e.Classes))
	}
}

func codeBlock(b *strings.Builder, lang, text string) {
	if !strings.HasSuffix(text, "\n") {
		text += "\n"
	}
	fmt.Fprintf(b, "\n```%s\n%s```\n", lang, text)
}

func nquadsOrEmpty(c *Case) string {
	var b strings.Builder
	for _, q := range c.Data.Quads() {
		b.WriteString(q.String() + "\n")
	}
	if b.Len() == 0 {
		return "# (empty dataset)"
	}
	return b.String()
}

func expectedText(c *Case, ref oracle.Engine) string {
	a, err := ref.Eval(context.Background(), c.Oracle())
	if err != nil {
		return "error: " + err.Error()
	}
	var b strings.Builder
	if err := results.WriteTSV(&b, a); err != nil {
		return "unprintable: " + err.Error()
	}
	if a.Kind == results.Bindings && len(a.Rows) == 1 && len(a.Rows[0]) == 0 {
		b.WriteString("# (one solution that binds nothing)\n")
	}
	return b.String()
}

// reductionFigures reads oracle_calls and seconds from the header.
func reductionFigures(s string) (int, float64, bool) {
	f := fields(s)
	n, err1 := strconv.Atoi(f["oracle_calls"])
	sec, err2 := strconv.ParseFloat(f["seconds"], 64)
	return n, sec, s != "" && err1 == nil && err2 == nil
}

func reductionCells(s string) (calls, secs, quads, nodes string) {
	f := fields(s)
	if s == "" {
		return "–", "–", "–", "–"
	}
	return f["oracle_calls"], f["seconds"] + " s", strings.Replace(f["quads"], "->", " → ", 1), strings.Replace(f["nodes"], "->", " → ", 1)
}

func fields(s string) map[string]string {
	out := map[string]string{}
	for _, kv := range strings.Fields(s) {
		if k, v, ok := strings.Cut(kv, "="); ok {
			out[k] = v
		}
	}
	return out
}

func medianInt(xs []int) int {
	s := append([]int(nil), xs...)
	sort.Ints(s)
	return s[len(s)/2]
}

func medianFloat(xs []float64) float64 {
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	return s[len(s)/2]
}

func maxInt(xs []int) int {
	m := xs[0]
	for _, x := range xs {
		m = max(m, x)
	}
	return m
}

func maxFloat(xs []float64) float64 {
	m := xs[0]
	for _, x := range xs {
		m = max(m, x)
	}
	return m
}
