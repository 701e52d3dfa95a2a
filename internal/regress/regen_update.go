package regress

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/reduce"
	"github.com/sparql-oracle/oracle/internal/report"
	"github.com/sparql-oracle/oracle/internal/rootcause"
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
	Case   *oracle.UpdateCase
}

// LoadUpdateSeeds reads every update seed under dir, sorted by id.
func LoadUpdateSeeds(dir string) ([]UpdateSeed, error) {
	paths, _ := filepath.Glob(filepath.Join(dir, "*.ru"))
	sort.Strings(paths)
	var out []UpdateSeed
	for _, p := range paths {
		u, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		id := strings.TrimSuffix(filepath.Base(p), ".ru")
		store := rdf.NewDataset()
		if own := strings.TrimSuffix(p, ".ru") + ".nq"; fileExists(own) {
			if store, err = readData(own); err != nil {
				return nil, err
			}
		}
		out = append(out, UpdateSeed{ID: id, Origin: origin(string(u)),
			Case: &oracle.UpdateCase{Name: id, Update: string(u), Store: store}})
	}
	return out, nil
}

// UpdateCase returns an update case as an oracle.UpdateCase.
func (c *Case) UpdateCase() *oracle.UpdateCase {
	return &oracle.UpdateCase{Name: "regress/" + c.ID, Update: c.Query, Store: c.Data}
}

// updateFound is one engine's update divergence in one class, reduced and
// surviving.
type updateFound struct {
	seed  UpdateSeed
	res   *reduce.UpdateResult
	canon *oracle.UpdateCase
	fp    string
}

// RegenerateUpdates is Regenerate for update seeds: the cases it returns
// are update cases (Case.Update).
func RegenerateUpdates(ctx context.Context, seeds []UpdateSeed, engines []oracle.Engine, dir string, opt Options) *Regen {
	per := make([][]updateFound, len(seeds))
	logs := make([][]LogLine, len(seeds))
	jobs := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < max(opt.Workers, 1); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				per[i], logs[i] = regenUpdateSeed(ctx, seeds[i], engines, opt)
			}
		}()
	}
	for i := range seeds {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	g := &Regen{}
	var all []updateFound
	for i := range seeds {
		all = append(all, per[i]...)
		g.Log = append(g.Log, logs[i]...)
	}
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
		switch {
		case !x.Survived:
			log = append(log, LogLine{s.ID, "flagged", x.Engine, string(x.Class), oneLine(x.Reason)})
		case !ok:
			log = append(log, LogLine{s.ID, "flagged", x.Engine, string(x.Class), "the run on every engine does not show it on the reduced case"})
		default:
			out = append(out, updateFound{seed: s, res: x})
		}
		if opt.Logf != nil {
			opt.Logf("%s: %s %s survived=%v %s", s.ID, x.Engine, x.Class, x.Survived && ok, updateReductionText(x.Engine, x.Stats))
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
		fp := reduce.UpdateFingerprint(c.Update, c.Base, c.Store)
		all[i].canon, all[i].fp = &c, fp
		if byFP[fp] == nil {
			order = append(order, fp)
		}
		byFP[fp] = append(byFP[fp], all[i])
	}
	var out []*Case
	var log []LogLine
	for _, fp := range order {
		run, first, ok := confirmUpdate(ctx, byFP[fp], engines)
		if !ok {
			for _, f := range byFP[fp] {
				log = append(log, LogLine{f.seed.ID, "flagged", f.res.Engine, string(f.res.Class), "the reduced case did not show it on the confirming run"})
			}
			continue
		}
		c := updateRootCase(fp, first, byFP[fp], run, engines)
		if fl := flakyUpdateEngines(ctx, c, run, engines); len(fl) > 0 {
			c.Meta["flaky"] = strings.Join(fl, ",")
		}
		out = append(out, c)
	}
	nameUpdateCases(out, dir)
	return out, log
}

func confirmUpdate(ctx context.Context, fs []updateFound, engines []oracle.Engine) (*reduce.UpdateRun, updateFound, bool) {
	run, err := reduce.JudgeUpdate(ctx, fs[0].canon, engines, Deadline)
	if err != nil {
		return nil, updateFound{}, false
	}
	for _, f := range fs {
		for _, d := range run.Divergences {
			if d.Signature.Class == f.res.Class && slices.Contains(d.Signature.Wrong, f.res.Engine) {
				return run, f, true
			}
		}
	}
	return run, updateFound{}, false
}

// flakyUpdateEngines runs a confirmed case once more and names the engines
// whose outcome or classes changed.
func flakyUpdateEngines(ctx context.Context, c *Case, run *reduce.UpdateRun, engines []oracle.Engine) []string {
	again, err := reduce.JudgeUpdate(ctx, c.UpdateCase(), engines, Deadline)
	if err != nil {
		return nil
	}
	now := updateExpectations(again)
	var out []string
	for _, want := range updateExpectList(run, engines) {
		got, ok := now[want.Engine]
		if ok && (got.Outcome != want.Outcome || !slices.Equal(got.Classes, want.Classes)) {
			out = append(out, want.Engine)
		}
	}
	sort.Strings(out)
	return out
}

