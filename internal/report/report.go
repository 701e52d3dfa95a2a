package report

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/reduce"
	"github.com/sparql-oracle/oracle/internal/results"
	"github.com/sparql-oracle/oracle/internal/rootcause"
	"github.com/sparql-oracle/oracle/internal/triage"
)

// Bug is one divergence written up: one root cause (the reduced case and
// its class) with the engines it shows on, and for each of them a report
// for that engine's tracker (Reports). Its JSON form is the schema of
// docs/report-schema.md; field names are stable. A query's and an update
// request's bugs are both a Bug: an update's (Reproducer.Update) holds the
// request and the store before it as its reproducer, the judge's store
// after it as ExpectedStore (for Expected), and in each report the
// engine's store (EngineReport.Store, Graphs: for Answer's rows).
type Bug struct {
	ID        string      `json:"id"`               // sha256 of signature, query and data, 12 hex digits
	Case      string      `json:"case,omitempty"`   // the case's name: a W3C test's published IRI, gen/..., regress/...
	Title     string      `json:"title"`            // the construct and the effect; names only wrong engines
	Engine    string      `json:"engine"`           // the first diverging engine
	Version   string      `json:"version"`          // its version
	Class     diff.Class  `json:"class"`            // the divergence class
	Kind      triage.Kind `json:"kind"`             // engine-bug, internal-bug, oracle-suspect, unjudged
	Status    string      `json:"status"`           // open, internal, suspect, spec-question (the corpus may say fixed)
	Signature string      `json:"signature"`        // triage.Signature.String()
	Feature   string      `json:"feature"`          // the construct that produces the differing cell or row
	Effect    string      `json:"effect,omitempty"` // what the first engine does, in plain words

	// Basis is what the verdict rests on (text, erratum, w3c-test, contested).
	Basis *results.Basis `json:"basis,omitempty"`
	// JudgedBy: the fast engine judged this large case (the expected
	// answer is its own) and why (triage.Report.JudgedBy); "" when the
	// reference judged.
	JudgedBy string        `json:"judged_by,omitempty"`
	Oracle   OracleVersion `json:"oracle"` // the oracle that wrote the report

	Reproducer Reproducer       `json:"reproducer"`
	Expected   *AnswerText      `json:"expected,omitempty"` // the judge's answer
	Actual     []EngineAnswer   `json:"actual"`             // every diverging engine's answer
	Agreeing   []EngineRef      `json:"agreeing"`           // the engines on the judge's side
	Spec       []SpecLink       `json:"spec"`               // the sections that decide
	Links      []string         `json:"links"`              // spec URLs, then any the corpus adds
	Reduction  *ReductionFigure `json:"reduction,omitempty"`
	// A large case reduced for the engine it accuses (reduce.Large): the
	// realistic query it was found with, kept as the witness beside the
	// reduced one, and the data's size before and after (ReducedTriples
	// is absent when the reduced case has no data).
	OriginalQuery   string `json:"original_query,omitempty"`
	OriginalTriples int    `json:"original_triples,omitempty"`
	ReducedTriples  int    `json:"reduced_triples,omitempty"`
	// RootCause is the root cause of the bug's engine (its first wrong
	// one); each engine's is in its report.
	RootCause *rootcause.RootCause `json:"root_cause,omitempty"`
	// Reports holds one report per diverging engine, for its tracker.
	Reports []EngineReport `json:"reports"`
	// ExpectedStore is the judge's store after an update request.
	ExpectedStore *StoreText `json:"expected_store,omitempty"`
}

