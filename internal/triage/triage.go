package triage

import (
	"errors"
	"sort"
	"strings"

	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/large"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/results"
)

// Report is the triage of one case: who is right, by the judge.
type Report struct {
	Case        *oracle.Case
	Kind        Kind
	Judge       string          // JudgeName when the reference judged, TwinName when the fast engine did (large.go), else ""
	Expected    *results.Answer // the judge's answer (nil without one)
	JudgeErr    error           // why there is no judge answer
	Reason      string          // why the case is unjudged ("" otherwise)
	Verdicts    []EngineVerdict // every engine but the judge, in input order
	Divergences []Divergence    // deduplicated by Signature
	Metamorphic []large.Check   // checks run without a judge (TLP, DISTINCT)
	Notes       []string
	// JudgedBy, when the fast engine judged (Judge is TwinName), says so
	// and why: "judged by the fast engine; the reference ran out of budget
	// at 50,000,000 steps". Every rendering of the report carries it.
	JudgedBy string
	// Large is the large-case judge's evidence (samples, checks), set when
	// it ran, whether or not the fast engine then judged.
	Large *large.Evidence
}

// Verdict returns the verdict for the named engine, or nil.
func (r *Report) Verdict(engine string) *EngineVerdict {
	for i := range r.Verdicts {
		if r.Verdicts[i].Engine == engine {
			return &r.Verdicts[i]
		}
	}
	return nil
}

// Diverges reports whether the case shows any divergence worth a report.
func (r *Report) Diverges() bool { return len(r.Divergences) > 0 }

// Has reports whether the report holds a divergence with signature s.
func (r *Report) Has(s Signature) bool {
	for _, d := range r.Divergences {
		if d.Signature.Equal(s) {
			return true
		}
	}
	return false
}

// Triage judges outcomes (one per engine, as oracle.Run returns them) with
// the reference's outcome as the judge. It is pure: metamorphic checks,
// which need to run engines, are added by Judge.
func Triage(c *oracle.Case, outcomes []oracle.Outcome) *Report {
	return triage(c, outcomes, true)
}

// triage is Triage; suspect false skips the oracle-suspect rule, for the
// reducer, which runs only the engines of one signature (its externals all
// disagree with the judge by construction).
func triage(c *oracle.Case, outcomes []oracle.Outcome, suspect bool) *Report {
	r := &Report{Case: c}
	ref, others := splitJudge(outcomes)
	if why := noJudge(ref); why != "" {
		r.JudgeErr = errors.New("no reference outcome")
		if ref != nil {
			r.JudgeErr = ref.Err
		}
		return unjudged(r, others, why)
	}
	return judged(r, oracle.JudgeName, ref.Answer, others, suspect)
}

// judged fills r with every other engine judged against judge's answer
// expected: the reference's, or the fast engine's when it judges a large
// case (large_judge.go).
func judged(r *Report, judge string, expected *results.Answer, others []oracle.Outcome, suspect bool) *Report {
	r.Judge, r.Expected = judge, expected
	ext := extensionCall(r.Case)
	for _, o := range others {
		ev := judgeOne(expected, o)
		lacksExtension(&ev, ext)
		r.Verdicts = append(r.Verdicts, ev)
	}
	r.Kind = kindOf(r, suspect)
	r.Divergences = divergences(r)
	return r
}

func splitJudge(outcomes []oracle.Outcome) (*oracle.Outcome, []oracle.Outcome) {
	var ref *oracle.Outcome
	var others []oracle.Outcome
	for i := range outcomes {
		if outcomes[i].Engine == oracle.JudgeName && ref == nil {
			ref = &outcomes[i]
			continue
		}
		others = append(others, outcomes[i])
	}
	return ref, others
}

// noJudge says why the reference's outcome cannot judge the others, or ""
// when it answered. Every error of the judge is such a reason: a query it
// rejects is outside SPARQL 1.1, where the spec says nothing of answers
// (an engine may accept an extension, #conformance); its query-level
// errors are a dataset the catalogue does not resolve or a fault of ours,
// never an answer the spec requires.
func noJudge(ref *oracle.Outcome) string {
	if ref == nil {
		return "no reference outcome"
	}
	if ref.Err == nil {
		return ""
	}
	msg := ref.Err.Error()
	switch oracle.Classify(ref.Err) {
	case "rejected":
		return "the judge rejects the query (not SPARQL 1.1): " + msg
	case "budget", "resource":
		return "the judge ran out of its budget: " + msg
	case "timeout":
		return "the judge ran out of time: " + msg
	case "unsupported":
		return "the judge does not evaluate this query: " + msg
	case "crashed":
		return "INTERNAL BUG: the judge crashed: " + msg
	}
	return "the judge failed: " + msg
}

