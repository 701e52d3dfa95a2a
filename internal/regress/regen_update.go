package regress

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/reduce"
	"github.com/sparql-oracle/oracle/internal/report"
	"github.com/sparql-oracle/oracle/internal/triage"
)

// Update findings. An update case is a folder holding update.ru (the
// minimal request), data.nq (the store before it) and expect.tsv (as for
// queries: each engine's verdict on the store after the request). Seeds
// are testdata/seeds/<id>.ru ("# origin: ..." first) over <id>.nq, or the
// empty store. RegenerateUpdates judges each seed (reduce.JudgeUpdate),
// reduces every (engine, class) on a wrong side against the judge alone
// (reduce.UpdateAll, verified 1-minimal), groups the reduced cases by
// reduce.UpdateFingerprint, confirms each on a run of its own, and names
// it "update-<operation>-<class>".

// UpdateSeed is one source case of the update corpus.
type UpdateSeed struct {
	ID     string
	Origin string
	Case   *oracle.Case
}

// LoadUpdateSeeds reads every update seed under dir, sorted by id.
func LoadUpdateSeeds(dir string) ([]UpdateSeed, error) {
	return loadSeedFiles(dir, ".ru", rdf.NewDataset, func(id, u string, store *rdf.Dataset) UpdateSeed {
		return UpdateSeed{ID: id, Origin: origin(u), Case: &oracle.Case{Name: id, Update: u, Dataset: store}}
	})
}

// updateFound is one engine's update divergence in one class, reduced and
// surviving.
type updateFound struct {
	seed  UpdateSeed
	res   *reduce.UpdateResult
	canon *oracle.Case
	fp    string
}

// RegenerateUpdates is Regenerate for update seeds: the cases it returns
// are update cases (Case.Update).
func RegenerateUpdates(ctx context.Context, seeds []UpdateSeed, engines []oracle.Engine, dir string, opt Options) *Regen {
	all, log := eachSeed(seeds, opt.Workers, func(s UpdateSeed) ([]updateFound, []LogLine) {
		return regenUpdateSeed(ctx, s, engines, opt)
	})
	g := &Regen{Log: log}
	cases, flagged := updateRootCases(ctx, all, engines, dir)
	g.Cases = cases
	g.Log = append(append(g.Log, flagged...), updateFiledLines(cases, all)...)
	sort.SliceStable(g.Log, func(i, j int) bool { return g.Log[i].Seed < g.Log[j].Seed })
	return g
}

func regenUpdateSeed(ctx context.Context, s UpdateSeed, engines []oracle.Engine, opt Options) ([]updateFound, []LogLine) {
	// The corpus deadline, not the reduction's: the first request an engine
	// serves may start it (Virtuoso's server), which a short deadline
	// reports as a timeout, and the seed then looks clean.
	run, err := reduce.JudgeUpdate(ctx, s.Case, engines, max(opt.Limits.Deadline, Deadline))
	if err != nil {
		return nil, []LogLine{{Seed: s.ID, What: "error", Engine: "-", Class: "-", Detail: oneLine(err.Error())}}
	}
	if len(run.Divergences) == 0 {
		return nil, []LogLine{{Seed: s.ID, What: "clean", Engine: "-", Class: "-", Detail: "no divergence on the installed engines (" + string(run.Kind) + ")"}}
	}
	rs, err := reduce.UpdateAll(ctx, s.Case, engines, run, opt.Limits)
	if err != nil {
		return nil, []LogLine{{Seed: s.ID, What: "error", Engine: "-", Class: "-", Detail: oneLine(err.Error())}}
	}
	var out []updateFound
	var log []LogLine
	for _, x := range rs {
		_, ok := x.Divergence()
		if (reduced{s.ID, x.Engine, x.Class, x.Survived, ok, x.Reason, "", updateReductionText(x.Engine, x.Stats)}).keep(opt, &log) {
			out = append(out, updateFound{seed: s, res: x})
		}
	}
	return out, log
}

// updateRootCases groups the reductions by fingerprint, confirms each root
// cause on a run of its own and writes one case per confirmed one.
func updateRootCases(ctx context.Context, all []updateFound, engines []oracle.Engine, dir string) ([]*Case, []LogLine) {
	byFP := map[string][]updateFound{}
	var order []string
	for i, f := range all {
		c := *f.res.Case
		c.Update = reduce.CanonicalUpdateVars(stripLeadingComments(c.Update), c.Base)
		fp := reduce.UpdateFingerprint(c.Update, c.Base, c.Dataset)
		all[i].canon, all[i].fp = &c, fp
		if byFP[fp] == nil {
			order = append(order, fp)
		}
		byFP[fp] = append(byFP[fp], all[i])
	}
	var out []*Case
	log := eachConfirmed(ctx, order, byFP, engines, confirmUpdate, func(fp string, first updateFound, run *reduce.UpdateRun) {
		c := updateRootCase(fp, first, byFP[fp], run, engines)
		if fl := flakyEngines(ctx, c, updateRun{run}, engines); len(fl) > 0 {
			c.Meta["flaky"] = strings.Join(fl, ",")
		}
		out = append(out, c)
	})
	nameUpdates(out, dir)
	return out, log
}

