package large

import (
	"context"
	"fmt"
	"math/rand"
	"strings"
	"time"

	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/oracle"
)

// largeRun is one attempt of the large-case judge on a case whose
// reference ran out (Report.Large holds what it found).
type Run struct {
	opt      Options
	c        *oracle.Case
	engines  []oracle.Engine
	outs     []oracle.Outcome
	deadline time.Duration
	lg       *Evidence
	// twinChecks are the fast engine's metamorphic checks (prepare).
	twinChecks []Check
}

func NewRun(opt Options, c *oracle.Case, engines []oracle.Engine, outs []oracle.Outcome, share, left, deadline time.Duration) *Run {
	why := refWhy(*OutcomeOf(outs, oracle.JudgeName), share, left, deadline, DataQuads(c))
	return &Run{opt: opt, c: c, engines: engines, outs: outs, deadline: deadline, lg: &Evidence{Why: why}}
}

// prepare runs what needs only the reference and the fast engine: the
// samples, then the fast engine's metamorphic checks on the full data.
func (lr *Run) Prepare(ctx context.Context) {
	lr.samples(ctx)
	lr.twinChecks = lr.checksOn(ctx, []oracle.Engine{engineNamed(lr.engines, oracle.TwinName)})
}

// setOutcomes gives the run every engine's outcome on the full data, once
// the external engines are done (prepare needed only the pair's).
func (lr *Run) SetOutcomes(engines []oracle.Engine, outs []oracle.Outcome) {
	lr.engines, lr.outs = engines, outs
}

// checks are the metamorphic checks on the full data: the fast engine's
// (run in prepare), then the external engines', within what is left of
// the deadline.
func (lr *Run) Checks(ctx context.Context) []Check {
	return append(lr.twinChecks, lr.externalChecks(ctx)...)
}

// decline records that the fast engine does not judge, and why.
func (lr *Run) Decline(why string) *Evidence {
	lr.lg.Verdict = "not judged by the fast engine: " + why
	return lr.lg
}

// accept records that the fast engine judges, with its figures on the
// full data and the evidence.
func (lr *Run) Accept() *Evidence {
	twin := OutcomeOf(lr.outs, oracle.TwinName)
	lr.lg.Judged, lr.lg.EngineVersion, lr.lg.EngineElapsed = true, twin.Version, twin.Elapsed
	lr.lg.Verdict = lr.evidence()
	return lr.lg
}

// checksOn runs the metamorphic checks on the engines that have the time
// for them: a check query costs about what the case cost the engine, so
// an engine is asked TLP and DISTINCT (five queries) only when 1.5 times
// five of its times are left, DISTINCT alone (one) when 1.5 times one
// is; the others are named as skipped, so that no query is started that
// would only be killed at the deadline.
func (lr *Run) checksOn(ctx context.Context, engines []oracle.Engine) []Check {
	var both, one []oracle.Engine
	var out []Check
	for _, e := range engines {
		el := OutcomeOf(lr.outs, e.Name()).Elapsed
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
	known := AnswersOf(lr.outs)
	if len(both) > 0 {
		out = append(out, Checks(ctx, lr.c, both, known, lr.deadline)...)
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

// externalChecks runs the metamorphic checks on the external engines
// that answered (the fast engine's ran in prepare).
func (lr *Run) externalChecks(ctx context.Context) []Check {
	var ext []oracle.Engine
	for _, e := range Answered(lr.engines, lr.outs) {
		if e.Name() != oracle.TwinName {
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
func (lr *Run) samples(ctx context.Context) {
	n, err := queryNeeds(lr.c.Query, lr.c.Base)
	if err != nil {
		return
	}
	u := newUniverse(lr.c, n)
	pair := []oracle.Engine{engineNamed(lr.engines, oracle.JudgeName), engineNamed(lr.engines, oracle.TwinName)}
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
func (lr *Run) sample(ctx context.Context, u *universe, n needs, pair []oracle.Engine, seed int64, size, fanout int) Sample {
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

func (lr *Run) compareSample(s *Sample) {
	v := diff.CompareWith(s.Reference, s.Engine, diff.Options{ExactDescribe: true}) // the fast engine shares the judge's DESCRIBE policy
	s.Verdict = v
	switch {
	case v.OK:
		s.Outcome = SampleAgree
		lr.lg.Agree++
		if nonEmpty(s.Reference) {
			lr.lg.NonEmpty++
		}
	case len(v.Classes) > 0 && (v.Classes[0] == diff.ClassUndecided || v.Classes[0] == diff.ClassExtension):
		s.Outcome, s.Why = SampleNoEvidence, "the comparison is undecided: "+v.Note
	default:
		s.Outcome, s.Why = SampleDisagree, "the reference rules the fast engine's answer out ("+diff.JoinClasses(v.Classes, ", ")+")"
	}
}

// refuse says why the fast engine may not judge, or "" when it may.
func (lr *Run) Refuse(checks []Check) string {
	for i, s := range lr.lg.Samples {
		if s.Outcome == SampleDisagree {
			return fmt.Sprintf("on sample %d of the data (%d triples, seed %d) %s: the fast engine cannot judge "+
				"(INTERNAL BUG: the reference and the fast engine disagree; the sample is the evidence)", i+1, s.Quads, s.Seed, s.Why)
		}
	}
	for _, ch := range checks {
		if ch.Engine == oracle.TwinName && ch.Skipped == "" && !ch.OK {
			return "the fast engine fails the " + ch.Name + " check on the full data (INTERNAL BUG): it cannot judge"
		}
		if ch.Engine == oracle.TwinName && ch.Skipped == "" && ch.OK {
			lr.lg.Checks = append(lr.lg.Checks, ch.Name)
		}
		if ch.Engine == oracle.TwinName && ch.Skipped != "" {
			lr.lg.Unchecked = append(lr.lg.Unchecked, ch.Name+": "+ch.Skipped)
		}
	}
	twin := OutcomeOf(lr.outs, oracle.TwinName)
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

func (lr *Run) sampleWhy() string {
	var out []string
	for _, s := range lr.lg.Samples {
		out = append(out, s.Why)
	}
	if len(out) == 0 {
		return "none could be built"
	}
	return strings.Join(out, "; ")
}

// evidence is the one line saying what the fast engine's verdict rests on.
func (lr *Run) evidence() string {
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