// judgeOne judges one engine's outcome against the judge's answer.
func judgeOne(expected *results.Answer, o oracle.Outcome) EngineVerdict {
	ev := EngineVerdict{Engine: o.Engine, Version: o.Version, Answer: o.Answer, Err: o.Err, Elapsed: o.Elapsed}
	if o.Err != nil {
		ev.Outcome, ev.Class = errorOutcome(o.Err)
	} else {
		judgeAnswer(&ev, expected)
	}
	if ev.Class != "" && len(ev.Classes) == 0 {
		ev.Classes = []diff.Class{ev.Class}
	}
	return ev
}

func judgeAnswer(ev *EngineVerdict, expected *results.Answer) {
	v := compareAnswer(ev.Engine, expected, ev.Answer)
	ev.Verdict = v
	switch {
	case v.OK:
		ev.Outcome = Correct
	case len(v.Classes) > 0 && v.Classes[0] == diff.ClassUndecided:
		ev.Outcome, ev.Class, ev.Classes = Unjudged, diff.ClassUndecided, v.Classes
	case len(v.Classes) > 0 && v.Classes[0] == diff.ClassExtension:
		ev.Outcome, ev.Class, ev.Classes = Extended, diff.ClassExtension, v.Classes
	default:
		ev.Outcome, ev.Class, ev.Classes = Wrong, v.Classes[0], v.Classes
	}
}

// errorOutcome maps an engine error onto its outcome and class: each kind
// of failure is its own class (docs/report-schema.md).
func errorOutcome(err error) (Outcome, diff.Class) {
	switch oracle.Classify(err) {
	case "timeout", "budget":
		return TimedOut, diff.ClassTimeout
	case "resource":
		return Resource, ""
	case "unavailable":
		return Unavailable, "" // not the engine's answer: no class
	case "crashed":
		return Crashed, diff.ClassCrash
	case "unsupported":
		return Unsupported, diff.ClassUnsupported
	case "rejected":
		return Rejected, diff.ClassRejected
	}
	return Errored, diff.ClassErrorVsAnswer
}

// kindOf decides the case's kind once every engine is judged, and marks
// the externals unjudged when the oracle itself is suspect.
func kindOf(r *Report, suspect bool) Kind {
	noteExtended(r)
	if tw := r.Verdict(oracle.TwinName); tw != nil && tw.Outcome == Wrong {
		r.Notes = append(r.Notes, "INTERNAL BUG: the reference and the fast engine disagree ("+string(tw.Class)+")")
		return KindInternalBug
	}
	if suspect && oracleSuspect(r) {
		for i := range r.Verdicts {
			if isExternal(r.Verdicts[i].Engine) && r.Verdicts[i].Outcome == Wrong {
				r.Verdicts[i].Outcome = Unjudged
			}
		}
		r.Notes = append(r.Notes, "ORACLE SUSPECT: the reference and the fast engine agree, every external engine disagrees with them in the same way; not filed against the engines")
		return KindOracleSuspect
	}
	for _, v := range r.Verdicts {
		if isDivergent(v.Outcome) {
			return KindEngineBug
		}
	}
	if pending := notJudged(r.Verdicts); len(pending) > 0 {
		r.Reason = "not every engine could be judged: " + strings.Join(pending, ", ")
		r.Notes = append(r.Notes, "UNJUDGED: "+r.Reason)
		return KindUnjudged
	}
	return KindAllCorrect
}

// noteExtended names, in the notes, every engine whose answer is a
// permitted extension (§17.6): judged, not wrong, never filed.
func noteExtended(r *Report) {
	for _, v := range r.Verdicts {
		if v.Outcome == Extended {
			r.Notes = append(r.Notes, "PERMITTED EXTENSION: "+v.Engine+" returns a value where the text gives an error "+
				"(§17.6 #extensionFunctions); not wrong, not filed")
		}
	}
}

// notJudged lists the engines not judged correct, with their outcome, once
// no engine diverges: a timeout, an unavailable engine, a missing feature
// or an undecided comparison is not a verdict, and the case is not
// all-correct while one is left.
func notJudged(vs []EngineVerdict) []string {
	var out []string
	for _, v := range vs {
		if v.Outcome != Correct && v.Outcome != Extended {
			out = append(out, v.Engine+" ("+string(v.Outcome)+")")
		}
	}
	return out
}

func isExternal(name string) bool { return name != oracle.JudgeName && name != oracle.TwinName }

// isDivergent: the outcomes that are an engine's bug, filed in a report.
// Unsupported and timeout are limits, recorded but not filed.
func isDivergent(o Outcome) bool {
	switch o {
	case Wrong, Errored, Crashed, Rejected:
		return true
	}
	return false
}

