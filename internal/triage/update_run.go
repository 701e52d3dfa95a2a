package triage

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/results"
)

// UpdateVerdict is one engine's outcome on an update case.
type UpdateVerdict struct {
	Engine  string       `json:"engine"`
	Outcome string       `json:"outcome"` // correct, wrong, error, unjudged
	Classes []diff.Class `json:"classes,omitempty"`
	Summary string       `json:"summary,omitempty"`
	Diff    []string     `json:"diff,omitempty"`
	Note    string       `json:"note,omitempty"`
	Error   string       `json:"error,omitempty"`  // the engine gave no store
	Failed  string       `json:"failed,omitempty"` // the request failed (Store.Err); the store is compared
	Quads   int          `json:"quads"`
	Graphs  int          `json:"graphs"` // named graphs in the store after the request
}

// UpdateReport is the outcome of one update request over every engine: the
// judge's store and what each engine's store is under it.
type UpdateReport struct {
	Case     string          `json:"case"`
	Kind     Kind            `json:"kind"`
	Reason   string          `json:"reason,omitempty"`
	Choices  []string        `json:"choices,omitempty"` // where the Update text let the judge's outcome vary
	Verdicts []UpdateVerdict `json:"verdicts"`
	Notes    []string        `json:"notes,omitempty"`
}

// ErrUpdateRejected wraps the judge's rejection of a request (its syntax or
// a static rule): bad input, no report.
var ErrUpdateRejected = errors.New("the request is not SPARQL 1.1 Update")

// RunUpdate applies the request on every engine that applies updates
// (oracle.Updater; the others are left out with a note), each under
// deadline, and judges each store against the judge's (engines[0]) with
// CompareOptions. Kind is all-correct, engine-bug, internal-bug (the twin
// disagrees) or unjudged (the judge gave no answer, or an engine could not
// be judged).
func RunUpdate(ctx context.Context, c *oracle.Case, engines []oracle.Engine, deadline time.Duration) (*UpdateReport, error) {
	if err := c.ForUpdate(); err != nil {
		return nil, err
	}
	c.Prepare() // one request tree for every engine that reads it
	r := &UpdateReport{Case: c.Name, Kind: KindAllCorrect}
	if len(engines) == 0 {
		return nil, errors.New("no engines")
	}
	want, err := ApplyUpdate(ctx, engines[0], c, deadline)
	if errors.Is(err, oracle.ErrRejected) {
		return nil, fmt.Errorf("%w: %v", ErrUpdateRejected, err)
	}
	r.Verdicts = append(r.Verdicts, judgeVerdict(engines[0].Name(), want, err))
	if err != nil {
		r.Kind, r.Reason = KindUnjudged, "the judge gave no store: "+err.Error()
		return r, nil
	}
	if f := want.Freedom; f != nil && f.Update != nil {
		r.Choices = f.Update.Choices
	}
	for _, e := range engines[1:] {
		if _, ok := oracle.AsUpdater(e); !ok {
			r.Notes = append(r.Notes, e.Name()+" left out: its adapter applies no updates yet (oracle.Updater)")
			continue
		}
		got, err := ApplyUpdate(ctx, e, c, deadline)
		v := engineVerdict(e.Name(), want, got, err)
		r.Verdicts = append(r.Verdicts, v)
		r.Kind = worse(r.Kind, e.Name(), v.Outcome)
	}
	return r, nil
}

// ApplyUpdate runs one engine's Update under deadline d; a panic is a
// crash, an answer without a store a crash too.
func ApplyUpdate(ctx context.Context, e oracle.Engine, c *oracle.Case, d time.Duration) (a *results.Answer, err error) {
	u, ok := oracle.AsUpdater(e)
	if !ok {
		return nil, fmt.Errorf("%w: %s applies no updates", oracle.ErrUnsupported, e.Name())
	}
	if c.Needs12() {
		if err := oracle.Unsupported12(e); err != nil {
			return nil, err
		}
	}
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	defer func() {
		if p := recover(); p != nil {
			a, err = nil, fmt.Errorf("%w: panic: %v", oracle.ErrCrashed, p)
		}
	}()
	a, err = u.Update(ctx, c)
	if err == nil && (a == nil || a.Store == nil) {
		err = fmt.Errorf("%w: no store and no error", oracle.ErrCrashed)
	}
	return a, err
}

