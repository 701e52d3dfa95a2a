package diff

import (
	"context"
	"slices"
	"time"

	"github.com/sparql-oracle/oracle/internal/oracle"
)

// ReduceLimits bound one reduction: oracle calls, wall time, and each
// engine's deadline per call. Zero fields take the defaults.
type ReduceLimits struct {
	MaxCalls int           // default 1000
	MaxTime  time.Duration // default 2 minutes
	Deadline time.Duration // per engine and call; default 30 s
}

func (l ReduceLimits) withDefaults() ReduceLimits {
	if l.MaxCalls <= 0 {
		l.MaxCalls = 1000
	}
	if l.MaxTime <= 0 {
		l.MaxTime = 2 * time.Minute
	}
	if l.Deadline <= 0 {
		l.Deadline = 30 * time.Second
	}
	return l
}

// ReduceDivergence reduces c while the divergence sig survives, running only
// the engines the signature names (its two sides, the judge among them), so
// a candidate keeps the signature exactly when the same engines stay on the
// same sides with the same class. The oracle-suspect rule applies only if
// d was suspect in the full run. It returns the reduced case, its report
// on those engines, and the reduction's figures.
func ReduceDivergence(ctx context.Context, c *oracle.Case, engines []oracle.Engine, d Divergence, lim ReduceLimits) (*oracle.Case, *Report, ReduceStats) {
	lim = lim.withDefaults()
	sig := d.Signature
	sub := signatureEngines(engines, sig)
	still := func(cand *oracle.Case) bool {
		return stagedHas(ctx, cand, sub, d, lim.Deadline)
	}
	start, calls := time.Now(), 0
	stop := func() bool {
		calls++
		return ctx.Err() != nil || calls > lim.MaxCalls || time.Since(start) > lim.MaxTime
	}
	out, st := ReduceWithStats(c, still, stop)
	return out, judge(ctx, out, sub, lim.Deadline, d.Suspect), st
}

func signatureEngines(engines []oracle.Engine, sig Signature) []oracle.Engine {
	var out []oracle.Engine
	for _, e := range engines {
		if contains(sig.Wrong, e.Name()) || contains(sig.Right, e.Name()) {
			out = append(out, e)
		}
	}
	return out
}

// stagedHas decides whether cand still shows d in two stages: the judge and
// the wrong side first, and only if every one of them still diverges with
// d's class, the judge's side. Most candidates fail the first stage, so the
// slowest engines of the judge's side rarely run. Without the reference on
// the judge's side (an unjudged, metamorphic divergence) it runs Judge.
func stagedHas(ctx context.Context, cand *oracle.Case, engines []oracle.Engine, d Divergence, deadline time.Duration) bool {
	sig := d.Signature
	if !contains(sig.Right, JudgeName) {
		return judge(ctx, cand, engines, deadline, d.Suspect).Has(sig)
	}
	var first, rest []oracle.Engine
	for _, e := range engines {
		if e.Name() == JudgeName || contains(sig.Wrong, e.Name()) {
			first = append(first, e)
		} else {
			rest = append(rest, e)
		}
	}
	outs := oracle.Run(ctx, cand, first, deadline)
	if !wrongSideHolds(triage(cand, outs, false), sig) {
		return false
	}
	outs = append(outs, oracle.Run(ctx, cand, rest, deadline)...)
	return triage(cand, outs, d.Suspect).Has(sig)
}

// wrongSideHolds: every engine of sig's wrong side still diverges with its class.
func wrongSideHolds(r *Report, sig Signature) bool {
	for _, name := range sig.Wrong {
		v := r.Verdict(name)
		if v == nil || !isDivergent(v.Outcome) || !slices.Contains(v.Classes, sig.Class) {
			return false
		}
	}
	return true
}
