package reduce

import (
	"time"

	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/triage"
)

// Stats records what a reduction cost and achieved: the figures reports
// print for every finding.
type Stats struct {
	Calls       int           // calls of the predicate (oracle calls), verification included
	CacheHits   int           // candidates answered from the cache
	Elapsed     time.Duration //
	QuadsBefore int           //
	QuadsAfter  int           //
	NodesBefore int           // syntax-tree nodes (syntax.Inspect) of the query
	NodesAfter  int           //
	Stopped     bool          // stop() ended the reduction early: not minimal

	// The verification after the fixpoint: every single step the reducer
	// knows (remove one quad, one tree edit, one literal shrunk everywhere)
	// re-run on the result, without the cache.
	Tried   int      // single-step candidates re-run
	Minimal bool     // all Tried lost the divergence and the result kept it on a re-run
	Kept    []string // the steps that kept it anyway (then not Minimal)
	Flaky   bool     // the result itself lost the divergence when re-run

	// Triggers are, per engine wrong on the result, the constructs its
	// divergence needs (Trigger: ablation on the result); an engine
	// absent was not ablated.
	Triggers map[string][]string
	// Faces are, per engine whose ablation found a wrong value under the
	// rows the reduced case dropped or added (Ablation.Face), the judge's
	// report on the ablated case: its class and symptom name the root
	// cause.
	Faces map[string]*triage.Report `json:"-"`
}

// maxRounds bounds how often a verification that found a smaller case
// (an engine that answered otherwise the second time) restarts the
// fixpoint from it.
const maxRounds = 3

// Shrink reduces c while still holds (docs/architecture.md, "Reduction
// and reports"): ddmin over the dataset's quads, then single steps (tree
// edits of edits*.go, literals shrunk in data and query together) taken
// one at a time, each only when the candidate is smaller (size) and still
// holds, repeated to a fixpoint; then the verification (Stats.Tried,
// Stats.Minimal). Candidates are asked once each, cached by query text and
// data. still must check one engine's divergence in one class, never
// "some difference". The result is deterministic for a deterministic
// still. stop is polled before every call; nil means never.
func Shrink(c *oracle.Case, still func(*oracle.Case) bool, stop func() bool) (*oracle.Case, Stats) {
	return shrink(queryForm, c, still, stop)
}

// ShrinkUpdate is Shrink for an update case (a request and the store
// before it): the same driver over the store's quads and the edits of
// update_edits.go, candidates parsed again with syntax.ParseUpdate (its
// static checks included).
func ShrinkUpdate(c *oracle.Case, still func(*oracle.Case) bool, stop func() bool) (*oracle.Case, Stats) {
	return shrink(updateForm, c, still, stop)
}

// shrink is the one driver for every form of case.
func shrink[C any](f form[C], c *C, still func(*C) bool, stop func() bool) (*C, Stats) {
	start := time.Now()
	r := &shrinker[C]{f: f, still: still, stop: stop, cache: map[string]bool{}}
	cur := f.normal(c)
	r.stats.QuadsBefore, r.stats.NodesBefore = (*f.data(cur)).Len(), f.nodes(cur)
	for round := 0; round < maxRounds && !r.stats.Stopped; round++ {
		r.fixpoint(cur)
		next, smaller := r.verify(cur)
		if !smaller {
			break
		}
		cur = next
	}
	r.stats.QuadsAfter, r.stats.NodesAfter = (*f.data(cur)).Len(), f.nodes(cur)
	r.stats.Elapsed = time.Since(start)
	return cur, r.stats
}

type shrinker[C any] struct {
	f     form[C]
	still func(*C) bool
	stop  func() bool
	cache map[string]bool
	stats Stats
}

func (r *shrinker[C]) fixpoint(cur *C) {
	for changed := true; changed && !r.stats.Stopped; {
		changed = r.quads(cur)
		for !r.stats.Stopped {
			next, ok := r.firstKept(r.f.steps(cur))
			if !ok {
				break
			}
			*cur, changed = *next, true
		}
	}
}

// test asks the oracle about a candidate, once per distinct candidate.
func (r *shrinker[C]) test(c *C) bool {
	key := r.f.key(c)
	if v, ok := r.cache[key]; ok {
		r.stats.CacheHits++
		return v
	}
	v, ok := r.call(c)
	if ok {
		r.cache[key] = v
	}
	return v
}

// call runs still unless stop says no more; ok is false when stopped.
func (r *shrinker[C]) call(c *C) (v, ok bool) {
	if r.stop != nil && r.stop() {
		r.stats.Stopped = true
		return false, false
	}
	r.stats.Calls++
	return r.still(c), true
}

func (r *shrinker[C]) firstKept(cands []candidate[C]) (*C, bool) {
	for _, cd := range cands {
		if r.test(cd.c) {
			return cd.c, true
		}
		if r.stats.Stopped {
			break
		}
	}
	return nil, false
}

// verify re-runs the result and every single step from it, without the
// cache. A step that keeps the divergence is returned (smaller true) so
// the fixpoint can go on from it.
func (r *shrinker[C]) verify(cur *C) (*C, bool) {
	r.stats.Tried, r.stats.Kept, r.stats.Minimal, r.stats.Flaky = 0, nil, false, false
	if r.stats.Stopped {
		return nil, false
	}
	if v, ok := r.call(cur); !ok || !v {
		r.stats.Flaky = ok
		return nil, false
	}
	var first *C
	for _, cd := range append(r.f.quadSteps(cur), r.f.steps(cur)...) {
		v, ok := r.call(cd.c)
		if !ok {
			return nil, false
		}
		r.stats.Tried++
		if v {
			r.stats.Kept = append(r.stats.Kept, cd.what)
			if first == nil {
				first = cd.c
			}
		}
	}
	r.stats.Minimal = first == nil
	return first, first != nil
}

// quads runs ddmin (Zeller and Hildebrandt, "Simplifying and Isolating
// Failure-Inducing Input") over the data's quads: subsets, then
// complements, at doubling granularity down to single quads. It first
// tries no data at all, which many divergences need.
func (r *shrinker[C]) quads(c *C) bool {
	qs := r.f.quads(c)
	if len(qs) == 0 {
		return false
	}
	try := func(sub []rdf.Quad) bool { return r.test(r.f.withData(c, datasetOf(sub))) }
	out := ddmin(qs, try, func() bool { return r.stats.Stopped })
	if len(out) == len(qs) {
		return false
	}
	*r.f.data(c) = datasetOf(out)
	return true
}
