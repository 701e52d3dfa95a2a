package report

import (
	"encoding/json"
	"fmt"
	"github.com/sparql-oracle/oracle/internal/diff"
	"io"
	"sort"
	"strings"
	"text/tabwriter"
)

// WriteMarkdown writes bugs as Markdown ready to paste into a tracker.
func WriteMarkdown(w io.Writer, bugs []Bug) error {
	var b strings.Builder
	for i, bug := range bugs {
		if i > 0 {
			b.WriteString("\n---\n\n")
		}
		markdown(&b, bug)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func markdown(b *strings.Builder, bug Bug) {
	fmt.Fprintf(b, "## %s\n\n", bug.Title)
	for _, a := range bug.Actual {
		fmt.Fprintf(b, "- **Engine:** %s %s (%s", a.Engine, a.Version, a.Outcome)
		if len(a.Classes) > 0 {
			fmt.Fprintf(b, ": %s", joinClasses(a.Classes))
		}
		b.WriteString(")\n")
	}
	fmt.Fprintf(b, "- **Class:** `%s` · **Status:** %s · **Signature:** `%s`\n", bug.Class, bug.Status, bug.Signature)
	if len(bug.Spec) > 0 {
		var ls []string
		for _, l := range bug.Spec {
			ls = append(ls, fmt.Sprintf("[%s](%s)", l.Section, l.URL))
		}
		fmt.Fprintf(b, "- **Decided by:** SPARQL 1.1 Query, %s\n", strings.Join(ls, "; "))
	}
	fence(b, "Query", "sparql", bug.Reproducer.Query)
	data := bug.Reproducer.Data
	if data == "" {
		data = "# (empty dataset)\n"
	}
	fence(b, "Data (N-Quads)", "", data)
	expected(b, bug)
	for _, a := range bug.Actual {
		actual(b, a)
	}
	reproduce(b, bug)
}

func fence(b *strings.Builder, heading, lang, text string) {
	if heading != "" {
		fmt.Fprintf(b, "\n### %s\n\n", heading)
	}
	fmt.Fprintf(b, "```%s\n%s", lang, text)
	if !strings.HasSuffix(text, "\n") {
		b.WriteString("\n")
	}
	b.WriteString("```\n")
}

func expected(b *strings.Builder, bug Bug) {
	if bug.Expected == nil {
		return
	}
	sec := ""
	if len(bug.Spec) > 0 {
		sec = " — per §" + bug.Spec[0].Section
	}
	fence(b, "Expected (reference evaluator"+sec+")", bug.Expected.Format, bug.Expected.Text)
	if bug.Expected.Note != "" {
		fmt.Fprintf(b, "\n%s\n", bug.Expected.Note)
	}
}

func actual(b *strings.Builder, a EngineAnswer) {
	fence(b, fmt.Sprintf("%s %s: %s", a.Engine, a.Version, a.Outcome), a.Answer.Format, a.Answer.Text)
	if len(a.Diff) > 0 {
		b.WriteString("\nRow diff (- expected only, + actual only):\n\n")
		fence(b, "", "diff", strings.Join(a.Diff, "\n"))
	}
	evidence(b, a)
}

// evidence writes what the engine reported about its own evaluation, one
// fenced block per key in key order: a wrong answer from a SQL compiler
// (oxilite) is best read next to the SQL it compiled the query to.
func evidence(b *strings.Builder, a EngineAnswer) {
	keys := make([]string, 0, len(a.Evidence))
	for k := range a.Evidence {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		lang := ""
		if k == "sql" {
			lang = "sql"
		}
		fence(b, fmt.Sprintf("%s evidence: %s", a.Engine, k), lang, a.Evidence[k])
	}
}

// reproduce writes, for each diverging engine, the commands that show the
// divergence with that engine alone (install line, then the run; the oracle
// invocation last), in a folder holding query.rq and data.nq.
func reproduce(b *strings.Builder, bug Bug) {
	b.WriteString("\n### Reproduce\n\nSave the query as `query.rq` and the data as `data.nq`, then run, in that folder:\n")
	for _, a := range bug.Actual {
		fmt.Fprintf(b, "\n**%s**\n\n", strings.TrimSpace(a.Engine+" "+a.Version))
		fence(b, "", "sh", bug.Reproducer.Commands[a.Engine])
	}
	if len(bug.Agreeing) > 0 {
		var ag []string
		for _, e := range bug.Agreeing {
			ag = append(ag, strings.TrimSpace(e.Engine+" "+e.Version))
		}
		fmt.Fprintf(b, "\nAgreeing with the reference: %s.\n", strings.Join(ag, ", "))
	}
	if r := bug.Reduction; r != nil {
		fmt.Fprintf(b, "\nReduced from %d quads / %d syntax nodes to %d / %d in %d oracle calls (%.2f s).\n",
			r.QuadsBefore, r.NodesBefore, r.QuadsAfter, r.NodesAfter, r.Calls, r.Seconds)
	}
}

func joinClasses(cs []diff.Class) string {
	s := make([]string, len(cs))
	for i, c := range cs {
		s[i] = string(c)
	}
	return strings.Join(s, ", ")
}

// JSONReport is `oracle diff --format json`: one object per case. The
// schema is in docs/report-schema.md.
type JSONReport struct {
	Case        string        `json:"case"`
	Kind        diff.Kind     `json:"kind"`
	Judge       string        `json:"judge"` // "reference", or "" when unjudged
	JudgeError  string        `json:"judge_error,omitempty"`
	Verdicts    []JSONVerdict `json:"verdicts"`
	Bugs        []Bug         `json:"bugs"`
	Metamorphic []JSONCheck   `json:"metamorphic,omitempty"`
	Notes       []string      `json:"notes,omitempty"`
}

// JSONVerdict is one engine's verdict.
type JSONVerdict struct {
	Engine    string       `json:"engine"`
	Version   string       `json:"version"`
	Outcome   diff.Outcome `json:"outcome"`
	Class     diff.Class   `json:"class,omitempty"`
	Classes   []diff.Class `json:"classes,omitempty"`
	ElapsedMS float64      `json:"elapsed_ms"`
	Error     string       `json:"error,omitempty"`
	Diff      []string     `json:"diff,omitempty"`
}

// JSONCheck is one metamorphic check.
type JSONCheck struct {
	Name    string `json:"name"`
	Engine  string `json:"engine,omitempty"`
	OK      bool   `json:"ok"`
	Skipped string `json:"skipped,omitempty"`
}

// NewJSON builds the JSON report of r; bugs are r's (Bugs(r)) or those of
// its reduced cases.
func NewJSON(r *diff.Report, bugs []Bug) *JSONReport {
	j := &JSONReport{Kind: r.Kind, Judge: r.Judge, Bugs: bugs, Notes: r.Notes}
	if j.Bugs == nil {
		j.Bugs = []Bug{}
	}
	if r.Case != nil {
		j.Case = r.Case.Name
	}
	if r.JudgeErr != nil {
		j.JudgeError = r.JudgeErr.Error()
	}
	for _, v := range r.Verdicts {
		j.Verdicts = append(j.Verdicts, jsonVerdict(v))
	}
	for _, c := range r.Metamorphic {
		j.Metamorphic = append(j.Metamorphic, JSONCheck{c.Name, c.Engine, c.OK, c.Skipped})
	}
	return j
}

func jsonVerdict(v diff.EngineVerdict) JSONVerdict {
	jv := JSONVerdict{Engine: v.Engine, Version: v.Version, Outcome: v.Outcome, Class: v.Class,
		Classes: v.Classes, ElapsedMS: float64(v.Elapsed.Microseconds()) / 1000}
	if v.Err != nil {
		jv.Error = v.Err.Error()
	}
	if v.Verdict != nil && !v.Verdict.OK {
		for _, l := range v.Verdict.Diff {
			jv.Diff = append(jv.Diff, l.String())
		}
	}
	return jv
}

// WriteJSON writes the report as indented JSON.
func (j *JSONReport) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(j)
}

// WriteTable writes one line per engine: the verdict at a glance.
func WriteTable(w io.Writer, r *diff.Report) error {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintf(tw, "ENGINE\tVERSION\tOUTCOME\tCLASS\tMS\n")
	for _, v := range r.Verdicts {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%.1f\n", v.Engine, v.Version, v.Outcome, joinClasses(v.Classes),
			float64(v.Elapsed.Microseconds())/1000)
	}
	fmt.Fprintf(tw, "\ncase: %s\n", r.Kind)
	for _, n := range r.Notes {
		fmt.Fprintf(tw, "note: %s\n", n)
	}
	for _, d := range r.Divergences {
		fmt.Fprintf(tw, "divergence: %s\n", d.Signature)
	}
	return tw.Flush()
}
