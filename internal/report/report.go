package report

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"slices"
	"sort"
	"strings"

	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
)

// Bug is one divergence written up for an issue tracker (after
// sqlancer/bugs). Its JSON form is the schema of docs/report-schema.md;
// field names are stable.
type Bug struct {
	ID        string     `json:"id"`        // sha256 of signature, query and data, 12 hex digits
	Title     string     `json:"title"`     // names the feature and the class
	Engine    string     `json:"engine"`    // the first diverging engine
	Version   string     `json:"version"`   // its version
	Class     diff.Class `json:"class"`     // the divergence class
	Kind      diff.Kind  `json:"kind"`      // engine-bug, internal-bug, oracle-suspect, unjudged
	Status    string     `json:"status"`    // open, internal, suspect (the corpus may say fixed)
	Signature string     `json:"signature"` // diff.Signature.String()
	Feature   string     `json:"feature"`   // the construct the title names (AVG, STR, OPTIONAL...)

	Reproducer Reproducer       `json:"reproducer"`
	Expected   *AnswerText      `json:"expected,omitempty"` // the judge's answer
	Actual     []EngineAnswer   `json:"actual"`             // every diverging engine's answer
	Agreeing   []EngineRef      `json:"agreeing"`           // the engines on the judge's side
	Spec       []SpecLink       `json:"spec"`               // the sections that decide
	Links      []string         `json:"links"`              // spec URLs, then any the corpus adds
	Reduction  *ReductionFigure `json:"reduction,omitempty"`
}

// Reproducer is the minimal case and how to run it.
type Reproducer struct {
	Query    string            `json:"query"` // SPARQL text
	Data     string            `json:"data"`  // N-Quads
	Base     string            `json:"base,omitempty"`
	Commands map[string]string `json:"commands"` // engine name -> a command reproducing it
}

// AnswerText is an answer as SPARQL results TSV (or a boolean, or
// N-Triples), with the judge's remarks.
type AnswerText struct {
	Format string `json:"format"` // tsv, boolean, ntriples, error
	Text   string `json:"text"`
	Note   string `json:"note,omitempty"`
}

// EngineRef names an engine and its version.
type EngineRef struct {
	Engine  string `json:"engine"`
	Version string `json:"version"`
}

// EngineAnswer is one diverging engine's answer and its row diff.
type EngineAnswer struct {
	EngineRef
	Outcome diff.Outcome `json:"outcome"`
	Classes []diff.Class `json:"classes"`
	Answer  AnswerText   `json:"answer"`
	Diff    []string     `json:"diff,omitempty"` // "- row" expected only, "+ row" actual only
	// Evidence is the engine's own material (results.Answer.Evidence:
	// oxilite's compiled SQL under "sql"), shown next to its answer.
	Evidence map[string]string `json:"evidence,omitempty"`
}

// ReductionFigure records what reducing the case cost.
type ReductionFigure struct {
	Calls       int     `json:"oracle_calls"`
	Seconds     float64 `json:"seconds"`
	QuadsBefore int     `json:"quads_before"`
	QuadsAfter  int     `json:"quads_after"`
	NodesBefore int     `json:"nodes_before"`
	NodesAfter  int     `json:"nodes_after"`
}

// Figure converts reducer statistics for a report.
func Figure(s diff.ReduceStats) *ReductionFigure {
	return &ReductionFigure{Calls: s.Calls, Seconds: s.Elapsed.Seconds(), QuadsBefore: s.QuadsBefore,
		QuadsAfter: s.QuadsAfter, NodesBefore: s.NodesBefore, NodesAfter: s.NodesAfter}
}

// Bugs writes up every divergence of r, one Bug per signature.
func Bugs(r *diff.Report) []Bug {
	var out []Bug
	for _, d := range r.Divergences {
		out = append(out, bugOf(r, d))
	}
	return out
}

