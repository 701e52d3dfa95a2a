package report

import (
	"slices"
	"strings"

	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/reduce"
	"github.com/sparql-oracle/oracle/internal/rootcause"
	"github.com/sparql-oracle/oracle/internal/triage"
)

// UpdateBugs writes up every divergence of run, one Bug each (the update
// kind: Reproducer.Update, the stores in ExpectedStore and each report's
// Store and Graphs).
func UpdateBugs(run *reduce.UpdateRun, engines ...oracle.Engine) []Bug {
	return writeUp(run.Divergences, func(d triage.Divergence) Bug { return updateBugOf(run, d, nil, engines) })
}

// UpdateBugFor writes up the divergence with signature sig, with the
// reduction figures; ok is false when run does not show it.
func UpdateBugFor(run *reduce.UpdateRun, sig triage.Signature, st *reduce.Stats, engines ...oracle.Engine) (Bug, bool) {
	if d, ok := divergenceWith(run.Divergences, sig); ok {
		return updateBugOf(run, d, st, engines), true
	}
	return Bug{}, false
}

// UpdateReduced writes up reduced update divergences, one per root cause
// in the order found; a result whose divergence did not survive is never
// written up.
func UpdateReduced(rs []*reduce.UpdateResult, engines ...oracle.Engine) []Bug {
	var out []Bug
	seen := map[string]bool{}
	for _, x := range rs {
		d, ok := x.Divergence()
		if !x.Survived || !ok {
			continue
		}
		if b, ok := UpdateBugFor(x.Run, d.Signature, &x.Stats, engines...); ok && !seen[b.ID] {
			seen[b.ID] = true
			out = append(out, b)
		}
	}
	return out
}

// updateBugOf is bugOf for an update run: the request and the store
// before it as the reproducer, the judge's store after it, and per wrong
// engine its store against the judge's. The title is the first wrong
// engine's report's (an update names no engines in it).
func updateBugOf(run *reduce.UpdateRun, d triage.Divergence, st *reduce.Stats, engines []oracle.Engine) Bug {
	c := run.Case
	b := Bug{Class: d.Signature.Class, Kind: run.Kind, Status: status(d), Signature: d.Signature.String(), Oracle: Version(),
		Reproducer:    Reproducer{Query: c.Update, Data: nquads(c.Dataset), Base: c.Base, Commands: map[string]string{}, Update: true},
		ExpectedStore: &StoreText{}}
	if run.Expected != nil {
		*b.ExpectedStore = storeText(run.Expected.Store)
	}
	b.Feature = UpdateFeature(c.Update, c.Base, b.Class)
	if st != nil {
		b.Reduction = Figure(*st)
	}
	for _, v := range run.Verdicts {
		if slices.Contains(d.Signature.Right, v.Engine) {
			b.Agreeing = append(b.Agreeing, EngineRef{v.Engine, v.Version})
		}
	}
	for _, name := range d.Signature.Wrong {
		er := updateEngineReport(run, b, name)
		finishReport(&er, updateRootCause(run, b, name, st), engines, b.Reproducer)
		b.Reproducer.Commands[name] = er.Command
		b.Actual = append(b.Actual, er.Answer)
		b.Reports = append(b.Reports, er)
	}
	if firstEngine(&b) {
		first := b.Reports[0]
		b.Title = first.Title
		b.Basis = UpdateBasis(c.Update, c.Base, b.Class, append(extraLines(first.Graphs), failure(first)))
	}
	b.ID = bugID(b)
	return b
}

// updateRootCause is the root cause of engine name's update finding: its
// trigger is what ablation found (triggerOf), else the request's
// operation.
func updateRootCause(run *reduce.UpdateRun, b Bug, name string, st *reduce.Stats) rootcause.RootCause {
	t := triggerOf([]feature{{Name: b.Feature}}, st, name)
	return rootcause.Of(rootcause.Finding{Engine: name, Class: b.Class, Trigger: t.labels, Ablated: t.ablated,
		Symptom: rootcause.Symptom(b.Class, nil, triage.EngineVerdict{Engine: name, Err: run.Verdict(name).Err}), Query: b.Reproducer.Query})
}

// updateEngineReport is engine name's report but for what every report
// gets (finishReport): its answer is its error, if any, and its store
// (Store, and Graphs against the judge's).
func updateEngineReport(run *reduce.UpdateRun, b Bug, name string) EngineReport {
	v := run.Verdict(name)
	ref := EngineRef{Engine: name, Version: v.Version}
	er := EngineReport{EngineRef: ref, Feature: b.Feature, Answer: EngineAnswer{EngineRef: ref, Outcome: v.Outcome, Classes: v.Classes}}
	if v.Err != nil {
		er.Answer.Answer = AnswerText{Format: "error", Text: localText(v.Err.Error())}
	}
	if v.Answer != nil && v.Answer.Store != nil {
		s := storeText(v.Answer.Store)
		er.Store = &s
		if run.Expected != nil {
			er.Graphs = graphDiffs(run.Expected.Store, v.Answer.Store)
		}
	}
	er.Effect = updateEffect(b.Class, er)
	er.Title = b.Feature + ": " + er.Effect
	er.Others = updateOthers(run, name)
	return er
}

// updateOthers is one line per other engine that ran.
func updateOthers(run *reduce.UpdateRun, name string) []OtherLine {
	var out []OtherLine
	for _, v := range run.Verdicts {
		if v.Engine == name || v.Engine == oracle.JudgeName {
			continue
		}
		l := OtherLine{EngineRef: EngineRef{Engine: v.Engine, Version: v.Version}, Outcome: v.Outcome, Class: v.Class, Line: string(v.Outcome)}
		if len(v.Classes) > 0 {
			l.Line += ": " + diff.JoinClasses(v.Classes, ", ")
		}
		if v.Err != nil {
			l.Line += ": " + truncate(firstLine(strings.TrimSpace(v.Err.Error())), 160)
		}
		out = append(out, l)
	}
	return out
}
