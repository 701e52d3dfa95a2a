package triage

import (
	"sort"

	"github.com/sparql-oracle/oracle/internal/diff"
)

// applyChecks turns failed metamorphic checks into wrong outcomes and
// divergences (the engines that passed are the right side).
func applyChecks(r *Report) {
	var right, wrong []string
	for _, ch := range r.Metamorphic {
		if ch.Skipped == "" && !ch.OK && !contains(wrong, ch.Engine) {
			wrong = append(wrong, ch.Engine)
		}
	}
	for _, ch := range r.Metamorphic {
		if ch.Skipped == "" && ch.OK && !contains(wrong, ch.Engine) && !contains(right, ch.Engine) && r.Verdict(ch.Engine) != nil {
			right = append(right, ch.Engine)
		}
	}
	byClass := map[diff.Class][]string{}
	var failed []string
	for _, ch := range r.Metamorphic {
		if ch.Skipped != "" || ch.OK {
			continue
		}
		v := r.Verdict(ch.Engine)
		if v == nil { // the judging fast engine: large_judge.go refuses to judge first
			continue
		}
		v.Outcome, v.Classes, v.Class = Wrong, ch.Verdict.Classes, ch.Verdict.Classes[0]
		byClass[v.Class] = append(byClass[v.Class], ch.Engine)
		if !contains(failed, ch.Name) {
			failed = append(failed, ch.Name)
		}
	}
	for _, c := range diff.SortClasses(keys(byClass)) {
		r.Divergences = append(r.Divergences, Divergence{Signature: Signature{Class: c, Wrong: sorted(byClass[c]), Right: sorted(right)}})
	}
	if contains(failed, "tlp") {
		r.Notes = append(r.Notes, "metamorphic TLP check failed: the FILTER's partitions do not add up to the unfiltered answer")
	}
	if contains(failed, "distinct") {
		r.Notes = append(r.Notes, "metamorphic DISTINCT check failed: the DISTINCT answer is not the plain answer's distinct rows")
	}
}

func keys(m map[diff.Class][]string) []diff.Class {
	var out []diff.Class
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
