package reduce

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/oracle"
)

// A session reduces the divergences of one case on one engine list. The
// judge's outcome on a candidate is the same whichever engine is being
// reduced, so it is cached across the session's reductions.
type session struct {
	ctx     context.Context
	engines []oracle.Engine
	judge   oracle.Engine
	lim     Limits
	judged  map[string]oracle.Outcome
}

func newSession(ctx context.Context, engines []oracle.Engine, lim Limits) (*session, error) {
	s := &session{ctx: ctx, engines: engines, lim: lim.withDefaults(), judged: map[string]oracle.Outcome{}}
	s.judge = s.find(diff.JudgeName)
	if s.judge == nil {
		return nil, fmt.Errorf("reduce: the judge (%s) is not among the engines", diff.JudgeName)
	}
	return s, nil
}

func (s *session) find(name string) oracle.Engine {
	for _, e := range s.engines {
		if e.Name() == name {
			return e
		}
	}
	return nil
}

// reduce is Engine's work: check the divergence on c, shrink, judge the
// result on every engine.
func (s *session) reduce(c *oracle.Case, name string, class diff.Class) *Result {
	res := &Result{Engine: name, Class: class, Original: c, Case: c}
	n, q := NodeCount(c.Query, c.Base), len(quadsOf(c.Dataset))
	res.Stats = Stats{NodesBefore: n, NodesAfter: n, QuadsBefore: q, QuadsAfter: q}
	eng := s.find(name)
	if eng == nil {
		res.Reason = fmt.Sprintf("%s is not among the engines", name)
		return res
	}
	still := func(cand *oracle.Case) bool { return shows(s.pair(cand, eng), name, class) }
	start := time.Now()
	first := s.pair(c, eng)
	if !shows(first, name, class) {
		res.Reason = fmt.Sprintf("%s is not wrong in %s against the judge alone on the original case (%s)", name, class, verdictText(first, name))
		res.Report, res.Stats.Calls, res.Stats.Elapsed = first, 1, time.Since(start)
		return res
	}
	calls := 1
	stop := func() bool {
		calls++
		return s.ctx.Err() != nil || calls > s.lim.MaxCalls || time.Since(start) > s.lim.MaxTime
	}
	out, st := Shrink(c, still, stop)
	st.Calls++
	res.Case, res.Stats, res.Survived = out, st, !st.Flaky
	if st.Flaky {
		res.Reason = fmt.Sprintf("the reduced case lost %s's %s on a re-run", name, class)
	}
	res.Report = diff.Judge(s.ctx, out, s.engines, s.lim.Deadline)
	s.triggers(res)
	return res
}

// pair judges cand on the judge and eng alone. The judge's outcome comes
// from the session's cache; without a judge answer (budget, crash) the
// metamorphic check decides (diff.Judge).
func (s *session) pair(cand *oracle.Case, eng oracle.Engine) *diff.Report {
	outs := []oracle.Outcome{s.judgeOutcome(cand)}
	outs = append(outs, oracle.Run(s.ctx, cand, []oracle.Engine{eng}, s.lim.Deadline)...)
	r := diff.Triage(cand, outs)
	if r.Kind == diff.KindUnjudged {
		r = diff.Judge(s.ctx, cand, []oracle.Engine{s.judge, eng}, s.lim.Deadline)
	}
	return r
}

func (s *session) judgeOutcome(cand *oracle.Case) oracle.Outcome {
	key := cand.Query + "\x00" + datasetKey(cand.Dataset)
	if o, ok := s.judged[key]; ok {
		return o
	}
	o := oracle.Run(s.ctx, cand, []oracle.Engine{s.judge}, s.lim.Deadline)[0]
	switch oracle.Classify(o.Err) {
	case "timeout", "unavailable", "resource": // the machine's state, not the case's: ask again
	default:
		if s.ctx.Err() == nil {
			s.judged[key] = o
		}
	}
	return o
}

// shows: r has a divergence of class with name on its wrong side (the
// triage's own notion of a divergence: a wrong answer, an error, a crash, a
// refusal; never a timeout or an unsupported feature).
func shows(r *diff.Report, name string, class diff.Class) bool {
	for _, d := range r.Divergences {
		if d.Signature.Class == class && slices.Contains(d.Signature.Wrong, name) {
			return true
		}
	}
	return false
}

func verdictText(r *diff.Report, name string) string {
	v := r.Verdict(name)
	if v == nil {
		return "no verdict"
	}
	if len(v.Classes) == 0 {
		return string(v.Outcome)
	}
	return fmt.Sprintf("%s %v", v.Outcome, v.Classes)
}
