package diff

import (
	"context"
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
// same sides with the same class. It returns the reduced case, its report
// on those engines, and the reduction's figures.
func ReduceDivergence(ctx context.Context, c *oracle.Case, engines []oracle.Engine, sig Signature, lim ReduceLimits) (*oracle.Case, *Report, ReduceStats) {
	lim = lim.withDefaults()
	sub := signatureEngines(engines, sig)
	still := func(cand *oracle.Case) bool {
		return Judge(ctx, cand, sub, lim.Deadline).Has(sig)
	}
	start, calls := time.Now(), 0
	stop := func() bool {
		calls++
		return ctx.Err() != nil || calls > lim.MaxCalls || time.Since(start) > lim.MaxTime
	}
	out, st := ReduceWithStats(c, still, stop)
	return out, Judge(ctx, out, sub, lim.Deadline), st
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

// BugFor writes up the divergence with signature sig in r, with the
// reduction figures attached; ok is false when r does not show sig.
func BugFor(r *Report, sig Signature, st *ReduceStats) (Bug, bool) {
	for _, d := range r.Divergences {
		if d.Signature.Equal(sig) {
			b := bugOf(r, d)
			if st != nil {
				b.Reduction = st.Figure()
			}
			return b, true
		}
	}
	return Bug{}, false
}