// EngineReport is what one engine's maintainers read: their engine only
// (another engine's internals, such as oxilite's SQL, stay in that
// engine's report), one line for each other engine, and a reproducer that
// needs their engine alone.
type EngineReport struct {
	EngineRef
	Title   string       `json:"title"`  // the construct and the effect
	Effect  string       `json:"effect"` // "returns 2 where the spec gives 1"
	Feature string       `json:"feature"`
	Answer  EngineAnswer `json:"answer"`
	Others  []OtherLine  `json:"others"` // every other engine that ran, one line each
	// Native is the engine's own reproducer (absent for an engine without
	// one); Command is the text to run: the native reproducer, then the
	// oracle invocation.
	Native  *oracle.Native `json:"native,omitempty"`
	Command string         `json:"command"`
	// RootCause is what this engine's finding is a witness of: the
	// finding's identity (RootCause.ID) everywhere findings are counted.
	RootCause rootcause.RootCause `json:"root_cause"`
	// Members are the engines of the root cause's family; Recheck, for a
	// build older than what the maintainers ship (RootCause.Stale), says
	// to re-check on the newest release before filing (rootcause.go).
	Members []string `json:"family_members,omitempty"`
	Recheck string   `json:"recheck,omitempty"`
	// Store is the store an update request left in the engine (nil when
	// it gave none: its error is then Answer's), and Graphs where it
	// differs from the judge's.
	Store  *StoreText  `json:"store,omitempty"`
	Graphs []GraphDiff `json:"graphs,omitempty"`
}

// OtherLine is what another engine answers on the same case.
type OtherLine struct {
	EngineRef
	Outcome triage.Outcome `json:"outcome"`
	Class   diff.Class     `json:"class,omitempty"`
	Line    string         `json:"line"` // "correct", "wrong: same divergence", "error: ..."
}

// Reproducer is the minimal case and how to run it.
type Reproducer struct {
	Query    string            `json:"query"` // SPARQL text: a query, or an update request when Update
	Data     string            `json:"data"`  // N-Quads: the dataset, or the store before the request
	Base     string            `json:"base,omitempty"`
	Commands map[string]string `json:"commands"` // engine name -> a command reproducing it
	Update   bool              `json:"update,omitempty"`
}

// Case is the reproducer as a maintainer saves it.
func (r Reproducer) Case() oracle.NativeCase {
	return oracle.NativeCase{Query: r.Query, Data: r.Data, Base: r.Base, Update: r.Update}
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
	Outcome triage.Outcome `json:"outcome"`
	Classes []diff.Class   `json:"classes"`
	Answer  AnswerText     `json:"answer"`
	Diff    []string       `json:"diff,omitempty"` // "- row" expected only, "+ row" actual only
	// Evidence is the engine's own material (results.Answer.Evidence:
	// oxilite's compiled SQL under "sql"), shown in its own report only.
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
	// Stopped: a limit ended the reduction, so the case may not be minimal.
	Stopped bool `json:"stopped,omitempty"`
	// Verified: after the fixpoint every single step the reducer knows
	// (Tried of them: remove one quad, one tree edit, one literal shrunk
	// everywhere) was re-run without the cache and each lost the
	// divergence, while the case itself kept it: the case is 1-minimal.
	// Kept lists the steps that kept it anyway; Flaky: the case lost the
	// divergence when re-run.
	Verified bool     `json:"verified_minimal"`
	Tried    int      `json:"single_steps_tried"`
	Kept     []string `json:"kept_steps,omitempty"`
	Flaky    bool     `json:"flaky,omitempty"`
}

// Figure converts reducer statistics for a report.
func Figure(s reduce.Stats) *ReductionFigure {
	return &ReductionFigure{Calls: s.Calls, Seconds: s.Elapsed.Seconds(), QuadsBefore: s.QuadsBefore,
		QuadsAfter: s.QuadsAfter, NodesBefore: s.NodesBefore, NodesAfter: s.NodesAfter, Stopped: s.Stopped,
		Verified: s.Minimal, Tried: s.Tried, Kept: s.Kept, Flaky: s.Flaky}
}

// Bugs writes up every divergence of r, one Bug per signature. engines
// are the engines of the run: each report carries its engine's own
// reproducer (oracle.Reproducer) when the engine has one.
func Bugs(r *triage.Report, engines ...oracle.Engine) []Bug {
	return writeUp(r.Divergences, func(d triage.Divergence) Bug { return bugOf(r, d, engines, nil) })
}

