package reduce

import (
	"context"
	"errors"
	"fmt"
	"runtime/metrics"
	"slices"
	"time"

	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/large"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/triage"
)

// Keep says whether a candidate still shows the divergence being reduced:
// for a divergence from a judge, the engine still differs from the judge
// in the class (JudgeKeep); for a metamorphic relation's violation, the
// relation is still violated on the engine (the caller's check).
type Keep func(ctx context.Context, c *oracle.Case) bool

// LargeLimits bound one large reduction. Zero fields take the defaults.
type LargeLimits struct {
	MaxCalls int           // calls of Keep and the judges, every phase; default 1000
	MaxTime  time.Duration // default 10 minutes
	// MaxHeap: live heap bytes (runtime/metrics, as of the last
	// collection) past which no further candidate is built; default 8 GiB.
	MaxHeap uint64
	// Deadline is per engine and call of the judgements Large makes itself
	// (the reference's check of the reduced data, the final verdict);
	// default 30 s.
	Deadline time.Duration
	// SmallQuads: data this small is shrunk quad by quad together with the
	// query by the one shrinker (Shrink's driver) and verified 1-minimal;
	// larger data left after the data phases keeps its data and has its
	// query shrunk alone. Default 2000.
	SmallQuads int
}

func (l LargeLimits) withDefaults() LargeLimits {
	l.MaxCalls = orDefault(l.MaxCalls, 1000)
	if l.MaxTime <= 0 {
		l.MaxTime = 10 * time.Minute
	}
	if l.MaxHeap == 0 {
		l.MaxHeap = 8 << 30
	}
	if l.Deadline <= 0 {
		l.Deadline = 30 * time.Second
	}
	l.SmallQuads = orDefault(l.SmallQuads, 2000)
	return l
}

func orDefault(v, def int) int {
	if v <= 0 {
		return def
	}
	return v
}

// LargeSelf is LargeResult.Judge when no judge decides the reduced case
// and the Keep predicate alone (an engine's own metamorphic relation)
// does.
const LargeSelf = "self"

// LargeResult is a large case reduced for the engine it accuses.
type LargeResult struct {
	Engine string
	// The witness: the realistic query and the size of the data it ran on.
	OriginalQuery   string
	OriginalTriples int
	Case            *oracle.Case // the reduced case
	Triples         int          // the reduced case's quads
	// Judge decides the reduced case: oracle.JudgeName (the reference
	// answered and the engine is wrong against it), oracle.TwinName (the fast
	// engine judged), or LargeSelf (Keep alone: the engine against
	// itself); "" when the reduced case lost the divergence. JudgedBy says
	// it in words; Report is the reduced case judged on the judges and the
	// engine.
	Judge    string
	JudgedBy string
	Report   *triage.Report
	// Switched: the reference judged the data-reduced case and found the
	// engine wrong (class Class), so the query was shrunk keeping that
	// verdict as well as Keep.
	Switched bool
	Class    diff.Class
	Stats    Stats        // calls, time and sizes of the whole reduction; Minimal only when the data was small enough to be verified quad by quad too
	Phases   []LargePhase // subjects, quads, query: what each cost and left
	Survived bool         // the reduced case still shows the divergence
	Reason   string       // why not Survived, or why not minimal
}

// LargePhase is what one phase of a large reduction cost and left.
type LargePhase struct {
	Name    string // subjects, quads, query
	Calls   int
	Quads   int // quads left after it
	Elapsed time.Duration
}

// ErrLargeInput: Large was given nothing to reduce (no case, no engine,
// no Keep).
var ErrLargeInput = errors.New("reduce: large: bad input")

// Large reduces c, a case of realistic data (10k to 1M quads), for the
// engine it accuses, while keep holds: the data by subject
// neighbourhoods (all quads of a subject, ddmin halving first), then by
// single quads, then the query by the shrinker's edits (Shrink's driver;
// with the data too once it is at most SmallQuads, and then verified
// 1-minimal). When the reference answers on the data-reduced case within
// its budget and finds the engine wrong, its verdict replaces keep for
// the query phase (Switched). The original data is never copied: a
// candidate is a list of positions into it, built as a dataset only while
// it is asked. judges are the engines that may judge (the reference, the
// fast engine); they run on the reduced case at the end (Report, Judge).
// A case keep does not hold on is returned with ErrNotSurvived.
func Large(ctx context.Context, c *oracle.Case, accused oracle.Engine, judges []oracle.Engine, keep Keep, lim LargeLimits) (*LargeResult, error) {
	if c == nil || accused == nil || keep == nil {
		return nil, fmt.Errorf("%w: a case, an accused engine and a keep predicate are needed", ErrLargeInput)
	}
	lim = lim.withDefaults()
	// The phases' calls end with MaxTime, even one call in progress; the
	// final verdict has the caller's context.
	phases, cancel := context.WithTimeout(ctx, lim.MaxTime)
	defer cancel()
	r := &largeRun{ctx: phases, parent: ctx, lim: lim, accused: accused, judges: judges, keep: keep, start: time.Now()}
	return r.run(c)
}

