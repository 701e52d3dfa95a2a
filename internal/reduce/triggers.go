package reduce

import (
	"slices"
	"time"

	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/triage"
)

// Every reduction ends with the triggers of the engines wrong on its
// result: a finding's root cause names the constructs its divergence
// needs (internal/rootcause), so each engine on the wrong side of the
// reduced case is ablated (Trigger), each within ablationLimits.

// ablationLimits bound one engine's ablation: a reduced case has a few
// constructs (median 10 syntax nodes), each tried with a few variants.
func ablationLimits(lim Limits) Limits {
	return Limits{MaxCalls: min(lim.MaxCalls, 60), MaxTime: min(lim.MaxTime, 20*time.Second), Deadline: lim.Deadline}
}

// triggers ablates res's reduced case for every engine wrong on it in the
// group of res's class (the reduced engine first), and records each
// trigger in res.Stats.Triggers. An engine whose ablation fails (not wrong
// on a re-run, a query that does not parse) gets none: its root cause is
// then named by every construct of the case.
func (s *session) triggers(res *Result) {
	if !res.Survived || res.Report == nil || s.ctx.Err() != nil {
		return
	}
	res.Stats.Triggers = map[string][]string{}
	for _, name := range wrongInGroup(res.Report, res.Engine, res.Class.Group()) {
		a, err := Trigger(s.ctx, res.Case, s.engines, name, classOf(res.Report, name, res.Class), ablationLimits(s.lim))
		if err == nil {
			res.Stats.Triggers[name] = a.Trigger
			res.Stats.setFace(name, a.Face)
		}
	}
}

func (st *Stats) setFace(name string, r *triage.Report) {
	if r == nil {
		return
	}
	if st.Faces == nil {
		st.Faces = map[string]*triage.Report{}
	}
	st.Faces[name] = r
}

// wrongInGroup are first and every other engine of r wrong in a class of
// the group, first first.
func wrongInGroup(r *triage.Report, first, group string) []string {
	out := []string{first}
	for _, d := range r.Divergences {
		if d.Signature.Class.Group() != group {
			continue
		}
		for _, e := range d.Signature.Wrong {
			if !slices.Contains(out, e) {
				out = append(out, e)
			}
		}
	}
	return out
}

// classOf is engine's class in r within the group of def (def when r
// does not show one).
func classOf(r *triage.Report, engine string, def diff.Class) diff.Class {
	for _, d := range r.Divergences {
		if d.Signature.Class.Group() == def.Group() && slices.Contains(d.Signature.Wrong, engine) {
			return d.Signature.Class
		}
	}
	return def
}

// updateTriggers is triggers for an update reduction.
func (s *updateSession) updateTriggers(res *UpdateResult) {
	if !res.Survived || res.Run == nil || s.ctx.Err() != nil {
		return
	}
	res.Stats.Triggers = map[string][]string{}
	names := []string{res.Engine}
	for _, d := range res.Run.Divergences {
		if d.Signature.Class.Group() != res.Class.Group() {
			continue
		}
		for _, e := range d.Signature.Wrong {
			if !slices.Contains(names, e) {
				names = append(names, e)
			}
		}
	}
	for _, name := range names {
		v := res.Run.Verdict(name)
		if v == nil {
			continue
		}
		class := v.Class
		if class.Group() != res.Class.Group() {
			class = res.Class
		}
		a, err := UpdateTrigger(s.ctx, res.Case, s.engines, name, class, ablationLimits(s.lim))
		if err == nil {
			res.Stats.Triggers[name] = a.Trigger
		}
	}
}
