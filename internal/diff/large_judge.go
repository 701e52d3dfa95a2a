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
	// twinChecks are the fast engine's metamorphic checks (prepare).
	twinChecks []Check
}

func newLargeRun(opt LargeOptions, c *oracle.Case, engines []oracle.Engine, outs []oracle.Outcome, share, left, deadline time.Duration, suspect bool) *largeRun {
	why := refWhy(*outcomeOf(outs, JudgeName), share, left, deadline, dataQuads(c))
	return &largeRun{opt: opt, c: c, engines: engines, outs: outs, deadline: deadline, suspect: suspect, lg: &Large{Why: why}}
}

// judgeLarge is Judge on large data (LargeOptions.splits): the
// reference and the fast engine run first, the reference with RefShare
// of the time left, while the external engines run beside them; when the
// reference runs out, the samples and the fast engine's own metamorphic
// checks run while the externals are still at work, so that a slow
// external engine's time is not added to the judge's. Then triage, and
// the large-case judge's verdict (finish).
func judgeLarge(ctx context.Context, c *oracle.Case, engines []oracle.Engine, deadline time.Duration, suspect bool, opt LargeOptions) *Report {
	ctx, cancel := context.WithDeadline(ctx, time.Now().Add(deadline))
	defer cancel()
	share, left := opt.refShare(ctx, deadline)
	var pair, ext []oracle.Engine
	for _, e := range engines {
		if e.Name() == JudgeName || e.Name() == TwinName {
			pair = append(pair, e)
		} else {
			ext = append(ext, e)
		}
	}
	extOuts := make(chan []oracle.Outcome, 1)
	go func() { extOuts <- oracle.Run(ctx, c, ext, deadline) }()
	pairOuts := oracle.Run(ctx, c, withShare(pair, share), deadline)
	var lr *largeRun
	if ctx.Err() == nil && opt.largeFits(c, pair, pairOuts) {
		lr = newLargeRun(opt, c, pair, pairOuts, share, left, deadline, suspect)
		lr.prepare(ctx)
	}
	outs := inOrder(engines, append(pairOuts, <-extOuts...))
	r := triage(c, outs, suspect)
	if r.Judge != "" {
		return r
	}
	if lr == nil {
		r.Metamorphic = metamorphic(ctx, c, answered(engines, outs), answersOf(outs), deadline)
		applyChecks(r)
		return r
	}
	lr.engines, lr.outs = engines, outs
	return lr.finish(ctx, r)
}

// inOrder puts outcomes back in the order of engines.
func inOrder(engines []oracle.Engine, outs []oracle.Outcome) []oracle.Outcome {
	out := make([]oracle.Outcome, 0, len(outs))
	for _, e := range engines {
		if o := outcomeOf(outs, e.Name()); o != nil {
			out = append(out, *o)
		}
	}
	return out
}

// prepare runs what needs only the reference and the fast engine: the
// samples, then the fast engine's metamorphic checks on the full data.
func (lr *largeRun) prepare(ctx context.Context) {
	lr.samples(ctx)
	lr.twinChecks = lr.checksOn(ctx, []oracle.Engine{engineNamed(lr.engines, TwinName)})
}

// checksOn runs the metamorphic checks on the engines that have the time
// for them: a check query costs about what the case cost the engine, so
// an engine is asked TLP and DISTINCT (five queries) only when 1.5 times
// five of its times are left, DISTINCT alone (one) when 1.5 times one
// is; the others are named as skipped, so that no query is started that
// would only be killed at the deadline.
func (lr *largeRun) checksOn(ctx context.Context, engines []oracle.Engine) []Check {
	var both, one []oracle.Engine
	var out []Check
	for _, e := range engines {
		el := outcomeOf(lr.outs, e.Name()).Elapsed
		switch {
		case timeFor(ctx, el, 5):
			both = append(both, e)
		case timeFor(ctx, el, 1):
			one = append(one, e)
			out = append(out, Check{Name: "tlp", Engine: e.Name(), Skipped: fmt.Sprintf("not run: too little time left for "+
				"four queries of %.1f s (the engine's time on the case)", el.Seconds())})
		default:
			for _, n := range []string{"tlp", "distinct"} {
				out = append(out, Check{Name: n, Engine: e.Name(), Skipped: fmt.Sprintf("not run: too little time left "+
					"for a query of %.1f s (the engine's time on the case)", el.Seconds())})
			}
		}
	}
	known := answersOf(lr.outs)
	if len(both) > 0 {
		out = append(out, metamorphic(ctx, lr.c, both, known, lr.deadline)...)
	}
	if len(one) > 0 {
		out = append(out, distinctCheck(ctx, lr.c, one, known, lr.deadline)...)
	}
	return out
}

// timeFor says whether n queries of d each fit, 1.5 times over, in what
// is left of ctx.
func timeFor(ctx context.Context, d time.Duration, n int) bool {
	dl, ok := ctx.Deadline()
	return !ok || time.Until(dl) > time.Duration(n)*d*3/2
}

// finish judges c by the fast engine when the evidence allows it:
// every sample the reference answered agrees with the fast engine, at
// least one did (with a non-empty answer when the fast engine's full
// answer is non-empty), and the fast engine passes every metamorphic check
// it could run on the full data. Otherwise r, the unjudged report, comes
// back with the checks applied (as without the large-case judge) and
// Report.Large saying what was missing. The external engines' checks run
// here, within what is left of the deadline.
func (lr *largeRun) finish(ctx context.Context, r *Report) *Report {
	checks := append(lr.twinChecks, lr.externalChecks(ctx)...)
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

// externalChecks runs the metamorphic checks on the external engines
// that answered (the fast engine's ran in prepare).
func (lr *largeRun) externalChecks(ctx context.Context) []Check {
	var ext []oracle.Engine
	for _, e := range answered(lr.engines, lr.outs) {
		if e.Name() != TwinName {
			ext = append(ext, e)
		}
	}
	if len(ext) == 0 {
		return nil
	}
	return lr.checksOn(ctx, ext)
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
		fan := sampleFanouts[i%len(sampleFanouts)]
		s := lr.sample(ctx, u, n, pair, seed, lr.opt.SampleQuads, fan)
		if s.Outcome == SampleNoEvidence && s.Reference == nil && ctx.Err() == nil {
			s = lr.sample(ctx, u, n, pair, seed, max(8, lr.opt.SampleQuads/4), fan)
		}
		lr.lg.Samples = append(lr.lg.Samples, s)
		if s.Outcome == SampleDisagree {
			return
		}
	}
}

// sample builds one sample, runs it on the reference and the fast engine
// and compares their answers as triage would.
func (lr *largeRun) sample(ctx context.Context, u *universe, n needs, pair []oracle.Engine, seed int64, size, fanout int) Sample {
	picked := u.sample(rand.New(rand.NewSource(seed)), n.consts, size, fanout)
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
		if ch.Engine == TwinName && ch.Skipped != "" {
			lr.lg.Unchecked = append(lr.lg.Unchecked, ch.Name+": "+ch.Skipped)
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
	}
	if len(lr.lg.Unchecked) > 0 {
		line += "; not checked: " + strings.Join(lr.lg.Unchecked, "; ")
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
		if v.Outcome != Unsupported && v.Outcome != TimedOut && v.Outcome != Unavailable && v.Outcome != Resource {
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