// writeUp is every divergence of a run written up by one, for both kinds
// (bugOf for a query's report, updateBugOf for an update's run).
func writeUp[B any](ds []triage.Divergence, one func(triage.Divergence) B) []B {
	var out []B
	for _, d := range ds {
		out = append(out, one(d))
	}
	return out
}

// divergenceWith is the divergence of a run with signature sig, for both
// kinds; ok is false when the run does not show sig.
func divergenceWith(ds []triage.Divergence, sig triage.Signature) (triage.Divergence, bool) {
	for _, d := range ds {
		if d.Signature.Equal(sig) {
			return d, true
		}
	}
	return triage.Divergence{}, false
}

// BugFor writes up the divergence with signature sig in r, with the
// reduction figures attached; ok is false when r does not show sig.
func BugFor(r *triage.Report, sig triage.Signature, st *reduce.Stats, engines ...oracle.Engine) (Bug, bool) {
	d, ok := divergenceWith(r.Divergences, sig)
	if !ok {
		return Bug{}, false
	}
	b := bugOf(r, d, engines, st)
	if st != nil {
		b.Reduction = Figure(*st)
	}
	return b, true
}

// Reduced writes up reduced divergences, deduplicated; a result whose
// divergence did not survive (reduce.Result.Survived) is never written up.
func Reduced(rs []*reduce.Result, engines ...oracle.Engine) []Bug {
	var bugs []Bug
	for _, x := range rs {
		d, ok := x.Divergence()
		if !x.Survived || !ok {
			continue
		}
		if b, ok := BugFor(x.Report, d.Signature, &x.Stats, engines...); ok {
			bugs = append(bugs, b)
		}
	}
	return Dedup(bugs)
}

// LargeReduced writes up engine's divergence in the class group on a
// large case reduced for it (reduce.Large): the reduced case's report is
// the bug, the realistic query and both sizes stand beside it
// (OriginalQuery, OriginalTriples, ReducedTriples). ok is false when the
// reduced case does not show it.
func LargeReduced(res *reduce.LargeResult, engine, group string, engines ...oracle.Engine) (Bug, bool) {
	if res == nil || !res.Survived || res.Report == nil {
		return Bug{}, false
	}
	for _, d := range res.Report.Divergences {
		if d.Signature.Class.Group() != group || !slices.Contains(d.Signature.Wrong, engine) {
			continue
		}
		if b, ok := BugFor(res.Report, d.Signature, &res.Stats, engines...); ok {
			b.OriginalQuery, b.OriginalTriples, b.ReducedTriples = res.OriginalQuery, res.OriginalTriples, res.Triples
			return b, true
		}
	}
	return Bug{}, false
}

