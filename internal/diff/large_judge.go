package diff

import (
	"context"
	"fmt"
	"math/rand"
	"strings"
	"time"

	"github.com/sparql-oracle/oracle/internal/oracle"
)

// largeRun is one attempt of the large-case judge on a case whose
// reference ran out (Report.Large holds what it found).
type largeRun struct {
	opt      LargeOptions
	c        *oracle.Case
	engines  []oracle.Engine
	outs     []oracle.Outcome
	deadline time.Duration
	suspect  bool
	lg       *Large
}

// judgeLarge judges c by the fast engine when the evidence allows it:
// every sample the reference answered agrees with the fast engine, at
// least one did (with a non-empty answer when the fast engine's full
// answer is non-empty), and the fast engine passes every metamorphic check
// it could run on the full data. Otherwise r, the unjudged report, comes
// back with the checks applied (as without the large-case judge) and
// Report.Large saying what was missing.
func (lr *largeRun) judge(ctx context.Context, r *Report) *Report {
	lr.samples(ctx)
	checks := metamorphic(ctx, lr.c, answered(lr.engines, lr.outs), answersOf(lr.outs), lr.deadline)
	if why := lr.refuse(checks); why != "" {
		return lr.unjudged(r, checks, why)
	}
	twin := outcomeOf(lr.outs, TwinName)
	var others []oracle.Outcome
	for _, o := range lr.outs {
		if o.Engine != JudgeName && o.Engine != TwinName {
			others = append(others, o)
		}
	}
	jr := &Report{Case: lr.c}
	judged(jr, TwinName, lr.expected(twin), others, lr.suspect)
	if lr.suspect && largeSuspect(jr) {
		jr.Kind = KindOracleSuspect
		jr.Divergences = divergences(jr)
	}
	lr.lg.Judged, lr.lg.EngineVersion, lr.lg.EngineElapsed = true, twin.Version, twin.Elapsed
	lr.lg.Verdict = lr.evidence()
	jr.Large, jr.JudgedBy = lr.lg, "judged by the fast engine; "+lr.lg.Why
	jr.Notes = append([]string{"JUDGED BY THE FAST ENGINE: " + lr.lg.Verdict}, jr.Notes...)
	jr.Metamorphic = checks
	applyChecks(jr)
	return jr
}

// samples runs the query on the reference and the fast engine over each
// sample, stopping at the first disagreement. A sample the reference runs
// out on is tried once more at a quarter of the size.
func (lr *largeRun) samples(ctx context.Context) {
	n, err := queryNeeds(lr.c.Query, lr.c.Base)
	if err != nil {
		return
	}
	u := newUniverse(lr.c, n)
	pair := []oracle.Engine{engineNamed(lr.engines, JudgeName), engineNamed(lr.engines, TwinName)}
	for i := 0; i < lr.opt.Samples && ctx.Err() == nil; i++ {
		seed := lr.opt.Seed + int64(i)
		s := lr.sample(ctx, u, n, pair, seed, lr.opt.SampleQuads)
		if s.Outcome == SampleNoEvidence && s.Reference == nil && ctx.Err() == nil {
			s = lr.sample(ctx, u, n, pair, seed, max(8, lr.opt.SampleQuads/4))
		}
		lr.lg.Samples = append(lr.lg.Samples, s)
		if s.Outcome == SampleDisagree {
			return
		}
	}
}

// sample builds one sample, runs it on the reference and the fast engine
// and compares their answers as triage would.
func (lr *largeRun) sample(ctx context.Context, u *universe, n needs, pair []oracle.Engine, seed int64, size int) Sample {
	picked := u.sample(rand.New(rand.NewSource(seed)), n.consts, size)
	name := fmt.Sprintf("%s (sample %d of the data)", lr.c.Name, seed)
	c := u.sampleCase(lr.c, picked, name)
	s := Sample{Seed: seed, Quads: quadsOf(c), Case: c}
	d := lr.opt.SampleTime
	if dl, ok := ctx.Deadline(); ok && time.Until(dl) < d {
		d = time.Until(dl)
	}
	outs := oracle.Run(ctx, c, pair, d)
	ref, eng := outs[0], outs[1]
	s.Reference, s.Engine = ref.Answer, eng.Answer
	switch {
	case ref.Err != nil:
		s.Outcome, s.Why = SampleNoEvidence, "the reference did not answer: "+ref.Err.Error()
	case eng.Err != nil && oracle.Classify(eng.Err) == "timeout":
		s.Outcome, s.Why = SampleNoEvidence, "the fast engine ran out of time: "+eng.Err.Error()
	case eng.Err != nil:
		s.Outcome, s.Why = SampleDisagree, "the reference answered, the fast engine failed: "+eng.Err.Error()
	default:
		lr.compareSample(&s)
	}
	return s
}

