package report

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/large"
	"github.com/sparql-oracle/oracle/internal/results"
	"github.com/sparql-oracle/oracle/internal/triage"
)

// WriteMarkdown writes bugs as Markdown ready to paste into trackers: one
// self-contained report per diverging engine (each for that engine's
// tracker), and a spec question as one report naming every engine's
// reading. Reports are separated by a rule. An update's bug is written
// the same way, in its own words (updateWords): the request and the store
// before it, the basis, the store the spec gives against the engine's as
// a per-graph quad diff, one line per other engine, and the engine-only
// reproducer.
func WriteMarkdown(w io.Writer, bugs []Bug) error {
	var parts []func(*strings.Builder)
	for _, bug := range bugs {
		if bug.Status == StatusQuestion {
			parts = append(parts, func(b *strings.Builder) { question(b, bug) })
			continue
		}
		for _, er := range tracked(bug) {
			parts = append(parts, func(b *strings.Builder) { engineMarkdown(b, bug, er) })
		}
	}
	return writeParts(w, parts)
}

// writeParts writes self-contained reports separated by a rule.
func writeParts(w io.Writer, parts []func(*strings.Builder)) error {
	var b strings.Builder
	for i, part := range parts {
		if i > 0 {
			b.WriteString("\n---\n\n")
		}
		part(&b)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// tracked are a bug's reports; one built from Actual for a query's bug
// stored before reports were per engine.
func tracked(bug Bug) []EngineReport {
	if len(bug.Reports) > 0 || bug.Reproducer.Update {
		return bug.Reports
	}
	var out []EngineReport
	for _, a := range bug.Actual {
		out = append(out, EngineReport{EngineRef: a.EngineRef, Title: bug.Title, Feature: bug.Feature, Answer: a,
			Command: bug.Reproducer.Commands[a.Engine]})
	}
	if len(out) == 0 {
		out = append(out, EngineReport{Title: bug.Title})
	}
	return out
}

// engineMarkdown is the report for er's tracker: nothing of another
// engine's but one line of what it answers.
func engineMarkdown(b *strings.Builder, bug Bug, er EngineReport) {
	w := wordsOf(bug)
	fmt.Fprintf(b, "## %s\n\n", esc(er.Title))
	fmt.Fprintf(b, "- **Engine:** %s\n", esc(engineName(er.Engine, er.Version)))
	if bug.Case != "" {
		fmt.Fprintf(b, "- **Case:** `%s`\n", inlineCode(bug.Case))
	}
	fmt.Fprintf(b, "- **Found by:** %s, %s\n", esc(bug.Oracle.String()), w.foundBy)
	fmt.Fprintf(b, "- **Class:** `%s` · **Status:** %s\n", inlineCode(string(bug.Class)), esc(bug.Status))
	judgedBy(b, bug.JudgedBy)
	basisMarkdown(b, w, bug.Basis)
	minimality(b, bug.Reduction)
	basisQuote(b, bug.Basis)
	caseMarkdown(b, w, bug)
	largeWitness(b, bug)
	var att attachments
	w.expected(b, bug, &att)
	w.answer(b, er, &att)
	others(b, er.Others)
	rootCauseMarkdown(b, er)
	reproduce(b, w, er)
	att.write(b)
}

// words are what a query's report and an update's write differently:
// how the case was found, its files' headings, the line naming the basis,
// and the blocks of the judge's answer and the engine's (rows, or a
// store's quads: update_render.go).
type words struct {
	foundBy     string // after "Found by: <the oracle>, "
	text, data  string // the headings of the query or request, and of the data or store before it
	empty, save string // what stands for no data; the reproduce section's instruction
	basisLine   func(*results.Basis) string
	expected    func(*strings.Builder, Bug, *attachments)
	answer      func(*strings.Builder, EngineReport, *attachments)
}

var queryWords = words{
	foundBy: "differential testing against the SPARQL 1.1 reference evaluator",
	text:    "Query", data: "Data (N-Quads)", empty: "# (empty dataset)\n",
	save:      "Save the query as `query.rq` and the data as `data.nq`",
	basisLine: basisLine, expected: expected,
	answer: func(b *strings.Builder, er EngineReport, att *attachments) { actual(b, er.Answer, att) },
}

func wordsOf(bug Bug) words {
	if bug.Reproducer.Update {
		return updateWords
	}
	return queryWords
}

// judgedBy says, when the fast engine judged a large case, so and why
// (the expected answer is then the fast engine's).
func judgedBy(b *strings.Builder, line string) {
	if line != "" {
		fmt.Fprintf(b, "- **Judged by:** %s\n", esc(strings.TrimPrefix(line, "judged by ")))
	}
}

// basisMarkdown says what the verdict rests on: the quoted sentence, the
// erratum or the test the judge follows, or the open question.
func basisMarkdown(b *strings.Builder, w words, bs *results.Basis) {
	if bs == nil {
		return
	}
	fmt.Fprintf(b, "- **Basis:** %s", esc(w.basisLine(bs)))
	if bs.URL != "" {
		fmt.Fprintf(b, " <%s>", urlText(bs.URL))
	}
	b.WriteString("\n")
}

// basisQuote quotes the sentence the verdict rests on, and the reading
// taken, after the list.
func basisQuote(b *strings.Builder, bs *results.Basis) {
	if bs == nil {
		return
	}
	if bs.Sentence != "" {
		fmt.Fprintf(b, "\n> %s\n", esc(bs.Sentence))
	}
	if bs.Note != "" {
		fmt.Fprintf(b, "\n%s\n", esc(bs.Note))
	}
}

func minimality(b *strings.Builder, r *ReductionFigure) {
	switch {
	case r == nil:
		b.WriteString("- **Minimal:** not reduced\n")
	case r.Stopped:
		fmt.Fprintf(b, "- **Minimal:** no — a limit stopped the reduction (%d oracle calls); the case may still shrink\n", r.Calls)
	case r.Flaky:
		b.WriteString("- **Minimal:** not verified — the reduced case lost the divergence when re-run (the engine answers differently from run to run)\n")
	case !r.Verified && len(r.Kept) > 0:
		fmt.Fprintf(b, "- **Minimal:** not verified — %d single step(s) still kept the divergence on a re-run: %s\n", len(r.Kept), esc(strings.Join(r.Kept, "; ")))
	case !r.Verified:
		b.WriteString("- **Minimal:** not verified\n")
	default:
		fmt.Fprintf(b, "- **Minimal:** verified 1-minimal — each of the %d single steps the reducer knows, re-run, loses the divergence\n", r.Tried)
	}
	if r != nil {
		fmt.Fprintf(b, "- **Reduced:** from %d quads / %d syntax nodes to %d / %d in %d oracle calls, %.2f s\n",
			r.QuadsBefore, r.NodesBefore, r.QuadsAfter, r.NodesAfter, r.Calls, r.Seconds)
	}
}

func caseMarkdown(b *strings.Builder, w words, bug Bug) {
	fence(b, w.text, "sparql", bug.Reproducer.Query)
	if bug.Reproducer.Base != "" {
		fmt.Fprintf(b, "\nBase IRI: `%s`\n", inlineCode(bug.Reproducer.Base))
	}
	fence(b, w.data, "", orEmpty(bug.Reproducer.Data, w.empty))
}

// largeWitness: a large case reduced for its engine (reduce.Large) keeps
// the realistic query it was found with beside the reduced one.
func largeWitness(b *strings.Builder, bug Bug) {
	if bug.OriginalTriples == 0 {
		return
	}
	fence(b, fmt.Sprintf("Reduced from %d triples and this query (to %d triples and the query above)",
		bug.OriginalTriples, bug.ReducedTriples), "sparql", bug.OriginalQuery)
}

// fence writes text as a code block whose fence no content can close.
func fence(b *strings.Builder, heading, lang, text string) {
	if heading != "" {
		fmt.Fprintf(b, "\n### %s\n\n", heading)
	}
	f := fenceFor(text)
	fmt.Fprintf(b, "%s%s\n%s", f, fenceLang(lang), text)
	if !strings.HasSuffix(text, "\n") {
		b.WriteString("\n")
	}
	b.WriteString(f + "\n")
}

func expected(b *strings.Builder, bug Bug, att *attachments) {
	if bug.Expected == nil {
		return
	}
	sec := ""
	if len(bug.Spec) > 0 {
		sec = ", " + sectionName(bug.Spec[0])
	}
	judge := "reference evaluator"
	if bug.JudgedBy != "" {
		judge = "the fast engine, judging: the reference ran out"
	}
	att.block(b, esc("Expected ("+judge+sec+")"), bug.Expected.Format, bug.Expected.Text)
	if bug.Expected.Note != "" {
		fmt.Fprintf(b, "\n%s\n", esc(bug.Expected.Note))
	}
}

func actual(b *strings.Builder, a EngineAnswer, att *attachments) {
	att.block(b, esc(fmt.Sprintf("Actual (%s): %s", engineName(a.Engine, a.Version), a.Outcome)), a.Answer.Format, a.Answer.Text)
	if len(a.Diff) > 0 {
		b.WriteString("\nRow diff (- expected only, + actual only):\n\n")
		fence(b, "", "diff", strings.Join(a.Diff, "\n"))
	}
	evidence(b, a, att)
}

// evidence writes what the engine reported about its own evaluation, one
// fenced block per key in key order: a wrong answer from a SQL compiler
// (oxilite) is best read next to the SQL it compiled the query to. Only
// the engine's own report holds it; a long block is attached (attach.go).
func evidence(b *strings.Builder, a EngineAnswer, att *attachments) {
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
		att.block(b, esc(fmt.Sprintf("%s evidence: %s", a.Engine, k)), lang, a.Evidence[k])
	}
}

func others(b *strings.Builder, ls []OtherLine) {
	if len(ls) == 0 {
		return
	}
	b.WriteString("\n### Other engines on the same case\n\n")
	for _, l := range ls {
		fmt.Fprintf(b, "- %s: %s\n", esc(engineName(l.Engine, l.Version)), esc(l.Line))
	}
}

// reproduce writes the commands that show the divergence with this engine
// alone (install line, then the run; the oracle invocation last), in a
// folder holding the case's files (query.rq or update.ru, and data.nq).
// An empty named graph is not in N-Quads, so a graph-existence finding
// says where it shows.
func reproduce(b *strings.Builder, w words, er EngineReport) {
	if er.Command == "" {
		return
	}
	fmt.Fprintf(b, "\n### Reproduce\n\n%s, then run, in that folder:\n\n", w.save)
	fence(b, "", "sh", er.Command)
	if slices.Contains(er.Answer.Classes, diff.ClassGraphExistence) {
		b.WriteString("\nN-Quads cannot hold an empty named graph: which graphs exist after the request shows in the engine's own listing of its graphs, not in the N-Quads printed.\n")
	}
}

// question writes a spec question: the judge's reading and its source,
// every engine's reading, and where the open questions are listed. It is
// not addressed to an engine's tracker.
func question(b *strings.Builder, bug Bug) {
	fmt.Fprintf(b, "## %s\n\n", esc(bug.Title))
	fmt.Fprintf(b, "Not filed as an engine bug: the answer rests on a contested reading of the spec (listed in `%s`; `--file-contested` files it).\n\n", SpecQuestions)
	fmt.Fprintf(b, "- **Found by:** %s\n", esc(bug.Oracle.String()))
	basisMarkdown(b, queryWords, bug.Basis)
	basisQuote(b, bug.Basis)
	caseMarkdown(b, queryWords, bug)
	largeWitness(b, bug)
	var att attachments
	expected(b, bug, &att)
	for _, a := range bug.Actual {
		actual(b, a, &att)
	}
	defer att.write(b)
	if len(bug.Agreeing) > 0 {
		var ag []string
		for _, e := range bug.Agreeing {
			ag = append(ag, esc(engineName(e.Engine, e.Version)))
		}
		fmt.Fprintf(b, "\nTaking the judge's reading: %s.\n", strings.Join(ag, ", "))
	}
}

// urlText keeps a URL inside <...>: characters that would end or break
// the autolink are percent-encoded.
func urlText(u string) string {
	return strings.NewReplacer("<", "%3C", ">", "%3E", " ", "%20", "\n", "", "\r", "", "`", "%60").Replace(u)
}

// inlineCode keeps s inside one backtick span.
func inlineCode(s string) string {
	return strings.NewReplacer("`", "'", "\n", " ", "\r", " ").Replace(s)
}

// JSONReport is `oracle diff --format json`: one object per case. The
// schema is in docs/report-schema.md.
type JSONReport struct {
	Case       string      `json:"case"`
	Kind       triage.Kind `json:"kind"`
	Judge      string      `json:"judge"` // "reference", or "" when unjudged
	JudgeError string      `json:"judge_error,omitempty"`
	// Reason says why the case is unjudged (kind "unjudged"): the judge's
	// error, or the engines that could not be judged.
	Reason      string        `json:"reason,omitempty"`
	Oracle      OracleVersion `json:"oracle"`
	Verdicts    []JSONVerdict `json:"verdicts"`
	Bugs        []Bug         `json:"bugs"`
	Metamorphic []JSONCheck   `json:"metamorphic,omitempty"`
	Notes       []string      `json:"notes,omitempty"`
	// JudgedBy: the fast engine judged (judge "engine"), and why
	// (triage.Report.JudgedBy); LargeJudge is the large-case judge's evidence.
	JudgedBy   string     `json:"judged_by,omitempty"`
	LargeJudge *JSONLarge `json:"large_judge,omitempty"`
}

// JSONLarge is the large-case judge's evidence (large.Evidence).
type JSONLarge struct {
	Why      string       `json:"why"`     // why the reference did not judge, with its figure
	Judged   bool         `json:"judged"`  // the fast engine judged
	Verdict  string       `json:"verdict"` // what it decided and on what evidence
	Agree    int          `json:"agree"`   // samples the reference answered and the fast engine matched
	NonEmpty int          `json:"non_empty"`
	Checks   []string     `json:"checks,omitempty"` // metamorphic checks the fast engine passed
	Open     string       `json:"open,omitempty"`   // what the query leaves open (answers other than the fast engine's: undecided)
	Samples  []JSONSample `json:"samples"`
}

// JSONSample is one sample; a disagreeing one carries its query and data.
type JSONSample struct {
	Seed    int64  `json:"seed"`
	Triples int    `json:"triples"`
	Outcome string `json:"outcome"` // agree | disagree | no-evidence
	Why     string `json:"why,omitempty"`
	Query   string `json:"query,omitempty"`
	Data    string `json:"data,omitempty"` // N-Quads
}

func jsonLarge(l *large.Evidence) *JSONLarge {
	if l == nil {
		return nil
	}
	j := &JSONLarge{Why: l.Why, Judged: l.Judged, Verdict: l.Verdict, Agree: l.Agree, NonEmpty: l.NonEmpty,
		Checks: l.Checks, Open: l.Open, Samples: []JSONSample{}}
	for _, s := range l.Samples {
		js := JSONSample{Seed: s.Seed, Triples: s.Quads, Outcome: s.Outcome, Why: s.Why}
		if s.Outcome == large.SampleDisagree && s.Case != nil {
			js.Query, js.Data = s.Case.Query, nquads(s.Case.Dataset)
		}
		j.Samples = append(j.Samples, js)
	}
	return j
}

// JSONVerdict is one engine's verdict; a wrong one carries its basis.
type JSONVerdict struct {
	Engine    string         `json:"engine"`
	Version   string         `json:"version"`
	Outcome   triage.Outcome `json:"outcome"`
	Class     diff.Class     `json:"class,omitempty"`
	Classes   []diff.Class   `json:"classes,omitempty"`
	ElapsedMS float64        `json:"elapsed_ms"`
	Error     string         `json:"error,omitempty"`
	Diff      []string       `json:"diff,omitempty"`
	Basis     *results.Basis `json:"basis,omitempty"`
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
func NewJSON(r *triage.Report, bugs []Bug) *JSONReport {
	j := &JSONReport{Kind: r.Kind, Judge: r.Judge, Reason: localText(r.Reason), Oracle: Version(), Bugs: bugs, Notes: localLines(r.Notes),
		JudgedBy: r.JudgedBy, LargeJudge: jsonLarge(r.Large)}
	if j.Bugs == nil {
		j.Bugs = []Bug{}
	}
	if r.Case != nil {
		j.Case = caseName(r.Case.Name)
	}
	if r.JudgeErr != nil {
		j.JudgeError = localText(r.JudgeErr.Error())
	}
	for _, v := range r.Verdicts {
		j.Verdicts = append(j.Verdicts, jsonVerdict(v, engineBasis(v, bugs)))
	}
	for _, c := range r.Metamorphic {
		j.Metamorphic = append(j.Metamorphic, JSONCheck{c.Name, c.Engine, c.OK, c.Skipped})
	}
	return j
}

// basisFor is the basis of the first bug that has engine on its wrong side.
func basisFor(engine string, bugs []Bug) *results.Basis {
	for _, b := range bugs {
		for _, a := range b.Actual {
			if a.Engine == engine {
				return b.Basis
			}
		}
	}
	return nil
}

func jsonVerdict(v triage.EngineVerdict, basis *results.Basis) JSONVerdict {
	jv := JSONVerdict{Engine: v.Engine, Version: v.Version, Outcome: v.Outcome, Class: v.Class,
		Classes: v.Classes, ElapsedMS: float64(v.Elapsed.Microseconds()) / 1000}
	if v.Err != nil {
		jv.Error = localText(v.Err.Error())
	}
	if v.Verdict != nil && !v.Verdict.OK {
		for _, l := range v.Verdict.Diff {
			jv.Diff = append(jv.Diff, shortTerms(l.String()))
		}
	}
	if v.Outcome != triage.Correct {
		jv.Basis = basis
	}
	return jv
}

// WriteJSON writes the report as indented JSON. HTML characters are
// escaped (\u003c), so a report embedded in a page cannot end its script.
func (j *JSONReport) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(j)
}

// WriteTable writes one line per engine, the verdict at a glance with the
// basis of each wrong verdict, then the case's notes and divergences, and
// then the report of every diverging engine (bugs, as WriteMarkdown).
func WriteTable(w io.Writer, r *triage.Report, bugs ...Bug) error {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintf(tw, "ENGINE\tVERSION\tOUTCOME\tCLASS\tMS\tBASIS\n")
	for _, v := range r.Verdicts {
		basis := ""
		if v.Outcome != triage.Correct {
			basis = basisLine(engineBasis(v, bugs))
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%.1f\t%s\n", cell(v.Engine), cell(v.Version), v.Outcome, diff.JoinClasses(v.Classes, ", "),
			float64(v.Elapsed.Microseconds())/1000, cell(basis))
	}
	fmt.Fprintf(tw, "\ncase: %s\n", r.Kind)
	if r.JudgedBy != "" {
		fmt.Fprintf(tw, "judged by: %s\n", cell(strings.TrimPrefix(r.JudgedBy, "judged by ")))
	}
	for _, n := range r.Notes {
		fmt.Fprintf(tw, "note: %s\n", cell(localText(n)))
	}
	for _, d := range r.Divergences {
		fmt.Fprintf(tw, "divergence: %s\n", d.Signature)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if len(bugs) == 0 {
		return nil
	}
	fmt.Fprintf(w, "\n%s\n\n", strings.Repeat("=", 72))
	return WriteMarkdown(w, bugs)
}

// cell keeps a table cell on one line and in its column.
func cell(s string) string {
	return strings.NewReplacer("\t", " ", "\n", " ", "\r", " ").Replace(s)
}

// sectionName cites a section: "SPARQL 1.1 Query §N Title", or the other
// Recommendation's own title when the link leaves SPARQL 1.1 Query.
func sectionName(l SpecLink) string {
	if strings.HasPrefix(l.URL, SpecBase) {
		return "SPARQL 1.1 Query §" + l.Section
	}
	return l.Section
}