func bugOf(r *triage.Report, d triage.Divergence, engines []oracle.Engine, st *reduce.Stats) Bug {
	c := r.Case
	b := Bug{Case: caseName(c.Name), Class: d.Signature.Class, Kind: r.Kind, Status: status(d), Signature: d.Signature.String(), Oracle: Version()}
	b.Reproducer = Reproducer{Query: c.Query, Data: nquads(c.Dataset), Base: c.Base, Commands: map[string]string{}}
	b.Expected = expectedText(r)
	for _, v := range r.Verdicts {
		if slices.Contains(d.Signature.Wrong, v.Engine) {
			b.Actual = append(b.Actual, engineAnswer(v))
		} else if slices.Contains(d.Signature.Right, v.Engine) {
			b.Agreeing = append(b.Agreeing, EngineRef{v.Engine, v.Version})
		}
	}
	fs := features(c.Query, c.Base)
	for _, v := range r.Verdicts {
		if slices.Contains(d.Signature.Wrong, v.Engine) {
			er := engineReport(r, d, v, engines, b.Reproducer, triggerOf(fs, st, v.Engine))
			b.Reproducer.Commands[v.Engine] = er.Command
			b.Reports = append(b.Reports, er)
		}
	}
	named := featureOf(fs, b.Class)
	if firstEngine(&b) {
		named = name(c.Query, c.Base, b.Class, r.Expected, *r.Verdict(b.Engine), b.RootCause.Trigger).feature
	}
	b.Feature = named.Name
	b.Spec = specLinks(named, fs, b.Class)
	for _, l := range b.Spec {
		b.Links = append(b.Links, l.URL)
	}
	b.Basis = basisOf(r.Expected, b.Spec)
	if vb := verdictBasis(r, d.Signature.Wrong, b.Spec); vb != nil { // the readings or §17.6 decided (basis.go)
		b.Basis = cited(vb)
	} else if eb := erroredEverywhere(r, d.Signature.Wrong); eb != nil {
		b.Basis = eb
	}
	if r.JudgedBy != "" {
		b.JudgedBy, b.Basis = r.JudgedBy, judgedBasis(b.Basis, r)
	}
	if isQuestion(b.Basis) && b.Status == "open" {
		b.Status = StatusQuestion
	}
	b.Title = title(b, d.Signature.Wrong)
	b.ID = bugID(b)
	return b
}

// firstEngine makes the first wrong engine's report the bug's: its
// engine, version, effect and root cause (bugID), for both kinds; false
// when the bug has no report.
func firstEngine(b *Bug) bool {
	if len(b.Reports) == 0 {
		return false
	}
	er := &b.Reports[0]
	b.Engine, b.Version, b.Effect, b.RootCause = er.Engine, er.Version, er.Effect, &er.RootCause
	return true
}

// trigger is what a root cause's trigger is made of for one engine: the
// constructs ablation found (reduce.Stats.Triggers), or every construct
// of the case when the engine's divergence was not ablated (an update
// request's: its operation, updateRootCause).
type trigger struct {
	labels  []string
	ablated bool
	face    *triage.Report // reduce.Stats.Faces: the value under the rows, when ablation found one
}

func triggerOf(fs []feature, st *reduce.Stats, engine string) trigger {
	if st != nil {
		if t, ok := st.Triggers[engine]; ok {
			return trigger{labels: t, ablated: true, face: st.Faces[engine]}
		}
	}
	var all []string
	for _, f := range fs {
		all = append(all, f.Name)
	}
	return trigger{labels: all}
}

// finding is what v's root cause is computed from: the divergence as the
// reduced case shows it, or, where ablation found the wrong value under
// the rows it dropped or added, as the ablated case shows it.
func (t trigger) finding(r *triage.Report, d triage.Divergence, v triage.EngineVerdict) rootcause.Finding {
	class := d.Signature.Class
	if t.face != nil {
		if fv, ok := faceVerdict(t.face, v.Engine); ok {
			r, class, v = t.face, fv.Classes[0], fv
		}
	}
	return rootcause.Finding{Engine: v.Engine, Class: class, Trigger: t.labels, Ablated: t.ablated,
		Symptom: rootcause.Symptom(class, r.Expected, v), Query: r.Case.Query}
}

// faceVerdict is engine's verdict on the ablated case when it is wrong
// there in the value group.
func faceVerdict(r *triage.Report, engine string) (triage.EngineVerdict, bool) {
	v := r.Verdict(engine)
	if v == nil || len(v.Classes) == 0 || v.Classes[0].Group() != diff.ClassWrongValue.Group() {
		return triage.EngineVerdict{}, false
	}
	return *v, true
}

// engineReport is v's report for its own tracker.
func engineReport(r *triage.Report, d triage.Divergence, v triage.EngineVerdict, engines []oracle.Engine, rep Reproducer, t trigger) EngineReport {
	n := name(r.Case.Query, r.Case.Base, d.Signature.Class, r.Expected, v, triggerNames(t))
	er := EngineReport{EngineRef: EngineRef{v.Engine, v.Version}, Effect: n.effect, Feature: n.feature.Name, Answer: engineAnswer(v)}
	er.Title = n.feature.Name + ": " + n.effect
	for _, o := range r.Verdicts {
		if o.Engine != v.Engine {
			er.Others = append(er.Others, otherLine(o, d))
		}
	}
	finishReport(&er, rootcause.Of(t.finding(r, d, v)), engines, rep)
	return er
}

