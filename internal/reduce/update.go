package reduce

import (
	"context"
	"fmt"
	"regexp"
	"strings"

	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/results"
	"github.com/sparql-oracle/oracle/internal/triage"
)

// UpdateResult is one engine's divergence in one class on an update case,
// reduced against the judge alone: Result's counterpart for a request
// applied to a store.
type UpdateResult struct {
	Engine   string
	Class    diff.Class
	Original *oracle.Case
	Case     *oracle.Case // the reduced case (Original when not Survived)
	Stats    Stats
	Survived bool
	Reason   string
	// Run is Case judged on every engine given: the engine's verdict, and
	// the other engines' as annotations.
	Run *UpdateRun
}

// Divergence is the divergence of Run with the result's class and engine.
func (r *UpdateResult) Divergence() (triage.Divergence, bool) {
	if r.Run == nil {
		return triage.Divergence{}, false
	}
	return divergenceOf(r.Run.Divergences, r.Engine, r.Class)
}

func (r *UpdateResult) notSurvived() error {
	return notSurvived(r.Engine, r.Class, r.Survived, r.Reason)
}

// UpdateEngine reduces an update case for one engine wrong in class: a
// candidate (fewer operations, store quads, template or DATA triples, WHERE
// patterns, graph names...; update_edits.go) is kept when that engine is
// still wrong in that class against the judge alone, whatever any other
// engine answers. Verified 1-minimal as query cases are (Stats.Minimal).
func UpdateEngine(ctx context.Context, c *oracle.Case, engines []oracle.Engine, engine string, class diff.Class, lim Limits) (*UpdateResult, error) {
	s, err := newUpdateSession(ctx, engines, lim)
	return reduceEngine[oracle.Case, *UpdateResult](s, err, c, engine, class)
}

// UpdateAll reduces every (engine, class) of r's divergences.
func UpdateAll(ctx context.Context, c *oracle.Case, engines []oracle.Engine, r *UpdateRun, lim Limits) ([]*UpdateResult, error) {
	s, err := newUpdateSession(ctx, engines, lim)
	return reduceAll[oracle.Case, *UpdateResult](s, err, c, r.Divergences)
}

// An updateSession caches the judge's store by request and store across
// its reductions, as session does for queries.
type updateSession struct {
	base
	judged map[string]judged
}

type judged struct {
	a   *results.Answer
	err error
}

func newUpdateSession(ctx context.Context, engines []oracle.Engine, lim Limits) (*updateSession, error) {
	b, err := newBase(ctx, engines, lim)
	if err != nil {
		return nil, err
	}
	return &updateSession{base: b, judged: map[string]judged{}}, nil
}

// reduce checks the divergence on c (its store as N-Quads: an empty named
// graph of the original is not kept, as data.nq cannot hold one), shrinks
// (the same failure kept: errorKey), and judges the result on every
// engine.
func (s *updateSession) reduce(c *oracle.Case, name string, class diff.Class) *UpdateResult {
	res := &UpdateResult{Engine: name, Class: class, Original: c}
	eng := s.find(name)
	first := func(c *oracle.Case) (func(*oracle.Case) bool, string) {
		v := s.pair(c, eng)
		if !v.showsIn(class) {
			return nil, fmt.Sprintf("%s is not wrong in %s against the judge alone on the original case (its store as N-Quads): %s", name, class, v.text())
		}
		key := errorKey(v)
		return func(cand *oracle.Case) bool {
			w := s.pair(cand, eng)
			return w.showsIn(class) && errorKey(w) == key
		}, ""
	}
	var shrunk bool
	res.Case, res.Stats, shrunk, res.Reason = reduction(&s.base, updateForm, updateForm.normal(c), eng, name, class, first)
	if !shrunk {
		return res
	}
	res.Survived = !res.Stats.Flaky
	run, err := JudgeUpdate(s.ctx, res.Case, s.engines, s.lim.Deadline)
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
func (s *updateSession) pair(cand *oracle.Case, eng oracle.Engine) UpdateVerdict {
	j := s.judgeStore(cand)
	if j.err != nil {
		return UpdateVerdict{Engine: eng.Name(), Outcome: triage.Unjudged, Err: j.err}
	}
	return updateVerdict(s.ctx, eng, cand, j.a, s.lim.Deadline)
}

func (s *updateSession) judgeStore(cand *oracle.Case) judged {
	key := updateForm.key(cand)
	if j, ok := s.judged[key]; ok {
		return j
	}
	a, err := applyOne(s.ctx, s.judge, cand, s.lim.Deadline)
	j := judged{a, err}
	remember(&s.base, s.judged, key, j, err)
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