// largeRun is one large reduction: the shared budget and the phases.
type largeRun struct {
	ctx     context.Context // the phases': ends at MaxTime
	parent  context.Context // the caller's: the final verdict
	lim     LargeLimits
	accused oracle.Engine
	judges  []oracle.Engine
	keep    Keep
	start   time.Time
	calls   int
	stopped string // why the budget ran out ("" while it lasts)
	phase   time.Time
	phCalls int
}

func (r *largeRun) run(c *oracle.Case) (*LargeResult, error) {
	d := indexData(c.Dataset)
	res := &LargeResult{Engine: r.accused.Name(), OriginalQuery: c.Query, OriginalTriples: d.n, Case: c, Triples: d.n}
	res.Stats = Stats{QuadsBefore: d.n, NodesBefore: NodeCount(c.Query, c.Base)}
	if !r.ask(c) {
		res.Reason = fmt.Sprintf("%s does not show the divergence on the original case (%d quads)", res.Engine, d.n)
		if r.stopped != "" {
			res.Reason = "the budget ran out before the original case was checked: " + r.stopped
		}
		return r.finish(res), notSurvived(res.Engine, "", false, res.Reason)
	}
	ps := r.dataPhases(res, c, d)
	cur := queryForm.withData(c, d.dataset(ps))
	cur = r.queryPhase(res, cur)
	res.Case, res.Triples = cur, cur.Dataset.Len()
	r.verdict(res)
	r.finish(res)
	if !res.Survived {
		return res, notSurvived(res.Engine, res.Class, false, res.Reason)
	}
	return res, nil
}

// ask is one call of keep under the budget; false once it has run out.
func (r *largeRun) ask(c *oracle.Case) bool {
	if r.over() {
		return false
	}
	r.calls++
	r.phCalls++
	return r.keep(r.ctx, c)
}

// stop is the shrinker's stop: polled before every call, which it counts.
func (r *largeRun) stop() bool {
	if r.over() {
		return true
	}
	r.calls++
	r.phCalls++
	return false
}

// over says whether the budget has run out, and records why.
func (r *largeRun) over() bool {
	switch {
	case r.stopped != "":
	case r.parent.Err() != nil:
		r.stopped = "context: " + r.parent.Err().Error()
	case r.ctx.Err() != nil:
		r.stopped = fmt.Sprintf("time: %s", r.lim.MaxTime)
	case r.calls >= r.lim.MaxCalls:
		r.stopped = fmt.Sprintf("calls: %d", r.lim.MaxCalls)
	case time.Since(r.start) > r.lim.MaxTime:
		r.stopped = fmt.Sprintf("time: %s", r.lim.MaxTime)
	case liveHeap() > r.lim.MaxHeap:
		r.stopped = fmt.Sprintf("memory: live heap %d MiB past %d MiB", liveHeap()>>20, r.lim.MaxHeap>>20)
	}
	return r.stopped != ""
}

// liveHeap is the heap's live bytes as of the last collection.
func liveHeap() uint64 {
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return s[0].Value.Uint64()
}

func (r *largeRun) begin() { r.phase, r.phCalls = time.Now(), 0 }

func (r *largeRun) end(res *LargeResult, name string, quads int) {
	res.Phases = append(res.Phases, LargePhase{Name: name, Calls: r.phCalls, Quads: quads, Elapsed: time.Since(r.phase)})
}

// dataPhases shrink the data by subject neighbourhoods, then by single
// quads, each by ddmin over positions; they return the positions kept.
func (r *largeRun) dataPhases(res *LargeResult, c *oracle.Case, d *largeData) []int32 {
	try := func(ps []int32) bool { return !r.over() && r.ask(queryForm.withData(c, d.dataset(ps))) }
	done := func() bool { return r.over() }
	r.begin()
	groups := d.neighbourhoods()
	if len(groups) > 1 {
		groups = ddmin(groups, func(gs [][]int32) bool { return try(flatten(gs)) }, done)
	}
	ps := flatten(groups)
	r.end(res, "subjects", len(ps))
	r.begin()
	if len(ps) > 1 {
		ps = ddmin(ps, try, done)
	}
	r.end(res, "quads", len(ps))
	return ps
}

