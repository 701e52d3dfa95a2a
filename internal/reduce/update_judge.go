package reduce

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sort"
	"time"

	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/results"
	"github.com/sparql-oracle/oracle/internal/triage"
)

// UpdateVerdict is one engine's outcome on an update case, with the store
// it answered (Answer) so reports can show it. Outcome and classes follow
// the query triage (triage.Outcome): a store no permitted outcome fits is
// wrong in the comparator's classes (missing-quads, extra-quads,
// graph-existence, changed-literal, atomicity...); an engine that refuses
// a request the judge accepts is rejected, one that fails where the judge
// answers a store is error-vs-answer, a crash is crash.
type UpdateVerdict struct {
	Engine  string
	Version string
	Outcome triage.Outcome
	Class   diff.Class   // the first of Classes: the divergence it is filed under
	Classes []diff.Class // sorted as the comparator sorts them
	Answer  *results.Answer
	Err     error
	Verdict *diff.Verdict // the comparison with the judge's store (nil on an error)
}

// UpdateRun is one update case judged on several engines: the judge's
// store (Expected) and each engine's verdict, grouped into divergences by
// class as triage.Report does for queries.
type UpdateRun struct {
	Case        *oracle.Case
	Kind        triage.Kind
	Reason      string
	Expected    *results.Answer // the judge's store; nil when Kind is unjudged
	JudgeErr    error
	Verdicts    []UpdateVerdict // the judge first
	Divergences []triage.Divergence
	Notes       []string
}

// Verdict returns name's verdict, or nil.
func (r *UpdateRun) Verdict(name string) *UpdateVerdict {
	for i := range r.Verdicts {
		if r.Verdicts[i].Engine == name {
			return &r.Verdicts[i]
		}
	}
	return nil
}

// JudgeUpdate applies c on the judge (oracle.JudgeName, which must be among
// engines) and on every engine that applies updates (oracle.Updater; the
// others are noted and left out), and judges each store against the
// judge's with triage.CompareOptions. A request the judge rejects is an error
// (bad input, wrapping triage.ErrUpdateRejected).
func JudgeUpdate(ctx context.Context, c *oracle.Case, engines []oracle.Engine, deadline time.Duration) (*UpdateRun, error) {
	judge := findEngine(engines, oracle.JudgeName)
	if judge == nil {
		return nil, fmt.Errorf("reduce: the judge (%s) is not among the engines", oracle.JudgeName)
	}
	want, err := applyOne(ctx, judge, c, deadline)
	if errors.Is(err, oracle.ErrRejected) {
		return nil, fmt.Errorf("%w: %v", triage.ErrUpdateRejected, err)
	}
	r := &UpdateRun{Case: c, Kind: triage.KindAllCorrect, Expected: want, JudgeErr: err}
	r.Verdicts = append(r.Verdicts, UpdateVerdict{Engine: judge.Name(), Version: judge.Version(), Outcome: triage.Correct, Answer: want})
	if err != nil {
		r.Kind, r.Reason, r.Expected = triage.KindUnjudged, "the judge gave no store: "+err.Error(), nil
		r.Verdicts[0].Outcome, r.Verdicts[0].Err = triage.Unjudged, err
		return r, nil
	}
	for _, e := range engines {
		if e == judge {
			continue
		}
		if _, ok := oracle.AsUpdater(e); !ok {
			r.Notes = append(r.Notes, e.Name()+" left out: its adapter applies no updates (oracle.Updater)")
			continue
		}
		r.Verdicts = append(r.Verdicts, updateVerdict(ctx, e, c, want, deadline))
	}
	r.group()
	return r, nil
}

func findEngine(engines []oracle.Engine, name string) oracle.Engine {
	for _, e := range engines {
		if e.Name() == name {
			return e
		}
	}
	return nil
}

// applyOne is triage.ApplyUpdate: one engine's Update under a deadline.
var applyOne = triage.ApplyUpdate

func updateVerdict(ctx context.Context, e oracle.Engine, c *oracle.Case, want *results.Answer, d time.Duration) UpdateVerdict {
	got, err := applyOne(ctx, e, c, d)
	v := UpdateVerdict{Engine: e.Name(), Version: e.Version(), Answer: got, Err: err}
	if err != nil {
		v.Outcome, v.Class = updateErrorOutcome(err, want)
		if v.Class != "" {
			v.Classes = []diff.Class{v.Class}
		}
		return v
	}
	v.Verdict = diff.CompareWith(want, got, triage.CompareOptions(e.Name()))
	switch {
	case v.Verdict.OK:
		v.Outcome = triage.Correct
	case v.Verdict.Classes[0] == diff.ClassUndecided:
		v.Outcome, v.Class, v.Classes = triage.Unjudged, diff.ClassUndecided, v.Verdict.Classes
	default:
		v.Outcome, v.Class, v.Classes = triage.Wrong, v.Verdict.Classes[0], v.Verdict.Classes
	}
	return v
}

// updateErrorOutcome is triage.UpdateErrorOutcome, the one predicate
// oracle diff -u, the service and sweeps share.
var updateErrorOutcome = triage.UpdateErrorOutcome

// onWrongSide: the outcomes a divergence files (triage.FilesUpdate).
var onWrongSide = triage.FilesUpdate

// group builds the divergences (one per class, the engines wrong in it
// against every engine the judge's side holds) and the run's kind.
func (r *UpdateRun) group() {
	byClass := map[diff.Class][]string{}
	var right []string
	for _, v := range r.Verdicts {
		switch {
		case v.Outcome == triage.Correct:
			right = append(right, v.Engine)
		case onWrongSide(v.Outcome):
			byClass[v.Class] = append(byClass[v.Class], v.Engine)
		case r.Kind == triage.KindAllCorrect:
			r.Kind = triage.KindUnjudged
		}
	}
	sort.Strings(right)
	classes := make([]diff.Class, 0, len(byClass))
	for c := range byClass {
		classes = append(classes, c)
	}
	slices.Sort(classes)
	for _, c := range classes {
		wrong := byClass[c]
		sort.Strings(wrong)
		d := triage.Divergence{Signature: triage.Signature{Class: c, Wrong: wrong, Right: right}, Internal: slices.Contains(wrong, oracle.TwinName)}
		r.Divergences = append(r.Divergences, d)
		r.Kind = worseKind(r.Kind, d.Internal)
	}
}

func worseKind(k triage.Kind, internal bool) triage.Kind {
	if internal || k == triage.KindInternalBug {
		return triage.KindInternalBug
	}
	return triage.KindEngineBug
}