func (lr *largeRun) compareSample(s *Sample) {
	v := CompareAs(TwinName, s.Reference, s.Engine)
	s.Verdict = v
	switch {
	case v.OK:
		s.Outcome = SampleAgree
		lr.lg.Agree++
		if nonEmpty(s.Reference) {
			lr.lg.NonEmpty++
		}
	case len(v.Classes) > 0 && (v.Classes[0] == ClassUndecided || v.Classes[0] == ClassExtension):
		s.Outcome, s.Why = SampleNoEvidence, "the comparison is undecided: "+v.Note
	default:
		s.Outcome, s.Why = SampleDisagree, "the reference rules the fast engine's answer out ("+joinClass(v.Classes)+")"
	}
}

// refuse says why the fast engine may not judge, or "" when it may.
func (lr *largeRun) refuse(checks []Check) string {
	for i, s := range lr.lg.Samples {
		if s.Outcome == SampleDisagree {
			return fmt.Sprintf("on sample %d of the data (%d triples, seed %d) %s: the fast engine cannot judge "+
				"(INTERNAL BUG: the reference and the fast engine disagree; the sample is the evidence)", i+1, s.Quads, s.Seed, s.Why)
		}
	}
	for _, ch := range checks {
		if ch.Engine == TwinName && ch.Skipped == "" && !ch.OK {
			return "the fast engine fails the " + ch.Name + " check on the full data (INTERNAL BUG): it cannot judge"
		}
		if ch.Engine == TwinName && ch.Skipped == "" && ch.OK {
			lr.lg.Checks = append(lr.lg.Checks, ch.Name)
		}
	}
	twin := outcomeOf(lr.outs, TwinName)
	switch {
	case lr.lg.Agree == 0:
		return fmt.Sprintf("no evidence: the reference answered none of the %d samples of the data (%s), so the fast engine "+
			"was never checked on this query", len(lr.lg.Samples), lr.sampleWhy())
	case nonEmpty(twin.Answer) && lr.lg.NonEmpty == 0:
		return fmt.Sprintf("no evidence: the fast engine's answer is not empty, but on every sample the reference answered "+
			"(%d) the answer was empty, so the samples never exercised what the answer holds", lr.lg.Agree)
	}
	return ""
}

func (lr *largeRun) sampleWhy() string {
	var out []string
	for _, s := range lr.lg.Samples {
		out = append(out, s.Why)
	}
	if len(out) == 0 {
		return "none could be built"
	}
	return strings.Join(out, "; ")
}

// unjudged keeps the case unjudged (the report triage made), with the
// metamorphic checks applied and why the fast engine did not judge.
func (lr *largeRun) unjudged(r *Report, checks []Check, why string) *Report {
	lr.lg.Verdict = "not judged by the fast engine: " + why
	r.Large = lr.lg
	r.Reason += "; " + lr.lg.Verdict
	r.Notes = append(r.Notes, "LARGE-CASE JUDGE: "+lr.lg.Verdict)
	r.Metamorphic = checks
	applyChecks(r)
	return r
}

// evidence is the one line saying what the fast engine's verdict rests on.
func (lr *largeRun) evidence() string {
	var sizes []string
	for _, s := range lr.lg.Samples {
		sizes = append(sizes, fmt.Sprint(s.Quads))
	}
	line := fmt.Sprintf("%s; the fast engine agrees with the reference on %d of %d samples of the data (%s triples, seeds from %d; "+
		"%d with a non-empty answer)", lr.lg.Why, lr.lg.Agree, len(lr.lg.Samples), strings.Join(sizes, ", "), lr.opt.Seed, lr.lg.NonEmpty)
	if len(lr.lg.Checks) > 0 {
		line += "; it passes the metamorphic checks " + strings.Join(lr.lg.Checks, ", ") + " on the full data"
	} else {
		line += "; no metamorphic check applied to this query"
	}
	if lr.lg.Open != "" {
		line += "; " + lr.lg.Open
	}
	return line
}

// largeSuspect: with the fast engine judging, at least two external
// engines answered and all of them are wrong alike: the fast engine is as
// likely at fault as they are; their outcomes become unjudged.
func largeSuspect(r *Report) bool {
	var ext []EngineVerdict
	for _, v := range r.Verdicts {
		if v.Outcome != Unsupported && v.Outcome != TimedOut && v.Outcome != Unavailable {
			ext = append(ext, v)
		}
	}
	if len(ext) < 2 {
		return false
	}
	for _, v := range ext {
		if v.Outcome != Wrong || v.Class != ext[0].Class || !Compare(ext[0].Answer, v.Answer).OK {
			return false
		}
	}
	for i := range r.Verdicts {
		if r.Verdicts[i].Outcome == Wrong {
			r.Verdicts[i].Outcome = Unjudged
		}
	}
	r.Notes = append(r.Notes, "ORACLE SUSPECT: every external engine disagrees with the fast engine (judging) in the same way; not filed against the engines")
	return true
}

func joinClass(cs []Class) string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = string(c)
	}
	return strings.Join(out, ", ")
}
