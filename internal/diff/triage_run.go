package diff

import (
	"context"
	"sort"
	"time"

	"github.com/sparql-oracle/oracle/internal/oracle"
)

// Judge runs c on every engine (the reference among them, named
// JudgeName), triages the outcomes, and, when the reference could not
// judge (budget, timeout), adds the TLP metamorphic check: an engine whose
// partitions do not add up is wrong whatever the right answer is.
func Judge(ctx context.Context, c *oracle.Case, engines []oracle.Engine, deadline time.Duration) *Report {
	return judge(ctx, c, engines, deadline, true)
}

func judge(ctx context.Context, c *oracle.Case, engines []oracle.Engine, deadline time.Duration, suspect bool) *Report {
	r := triage(c, oracle.Run(ctx, c, engines, deadline), suspect)
	if r.Kind != KindUnjudged {
		return r
	}
	var others []oracle.Engine
	for _, e := range engines {
		if e.Name() != JudgeName {
			others = append(others, e)
		}
	}
	r.Metamorphic = TLP(ctx, c, others, deadline)
	applyChecks(r)
	return r
}

// applyChecks turns failed metamorphic checks into wrong outcomes and
// divergences (the engines that passed are the right side).
func applyChecks(r *Report) {
	var right []string
	for _, ch := range r.Metamorphic {
		if ch.Skipped == "" && ch.OK {
			right = append(right, ch.Engine)
		}
	}
	byClass := map[Class][]string{}
	for _, ch := range r.Metamorphic {
		if ch.Skipped != "" || ch.OK {
			continue
		}
		v := r.Verdict(ch.Engine)
		v.Outcome, v.Classes, v.Class = Wrong, ch.Verdict.Classes, ch.Verdict.Classes[0]
		byClass[v.Class] = append(byClass[v.Class], ch.Engine)
	}
	for _, c := range sortClasses(keys(byClass)) {
		r.Divergences = append(r.Divergences, Divergence{Signature: Signature{Class: c, Wrong: sorted(byClass[c]), Right: sorted(right)}})
	}
	if len(byClass) > 0 {
		r.Notes = append(r.Notes, "metamorphic TLP check failed: the FILTER's partitions do not add up to the unfiltered answer")
	}
}

func keys(m map[Class][]string) []Class {
	var out []Class
	for k := range m {
		out = append(out, k)
	}
	return out
}

func sorted(xs []string) []string {
	out := append([]string(nil), xs...)
	sort.Strings(out)
	return out
}
