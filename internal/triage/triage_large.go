package triage

import (
	"context"
	"time"

	"github.com/sparql-oracle/oracle/internal/large"
	"github.com/sparql-oracle/oracle/internal/oracle"
)

// judgeLarge is Judge on large data (LargeOptions.splits): the
// reference and the fast engine run first, the reference with RefShare
// of the time left, while the external engines run beside them; when the
// reference runs out, the samples and the fast engine's own metamorphic
// checks run while the externals are still at work, so that a slow
// external engine's time is not added to the judge's. Then triage, and
// the large-case judge's verdict (finish).
func judgeLarge(ctx context.Context, c *oracle.Case, engines []oracle.Engine, deadline time.Duration, suspect bool, opt large.Options) *Report {
	var pair, ext []oracle.Engine
	for _, e := range engines {
		if e.Name() == oracle.JudgeName || e.Name() == oracle.TwinName {
			pair = append(pair, e)
		} else {
			ext = append(ext, e)
		}
	}
	// The external engines take turns on large data, each deadline from
	// its turn: the case lasts as many deadlines as they take turns (an
	// engine not given the case, oracle.Given, takes none).
	ctx, cancel := context.WithDeadline(ctx, time.Now().Add(oracle.Span(c, oracle.Given(c, ext), deadline)))
	defer cancel()
	share, left := opt.Share(ctx, deadline)
	extOuts := make(chan []oracle.Outcome, 1)
	go func() { extOuts <- oracle.Run(ctx, c, ext, deadline) }()
	pairOuts := oracle.Run(ctx, c, large.WithShare(pair, share), deadline)
	var lr *large.Run
	if ctx.Err() == nil && opt.Fits(c, pair, pairOuts) {
		lr = large.NewRun(opt, c, pair, pairOuts, share, left, deadline)
		lr.Prepare(ctx)
	}
	outs := inOrder(engines, append(pairOuts, <-extOuts...))
	r := triage(c, outs, suspect)
	if r.Judge != "" {
		return r
	}
	if lr == nil {
		r.Metamorphic = large.Checks(ctx, c, large.Answered(engines, outs), large.AnswersOf(outs), deadline)
		applyChecks(r)
		return r
	}
	lr.SetOutcomes(engines, outs)
	return finishLarge(ctx, lr, outs, r, suspect)
}

// inOrder puts outcomes back in the order of engines.
func inOrder(engines []oracle.Engine, outs []oracle.Outcome) []oracle.Outcome {
	out := make([]oracle.Outcome, 0, len(outs))
	for _, e := range engines {
		if o := large.OutcomeOf(outs, e.Name()); o != nil {
			out = append(out, *o)
		}
	}
	return out
}

// finishLarge judges c by the fast engine when the evidence allows it
// (largeRun.refuse): every sample the reference answered agrees with the
// fast engine, at least one did (with a non-empty answer when the fast
// engine's full answer is non-empty), and the fast engine passes every
// metamorphic check it could run on the full data. Otherwise r, the
// unjudged report, comes back with the checks applied (as without the
// large-case judge) and Report.Large saying what was missing. The
// external engines' checks run here, within what is left of the deadline.
func finishLarge(ctx context.Context, lr *large.Run, outs []oracle.Outcome, r *Report, suspect bool) *Report {
	checks := lr.Checks(ctx)
	if why := lr.Refuse(checks); why != "" {
		return unjudgedLarge(r, lr.Decline(why), checks)
	}
	var others []oracle.Outcome
	for _, o := range outs {
		if o.Engine != oracle.JudgeName && o.Engine != oracle.TwinName {
			others = append(others, o)
		}
	}
	jr := &Report{Case: r.Case}
	judged(jr, oracle.TwinName, lr.Expected(), others, suspect)
	if suspect && largeSuspect(jr) {
		jr.Kind = KindOracleSuspect
		jr.Divergences = divergences(jr)
	}
	lg := lr.Accept()
	jr.Large, jr.JudgedBy = lg, "judged by the fast engine; "+lg.Why
	jr.Notes = append([]string{"JUDGED BY THE FAST ENGINE: " + lg.Verdict}, jr.Notes...)
	jr.Metamorphic = checks
	applyChecks(jr)
	return jr
}

// unjudgedLarge keeps the case unjudged (the report triage made), with the
// metamorphic checks applied and why the fast engine did not judge.
func unjudgedLarge(r *Report, lg *large.Evidence, checks []large.Check) *Report {
	r.Large = lg
	r.Reason += "; " + lg.Verdict
	r.Notes = append(r.Notes, "LARGE-CASE JUDGE: "+lg.Verdict)
	r.Metamorphic = checks
	applyChecks(r)
	return r
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
	if !wrongAlike(ext) {
		return false
	}
	for i := range r.Verdicts {
		if r.Verdicts[i].Outcome == Wrong {
			r.Verdicts[i].Outcome = Unjudged
		}
	}
	r.Notes = append(r.Notes, "ORACLE SUSPECT: every external engine disagrees with the fast engine (judging) in the same way; not filed against the engines")
	return true
}
