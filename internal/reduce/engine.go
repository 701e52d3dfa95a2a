package reduce

import (
	"context"
	"errors"
	"time"

	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/triage"
)

// Limits bound one engine's reduction: oracle calls, wall time, and each
// engine's deadline per call. Zero fields take the defaults.
type Limits struct {
	MaxCalls int           // default 1000
	MaxTime  time.Duration // default 2 minutes
	Deadline time.Duration // per engine and call; default 30 s
}

func (l Limits) withDefaults() Limits {
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

// ErrNotSurvived: the engine is not wrong in the class against the judge on
// the case it was to be reduced from (or its reduced case lost it on a
// re-run). Such a divergence is flagged, never filed.
var ErrNotSurvived = errors.New("the engine's divergence did not survive")

// Result is one engine's divergence in one class, reduced against the judge
// alone.
type Result struct {
	Engine   string
	Class    diff.Class
	Original *oracle.Case // the case it was reduced from
	Case     *oracle.Case // the reduced case (Original when not Survived)
	Stats    Stats        // cost and size; Stats.Minimal and Stats.Tried: the verification
	// Survived is false when the engine was not wrong in Class on Original
	// against the judge, or the reduced case lost it on a re-run: flagged,
	// never filed; Reason says which.
	Survived bool
	Reason   string
	// Report is Case judged on every engine given: the engine's verdict, and
	// the other engines' answers as annotations ("what the other engines
	// answer"). Without Survived, the judge and the engine only.
	Report *triage.Report
}

// Divergence is the divergence of Report with the result's class and its
// engine on the wrong side; ok is false when the full run does not show it
// (an engine that answers otherwise from run to run, or the judge and the
// twin against every external: oracle suspect).
func (r *Result) Divergence() (triage.Divergence, bool) {
	if r.Report == nil {
		return triage.Divergence{}, false
	}
	return divergenceOf(r.Report.Divergences, r.Engine, r.Class)
}

func (r *Result) notSurvived() error { return notSurvived(r.Engine, r.Class, r.Survived, r.Reason) }

// Others are the verdicts of every engine but the reduced one on the
// reduced case: annotations, never part of the finding's identity.
func (r *Result) Others() []triage.EngineVerdict {
	var out []triage.EngineVerdict
	if r.Report == nil {
		return nil
	}
	for _, v := range r.Report.Verdicts {
		if v.Engine != r.Engine {
			out = append(out, v)
		}
	}
	return out
}

// Engine reduces c for one engine wrong in class: a candidate is kept when
// that engine is still wrong in that class against the judge (the
// reference), whatever any other engine answers. The other engines run
// once, on the result (Result.Report). It returns ErrNotSurvived (wrapped,
// with a Result saying why) when the engine is not wrong in class on c.
func Engine(ctx context.Context, c *oracle.Case, engines []oracle.Engine, engine string, class diff.Class, lim Limits) (*Result, error) {
	s, err := newSession(ctx, engines, lim)
	return reduceEngine[oracle.Case, *Result](s, err, c, engine, class)
}

// Divergence reduces d once per engine on its wrong side, in the order of
// d.Signature.Wrong.
func Divergence(ctx context.Context, c *oracle.Case, engines []oracle.Engine, d triage.Divergence, lim Limits) ([]*Result, error) {
	s, err := newSession(ctx, engines, lim)
	return reduceAll[oracle.Case, *Result](s, err, c, []triage.Divergence{d})
}

// All reduces every (engine, class) of r's divergences: an engine wrong in
// several classes is reduced once per class. Results whose divergence did
// not survive are returned with Survived false.
func All(ctx context.Context, c *oracle.Case, engines []oracle.Engine, r *triage.Report, lim Limits) ([]*Result, error) {
	s, err := newSession(ctx, engines, lim)
	return reduceAll[oracle.Case, *Result](s, err, c, r.Divergences)
}