// queryPhase shrinks the query (and, when the data is small, the data
// with it) with the one shrinker, under the budget. When the reference
// judges the case and finds the engine wrong, its verdict must hold too:
// a candidate keeps keep's divergence (the one being reduced, not another
// the edits may reach) and the reference's verdict, so the reduced case
// is the reference's to judge.
func (r *largeRun) queryPhase(res *LargeResult, cur *oracle.Case) *oracle.Case {
	r.begin()
	still := func(c *oracle.Case) bool { return r.keep(r.ctx, c) }
	if cls, ok := r.referenceJudges(cur); ok {
		res.Switched, res.Class = true, cls
		k := JudgeKeep(r.judges, r.accused, cls, r.lim.Deadline)
		still = func(c *oracle.Case) bool { return r.keep(r.ctx, c) && k(r.ctx, c) }
	}
	var out *oracle.Case
	var st Stats
	if cur.Dataset.Len() <= r.lim.SmallQuads {
		out, st = shrink(queryForm, cur, still, r.stop)
	} else {
		q := &queryOnly{c: *cur, none: rdf.NewDataset()}
		var qo *queryOnly
		qo, st = shrink(queryOnlyForm, q, func(q *queryOnly) bool { return still(&q.c) }, r.stop)
		out, st.Minimal = &qo.c, false
		res.Reason = fmt.Sprintf("%d quads left after the data phases (more than %d): the query alone was shrunk, so the case is not verified 1-minimal", cur.Dataset.Len(), r.lim.SmallQuads)
	}
	res.Stats.Tried, res.Stats.Minimal, res.Stats.Kept, res.Stats.Flaky = st.Tried, st.Minimal, st.Kept, st.Flaky
	res.Stats.CacheHits = st.CacheHits
	r.end(res, "query", out.Dataset.Len())
	return out
}

// referenceJudges: the reference is among the judges and, on cur, finds
// the accused engine wrong; the class is the engine's most specific one.
func (r *largeRun) referenceJudges(cur *oracle.Case) (diff.Class, bool) {
	if findEngine(r.judges, oracle.JudgeName) == nil || cur.Dataset.Len() > r.lim.SmallQuads || r.over() {
		return "", false
	}
	r.calls++
	r.phCalls++
	rep := triage.Judge(r.ctx, cur, r.panel(), r.lim.Deadline)
	v := rep.Verdict(r.accused.Name())
	if rep.Judge != oracle.JudgeName || v == nil || !againstJudge(rep, v.Engine, v.Class) {
		return "", false
	}
	return v.Class, true
}

// panel is the judges and the accused engine.
func (r *largeRun) panel() []oracle.Engine {
	out := append([]oracle.Engine(nil), r.judges...)
	if findEngine(out, r.accused.Name()) == nil {
		out = append(out, r.accused)
	}
	return out
}

// verdict judges the reduced case on the judges and the engine and says
// who decides it: the reference or the fast engine when the engine is
// wrong against it, else keep alone (re-checked). Not Survived when
// neither holds.
func (r *largeRun) verdict(res *LargeResult) {
	res.Report = triage.Judge(r.parent, res.Case, r.panel(), r.lim.Deadline)
	v := res.Report.Verdict(res.Engine)
	switch {
	case v != nil && v.Class != "" && againstJudge(res.Report, res.Engine, v.Class) && (res.Report.Judge == oracle.JudgeName || res.Report.Judge == oracle.TwinName):
		res.Judge, res.Class = res.Report.Judge, v.Class
		res.JudgedBy = fmt.Sprintf("%s: %s is wrong (%s)", judgeWords(res.Report), res.Engine, v.Class)
	case !res.Stats.Flaky && r.keep(r.parent, res.Case):
		res.Judge = LargeSelf
		res.JudgedBy = fmt.Sprintf("%s against itself: the divergence still shows on a re-run; the judges do not find it wrong (%s)", res.Engine, verdictText(res.Report, res.Engine))
	default:
		res.Reason = fmt.Sprintf("the reduced case lost %s's divergence on a re-run (%s)", res.Engine, verdictText(res.Report, res.Engine))
		return
	}
	res.Survived = true
}

func judgeWords(rep *triage.Report) string {
	if rep.Judge == oracle.TwinName {
		return rep.JudgedBy
	}
	return "judged by the reference"
}

