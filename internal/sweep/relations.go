package sweep

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/sparql-oracle/oracle/internal/large"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/report"
	"github.com/sparql-oracle/oracle/internal/results"
	"github.com/sparql-oracle/oracle/internal/store"
	"github.com/sparql-oracle/oracle/internal/triage"
)

// Metamorphic relations in a sweep: a profile with Relations set (the
// realistic profile) runs every relation (large.Relations) on every engine
// that answered the case's query, after the judge, so an engine is judged
// against itself where no judge reaches (data past the reference). The
// engine's answer to the query is the one the judge already got (known):
// it is never asked twice. A violation is filed against the engine with
// the relation as its basis (filing.Violation).

// relationsShare bounds the relations of one case: at most this many
// times the spec's deadline in all, each query within the deadline.
const relationsShare = 2

// relationsFor reports whether the profile of a generated case key asks
// for the relations (corpus.Profile.Relations).
func relationsFor(key string) bool {
	kind, rest, _ := strings.Cut(key, "/")
	if kind != "gen" {
		return false
	}
	name, _, _ := strings.Cut(rest, "/")
	p, err := profile(name)
	return err == nil && p.Relations
}

// relationRun is what the relations found on one case.
type relationRun struct {
	checks []large.Check
	rows   []store.RelationCheck
}

// runRelations runs the relations on the engines of run that answered
// c's query in rep, within relationsShare deadlines; an engine that did
// not answer gets a skipped row per relation saying why. Each engine runs
// its relations one after the other, the engines side by side (taking
// turns on a large case: oracle.Slots), so a slow engine spends its own
// share, counted from its turn, and not the others'.
func runRelations(ctx context.Context, c *oracle.Case, run []oracle.Engine, rep *triage.Report, deadline time.Duration) relationRun {
	var out relationRun
	per := make([]relationRun, len(run))
	slots := oracle.Slots(c) // on a large case the engines take turns, as the judge's run does
	var wg sync.WaitGroup
	for i, e := range run {
		k, why := knownOf(c, e, rep)
		if why != "" {
			out.rows = append(out.rows, notAnswered(e.Name(), why)...)
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			release, err := slots.Take(ctx)
			if err != nil {
				per[i].rows = notAnswered(e.Name(), err.Error())
				return
			}
			defer release()
			ctx, cancel := context.WithTimeout(ctx, relationsShare*deadline) // from the engine's turn
			defer cancel()
			per[i].checks = large.RunRelations(ctx, c, []oracle.Engine{k}, nil, deadline)
			per[i].rows = relationRows(per[i].checks, []string{e.Name()})
		}()
	}
	wg.Wait()
	var rows []store.RelationCheck
	for _, p := range per {
		out.checks, rows = append(out.checks, p.checks...), append(rows, p.rows...)
	}
	out.rows = append(rows, out.rows...)
	return out
}

// notAnswered is one skipped row per relation for an engine without an
// answer to the case's query.
func notAnswered(engine, why string) []store.RelationCheck {
	var out []store.RelationCheck
	for _, rel := range large.Relations {
		out = append(out, store.RelationCheck{Engine: engine, Relation: rel.Name, Outcome: store.RelationSkipped,
			Reason: "the engine did not answer the case's query: " + why})
	}
	return out
}

// relationRows is one row per engine and relation: a relation that does
// not apply to the query (a check of no engine) is skipped for each.
func relationRows(checks []large.Check, engines []string) []store.RelationCheck {
	var out []store.RelationCheck
	for _, ch := range checks {
		if ch.Engine != "" {
			out = append(out, relationRow(ch))
			continue
		}
		for _, e := range engines {
			out = append(out, store.RelationCheck{Engine: e, Relation: ch.Name, Outcome: store.RelationSkipped, Reason: ch.Skipped})
		}
	}
	return out
}

// failedMark is how the runner says an engine failed on one of the
// relation's queries (diff metamorphic_relrun.go, ask).
const failedMark = " failed on a query of the relation: "

func relationRow(ch large.Check) store.RelationCheck {
	row := store.RelationCheck{Engine: ch.Engine, Relation: ch.Name}
	switch {
	case ch.Skipped != "" && strings.Contains(ch.Skipped, failedMark) && !strings.Contains(ch.Skipped, notStarted):
		row.Outcome, row.Reason = store.RelationError, ch.Skipped
	case ch.Skipped != "":
		row.Outcome, row.Reason = store.RelationSkipped, ch.Skipped
	case ch.OK:
		row.Outcome = store.RelationHeld
	default:
		row.Outcome, row.Reason = store.RelationViolated, ch.Verdict.Summary
	}
	return row
}

// judgedBy is the judge that decided the case: the reference, the fast
// engine (the large-case judge), the engines' own relations when neither
// judged and some relation held or was violated, else none.
func judgedBy(rep *triage.Report, rows []store.RelationCheck) string {
	switch rep.Judge {
	case oracle.JudgeName:
		return store.JudgeReference
	case oracle.TwinName:
		return store.JudgeFast
	}
	for _, r := range rows {
		if r.Outcome == store.RelationHeld || r.Outcome == store.RelationViolated {
			return store.JudgeRelations
		}
	}
	return store.JudgeNone
}

