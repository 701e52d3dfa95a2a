package reduce

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/triage"
)

// A base is what a session of either kind holds: the engines, the judge
// among them, the limits of each reduction.
type base struct {
	ctx     context.Context
	engines []oracle.Engine
	judge   oracle.Engine
	lim     Limits
}

func newBase(ctx context.Context, engines []oracle.Engine, lim Limits) (base, error) {
	b := base{ctx: ctx, engines: engines, lim: lim.withDefaults(), judge: findEngine(engines, oracle.JudgeName)}
	if b.judge == nil {
		return b, fmt.Errorf("reduce: the judge (%s) is not among the engines", oracle.JudgeName)
	}
	return b, nil
}

func (b *base) find(name string) oracle.Engine { return findEngine(b.engines, name) }

// remember caches the judge's answer v on a candidate, unless it says
// the machine's state rather than the case's (a timeout, no answer, a
// resource bound: ask again) or the context is done.
func remember[T any](b *base, cache map[string]T, key string, v T, err error) {
	switch oracle.Classify(err) {
	case "timeout", "unavailable", "resource":
	default:
		if b.ctx.Err() == nil {
			cache[key] = v
		}
	}
}

// A check is what differs between reducing a query case and an update
// case: judged on the original case (the one call before shrinking), it
// returns the predicate every candidate must keep (rows or a store
// compared with the judge's, the same failure kept), or nil and why the
// case does not show the divergence.
type check[C any] func(*C) (still func(*C) bool, why string)

// reduction is the part of one engine's reduction both kinds share: the
// divergence checked on c, then c shrunk (shrink) under the session's
// limits. shrunk is false when eng is nil or c does not show the
// divergence (out is then c); a result that lost it on a re-run has
// shrunk true and a reason.
func reduction[C any](b *base, f form[C], c *C, eng oracle.Engine, name string, class diff.Class, first check[C]) (out *C, st Stats, shrunk bool, reason string) {
	n, q := f.nodes(c), len(f.quads(c))
	st = Stats{NodesBefore: n, NodesAfter: n, QuadsBefore: q, QuadsAfter: q}
	if eng == nil {
		return c, st, false, name + " is not among the engines"
	}
	start := time.Now()
	still, why := first(c)
	if still == nil {
		st.Calls, st.Elapsed = 1, time.Since(start)
		return c, st, false, why
	}
	calls := 1
	stop := func() bool {
		calls++
		return b.ctx.Err() != nil || calls > b.lim.MaxCalls || time.Since(start) > b.lim.MaxTime
	}
	out, st = shrink(f, c, still, stop)
	st.Calls++
	if st.Flaky {
		reason = fmt.Sprintf("the reduced case lost %s's %s on a re-run", name, class)
	}
	return out, st, true, reason
}

// A reducer is a session of either kind (session, updateSession): it
// reduces one engine's divergence in one class on a case C to a result R
// (*Result, *UpdateResult).
type reducer[C any, R outcome] interface {
	reduce(c *C, name string, class diff.Class) R
}

// An outcome is a reduction's result: notSurvived wraps ErrNotSurvived
// when it was flagged.
type outcome interface{ notSurvived() error }

func notSurvived(engine string, class diff.Class, survived bool, reason string) error {
	if survived {
		return nil
	}
	return fmt.Errorf("reduce %s %s: %w: %s", engine, class, ErrNotSurvived, reason)
}

// reduceEngine is Engine and UpdateEngine: one reduction with the session
// made (err its error).
func reduceEngine[C any, R outcome](s reducer[C, R], err error, c *C, engine string, class diff.Class) (R, error) {
	if err != nil {
		var none R
		return none, err
	}
	res := s.reduce(c, engine, class)
	return res, res.notSurvived()
}

