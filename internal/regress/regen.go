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
	div   diff.Divergence // the reduced divergence in the full run
	canon *oracle.Case    // the reduced case, comments dropped, variables renamed (canonicalVars)
	fp    string          // reduce.Fingerprint of canon: the root cause
}

// Regenerate judges every seed on every engine, reduces each (engine,
// class) on a wrong side against the judge alone (reduce.All), and
// deduplicates the reduced cases by root cause (reduce.Fingerprint): the
// same reduced case wrong on several engines, or reached from several
// seeds, is one case. Divergences that did not survive are logged, never
// filed.
func Regenerate(ctx context.Context, seeds []Seed, engines []oracle.Engine, dir string, opt Options) *Regen {
	per := make([][]found, len(seeds))
	logs := make([][]LogLine, len(seeds))
	jobs := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < max(opt.Workers, 1); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				per[i], logs[i] = regenSeed(ctx, seeds[i], engines, opt)
			}
		}()
	}
	for i := range seeds {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	g := &Regen{}
	var all []found
	for i := range seeds {
		all = append(all, per[i]...)
		g.Log = append(g.Log, logs[i]...)
	}
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

// regenSeed judges one seed and reduces each of its (engine, class).
func regenSeed(ctx context.Context, s Seed, engines []oracle.Engine, opt Options) ([]found, []LogLine) {
	r := diff.Judge(ctx, s.Case, engines, opt.Limits.Deadline)
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
		switch {
		case !x.Survived:
			log = append(log, LogLine{s.ID, "flagged", x.Engine, string(x.Class), oneLine(x.Reason)})
		case !ok:
			log = append(log, LogLine{s.ID, "flagged", x.Engine, string(x.Class), "the run on every engine does not show it on the reduced case"})
		case x.Class == diff.ClassRejected && follows12(x.Case):
			log = append(log, LogLine{s.ID, "flagged", x.Engine, string(x.Class), "refuses a SPARQL 1.2 query: an engine without 1.2 lacks the feature (unsupported), no finding"})
		default:
			out = append(out, found{seed: s, res: x, div: d})
		}
		if opt.Logf != nil {
			opt.Logf("%s: %s %s survived=%v %s", s.ID, x.Engine, x.Class, x.Survived && ok, reductionText(x.Engine, x.Stats))
		}
	}
	return out, log
}

// follows12 says whether c's query follows SPARQL 1.2 (it declares VERSION
// or uses a 1.2 form, or the case says so): an engine refusing it is one
// without 1.2, not one breaking the 1.1 grammar (issue 19). A 1.2-capable
// engine refusing a valid 1.2 query is lost here too; none was seen.
func follows12(c *oracle.Case) bool {
	if c.Spec == syntax.Spec12 {
		return true
	}
	q, err := syntax.Parse(c.Query, syntax.Options{Base: c.Base, Spec: c.Spec})
	return err == nil && q.Spec == syntax.Spec12
}

// rootCases groups the reductions by fingerprint (in seed order), confirms
// each root cause on a run of its own, and writes one case per confirmed
// root cause, named after its reduced divergence.
func rootCases(ctx context.Context, all []found, engines []oracle.Engine, dir string, known map[string]string) ([]*Case, []LogLine) {
	byFP := map[string][]found{}
	var order []string
	for i, f := range all {
		c := *f.res.Case
		c.Query = canonicalVars(stripLeadingComments(c.Query), c.Base)
		fp := reduce.Fingerprint(c.Query, c.Base, c.Dataset)
		all[i].canon, all[i].fp = &c, fp
		if byFP[fp] == nil {
			order = append(order, fp)
		}
		byFP[fp] = append(byFP[fp], all[i])
	}
	var out []*Case
	var log []LogLine
	for _, fp := range order {
		r, first, ok := confirm(ctx, byFP[fp], engines)
		if !ok {
			for _, f := range byFP[fp] {
				log = append(log, LogLine{f.seed.ID, "flagged", f.res.Engine, string(f.res.Class),
					"the reduced case did not show it on the confirming run"})
			}
			continue
		}
		c := rootCase(fp, first, byFP[fp], r, engines)
		fl := flakyEngines(ctx, c, r, engines)
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
	}
	nameCases(out, dir)
	return out, log
}

// confirm runs a root cause's reduced case once more, alone (the
// reductions ran several seeds at once, and an engine judged under that
// load may time out or fail where it answers on a calm run): the verdicts
// recorded are this run's, as the corpus test will see them. ok is false
// when none of the reduced (engine, class) divergences shows on it.
func confirm(ctx context.Context, fs []found, engines []oracle.Engine) (*diff.Report, found, bool) {
	r := diff.Judge(ctx, fs[0].canon, engines, Deadline)
	for _, f := range fs {
		for _, d := range r.Divergences {
			if d.Signature.Class == f.res.Class && slices.Contains(d.Signature.Wrong, f.res.Engine) {
				f.div = d
				return r, f, true
			}
		}
	}
	return r, found{}, false
}