// BugFor writes up the divergence with signature sig in r, with the
// reduction figures attached; ok is false when r does not show sig.
func BugFor(r *diff.Report, sig diff.Signature, st *diff.ReduceStats) (Bug, bool) {
	for _, d := range r.Divergences {
		if d.Signature.Equal(sig) {
			b := bugOf(r, d)
			if st != nil {
				b.Reduction = Figure(*st)
			}
			return b, true
		}
	}
	return Bug{}, false
}

// Run is diff.Run with the divergences written up: Bugs(r), or with Reduce
// the deduplicated bugs of the reduced cases whose signature survived.
func Run(ctx context.Context, c *oracle.Case, engines []oracle.Engine, opt diff.RunOptions) (*diff.Report, []Bug) {
	r, reduced := diff.Run(ctx, c, engines, opt)
	if !opt.Reduce {
		return r, Bugs(r)
	}
	return r, Reduced(reduced)
}

// Reduced writes up reduced divergences, deduplicated.
func Reduced(rs []diff.Reduced) []Bug {
	var bugs []Bug
	for _, x := range rs {
		if b, ok := BugFor(x.Report, x.Divergence.Signature, &x.Stats); ok {
			bugs = append(bugs, b)
		}
	}
	return Dedup(bugs)
}

func bugOf(r *diff.Report, d diff.Divergence) Bug {
	c := r.Case
	fs := features(c.Query, c.Base)
	b := Bug{Class: d.Signature.Class, Kind: r.Kind, Status: status(d), Signature: d.Signature.String()}
	b.Feature = featureFor(fs, b.Class)
	b.Reproducer = Reproducer{Query: c.Query, Data: nquads(c.Dataset), Base: c.Base, Commands: map[string]string{}}
	if r.Expected != nil {
		b.Expected = answerText(r.Expected, nil)
	} else if r.JudgeErr != nil {
		b.Expected = &AnswerText{Format: "error", Text: r.JudgeErr.Error()}
	}
	for _, v := range r.Verdicts {
		if slices.Contains(d.Signature.Wrong, v.Engine) {
			b.Actual = append(b.Actual, engineAnswer(v))
			b.Reproducer.Commands[v.Engine] = command(v.Engine, b.Reproducer)
		} else if slices.Contains(d.Signature.Right, v.Engine) {
			b.Agreeing = append(b.Agreeing, EngineRef{v.Engine, v.Version})
		}
	}
	if len(b.Actual) > 0 {
		b.Engine, b.Version = b.Actual[0].Engine, b.Actual[0].Version
	}
	b.Spec = specLinks(fs, b.Class)
	for _, l := range b.Spec {
		b.Links = append(b.Links, l.URL)
	}
	b.Title = title(b, d.Signature.Wrong)
	b.ID = bugID(b)
	return b
}

func status(d diff.Divergence) string {
	switch {
	case d.Suspect:
		return "suspect"
	case d.Internal:
		return "internal"
	}
	return "open"
}

// title names the feature, the class and the engines, as a tracker wants.
func title(b Bug, engines []string) string {
	prefix := ""
	switch b.Status {
	case "suspect":
		prefix = "[oracle suspect] "
	case "internal":
		prefix = "[internal bug] "
	}
	feat := b.Feature
	if feat == "" {
		feat = "query"
	}
	return fmt.Sprintf("%s%s: %s (%s) in %s", prefix, feat, classPhrase[b.Class], b.Class, strings.Join(engines, ", "))
}

// classPhrase says what a class means in a title.
var classPhrase = map[diff.Class]string{
	diff.ClassMissingRows: "rows missing", diff.ClassExtraRows: "extra rows", diff.ClassDuplicateRows: "wrong multiplicities",
	diff.ClassOrder: "rows out of ORDER BY order", diff.ClassNumericLexical: "other lexical form of a number",
	diff.ClassNumericDatatype: "other numeric datatype", diff.ClassLangCase: "language tag case",
	diff.ClassSimpleVsString: "simple literal vs xsd:string", diff.ClassBlankVsIRI: "blank node vs IRI",
	diff.ClassUnboundVsBound: "bound where the spec leaves unbound, or the reverse", diff.ClassWrongValue: "wrong value",
	diff.ClassVars: "other projected variables", diff.ClassShape: "other kind of answer", diff.ClassUndecided: "undecided",
	diff.ClassErrorVsAnswer: "error where the spec gives an answer, or the reverse", diff.ClassTimeout: "timeout",
	diff.ClassCrash: "crash", diff.ClassUnsupported: "unsupported", diff.ClassRejected: "valid query rejected",
}