func updateRootCase(fp string, first updateFound, fs []updateFound, run *reduce.UpdateRun, engines []oracle.Engine) *Case {
	res := first.res
	d, _ := first.res.Divergence()
	for _, x := range run.Divergences {
		if x.Signature.Class == res.Class && slices.Contains(x.Signature.Wrong, res.Engine) {
			d = x
		}
	}
	bug, _ := report.UpdateBugFor(run, d.Signature, &res.Stats, engines...)
	c := &Case{Query: first.canon.Update, Data: first.canon.Store, Update: true, Meta: map[string]string{
		"origin": first.seed.Origin, "seeds": updateSeedList(fs), "fingerprint": fp, "title": oneLine(bug.Title),
		"feature": oneLine(bug.Feature), "signature": d.Signature.String(), "status": bug.Status,
		"reduction": updateReductionText(res.Engine, res.Stats)}}
	verif := map[string]string{}
	for _, f := range fs {
		if _, ok := verif[f.res.Engine]; !ok {
			verif[f.res.Engine] = verification(f.res.Stats)
		}
	}
	c.Expect = updateVerdicts(run, engines, verif, &res.Stats)
	return c
}

// updateVerdicts are the expect.tsv rows of an update run: each engine's
// verdict, with the basis, own title and root cause of a wrong one (st:
// the reduction whose triggers name the root causes; nil when none ran).
func updateVerdicts(run *reduce.UpdateRun, engines []oracle.Engine, verif map[string]string, st *reduce.Stats) []Expect {
	bases, titles, roots := map[string]string{}, map[string]string{}, map[string]rootcause.RootCause{}
	for _, d := range run.Divergences {
		b, ok := report.UpdateBugFor(run, d.Signature, st, engines...)
		if !ok {
			continue
		}
		for _, er := range b.Reports {
			if _, ok := bases[er.Engine]; !ok {
				bases[er.Engine], titles[er.Engine], roots[er.Engine] = updateBasisText(b), oneLine(er.Title), er.RootCause
			}
		}
	}
	var out []Expect
	for _, e := range updateExpectList(run, engines) {
		rc := roots[e.Engine]
		e.Basis, e.Reduction, e.Title = bases[e.Engine], verif[e.Engine], titles[e.Engine]
		e.RootCause, e.Severity, e.Symptom, e.Trigger = rc.ID, rc.Severity, rc.Symptom, strings.Join(rc.Trigger, ", ")
		out = append(out, e)
	}
	return out
}

func updateBasisText(b report.UpdateBug) string {
	if b.Basis == nil {
		return "none"
	}
	return string(b.Basis.Kind) + ":" + b.Basis.Anchor
}

func updateExpectations(run *reduce.UpdateRun) map[string]Expect {
	out := map[string]Expect{}
	for _, v := range run.Verdicts {
		out[v.Engine] = Expect{Engine: v.Engine, Version: v.Version, Outcome: v.Outcome, Classes: v.Classes}
	}
	return out
}

func updateExpectList(run *reduce.UpdateRun, engines []oracle.Engine) []Expect {
	got := updateExpectations(run)
	var out []Expect
	for _, e := range engines {
		if x, ok := got[e.Name()]; ok {
			out = append(out, x)
		}
	}
	return out
}

func updateSeedList(fs []updateFound) string {
	var ids []string
	for _, f := range fs {
		if !slices.Contains(ids, f.seed.ID) {
			ids = append(ids, f.seed.ID)
		}
	}
	sort.Strings(ids)
	return strings.Join(ids, ",")
}

func updateReductionText(engine string, st reduce.Stats) string {
	return strings.Replace(reductionText(engine, st), " nodes=", " request_nodes=", 1)
}

// nameUpdateCases gives each update case its id, "update-<operation>-
// <class>", prefixed with the engine it was reduced for when two would
// share one, then numbered (as nameCases).
func nameUpdateCases(cs []*Case, dir string) {
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
	run, err := reduce.JudgeUpdate(ctx, c.UpdateCase(), engines, Deadline)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", c.ID, err)
	}
	got := updateExpectations(run)
	var out []Change
	for _, want := range c.Expect {
		g, ok := got[want.Engine]
		if ok && (g.Outcome != want.Outcome || !slices.Equal(g.Classes, want.Classes)) {
			out = append(out, Change{want.Engine, want, g})
		}
	}
	return out, run, nil
}

// RejudgeUpdate re-runs an update case and rewrites its verdicts, keeping
// each engine's reduction verification.
func RejudgeUpdate(ctx context.Context, c *Case, engines []oracle.Engine) error {
	run, err := reduce.JudgeUpdate(ctx, c.UpdateCase(), engines, Deadline)
	if err != nil {
		return err
	}
	verif, prior := map[string]string{}, map[string]Expect{}
	for _, e := range c.Expect {
		verif[e.Engine], prior[e.Engine] = e.Reduction, e
	}
	c.Expect = keepRoots(updateVerdicts(run, engines, verif, nil), prior)
	return nil
}

// WriteUpdateCorpus replaces the update case folders under dir (those
// holding update.ru) with g's cases, and writes the update log as
// record-update.tsv; query cases and record.tsv stay.
func (g *Regen) WriteUpdateCorpus(dir string) error {
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if e.IsDir() && isUpdateDir(filepath.Join(dir, e.Name())) {
			if err := os.RemoveAll(filepath.Join(dir, e.Name())); err != nil {
				return err
			}
		}
	}
	for _, c := range g.Cases {
		if err := c.Write(); err != nil {
			return err
		}
	}
	var b strings.Builder
	b.WriteString("# written by go test ./internal/regress -run TestRecord -record: what came of each update seed\n")
	b.WriteString("seed\twhat\tengine\tclass\tdetail\n")
	for _, l := range g.Log {
		fmt.Fprintf(&b, "%s\t%s\t%s\t%s\t%s\n", l.Seed, l.What, l.Engine, l.Class, l.Detail)
	}
	return os.WriteFile(filepath.Join(dir, "record-update.tsv"), []byte(b.String()), 0o644)
}