// knownOf is e answering the case's query with the answer the judge got
// (known), or why e has none: the reference's answer is the report's
// expected one when it judged, the fast engine's when the large-case
// judge did (without the freedoms that judge adds), every other engine's
// its verdict's.
func knownOf(c *oracle.Case, e oracle.Engine, rep *triage.Report) (oracle.Engine, string) {
	q, err := c.Tree()
	if err != nil {
		return nil, "the query does not parse: " + err.Error()
	}
	k := known{Engine: e, query: q.String()}
	switch {
	case e.Name() == oracle.JudgeName && rep.Judge != oracle.JudgeName:
		return nil, "the reference did not judge: " + referenceWhy(rep)
	case e.Name() == rep.Judge && rep.Expected != nil:
		a := *rep.Expected
		if rep.Judge == oracle.TwinName {
			a.Freedom = nil
			if rep.Large != nil {
				k.took = rep.Large.EngineElapsed
			}
		}
		k.answer = &a
	default:
		v := rep.Verdict(e.Name())
		switch {
		case v == nil:
			return nil, "no verdict"
		case v.Err != nil:
			return nil, v.Err.Error()
		case v.Answer == nil:
			return nil, string(v.Outcome)
		}
		k.answer, k.took = v.Answer, v.Elapsed
	}
	if k.answer.Kind != results.Bindings {
		return nil, "not a bindings answer"
	}
	return k, ""
}

// referenceWhy says why the reference did not judge: the fast engine
// judged instead, the report's reason, or the reference's error.
func referenceWhy(rep *triage.Report) string {
	switch {
	case rep.JudgedBy != "":
		return rep.JudgedBy
	case rep.Reason != "":
		return rep.Reason
	case rep.JudgeErr != nil:
		return rep.JudgeErr.Error()
	}
	return "no answer"
}

// notStarted says a relation's query was not started: the engine's time
// on the case is more than what is left of the relations' share.
const notStarted = "not started: too little time left"

// known is an engine that answers the case's query (its text as the
// relations print its tree) with the answer it already gave, and starts
// no other query with less time left than 1.5 times what the case's query
// took it.
type known struct {
	oracle.Engine
	query  string
	answer *results.Answer
	took   time.Duration
}

func (k known) Eval(ctx context.Context, c *oracle.Case) (*results.Answer, error) {
	if c.Query == k.query {
		a := *k.answer
		return &a, nil
	}
	if dl, ok := ctx.Deadline(); ok && time.Until(dl) < k.took*3/2 {
		return nil, fmt.Errorf("%w: %s for a query of %.1f s (the engine's time on the case)", oracle.ErrTimeout, notStarted, k.took.Seconds())
	}
	return k.Engine.Eval(ctx, c)
}

// Unwrap lets oracle.Supports12 and the adapters' interfaces see the
// engine itself.
func (k known) Unwrap() oracle.Engine { return k.Engine }

// fileViolations writes up and files every violated check, each reduced
// first (relations_reduce.go), and returns the filed report ids and the
// violations flagged instead. An engine a judge already found correct or
// wrong keeps that verdict; the basis says so.
func (r *Runner) fileViolations(ctx context.Context, s store.Sweep, c *oracle.Case, run []oracle.Engine, rep *triage.Report, checks []large.Check) ([]int64, []store.Flag, error) {
	var bugs []report.Bug
	var flags []store.Flag
	for _, ch := range checks {
		if ch.Skipped != "" || ch.OK || ch.Verdict == nil || len(ch.Verdict.Classes) == 0 {
			continue
		}
		b, ok, why := violationBug(ctx, s.Spec, c, run, rep, ch)
		switch {
		case why != "":
			flags = append(flags, store.Flag{Engine: ch.Engine, Class: string(ch.Verdict.Classes[0]), Reason: why})
		case ok:
			bugs = append(bugs, b)
		}
	}
	if ctx.Err() != nil {
		return nil, nil, ctx.Err() // the job was stopped mid-reduction: run it again later
	}
	_, ids, err := r.fileOutcome(ctx, s.ID, c.Name, outcome{bugs: bugs})
	return ids, flags, err
}

func versionOf(run []oracle.Engine, name string) string {
	for _, e := range run {
		if e.Name() == name {
			return e.Version()
		}
	}
	return ""
}

// judgedNote says what the case's judge decided of engine, "" when no
// judge decided it.
func judgedNote(rep *triage.Report, engine string) string {
	if rep.Judge == "" {
		return ""
	}
	who := "the reference"
	if rep.Judge == oracle.TwinName {
		who = "the fast engine (large-case judge)"
	}
	if engine == rep.Judge {
		return who + " judged the case with this answer"
	}
	v := rep.Verdict(engine)
	if v == nil || v.Outcome == triage.Unjudged {
		return ""
	}
	return fmt.Sprintf("%s judged the engine %s on the query", who, v.Outcome)
}

// violated reports whether some relation was violated.
func violated(rows []store.RelationCheck) bool {
	for _, r := range rows {
		if r.Outcome == store.RelationViolated {
			return true
		}
	}
	return false
}

// relate runs the relations when the case's profile asks for them
// (relationsFor), files their violations, and records the checks and the
// judge that decided the case on rec.
func (r *Runner) relate(ctx context.Context, s store.Sweep, key string, c *oracle.Case, run []oracle.Engine, rep *triage.Report, rec *store.CaseRecord) error {
	var rr relationRun
	if relationsFor(key) {
		rr = runRelations(ctx, c, run, rep, time.Duration(s.Spec.DeadlineMS)*time.Millisecond)
		if ctx.Err() != nil {
			return ctx.Err() // the job was stopped: run it again later
		}
		ids, flags, err := r.fileViolations(ctx, s, c, run, rep, rr.checks)
		if err != nil {
			return err
		}
		rec.Reports, rec.Flagged, rec.Relations = append(rec.Reports, ids...), append(rec.Flagged, flags...), rr.rows
	}
	rec.DataTriples, rec.JudgedBy = large.DataQuads(c), judgedBy(rep, rr.rows)
	rec.Diverged = rec.Diverged || violated(rr.rows)
	return nil
}
