package pipeline

import (
	"context"
	"fmt"
	"slices"

	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/reduce"
	"github.com/sparql-oracle/oracle/internal/report"
	"github.com/sparql-oracle/oracle/internal/triage"
)

// A divergence the fast engine judged (a large case the reference ran out
// of time on) cannot be reduced by reduce.All, which judges its
// candidates with the reference alone: the reference cannot judge the
// original case either. Each engine on its wrong side is reduced by
// reduce.Large instead, keeping it wrong against the judges
// (reduce.JudgeKeep: the fast engine in the judge's place while the data
// is large) until the reference can judge; the sweep does the same
// (internal/sweep, large_reduce.go).

// reduceLarge reduces every (engine, class group) of r's divergences on
// the large case c and writes up the survivors; an engine whose reduction
// does not survive is noted on r.
func reduceLarge(ctx context.Context, c *oracle.Case, engines []oracle.Engine, r *triage.Report, lim reduce.Limits) []report.Bug {
	judges := judgesOf(engines)
	var bugs []report.Bug
	done := map[string]bool{}
	for _, d := range r.Divergences {
		group := d.Signature.Class.Group()
		for _, name := range d.Signature.Wrong {
			if done[name+" "+group] || ctx.Err() != nil {
				continue
			}
			done[name+" "+group] = true
			b, why := reduceOneLarge(ctx, c, engines, judges, name, d, lim)
			if why != "" {
				r.Notes = append(r.Notes, fmt.Sprintf("%s %s not reduced: %s", name, d.Signature.Class, why))
				continue
			}
			bugs = append(bugs, b)
		}
	}
	return report.Dedup(bugs)
}

// reduceOneLarge reduces name's divergence d on c and writes it up, or
// says why not.
func reduceOneLarge(ctx context.Context, c *oracle.Case, engines, judges []oracle.Engine, name string, d triage.Divergence, lim reduce.Limits) (report.Bug, string) {
	class := d.Signature.Class
	i := slices.IndexFunc(engines, func(e oracle.Engine) bool { return e.Name() == name })
	if i < 0 || len(judges) == 0 {
		return report.Bug{}, "the engine or the judges are not in the run"
	}
	keep := reduce.JudgeKeep(judges, engines[i], class, lim.Deadline)
	res, err := reduce.Large(ctx, c, engines[i], judges, keep, reduce.LargeLimits{MaxCalls: lim.MaxCalls, MaxTime: lim.MaxTime, Deadline: lim.Deadline})
	if res == nil || !res.Survived {
		if res != nil && res.Reason != "" {
			return report.Bug{}, res.Reason
		}
		return report.Bug{}, fmt.Sprint("the reduction lost the divergence: ", err)
	}
	b, ok := report.LargeReduced(res, name, class.Group(), engines...)
	if !ok {
		return report.Bug{}, fmt.Sprintf("the reduced case (%d quads) does not show it when judged", res.Triples)
	}
	return b, ""
}

// judgesOf are the reference and the fast engine among engines.
func judgesOf(engines []oracle.Engine) []oracle.Engine {
	var out []oracle.Engine
	for _, e := range engines {
		if n := e.Name(); n == oracle.JudgeName || n == oracle.TwinName {
			out = append(out, e)
		}
	}
	return out
}