func (r *largeRun) finish(res *LargeResult) *LargeResult {
	res.Stats.Calls, res.Stats.Elapsed = r.calls, time.Since(r.start)
	res.Stats.QuadsAfter, res.Stats.NodesAfter = res.Triples, NodeCount(res.Case.Query, res.Case.Base)
	res.Stats.Stopped = r.stopped != ""
	if res.Stats.Stopped {
		res.Stats.Minimal = false
		res.Reason = firstNonEmpty(res.Reason, "the budget ran out ("+r.stopped+"): the case may still shrink")
	}
	return res
}

func firstNonEmpty(s ...string) string {
	for _, x := range s {
		if x != "" {
			return x
		}
	}
	return ""
}

// queryOnly is a case whose data the shrinker does not see (data too
// large to be keyed and edited quad by quad): its form has no quads, so
// only the query's edits and literals are tried.
type queryOnly struct {
	c    oracle.Case
	none *rdf.Dataset
}

var queryOnlyForm = form[queryOnly]{
	grammar: queryGrammar,
	text:    func(q *queryOnly) *string { return &q.c.Query },
	base:    func(q *queryOnly) string { return q.c.Base },
	data:    func(q *queryOnly) **rdf.Dataset { return &q.none },
}

// PilotQuads: JudgeKeep's candidates of more quads than this are judged
// by the fast engine's answer alone (the pilot); smaller ones by
// triage.Judge.
const PilotQuads = 2000

// JudgeKeep is the Keep of a divergence from a judge: the engine is still
// on the wrong side of a divergence of class when the judges (the
// reference, the fast engine) and the engine alone run, whatever any
// other engine answers (as Engine keeps a candidate), and shown by its
// answer against the judge's, not by a metamorphic check alone
// (againstJudge). A candidate of more than PilotQuads quads, past the
// reference's reach for most queries, has the fast engine among the
// judges as its pilot: its answer stands for the judge's (triage as
// usual, without the reference's freedoms, as when the fast engine
// judges), without the large-case judge's evidence, which a selective
// query's samples rarely give and which costs the reference's share of
// the deadline on every candidate. The reduced case is judged at the end
// (Large's verdict), so a pilot that was wrong shows there.
func JudgeKeep(judges []oracle.Engine, accused oracle.Engine, class diff.Class, deadline time.Duration) Keep {
	panel := append([]oracle.Engine(nil), judges...)
	if findEngine(panel, accused.Name()) == nil {
		panel = append(panel, accused)
	}
	twin := findEngine(judges, oracle.TwinName)
	return func(ctx context.Context, c *oracle.Case) bool {
		if twin != nil && len(quadsOf(c.Dataset)) > PilotQuads {
			return pilotShows(ctx, c, twin, accused, class, deadline)
		}
		return againstJudge(triage.Judge(ctx, c, panel, deadline), accused.Name(), class)
	}
}

// pilotShows: the fast engine answers c, and triage with its outcome in
// the judge's place puts the accused on the wrong side of class.
func pilotShows(ctx context.Context, c *oracle.Case, twin, accused oracle.Engine, class diff.Class, deadline time.Duration) bool {
	outs := oracle.Run(ctx, c, []oracle.Engine{twin, accused}, deadline)
	if outs[0].Err != nil {
		return false
	}
	outs[0].Engine = oracle.JudgeName
	return againstJudge(triage.Triage(c, outs), accused.Name(), class)
}

// RelationKeep is the Keep of a metamorphic relation's violation: the
// relation (large.Relations) still applies to the candidate's query and
// the engine still breaks it, judged against itself (large.RunRelation).
func RelationKeep(rel large.Relation, accused oracle.Engine, deadline time.Duration) Keep {
	return func(ctx context.Context, c *oracle.Case) bool {
		for _, ch := range large.RunRelations(ctx, c, []oracle.Engine{accused}, []large.Relation{rel}, deadline) {
			if ch.Engine == accused.Name() && ch.Skipped == "" && !ch.OK {
				return true
			}
		}
		return false
	}
}

// againstJudge: r has a divergence of class with name on its wrong side
// that the engine's answer compared with the judge's shows, not only a
// metamorphic check the judge ran on it when the reference had no answer
// (triage.Judge): a reduction keeping "wrong in the class" would otherwise
// slide from a wrong answer to a failed check on data where the query's
// answer is right.
func againstJudge(r *triage.Report, name string, class diff.Class) bool {
	if !shows(r, name, class) {
		return false
	}
	if v := r.Verdict(name); v != nil && v.Verdict != nil {
		return slices.Contains(v.Verdict.Classes, class)
	}
	for _, ch := range r.Metamorphic {
		if ch.Engine == name && ch.Skipped == "" && !ch.OK {
			return false
		}
	}
	return true
}
