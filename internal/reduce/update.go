package reduce

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/results"
)

// UpdateResult is one engine's divergence in one class on an update case,
// reduced against the judge alone: Result's counterpart for a request
// applied to a store.
type UpdateResult struct {
	Engine   string
	Class    diff.Class
	Original *oracle.UpdateCase
	Case     *oracle.UpdateCase // the reduced case (Original when not Survived)
	Stats    Stats
	Survived bool
	Reason   string
	// Run is Case judged on every engine given: the engine's verdict, and
	// the other engines' as annotations.
	Run *UpdateRun
}

// Divergence is the divergence of Run with the result's class and engine.
func (r *UpdateResult) Divergence() (diff.Divergence, bool) {
	if r.Run == nil {
		return diff.Divergence{}, false
	}
	for _, d := range r.Run.Divergences {
		if d.Signature.Class == r.Class && containsName(d.Signature.Wrong, r.Engine) {
			return d, true
		}
	}
	return diff.Divergence{}, false
}

func containsName(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// UpdateEngine reduces an update case for one engine wrong in class: a
// candidate (fewer operations, store quads, template or DATA triples, WHERE
// patterns, graph names...; update_edits.go) is kept when that engine is
// still wrong in that class against the judge alone, whatever any other
// engine answers. Verified 1-minimal as query cases are (Stats.Minimal).
func UpdateEngine(ctx context.Context, c *oracle.UpdateCase, engines []oracle.Engine, engine string, class diff.Class, lim Limits) (*UpdateResult, error) {
	s, err := newUpdateSession(ctx, engines, lim)
	if err != nil {
		return nil, err
	}
	res := s.reduce(c, engine, class)
	if !res.Survived {
		return res, fmt.Errorf("reduce %s %s: %w: %s", engine, class, ErrNotSurvived, res.Reason)
	}
	return res, nil
}

// UpdateAll reduces every (engine, class) of r's divergences.
func UpdateAll(ctx context.Context, c *oracle.UpdateCase, engines []oracle.Engine, r *UpdateRun, lim Limits) ([]*UpdateResult, error) {
	s, err := newUpdateSession(ctx, engines, lim)
	if err != nil {
		return nil, err
	}
	var out []*UpdateResult
	for _, d := range r.Divergences {
		for _, name := range d.Signature.Wrong {
			out = append(out, s.reduce(c, name, d.Signature.Class))
		}
	}
	return out, nil
}

// An updateSession caches the judge's store by request and store across
// its reductions, as session does for queries.
type updateSession struct {
	ctx     context.Context
	engines []oracle.Engine
	judge   oracle.Engine
	lim     Limits
	judged  map[string]judged
}

type judged struct {
	a   *results.Answer
	err error
}

func newUpdateSession(ctx context.Context, engines []oracle.Engine, lim Limits) (*updateSession, error) {
	s := &updateSession{ctx: ctx, engines: engines, lim: lim.withDefaults(), judged: map[string]judged{}}
	if s.judge = findEngine(engines, diff.JudgeName); s.judge == nil {
		return nil, fmt.Errorf("reduce: the judge (%s) is not among the engines", diff.JudgeName)
	}
	return s, nil
}

// reduce checks the divergence on c (its store as N-Quads: an empty named
// graph of the original is not kept, as data.nq cannot hold one), shrinks,
// and judges the result on every engine.
func (s *updateSession) reduce(c *oracle.UpdateCase, name string, class diff.Class) *UpdateResult {
	norm := *c
	norm.Store = datasetOf(quadsOf(c.Store))
	res := &UpdateResult{Engine: name, Class: class, Original: c, Case: &norm}
	n, q := UpdateNodeCount(c.Update, c.Base), norm.Store.Len()
	res.Stats = Stats{NodesBefore: n, NodesAfter: n, QuadsBefore: q, QuadsAfter: q}
	eng := findEngine(s.engines, name)
	if eng == nil {
		res.Reason = name + " is not among the engines"
		return res
	}
	start := time.Now()
	first := s.pair(&norm, eng)
	if !first.showsIn(class) {
		res.Reason = fmt.Sprintf("%s is not wrong in %s against the judge alone on the original case (its store as N-Quads): %s", name, class, first.text())
		res.Stats.Calls, res.Stats.Elapsed = 1, time.Since(start)
		return res
	}
	calls := 1
	stop := func() bool {
		calls++
		return s.ctx.Err() != nil || calls > s.lim.MaxCalls || time.Since(start) > s.lim.MaxTime
	}
	key := errorKey(first)
	still := func(cand *oracle.UpdateCase) bool {
		v := s.pair(cand, eng)
		return v.showsIn(class) && errorKey(v) == key
	}
	out, st := ShrinkUpdate(&norm, still, stop)
	st.Calls++
	res.Case, res.Stats, res.Survived = out, st, !st.Flaky
	if st.Flaky {
		res.Reason = fmt.Sprintf("the reduced case lost %s's %s on a re-run", name, class)
	}
	run, err := JudgeUpdate(s.ctx, out, s.engines, s.lim.Deadline)
	if err != nil {
		res.Survived, res.Reason = false, "the judge rejects the reduced request: "+err.Error()
		return res
	}
	res.Run = run
	s.updateTriggers(res)
	return res
}

// pair judges cand on the judge and eng alone; the judge's store comes
// from the session's cache.
func (s *updateSession) pair(cand *oracle.UpdateCase, eng oracle.Engine) UpdateVerdict {
	j := s.judgeStore(cand)
	if j.err != nil {
		return UpdateVerdict{Engine: eng.Name(), Outcome: diff.Unjudged, Err: j.err}
	}
	return updateVerdict(s.ctx, eng, cand, j.a, s.lim.Deadline)
}

func (s *updateSession) judgeStore(cand *oracle.UpdateCase) judged {
	key := cand.Update + "\x00" + datasetKey(cand.Store)
	if j, ok := s.judged[key]; ok {
		return j
	}
	a, err := applyOne(s.ctx, s.judge, cand, s.lim.Deadline)
	j := judged{a, err}
	switch oracle.Classify(err) {
	case "timeout", "unavailable", "resource": // the machine's state: ask again
	default:
		if s.ctx.Err() == nil {
			s.judged[key] = j
		}
	}
	return j
}

// showsIn: the verdict files a divergence of class.
func (v UpdateVerdict) showsIn(class diff.Class) bool {
	return onWrongSide(v.Outcome) && v.Class == class
}

func (v UpdateVerdict) text() string {
	if v.Err != nil {
		return fmt.Sprintf("%s (%v)", v.Outcome, v.Err)
	}
	return fmt.Sprintf("%s %v", v.Outcome, v.Classes)
}

// errorKey is what an engine's failure says, without the parts a reduction
// changes (numbers such as positions, quoted strings, IRIs), cut to 40
// characters: a reduction of a failure keeps the same failure, so a
// request that fails for another reason (an engine that refuses the
// empty request) does not replace the one reduced. "" when the engine
// answered a store.
func errorKey(v UpdateVerdict) string {
	msg := ""
	switch {
	case v.Err != nil:
		msg = v.Err.Error()
	case v.Answer != nil && v.Answer.Store != nil:
		msg = v.Answer.Store.Err
	}
	msg = errNoise.ReplaceAllString(strings.ToLower(msg), "")
	if len(msg) > 40 {
		msg = msg[:40]
	}
	return msg
}

var errNoise = regexp.MustCompile(`"[^"]*"|'[^']*'|<[^<>]*>|[0-9]+`)

// RunUpdate judges an update case on engines (the judge among them) and,
// with opt.Reduce, reduces every (engine, class) of its divergences
// (UpdateAll): the update counterpart of Run, for `oracle diff -u` and the
// service.
func RunUpdate(ctx context.Context, c *oracle.UpdateCase, engines []oracle.Engine, opt RunOptions) (*UpdateRun, []*UpdateResult, error) {
	run, err := JudgeUpdate(ctx, c, engines, opt.Deadline)
	if err != nil || !opt.Reduce {
		return run, nil, err
	}
	lim := opt.Limits
	if lim.Deadline == 0 {
		lim.Deadline = opt.Deadline
	}
	out, err := UpdateAll(ctx, c, engines, run, lim)
	if err != nil {
		run.Notes = append(run.Notes, "not reduced: "+err.Error())
	}
	return run, out, nil
}