// reduceAll is All and UpdateAll: every (engine, class) of ds, an engine
// wrong in several classes once per class, in the order of ds and of each
// divergence's wrong side.
func reduceAll[C any, R outcome](s reducer[C, R], err error, c *C, ds []triage.Divergence) ([]R, error) {
	if err != nil {
		return nil, err
	}
	var out []R
	for _, d := range ds {
		for _, name := range d.Signature.Wrong {
			out = append(out, s.reduce(c, name, d.Signature.Class))
		}
	}
	return out, nil
}

// divergenceOf is the divergence of ds of class with engine on its wrong
// side.
func divergenceOf(ds []triage.Divergence, engine string, class diff.Class) (triage.Divergence, bool) {
	for _, d := range ds {
		if d.Signature.Class == class && slices.Contains(d.Signature.Wrong, engine) {
			return d, true
		}
	}
	return triage.Divergence{}, false
}

// A session reduces the divergences of one query case on one engine list.
// The judge's outcome on a candidate is the same whichever engine is being
// reduced, so it is cached across the session's reductions.
type session struct {
	base
	judged map[string]oracle.Outcome
}

func newSession(ctx context.Context, engines []oracle.Engine, lim Limits) (*session, error) {
	b, err := newBase(ctx, engines, lim)
	if err != nil {
		return nil, err
	}
	return &session{base: b, judged: map[string]oracle.Outcome{}}, nil
}

// reduce is Engine's work: check the divergence on c, shrink, judge the
// result on every engine.
func (s *session) reduce(c *oracle.Case, name string, class diff.Class) *Result {
	res := &Result{Engine: name, Class: class, Original: c}
	eng := s.find(name)
	first := func(c *oracle.Case) (func(*oracle.Case) bool, string) {
		res.Report = s.pair(c, eng)
		if !shows(res.Report, name, class) {
			return nil, fmt.Sprintf("%s is not wrong in %s against the judge alone on the original case (%s)", name, class, verdictText(res.Report, name))
		}
		return func(cand *oracle.Case) bool { return shows(s.pair(cand, eng), name, class) }, ""
	}
	var shrunk bool
	res.Case, res.Stats, shrunk, res.Reason = reduction(&s.base, queryForm, c, eng, name, class, first)
	if !shrunk {
		return res
	}
	res.Survived = !res.Stats.Flaky
	res.Report = triage.Judge(s.ctx, res.Case, s.engines, s.lim.Deadline)
	s.triggers(res)
	return res
}

// pair judges cand on the judge and eng alone. The judge's outcome comes
// from the session's cache; without a judge answer (budget, crash) the
// metamorphic check decides (triage.Judge).
func (s *session) pair(cand *oracle.Case, eng oracle.Engine) *triage.Report {
	outs := []oracle.Outcome{s.judgeOutcome(cand)}
	outs = append(outs, oracle.Run(s.ctx, cand, []oracle.Engine{eng}, s.lim.Deadline)...)
	r := triage.Triage(cand, outs)
	if r.Kind == triage.KindUnjudged {
		r = triage.Judge(s.ctx, cand, []oracle.Engine{s.judge, eng}, s.lim.Deadline)
	}
	return r
}

func (s *session) judgeOutcome(cand *oracle.Case) oracle.Outcome {
	key := queryForm.key(cand)
	if o, ok := s.judged[key]; ok {
		return o
	}
	o := oracle.Run(s.ctx, cand, []oracle.Engine{s.judge}, s.lim.Deadline)[0]
	remember(&s.base, s.judged, key, o, o.Err)
	return o
}

// shows: r has a divergence of class with name on its wrong side (the
// triage's own notion of a divergence: a wrong answer, an error, a crash, a
// refusal; never a timeout or an unsupported feature).
func shows(r *triage.Report, name string, class diff.Class) bool {
	_, ok := divergenceOf(r.Divergences, name, class)
	return ok
}

func verdictText(r *triage.Report, name string) string {
	v := r.Verdict(name)
	if v == nil {
		return "no verdict"
	}
	if len(v.Classes) == 0 {
		return string(v.Outcome)
	}
	return fmt.Sprintf("%s %v", v.Outcome, v.Classes)
}
