package regress

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/reduce"
	"github.com/sparql-oracle/oracle/internal/report"
	"github.com/sparql-oracle/oracle/internal/rootcause"
	"github.com/sparql-oracle/oracle/internal/triage"
)

// Options bound a regeneration: each engine's reduction (Limits) and how
// many seeds run at once.
type Options struct {
	Limits  reduce.Limits
	Workers int
	Logf    func(format string, args ...any) // progress; nil: silent
	// Flaky carries over, by fingerprint, the engines an earlier corpus
	// recorded as flaky on a root cause (seen to answer otherwise across
	// runs, which one process may not see: a server restarted per run).
	Flaky map[string]string
}

// Regen is a regenerated corpus: one case per root cause, and the log of
// what was not filed.
type Regen struct {
	Cases []*Case
	Log   []LogLine // flagged divergences and seeds without divergence, by seed
}

// LogLine is one line of corpus/regress/record.tsv: a seed, and what came
// of one (engine, class) of it (filed as case ID, flagged with a reason),
// or of the whole seed (no divergence).
type LogLine struct {
	Seed, What, Engine, Class, Detail string
}

// found is one engine's divergence in one class, reduced and surviving.
type found struct {
	seed  Seed
	res   *reduce.Result
	div   triage.Divergence // the reduced divergence in the full run
	canon *oracle.Case      // the reduced case, comments dropped, variables renamed (canonicalVars)
	fp    string            // reduce.Fingerprint of canon: the reduced case
	root  string            // the root cause of the reduced engine's finding (rootcause.RootCause.ID)
}

// Regenerate judges every seed on every engine, reduces each (engine,
// class) on a wrong side against the judge alone (reduce.All), and
// deduplicates the reduced cases by root cause (reduce.Fingerprint): the
// same reduced case wrong on several engines, or reached from several
// seeds, is one case. Divergences that did not survive are logged, never
// filed.
func Regenerate(ctx context.Context, seeds []Seed, engines []oracle.Engine, dir string, opt Options) *Regen {
	all, log := eachSeed(seeds, opt.Workers, func(s Seed) ([]found, []LogLine) { return regenSeed(ctx, s, engines, opt) })
	g := &Regen{Log: log}
	cases, flagged := rootCases(ctx, all, engines, dir, opt.Flaky)
	for _, c := range cases { // "present in 5.6.0, fixed in 6.2.0" where releases sit side by side
		if lines := FindingBisectLines(ctx, c); len(lines) > 0 {
			c.Meta["bisect"] = oneLine(strings.Join(lines, "; "))
		}
	}
	g.Cases = cases
	g.Log = append(append(g.Log, flagged...), filedLines(g.Cases, all)...)
	sort.SliceStable(g.Log, func(i, j int) bool { return g.Log[i].Seed < g.Log[j].Seed })
	return g
}