// flakyEngines runs a confirmed case once more and names the engines whose
// outcome or classes differ from the confirming run r (an engine free to
// order ties or pick DISTINCT rows as it goes, a server that answers
// otherwise under load): the corpus test logs their changes instead of
// failing on them.
func flakyEngines(ctx context.Context, c *Case, r *diff.Report, engines []oracle.Engine) []string {
	again := expectations(diff.Judge(ctx, c.Oracle(), engines, Deadline))
	var out []string
	for _, want := range expectList(r, engines) {
		got, ok := again[want.Engine]
		if ok && (got.Outcome != want.Outcome || !slices.Equal(got.Classes, want.Classes)) {
			out = append(out, want.Engine)
		}
	}
	return out
}

// rootCase is one root cause: the reduced case, each engine's verdict on
// the confirming run r with the basis of a wrong one, and the verification
// of each engine's reduction.
func rootCase(fp string, first found, fs []found, r *diff.Report, engines []oracle.Engine) *Case {
	res := first.res
	bug, _ := report.BugFor(r, first.div.Signature, &res.Stats, engines...)
	c := &Case{Query: first.canon.Query, Data: first.canon.Dataset, Meta: map[string]string{
		"origin": first.seed.Origin, "seeds": seedList(fs), "fingerprint": fp, "title": oneLine(bug.Title),
		"feature": oneLine(bug.Feature), "signature": first.div.Signature.String(), "status": bug.Status,
		"reduction": reductionText(res.Engine, res.Stats)}}
	verif := map[string]string{}
	for _, f := range fs {
		if _, ok := verif[f.res.Engine]; !ok {
			verif[f.res.Engine] = verification(f.res.Stats)
		}
	}
	c.Expect = verdicts(r, engines, verif)
	return c
}

// verdicts are the expect.tsv rows of r: each engine's verdict, with the
// basis and own title of a wrong one, and its reduction's verification.
func verdicts(r *diff.Report, engines []oracle.Engine, verif map[string]string) []Expect {
	bases, titles := basesOf(r, engines)
	var out []Expect
	for _, e := range expectList(r, engines) {
		e.Basis, e.Reduction, e.Title = bases[e.Engine], verif[e.Engine], titles[e.Engine]
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

// basesOf is, per engine on the wrong side of a divergence of r, the basis
// of the first such divergence ("kind:anchor" or "kind:ref"; "none" when
// the report names none). Engines without one are not wrong in r: an
// unsupported feature, a timeout or an undecided answer is no finding.
func basesOf(r *diff.Report, engines []oracle.Engine) (bases, titles map[string]string) {
	bases, titles = map[string]string{}, map[string]string{}
	for _, b := range report.Bugs(r, engines...) {
		sig, err := diff.ParseSignature(b.Signature)
		if err != nil {
			continue
		}
		for _, e := range sig.Wrong {
			if _, ok := bases[e]; !ok {
				bases[e] = basisText(b)
			}
		}
		for _, er := range b.Reports {
			if _, ok := titles[er.Engine]; !ok {
				titles[er.Engine] = engineTitle(b, er)
			}
		}
	}
	return bases, titles
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

func seedList(fs []found) string {
	var ids []string
	seen := map[string]bool{}
	for _, f := range fs {
		if !seen[f.seed.ID] {
			seen[f.seed.ID] = true
			ids = append(ids, f.seed.ID)
		}
	}
	sort.Strings(ids)
	return strings.Join(ids, ",")
}

// nameCases gives each case its id: the construct and the class of its
// reduced divergence ("avg-computed-value"); cases that would share one
// are prefixed with the engine the case was reduced for (wrong in it), else
// the first engine wrong in it (never one that is not), then numbered.
// Order: by that name, then fingerprint, so ids do not depend on seed
// order.
func nameCases(cs []*Case, dir string) {
	base := func(c *Case) string {
		sig, _ := diff.ParseSignature(c.Meta["signature"])
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
	}
	var out []LogLine
	for _, f := range all {
		if id[f.fp] != "" {
			out = append(out, LogLine{f.seed.ID, "filed", f.res.Engine, string(f.res.Class), id[f.fp]})
		}
	}
	return out
}

// WriteCorpus replaces the query case directories under dir with g's
// cases and writes the log (record.tsv); other files (upstream.tsv) and
// the update cases (WriteUpdateCorpus) stay.
func (g *Regen) WriteCorpus(dir string) error {
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if e.IsDir() && !isUpdateDir(filepath.Join(dir, e.Name())) {
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
	b.WriteString("# written by go test ./internal/regress -run TestRecord -record: what came of each seed\n")
	b.WriteString("seed\twhat\tengine\tclass\tdetail\n")
	for _, l := range g.Log {
		fmt.Fprintf(&b, "%s\t%s\t%s\t%s\t%s\n", l.Seed, l.What, l.Engine, l.Class, l.Detail)
	}
	return os.WriteFile(filepath.Join(dir, "record.tsv"), []byte(b.String()), 0o644)
}

// Rejudge re-runs c on engines and rewrites its verdicts (outcome,
// classes, version, basis), keeping the case, its header and each
// engine's reduction verification: expectations synced without reducing.
func Rejudge(ctx context.Context, c *Case, engines []oracle.Engine) {
	r := diff.Judge(ctx, c.Oracle(), engines, Deadline)
	verif := map[string]string{}
	for _, e := range c.Expect {
		verif[e.Engine] = e.Reduction
	}
	c.Expect = verdicts(r, engines, verif)
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