// finishReport gives an engine's report, of either kind, what every
// report gets: its root cause with the family's members and the re-check
// a stale build asks, and its reproducer (the engine's own, then the
// oracle line).
func finishReport(er *EngineReport, rc rootcause.RootCause, engines []oracle.Engine, rep Reproducer) {
	er.RootCause, er.Members, er.Recheck = rc, familyMembers(rc.Family), recheck(er.Engine, rc)
	if nat, ok := nativeOf(er.Engine, engines, rep.Case()); ok {
		er.Native = &nat
	}
	er.Command = ReproduceCommand(er.Engine, er.Native, rep)
}

// triggerNames is the trigger a title is chosen from: an ablated one
// only (every construct of an unablated case says nothing).
func triggerNames(t trigger) []string {
	if !t.ablated {
		return nil
	}
	return t.labels
}

func nativeOf(engine string, engines []oracle.Engine, c oracle.NativeCase) (oracle.Native, bool) {
	for _, e := range engines {
		if e.Name() == engine {
			return oracle.NativeFor(e, c)
		}
	}
	return oracle.Native{}, false
}

// otherLine says in one line what another engine answers.
func otherLine(o triage.EngineVerdict, d triage.Divergence) OtherLine {
	l := OtherLine{EngineRef: EngineRef{o.Engine, o.Version}, Outcome: o.Outcome, Class: o.Class}
	switch {
	case o.Outcome == triage.Correct:
		l.Line = "correct"
	case slices.Contains(d.Signature.Wrong, o.Engine):
		l.Line = "wrong: the same divergence (" + string(d.Signature.Class) + ")"
	case o.Err != nil && o.Err.Error() != string(o.Outcome):
		l.Line = string(o.Outcome) + ": " + truncate(firstLine(localText(o.Err.Error())), 160)
	case o.Outcome == triage.Wrong || o.Outcome == triage.Unjudged && o.Class != "":
		l.Line = string(o.Outcome) + " (" + string(o.Class) + ")"
	default:
		l.Line = string(o.Outcome)
	}
	return l
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

func expectedText(r *triage.Report) *AnswerText {
	if r.Expected != nil {
		return answerText(r.Expected, nil)
	}
	if r.JudgeErr != nil {
		return &AnswerText{Format: "error", Text: localText(r.JudgeErr.Error())}
	}
	return nil
}

func status(d triage.Divergence) string {
	switch {
	case d.Suspect:
		return "suspect"
	case d.Internal:
		return "internal"
	}
	return "open"
}

// title names the construct and the effect, and the engines that are
// wrong (never one that is not), as a tracker wants.
func title(b Bug, engines []string) string {
	prefix := ""
	switch b.Status {
	case "suspect":
		prefix = "[oracle suspect] "
	case "internal":
		prefix = "[internal bug] "
	case StatusQuestion:
		prefix = "[spec question] "
	}
	feat, eff := b.Feature, b.Effect
	if feat == "" {
		feat = "query"
	}
	if eff == "" {
		eff = classPhrase[b.Class]
	}
	return fmt.Sprintf("%s%s: %s (%s)", prefix, feat, eff, strings.Join(engines, ", "))
}

// classPhrase says what a class means when the answers do not say more.
var classPhrase = map[diff.Class]string{
	diff.ClassMissingRows: "rows missing", diff.ClassExtraRows: "extra rows", diff.ClassDuplicateRows: "wrong multiplicities",
	diff.ClassOrder: "rows out of ORDER BY order", diff.ClassNumericLexical: "another lexical form of the number",
	diff.ClassNumericDatatype: "another numeric datatype", diff.ClassLangCase: "language tag case differs",
	diff.ClassSimpleVsString: "simple literal vs xsd:string", diff.ClassBlankVsIRI: "a blank node where the spec gives an IRI, or the reverse",
	diff.ClassUnboundVsBound: "a variable bound on one side only", diff.ClassWrongValue: "wrong value",
	diff.ClassVars: "other projected variables", diff.ClassEmptyHead: "an empty answer whose head lists no variable",
	diff.ClassIllegalTriple: "a graph with a triple that is not RDF", diff.ClassShape: "another kind of answer", diff.ClassUndecided: "an answer the judge cannot decide",
	diff.ClassErrorVsAnswer: "an error where the spec gives an answer, or the reverse", diff.ClassTimeout: "does not answer within the deadline",
	diff.ClassCrash: "crashes", diff.ClassUnsupported: "does not support the query", diff.ClassRejected: "rejects a valid SPARQL 1.1 query",
	diff.ClassCopiedLiteralChanged: "returns a literal of the data or the query in another form",
	diff.ClassComputedValue:        "computes another value", diff.ClassComputedDatatype: "computes a value of another datatype",
}

func engineAnswer(v triage.EngineVerdict) EngineAnswer {
	ea := EngineAnswer{EngineRef: EngineRef{v.Engine, v.Version}, Outcome: v.Outcome, Classes: v.Classes}
	if v.Err != nil {
		ea.Answer = AnswerText{Format: "error", Text: localText(v.Err.Error())} // local.go: no path of this machine
	} else if a := answerText(v.Answer, v.Verdict); a != nil {
		ea.Answer = *a
		ea.Evidence = localEvidence(v.Answer.Evidence)
	}
	if v.Verdict != nil {
		for _, l := range v.Verdict.Diff {
			ea.Diff = append(ea.Diff, shortTerms(l.String()))
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
	t.Note = shortTerms(t.Note)
	var buf bytes.Buffer
	switch a.Kind {
	case results.Boolean:
		t.Format, t.Text = "boolean", fmt.Sprint(a.Boolean)
	case results.Graph:
		t.Format = "ntriples"
		for _, tr := range a.Triples {
			buf.WriteString(termText(tr.S) + " " + termText(tr.P) + " " + termText(tr.O) + " .\n")
		}
		t.Text = buf.String()
	default:
		t.Format, t.Text = "tsv", tsvText(a) // terms.go: the one writing of terms
	}
	return t
}

func nquads(ds *rdf.Dataset) string {
	if ds == nil {
		return ""
	}
	var buf bytes.Buffer
	_ = rdf.WriteNQuads(&buf, ds.Quads())
	return buf.String()
}

// bugID is the finding's identity: the root cause of the bug's engine
// (bystanders, seeds and the reduced case's names do not change it); a
// bug without a wrong engine's report hashes its signature and case.
func bugID(b Bug) string {
	if b.RootCause != nil {
		return b.RootCause.ID
	}
	return caseHash(b.Signature, b.Reproducer.Query, b.Reproducer.Data)
}

// caseHash identifies a signature on a case (request or query, and data):
// 12 hex digits of their sha256, for both kinds.
func caseHash(sig, text, data string) string {
	h := sha256.Sum256([]byte(sig + "\x00" + text + "\x00" + data))
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

// judgedBasis is a basis that says the fast engine judged: the text the
// verdict rests on is the same, the expected answer is the fast engine's,
// and its Note says on what evidence (large.Evidence.Verdict).
func judgedBasis(b *results.Basis, r *triage.Report) *results.Basis {
	out := results.Basis{Kind: results.BasisText}
	if b != nil {
		out = *b
	}
	why := r.JudgedBy
	if r.Large != nil && r.Large.Verdict != "" {
		why = "judged by the fast engine: " + r.Large.Verdict
	}
	if out.Note != "" {
		why += ". " + out.Note
	}
	out.Note = why
	return &out
}