// eachSeed runs one on every seed, workers at once (at least one), and
// gathers what each found and logged in the order of seeds: the pool of
// both kinds of regeneration.
func eachSeed[S, F any](seeds []S, workers int, one func(S) ([]F, []LogLine)) ([]F, []LogLine) {
	per := make([][]F, len(seeds))
	logs := make([][]LogLine, len(seeds))
	jobs := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < max(workers, 1); w++ {
		wg.Go(func() {
			for i := range jobs {
				per[i], logs[i] = one(seeds[i])
			}
		})
	}
	for i := range seeds {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	var all []F
	var log []LogLine
	for i := range seeds {
		all = append(all, per[i]...)
		log = append(log, logs[i]...)
	}
	return all, log
}

// regenSeed judges one seed and reduces each of its (engine, class).
func regenSeed(ctx context.Context, s Seed, engines []oracle.Engine, opt Options) ([]found, []LogLine) {
	r := triage.Judge(ctx, s.Case, engines, opt.Limits.Deadline)
	if !r.Diverges() {
		return nil, []LogLine{{Seed: s.ID, What: "clean", Engine: "-", Class: "-", Detail: "no divergence on the installed engines"}}
	}
	rs, err := reduce.All(ctx, s.Case, engines, r, opt.Limits)
	if err != nil {
		return nil, []LogLine{{Seed: s.ID, What: "error", Engine: "-", Class: "-", Detail: err.Error()}}
	}
	var out []found
	var log []LogLine
	for _, x := range rs {
		d, ok := x.Divergence()
		r := reduced{s.ID, x.Engine, x.Class, x.Survived, ok, x.Reason, "", reductionText(x.Engine, x.Stats)}
		if x.Survived && ok && x.Class == diff.ClassRejected && follows12(x.Case) {
			r.refused = "refuses a SPARQL 1.2 query: an engine without 1.2 lacks the feature (unsupported), no finding"
		}
		if r.keep(opt, &log) {
			out = append(out, found{seed: s, res: x, div: d})
		}
	}
	return out, log
}

// reduced is what a seed's regeneration reads of one reduction, of either
// kind: whether it survived, whether the run on every engine shows it
// (shows), why the kind turns it down ("" when it does not) and its
// figures for the progress log.
type reduced struct {
	seed, engine    string
	class           diff.Class
	survived, shows bool
	reason, refused string
	figures         string
}

// keep logs a reduction that is not filed as flagged, with the reason, and
// says whether it is kept; the progress log (opt.Logf) gets every one.
func (r reduced) keep(opt Options, log *[]LogLine) bool {
	flag := func(why string) { *log = append(*log, LogLine{r.seed, "flagged", r.engine, string(r.class), why}) }
	switch {
	case !r.survived:
		flag(oneLine(r.reason))
	case !r.shows:
		flag("the run on every engine does not show it on the reduced case")
	case r.refused != "":
		flag(r.refused)
	}
	if opt.Logf != nil {
		opt.Logf("%s: %s %s survived=%v %s", r.seed, r.engine, r.class, r.survived && r.shows, r.figures)
	}
	return r.survived && r.shows && r.refused == ""
}

// follows12 says whether c's query follows SPARQL 1.2 (it declares VERSION
// or uses a 1.2 form, or the case says so): an engine refusing it is one
// without 1.2, not one breaking the 1.1 grammar. A 1.2-capable
// engine refusing a valid 1.2 query is lost here too; none was seen.
func follows12(c *oracle.Case) bool {
	if c.Spec == syntax.Spec12 {
		return true
	}
	q, err := syntax.Parse(c.Query, syntax.Options{Base: c.Base, Spec: c.Spec})
	return err == nil && q.Spec == syntax.Spec12
}

// rootCases groups the reductions by root cause (internal/rootcause:
// the engine's family, class group, trigger and symptom), takes each root
// cause's smallest witness as its face, confirms each face on a run of its
// own, and writes one case per face (a face several root causes share is
// one case), named after its reduced divergence. The other witnesses stay
// as data of their root cause (witnesses.tsv of the face's case).
func rootCases(ctx context.Context, all []found, engines []oracle.Engine, dir string, known map[string]string) ([]*Case, []LogLine) {
	for i, f := range all {
		c := *f.res.Case
		c.Query = canonicalVars(stripLeadingComments(c.Query), c.Base)
		all[i].canon, all[i].fp = &c, reduce.Fingerprint(c.Query, c.Base, c.Dataset)
		all[i].root = rootOfFound(f, engines)
	}
	faces, order := facesOf(all)
	byFP := map[string][]found{}
	for _, f := range all {
		byFP[f.fp] = append(byFP[f.fp], f)
	}
	var out []*Case
	log := eachConfirmed(ctx, order, byFP, engines, confirm, func(fp string, first found, r *triage.Report) {
		c := rootCase(fp, first, byFP[fp], r, engines)
		c.Witnesses = witnessesOf(fp, faces, all)
		if len(c.Witnesses) > 0 {
			c.Meta["witnesses"] = fmt.Sprint(len(c.Witnesses))
		}
		fl := flakyEngines(ctx, c, queryRun{r}, engines)
		for _, e := range strings.Split(known[fp], ",") {
			if e != "" && !slices.Contains(fl, e) {
				fl = append(fl, e)
			}
		}
		if len(fl) > 0 {
			sort.Strings(fl)
			c.Meta["flaky"] = strings.Join(fl, ",")
		}
		out = append(out, c)
	})
	nameCases(out, dir)
	return out, log
}

// rootOfFound is the root cause of a reduction's engine on its reduced
// case, as its bug is written (report.BugFor with the reduction's
// triggers).
func rootOfFound(f found, engines []oracle.Engine) string {
	b, ok := report.BugFor(f.res.Report, f.div.Signature, &f.res.Stats, engines...)
	if !ok {
		return "fp-" + f.fp
	}
	for _, er := range b.Reports {
		if er.Engine == f.res.Engine {
			return er.RootCause.ID
		}
	}
	return "fp-" + f.fp
}

// facesOf picks each root cause's face, its smallest witness (fewest
// syntax nodes and quads, then the shortest query, then the fingerprint),
// and lists the faces' fingerprints in the order their first witness came.
func facesOf(all []found) (map[string]string, []string) {
	best := map[string]found{}
	for _, f := range all {
		if cur, ok := best[f.root]; !ok || smallerWitness(f, cur) {
			best[f.root] = f
		}
	}
	faces := map[string]string{}
	for root, f := range best {
		faces[root] = f.fp
	}
	var order []string
	seen := map[string]bool{}
	for _, f := range all {
		if fp := faces[f.root]; fp == f.fp && !seen[fp] {
			seen[fp] = true
			order = append(order, fp)
		}
	}
	return faces, order
}

func smallerWitness(a, b found) bool {
	sa, sb := a.res.Stats.NodesAfter+a.res.Stats.QuadsAfter, b.res.Stats.NodesAfter+b.res.Stats.QuadsAfter
	if sa != sb {
		return sa < sb
	}
	if len(a.canon.Query) != len(b.canon.Query) {
		return len(a.canon.Query) < len(b.canon.Query)
	}
	return a.fp < b.fp
}

// witnessesOf are the reductions whose root cause has the case fp as its
// face but which reduced to another case: the root cause's other
// witnesses, one per (root cause, engine, reduced case).
func witnessesOf(fp string, faces map[string]string, all []found) []Witness {
	var out []Witness
	seen := map[string]bool{}
	for _, f := range all {
		key := f.root + "/" + f.res.Engine + "/" + f.fp
		if faces[f.root] != fp || f.fp == fp || seen[key] {
			continue
		}
		seen[key] = true
		out = append(out, Witness{RootCause: f.root, Engine: f.res.Engine, Class: string(f.res.Class), Seed: f.seed.ID,
			Fingerprint: f.fp, Query: f.canon.Query, Data: nquadsOf(f.canon.Dataset)})
	}
	sortWitnesses(out)
	return out
}

// sortWitnesses orders witnesses by root cause, then reduced case and
// engine: the order witnesses.tsv is written in.
func sortWitnesses(ws []Witness) {
	sort.SliceStable(ws, func(i, j int) bool {
		if ws[i].RootCause != ws[j].RootCause {
			return ws[i].RootCause < ws[j].RootCause
		}
		return ws[i].Fingerprint+ws[i].Engine < ws[j].Fingerprint+ws[j].Engine
	})
}

// confirm runs a root cause's reduced case once more, alone (the
// reductions ran several seeds at once, and an engine judged under that
// load may time out or fail where it answers on a calm run): the verdicts
// recorded are this run's, as the corpus test will see them. ok is false
// when none of the reduced (engine, class) divergences shows on it.
func confirm(ctx context.Context, fs []found, engines []oracle.Engine) (*triage.Report, found, bool) {
	r := triage.Judge(ctx, fs[0].canon, engines, Deadline)
	i, d, ok := firstShown(r.Divergences, marksOf(fs))
	if !ok {
		return r, found{}, false
	}
	f := fs[i]
	f.div = d
	return r, f, true
}

// flakyEngines runs a confirmed case once more and names the engines whose
// outcome or classes differ from the confirming run r (an engine free to
// order ties or pick DISTINCT rows as it goes, a server that answers
// otherwise under load), sorted: the corpus test logs their changes
// instead of failing on them. A rerun the judge refuses names none.
func flakyEngines(ctx context.Context, c *Case, r judgedRun, engines []oracle.Engine) []string {
	again, err := judge(ctx, c, engines)
	if err != nil {
		return nil
	}
	now := again.expectations()
	var out []string
	for _, want := range expectList(r, engines) {
		got, ok := now[want.Engine]
		if ok && (got.Outcome != want.Outcome || !slices.Equal(got.Classes, want.Classes)) {
			out = append(out, want.Engine)
		}
	}
	sort.Strings(out)
	return out
}

// rootCase is one root cause: the reduced case, each engine's verdict on
// the confirming run r with the basis of a wrong one, and the verification
// of each engine's reduction.
func rootCase(fp string, first found, fs []found, r *triage.Report, engines []oracle.Engine) *Case {
	res := first.res
	ms := marksOf(fs)
	bug, _ := report.BugFor(r, first.div.Signature, &res.Stats, engines...)
	c := &Case{Query: first.canon.Query, Data: first.canon.Dataset, Meta: map[string]string{
		"origin": ownOrigin(bug, res.Engine, first.seed.ID), "seed-origin": first.seed.Origin,
		"seeds": seedList(ms), "fingerprint": fp, "title": oneLine(bug.Title),
		"feature": oneLine(bug.Feature), "signature": first.div.Signature.String(), "status": bug.Status,
		"reduction": reductionText(res.Engine, res.Stats)}}
	c.Expect = verdicts(queryRun{r}, engines, verifications(ms), &res.Stats)
	c.Actual = actualsOf(r, engines, &res.Stats)
	return c
}

// actualsOf is each wrong engine's answer (or error) and reproducer on the
// confirming run, as its report writes them.
func actualsOf(r *triage.Report, engines []oracle.Engine, st *reduce.Stats) []Actual {
	var out []Actual
	seen := map[string]bool{}
	for _, d := range r.Divergences {
		b, ok := report.BugFor(r, d.Signature, st, engines...)
		if !ok {
			continue
		}
		for _, er := range b.Reports {
			if seen[er.Engine] {
				continue
			}
			seen[er.Engine] = true
			out = append(out, Actual{Engine: er.Engine, Version: er.Version, Outcome: string(er.Answer.Outcome),
				Format: er.Answer.Answer.Format, Text: er.Answer.Answer.Text, Command: er.Command})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Engine < out[j].Engine })
	return out
}

// ownOrigin says what the case itself shows: the reduced engine's own
// title and symptom, and the seed it was reduced from (the seed's origin
// line, kept as seed-origin, may describe another engine's divergence).
func ownOrigin(b report.Bug, engine, seed string) string {
	for _, er := range b.Reports {
		if er.Engine == engine {
			return oneLine(fmt.Sprintf("%s (%s; %s); reduced from seed %s", er.Title, engine, er.RootCause.Symptom, seed))
		}
	}
	return oneLine(b.Title + "; reduced from seed " + seed)
}

// verdicts are the expect.tsv rows of r: each engine's verdict, with the
// basis, own title and root cause of a wrong one (st: the reduction whose
// triggers name the root causes; nil when none ran), and its reduction's
// verification.
func verdicts(r judgedRun, engines []oracle.Engine, verif map[string]string, st *reduce.Stats) []Expect {
	wrong := r.wrongOf(engines, st)
	var out []Expect
	for _, e := range expectList(r, engines) {
		w := wrong[e.Engine]
		e.Basis, e.Reduction, e.Title = w.basis, verif[e.Engine], w.title
		e.RootCause, e.Severity, e.Symptom, e.Trigger = w.rc.ID, w.rc.Severity, w.rc.Symptom, strings.Join(w.rc.Trigger, ", ")
		out = append(out, e)
	}
	return out
}

// stripLeadingComments drops the comment lines a seed starts with (its
// origin, kept in the header): the case is the reduced query alone.
func stripLeadingComments(q string) string {
	for strings.HasPrefix(q, "#") {
		_, rest, ok := strings.Cut(q, "\n")
		if !ok {
			return q
		}
		q = rest
	}
	return q
}

// wrongVerdict is what the corpus records of an engine on the wrong side
// of a divergence of r: the basis of the first such divergence
// ("kind:anchor" or "kind:ref"; "none" when the report names none), its own
// title, its root cause. Engines absent are not wrong in r: an unsupported
// feature, a timeout or an undecided answer is no finding.
type wrongVerdict struct {
	basis, title string
	rc           rootcause.RootCause
}

func (r queryRun) wrongOf(engines []oracle.Engine, st *reduce.Stats) map[string]wrongVerdict {
	return wrongIn(r.Divergences, func(sig triage.Signature) (string, []filed, bool) {
		b, ok := report.BugFor(r.Report, sig, st, engines...)
		var fs []filed
		for _, er := range b.Reports {
			fs = append(fs, filed{er.Engine, engineTitle(b, er), er.RootCause})
		}
		return basisText(b), fs, ok
	})
}

// filed is one engine's report in a bug of either kind, as the corpus
// records it.
type filed struct {
	engine, title string
	rc            rootcause.RootCause
}

// wrongIn is the rule of both kinds: each engine takes what the first bug
// it is wrong in says of it (bug: the basis and the engine reports of the
// divergence with a signature; ok false when none is written up); an
// engine on the wrong side without a report of its own takes the basis
// alone.
func wrongIn(ds []triage.Divergence, bug func(triage.Signature) (string, []filed, bool)) map[string]wrongVerdict {
	out := map[string]wrongVerdict{}
	for _, d := range ds {
		basis, fs, ok := bug(d.Signature)
		if !ok {
			continue
		}
		for _, f := range fs {
			if _, seen := out[f.engine]; !seen {
				out[f.engine] = wrongVerdict{basis: basis, title: f.title, rc: f.rc}
			}
		}
		for _, e := range d.Signature.Wrong {
			if _, seen := out[e]; !seen {
				out[e] = wrongVerdict{basis: basis}
			}
		}
	}
	return out
}

// engineTitle is one engine's title for its tracker; a spec question says
// so first, as the bug's title does.
func engineTitle(b report.Bug, er report.EngineReport) string {
	if b.Status == "spec-question" {
		return oneLine("[spec question] " + er.Title)
	}
	return oneLine(er.Title)
}

func basisText(b report.Bug) string {
	if b.Basis == nil {
		return "none"
	}
	ref := b.Basis.Ref
	if ref == "" {
		ref = b.Basis.Anchor
	}
	if ref == "" {
		return string(b.Basis.Kind)
	}
	return string(b.Basis.Kind) + ":" + oneLine(ref)
}

// verification is the expect.tsv form of a reduction's verification.
func verification(st reduce.Stats) string {
	switch {
	case st.Minimal:
		return fmt.Sprintf("minimal=verified tried=%d", st.Tried)
	case st.Stopped:
		return fmt.Sprintf("minimal=no stopped tried=%d", st.Tried)
	case st.Flaky:
		return fmt.Sprintf("minimal=no flaky tried=%d", st.Tried)
	}
	return fmt.Sprintf("minimal=no kept=%d tried=%d", len(st.Kept), st.Tried)
}

// mark is what a root cause's case records of each reduction grouped
// into it, of either kind: its seed, its engine and its figures.
type mark struct {
	seed, engine string
	class        diff.Class
	stats        reduce.Stats
}

// eachConfirmed calls face, in order, for every fingerprint whose face a
// run of its own confirms (confirm: the judge's report of a query, the run
// of an update), and logs the reductions of the others as flagged: one
// loop for both kinds of request.
func eachConfirmed[F interface{ mark() mark }, R any](ctx context.Context, order []string, byFP map[string][]F, engines []oracle.Engine,
	confirm func(context.Context, []F, []oracle.Engine) (R, F, bool), face func(fp string, first F, r R)) []LogLine {
	var log []LogLine
	for _, fp := range order {
		r, first, ok := confirm(ctx, byFP[fp], engines)
		if !ok {
			log = append(log, unconfirmed(marksOf(byFP[fp]))...)
			continue
		}
		face(fp, first, r)
	}
	return log
}

func (f found) mark() mark { return mark{f.seed.ID, f.res.Engine, f.res.Class, f.res.Stats} }

func marksOf[F interface{ mark() mark }](fs []F) []mark {
	out := make([]mark, len(fs))
	for i, f := range fs {
		out[i] = f.mark()
	}
	return out
}

// firstShown is the first reduction of ms whose engine is wrong in its
// class in ds (a confirming run's divergences), with that divergence.
func firstShown(ds []triage.Divergence, ms []mark) (int, triage.Divergence, bool) {
	for i, m := range ms {
		for _, d := range ds {
			if d.Signature.Class == m.class && slices.Contains(d.Signature.Wrong, m.engine) {
				return i, d, true
			}
		}
	}
	return 0, triage.Divergence{}, false
}

// unconfirmed flags every reduction of a root cause its confirming run did
// not show.
func unconfirmed(ms []mark) []LogLine {
	var out []LogLine
	for _, m := range ms {
		out = append(out, LogLine{m.seed, "flagged", m.engine, string(m.class), "the reduced case did not show it on the confirming run"})
	}
	return out
}

// seedList is the "seeds" header: the seeds' ids, once each, sorted.
func seedList(ms []mark) string {
	var ids []string
	for _, m := range ms {
		ids = append(ids, m.seed)
	}
	sort.Strings(ids)
	return strings.Join(slices.Compact(ids), ",")
}

// verifications are the expect.tsv form of each engine's first reduction.
func verifications(ms []mark) map[string]string {
	out := map[string]string{}
	for _, m := range ms {
		if _, ok := out[m.engine]; !ok {
			out[m.engine] = verification(m.stats)
		}
	}
	return out
}

// nameCases gives each case its id: the construct and the class of its
// reduced divergence ("avg-computed-value"); cases that would share one
// are prefixed with the engine the case was reduced for (wrong in it), else
// the first engine wrong in it (never one that is not), then numbered.
// Order: by that name, then fingerprint, so ids do not depend on seed
// order.
func nameCases(cs []*Case, dir string) {
	base := func(c *Case) string {
		sig, _ := triage.ParseSignature(c.Meta["signature"])
		return slug(c.Meta["feature"]) + "-" + string(sig.Class)
	}
	sort.SliceStable(cs, func(i, j int) bool {
		bi, bj := base(cs[i]), base(cs[j])
		if bi != bj {
			return bi < bj
		}
		return cs[i].Meta["fingerprint"] < cs[j].Meta["fingerprint"]
	})
	count := map[string]int{}
	for _, c := range cs {
		count[base(c)]++
	}
	used := map[string]bool{}
	for _, c := range cs {
		id := base(c)
		if e := namingEngine(c); count[id] > 1 && e != "" {
			id = slug(e) + "-" + id
		}
		for n, b := 2, id; used[id]; n++ {
			id = fmt.Sprintf("%s-%d", b, n)
		}
		used[id] = true
		c.ID, c.Dir = id, filepath.Join(dir, id)
	}
	sort.Slice(cs, func(i, j int) bool { return cs[i].ID < cs[j].ID })
}

// namingEngine is the engine a case was first reduced for when it is wrong
// in the case, else the first engine wrong in it.
func namingEngine(c *Case) string {
	ws := wrongEngines(c)
	reduced := fields(c.Meta["reduction"])["engine"]
	if slices.Contains(ws, reduced) {
		return reduced
	}
	if len(ws) > 0 {
		return ws[0]
	}
	return ""
}

// wrongEngines are the engines a case records on the wrong side of a
// divergence (those with a basis), sorted.
func wrongEngines(c *Case) []string {
	var out []string
	for _, e := range c.Expect {
		if e.Basis != "" {
			out = append(out, e.Engine)
		}
	}
	sort.Strings(out)
	return out
}

var nonSlug = regexp.MustCompile(`[^a-z0-9]+`)

func slug(s string) string {
	s = nonSlug.ReplaceAllString(strings.ToLower(s), "-")
	s = strings.Trim(s, "-")
	if len(s) > 40 {
		s = strings.TrimRight(s[:40], "-")
	}
	if s == "" {
		return "query"
	}
	return s
}

func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// filedLines log which case each surviving (seed, engine, class) went to.
func filedLines(cs []*Case, all []found) []LogLine {
	id := map[string]string{}
	for _, c := range cs {
		id[c.Meta["fingerprint"]] = c.ID
		for _, w := range c.Witnesses {
			id[w.RootCause] = c.ID
		}
		for _, e := range c.Expect {
			if e.RootCause != "" {
				id[e.RootCause] = c.ID
			}
		}
	}
	var out []LogLine
	for _, f := range all {
		switch {
		case id[f.fp] != "":
			out = append(out, LogLine{f.seed.ID, "filed", f.res.Engine, string(f.res.Class), id[f.fp]})
		case id[f.root] != "":
			out = append(out, LogLine{f.seed.ID, "witness", f.res.Engine, string(f.res.Class), id[f.root] + " (root cause " + f.root + ")"})
		}
	}
	return out
}

// WriteCorpus replaces the query case directories under dir with g's
// cases and writes the log (record.tsv); other files (upstream.tsv) and
// the update cases (WriteUpdateCorpus) stay.
func (g *Regen) WriteCorpus(dir string) error {
	return g.write(dir, false, "record.tsv", "seed")
}

// write replaces the case directories of one kind under dir (update
// folders hold update.ru) with g's cases and writes the log as name;
// what names the log's lines in its first comment ("seed", "update seed").
func (g *Regen) write(dir string, updates bool, name, what string) error {
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if e.IsDir() && isUpdateDir(filepath.Join(dir, e.Name())) == updates {
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
	b.WriteString("# written by go test ./internal/regress -run TestRecord -record: what came of each " + what + "\n")
	b.WriteString("seed\twhat\tengine\tclass\tdetail\n")
	for _, l := range g.Log {
		fmt.Fprintf(&b, "%s\t%s\t%s\t%s\t%s\n", l.Seed, l.What, l.Engine, l.Class, l.Detail)
	}
	return os.WriteFile(filepath.Join(dir, name), []byte(b.String()), 0o644)
}

// Rejudge re-runs c on engines and rewrites its verdicts (outcome,
// classes, version, basis), keeping the case, its header and each
// engine's reduction verification: expectations synced without reducing.
func Rejudge(ctx context.Context, c *Case, engines []oracle.Engine) {
	rejudgeWith(c, queryRun{triage.Judge(ctx, c.Oracle(), engines, Deadline)}, engines)
}

// rejudgeWith rewrites c's verdicts from its new run r, for both kinds.
func rejudgeWith(c *Case, r judgedRun, engines []oracle.Engine) {
	verif, prior := map[string]string{}, map[string]Expect{}
	for _, e := range c.Expect {
		verif[e.Engine], prior[e.Engine] = e.Reduction, e
	}
	c.Expect = keepRoots(verdicts(r, engines, verif, recordedTriggers(c)), prior)
	retitle(c, prior)
}

// retitle carries a new title of the engine the case was reduced for into
// the header: its title, feature and origin name that engine's divergence
// ("feature: effect").
func retitle(c *Case, prior map[string]Expect) {
	engine := fields(c.Meta["reduction"])["engine"]
	old := prior[engine].Title
	for _, e := range c.Expect {
		if e.Engine != engine || old == "" || e.Title == "" || e.Title == old {
			continue
		}
		for _, k := range []string{"title", "origin"} {
			c.Meta[k] = strings.Replace(c.Meta[k], old, e.Title, 1)
		}
		if f, _, ok := strings.Cut(e.Title, ": "); ok && strings.HasPrefix(c.Meta["title"], f+": ") {
			c.Meta["feature"] = f
		}
	}
}

// recordedTriggers are the triggers the case's reductions found, per
// engine, as expect.tsv keeps them: rejudging runs no ablation, and a
// title names a construct of the trigger, so the rewritten titles are the
// ones the recording would give.
func recordedTriggers(c *Case) *reduce.Stats {
	st := &reduce.Stats{Triggers: map[string][]string{}}
	for _, e := range c.Expect {
		if t := e.triggers(); e.RootCause != "" && len(t) > 0 {
			st.Triggers[e.Engine] = t
		}
	}
	return st
}

// keepRoots keeps the root causes recorded with a case for the engines
// still wrong on it: rejudging runs no ablation, so the recorded trigger
// stays the one the reduction found.
func keepRoots(es []Expect, prior map[string]Expect) []Expect {
	for i, e := range es {
		if old := prior[e.Engine]; e.RootCause != "" && old.RootCause != "" {
			es[i].RootCause, es[i].Severity, es[i].Symptom, es[i].Trigger = old.RootCause, old.Severity, old.Symptom, old.Trigger
		}
	}
	return es
}

// fields reads "key=value" words (the reduction header).
func fields(s string) map[string]string {
	out := map[string]string{}
	for _, kv := range strings.Fields(s) {
		if k, v, ok := strings.Cut(kv, "="); ok {
			out[k] = v
		}
	}
	return out
}