// oracleSuspect: the twin is correct, at least two externals answered, all
// of them wrong with the same class and with answers that agree.
func oracleSuspect(r *Report) bool {
	tw := r.Verdict(oracle.TwinName)
	if tw == nil || tw.Outcome != Correct {
		return false
	}
	var ext []EngineVerdict
	for _, v := range r.Verdicts {
		if isExternal(v.Engine) && v.Outcome != Unsupported && v.Outcome != TimedOut && v.Outcome != Unavailable {
			ext = append(ext, v)
		}
	}
	return wrongAlike(ext)
}

// wrongAlike: at least two verdicts, all wrong in one class with answers
// that agree.
func wrongAlike(vs []EngineVerdict) bool {
	if len(vs) < 2 {
		return false
	}
	for _, v := range vs {
		if v.Outcome != Wrong || v.Class != vs[0].Class || !diff.Compare(vs[0].Answer, v.Answer).OK {
			return false
		}
	}
	return true
}

// unjudged falls back to agreement among the engines that answered: all
// outcomes are Unjudged; the note names the majority, if any.
func unjudged(r *Report, others []oracle.Outcome, why string) *Report {
	r.Kind, r.Reason = KindUnjudged, why
	r.Notes = append(r.Notes, "UNJUDGED: "+why)
	groups := agreement(others)
	for _, o := range others {
		ev := EngineVerdict{Engine: o.Engine, Version: o.Version, Answer: o.Answer, Err: o.Err, Elapsed: o.Elapsed, Outcome: Unjudged}
		if o.Err != nil {
			ev.Outcome, ev.Class = errorOutcome(o.Err)
		}
		r.Verdicts = append(r.Verdicts, ev)
	}
	if len(groups) > 0 && (len(groups) == 1 || len(groups[0]) > len(groups[1])) {
		r.Notes = append(r.Notes, "no judge: the majority "+strings.Join(groups[0], ", ")+" agree")
		markMinority(r, groups[0])
	} else if len(groups) > 1 {
		r.Notes = append(r.Notes, "no judge and no majority among the engines")
	}
	return r
}

// markMinority records, for each engine outside the majority, the classes
// by which it differs from the majority's answer (its outcome stays Unjudged).
func markMinority(r *Report, major []string) {
	rep := r.Verdict(major[0])
	for i := range r.Verdicts {
		v := &r.Verdicts[i]
		if v.Outcome != Unjudged || contains(major, v.Engine) {
			continue
		}
		v.Verdict = diff.Compare(rep.Answer, v.Answer)
		v.Classes = v.Verdict.Classes
		if len(v.Classes) > 0 {
			v.Class = v.Classes[0]
		}
	}
}

// agreement partitions the engines that answered into groups whose answers
// the comparator accepts from one another, largest first.
func agreement(outs []oracle.Outcome) [][]string {
	var groups [][]string
	var reps []*results.Answer
	for _, o := range outs {
		if o.Err != nil || o.Answer == nil {
			continue
		}
		placed := false
		for i, a := range reps {
			if diff.Compare(a, o.Answer).OK {
				groups[i] = append(groups[i], o.Engine)
				placed = true
				break
			}
		}
		if !placed {
			groups, reps = append(groups, []string{o.Engine}), append(reps, o.Answer)
		}
	}
	sort.SliceStable(groups, func(i, j int) bool { return len(groups[i]) > len(groups[j]) })
	return groups
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// divergences groups the diverging engines of a judged report by class. An
// engine whose answer shows several classes (a decimal's lexical form and
// an unbound AVG in one answer) is on the wrong side of each: they are
// separate bugs, reduced and filed separately.
func divergences(r *Report) []Divergence {
	right := []string{r.Judge}
	byClass := map[diff.Class][]string{}
	var classes []diff.Class
	for _, v := range r.Verdicts {
		switch {
		case v.Outcome == Correct:
			right = append(right, v.Engine)
		case isDivergent(v.Outcome) || (r.Kind == KindOracleSuspect && v.Outcome == Unjudged && v.Class != ""):
			for _, c := range v.Classes {
				if _, seen := byClass[c]; !seen {
					classes = append(classes, c)
				}
				byClass[c] = append(byClass[c], v.Engine)
			}
		}
	}
	sort.Strings(right)
	classes = diff.SortClasses(classes)
	var out []Divergence
	for _, c := range classes {
		wrong := append([]string(nil), byClass[c]...)
		sort.Strings(wrong)
		out = append(out, Divergence{
			Signature: Signature{Class: c, Wrong: wrong, Right: right},
			Internal:  contains(wrong, oracle.TwinName),
			Suspect:   r.Kind == KindOracleSuspect,
		})
	}
	return out
}