func confirmUpdate(ctx context.Context, fs []updateFound, engines []oracle.Engine) (*reduce.UpdateRun, updateFound, bool) {
	run, err := reduce.JudgeUpdate(ctx, fs[0].canon, engines, Deadline)
	if err != nil {
		return nil, updateFound{}, false
	}
	if i, _, ok := firstShown(run.Divergences, marksOf(fs)); ok {
		return run, fs[i], true
	}
	return run, updateFound{}, false
}

func (f updateFound) mark() mark { return mark{f.seed.ID, f.res.Engine, f.res.Class, f.res.Stats} }

func updateRootCase(fp string, first updateFound, fs []updateFound, run *reduce.UpdateRun, engines []oracle.Engine) *Case {
	res := first.res
	d, _ := first.res.Divergence()
	for _, x := range run.Divergences {
		if x.Signature.Class == res.Class && slices.Contains(x.Signature.Wrong, res.Engine) {
			d = x
		}
	}
	ms := marksOf(fs)
	bug, _ := report.UpdateBugFor(run, d.Signature, &res.Stats, engines...)
	c := &Case{Query: first.canon.Update, Data: first.canon.Dataset, Update: true, Meta: map[string]string{
		"origin": first.seed.Origin, "seeds": seedList(ms), "fingerprint": fp, "title": oneLine(bug.Title),
		"feature": oneLine(bug.Feature), "signature": d.Signature.String(), "status": bug.Status,
		"reduction": updateReductionText(res.Engine, res.Stats)}}
	c.Expect = verdicts(updateRun{run}, engines, verifications(ms), &res.Stats)
	return c
}

// wrongOf records of each engine in an update bug its basis ("text:<anchor
// of SPARQL 1.1 Update>"), its own title and its root cause (wrongIn).
func (r updateRun) wrongOf(engines []oracle.Engine, st *reduce.Stats) map[string]wrongVerdict {
	return wrongIn(r.Divergences, func(sig triage.Signature) (string, []filed, bool) {
		b, ok := report.UpdateBugFor(r.UpdateRun, sig, st, engines...)
		var fs []filed
		for _, er := range b.Reports {
			fs = append(fs, filed{er.Engine, oneLine(er.Title), er.RootCause})
		}
		return updateBasisText(b), fs, ok
	})
}

func updateBasisText(b report.Bug) string {
	if b.Basis == nil {
		return "none"
	}
	return string(b.Basis.Kind) + ":" + b.Basis.Anchor
}

func updateReductionText(engine string, st reduce.Stats) string {
	return strings.Replace(reductionText(engine, st), " nodes=", " request_nodes=", 1)
}

// nameUpdates gives each update case its id, "update-<operation>-
// <class>", prefixed with the engine it was reduced for when two would
// share one, then numbered (as nameCases).
func nameUpdates(cs []*Case, dir string) {
	saved := map[*Case]string{}
	for _, c := range cs {
		saved[c] = c.Meta["feature"]
		c.Meta["feature"] = "update " + saved[c]
	}
	nameCases(cs, dir)
	for _, c := range cs {
		c.Meta["feature"] = saved[c]
	}
}

func updateFiledLines(cs []*Case, all []updateFound) []LogLine {
	id := map[string]string{}
	for _, c := range cs {
		id[c.Meta["fingerprint"]] = c.ID
	}
	var out []LogLine
	for _, f := range all {
		if id[f.fp] != "" {
			out = append(out, LogLine{f.seed.ID, "filed", f.res.Engine, string(f.res.Class), id[f.fp]})
		}
	}
	return out
}

// CheckUpdate runs an update case on engines and returns the engines whose
// outcome or classes changed (Check for update cases).
func CheckUpdate(ctx context.Context, c *Case, engines []oracle.Engine) ([]Change, *reduce.UpdateRun, error) {
	run, err := reduce.JudgeUpdate(ctx, c.Oracle(), engines, Deadline)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", c.ID, err)
	}
	return changes(c, updateRun{run}), run, nil
}

// RejudgeUpdate re-runs an update case and rewrites its verdicts, keeping
// each engine's reduction verification.
func RejudgeUpdate(ctx context.Context, c *Case, engines []oracle.Engine) error {
	run, err := reduce.JudgeUpdate(ctx, c.Oracle(), engines, Deadline)
	if err != nil {
		return err
	}
	rejudgeWith(c, updateRun{run}, engines)
	return nil
}

// WriteUpdateCorpus replaces the update case folders under dir (those
// holding update.ru) with g's cases, and writes the update log as
// record-update.tsv; query cases and record.tsv stay.
func (g *Regen) WriteUpdateCorpus(dir string) error {
	return g.write(dir, true, "record-update.tsv", "update seed")
}