func judgeVerdict(name string, a *results.Answer, err error) UpdateVerdict {
	v := UpdateVerdict{Engine: name, Outcome: "correct"}
	if err != nil {
		v.Outcome, v.Error = "unjudged", err.Error()
		return v
	}
	storeCounts(&v, a.Store)
	return v
}

func engineVerdict(name string, want, got *results.Answer, err error) UpdateVerdict {
	v := UpdateVerdict{Engine: name}
	if err != nil {
		o, cls := UpdateErrorOutcome(err, want)
		v.Outcome, v.Error = string(o), err.Error()
		if cls != "" {
			v.Classes = []diff.Class{cls}
		}
		return v
	}
	storeCounts(&v, got.Store)
	cv := compareAnswer(name, want, got)
	v.Classes, v.Summary, v.Note = cv.Classes, cv.Summary, cv.Note
	for _, l := range cv.Diff {
		v.Diff = append(v.Diff, l.String())
	}
	switch {
	case cv.OK:
		v.Outcome = "correct"
	case len(cv.Classes) == 1 && cv.Classes[0] == diff.ClassUndecided:
		v.Outcome = "unjudged"
	default:
		v.Outcome = "wrong"
	}
	return v
}

func storeCounts(v *UpdateVerdict, s *results.Store) {
	v.Failed = s.Err
	v.Quads, v.Graphs = len(s.Quads()), len(s.Named)
}

// worse folds one engine's outcome into the report's kind.
func worse(k Kind, engine, outcome string) Kind {
	switch {
	case k == KindInternalBug:
		return k
	case FilesUpdate(Outcome(outcome)) && engine == oracle.TwinName:
		return KindInternalBug
	case FilesUpdate(Outcome(outcome)):
		return KindEngineBug
	case k == KindEngineBug:
		return k
	case outcome != "correct":
		return KindUnjudged
	}
	return k
}

// UpdateErrorOutcome maps an engine's error on an update onto an outcome
// and class as the query triage does (each kind of failure its own class).
// A request the judge accepted is SPARQL 1.1 Update, so refusing it is
// rejected; any other failure is error-vs-answer, unless the text permits
// the request to fail (a permitted store that is a failure): then the
// engine's failure, which carries no store, cannot be told apart from it.
func UpdateErrorOutcome(err error, want *results.Answer) (Outcome, diff.Class) {
	o, c := errorOutcome(err) // triage.go
	if o == Errored && failurePermitted(want) {
		return Unjudged, diff.ClassUndecided
	}
	return o, c
}

func failurePermitted(a *results.Answer) bool {
	if a.Store.Err != "" {
		return true
	}
	if a.Freedom == nil || a.Freedom.Update == nil {
		return false
	}
	for _, s := range a.Freedom.Update.Alternatives {
		if s.Err != "" {
			return true
		}
	}
	return false
}

// FilesUpdate reports the outcomes an update divergence files, as the
// query triage: a wrong store, an error, a refusal, a crash; never a
// timeout, an unsupported feature or an undecided store.
func FilesUpdate(o Outcome) bool {
	switch o {
	case Wrong, Errored, Rejected, Crashed:
		return true
	}
	return false
}

// Table prints the report for people: one line per engine, then diffs.
func (r *UpdateReport) Table() string {
	var b strings.Builder
	fmt.Fprintf(&b, "update %s: %s", r.Case, r.Kind)
	if r.Reason != "" {
		fmt.Fprintf(&b, " (%s)", r.Reason)
	}
	b.WriteString("\n")
	for _, v := range r.Verdicts {
		fmt.Fprintf(&b, "%-12s %-9s quads=%d graphs=%d", v.Engine, v.Outcome, v.Quads, v.Graphs)
		if len(v.Classes) > 0 {
			fmt.Fprintf(&b, " %s", diff.JoinClasses(v.Classes, ","))
		}
		if v.Failed != "" {
			fmt.Fprintf(&b, " failed: %s", v.Failed)
		}
		if v.Error != "" {
			fmt.Fprintf(&b, " error: %s", v.Error)
		}
		b.WriteString("\n")
		for _, l := range v.Diff {
			b.WriteString("    " + l + "\n")
		}
	}
	for _, c := range r.Choices {
		b.WriteString("permitted: " + c + "\n")
	}
	for _, n := range r.Notes {
		b.WriteString("note: " + n + "\n")
	}
	return b.String()
}