func engineAnswer(v diff.EngineVerdict) EngineAnswer {
	ea := EngineAnswer{EngineRef: EngineRef{v.Engine, v.Version}, Outcome: v.Outcome, Classes: v.Classes}
	if v.Err != nil {
		ea.Answer = AnswerText{Format: "error", Text: v.Err.Error()}
	} else if a := answerText(v.Answer, v.Verdict); a != nil {
		ea.Answer = *a
		ea.Evidence = v.Answer.Evidence
	}
	if v.Verdict != nil {
		for _, l := range v.Verdict.Diff {
			ea.Diff = append(ea.Diff, l.String())
		}
	}
	return ea
}

// answerText renders an answer; TSV keeps every term exact.
func answerText(a *results.Answer, v *diff.Verdict) *AnswerText {
	if a == nil {
		return nil
	}
	t := &AnswerText{}
	if v != nil {
		t.Note = strings.Trim(v.Summary+"; "+v.Note, "; ")
	} else if a.Freedom != nil && len(a.Freedom.Open) > 0 {
		t.Note = "open variables (any value of the same shape is correct): ?" + strings.Join(a.Freedom.Open, " ?")
	}
	if n := emptyRows(a); n > 0 {
		t.Note = strings.Trim(t.Note+fmt.Sprintf("; %d solution(s) binding no variable", n), "; ")
	}
	var buf bytes.Buffer
	switch a.Kind {
	case results.Boolean:
		t.Format, t.Text = "boolean", fmt.Sprint(a.Boolean)
	case results.Graph:
		t.Format = "ntriples"
		for _, tr := range a.Triples {
			buf.WriteString(tr.String() + "\n")
		}
		t.Text = buf.String()
	default:
		t.Format = "tsv"
		if err := results.WriteTSV(&buf, a); err != nil {
			t.Text = "unprintable answer: " + err.Error()
		} else {
			t.Text = buf.String()
		}
	}
	return t
}

func nquads(ds *rdf.Dataset) string {
	var buf bytes.Buffer
	if ds == nil {
		return ""
	}
	_ = rdf.WriteNQuads(&buf, ds.Quads())
	return buf.String()
}

// command reproduces the divergence on one engine, with the reproducer
// saved as query.rq and data.nq: the engine's own reproducer, then the
// oracle invocation (report_commands.go).
func command(engine string, rep Reproducer) string {
	return ReproduceCommand(engine, rep)
}

func bugID(b Bug) string {
	h := sha256.Sum256([]byte(b.Signature + "\x00" + b.Reproducer.Query + "\x00" + b.Reproducer.Data))
	return hex.EncodeToString(h[:6])
}

// Dedup keeps one bug per signature: the one with the smallest reproducer
// (query plus data length, then ID for determinism), in signature order.
func Dedup(bugs []Bug) []Bug {
	best := map[string]Bug{}
	for _, b := range bugs {
		if cur, ok := best[b.Signature]; !ok || smaller(b, cur) {
			best[b.Signature] = b
		}
	}
	out := make([]Bug, 0, len(best))
	for _, b := range best {
		out = append(out, b)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Signature < out[j].Signature })
	return out
}

func smaller(a, b Bug) bool {
	sa := len(a.Reproducer.Query) + len(a.Reproducer.Data)
	sb := len(b.Reproducer.Query) + len(b.Reproducer.Data)
	if sa != sb {
		return sa < sb
	}
	return a.ID < b.ID
}

// emptyRows counts the solutions that bind nothing, which TSV shows as
// empty lines.
func emptyRows(a *results.Answer) int {
	n := 0
	for _, r := range a.Rows {
		if len(r) == 0 {
			n++
		}
	}
	return n
}
