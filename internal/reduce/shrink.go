package reduce

import (
	"fmt"
	"time"

	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
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
}

// maxRounds bounds how often a verification that found a smaller case
// (an engine that answered otherwise the second time) restarts the
// fixpoint from it.
const maxRounds = 3

// Shrink reduces c while still holds (ARCHITECTURE.md, "Reduction and
// reports"): ddmin over the dataset's quads, then single steps (tree edits
// of edits*.go, literals shrunk in data and query together) taken one at a
// time, each only when the candidate is smaller (size) and still holds,
// repeated to a fixpoint; then the verification (Stats.Tried,
// Stats.Minimal). Candidates are asked once each, cached by query text and
// data. still must check one engine's divergence in one class, never "some
// difference". The result is deterministic for a deterministic still. stop
// is polled before every call; nil means never.
func Shrink(c *oracle.Case, still func(*oracle.Case) bool, stop func() bool) (*oracle.Case, Stats) {
	start := time.Now()
	r := &shrinker{still: still, stop: stop, cache: map[string]bool{}}
	cur := *c
	cur.Dataset = datasetOf(quadsOf(c.Dataset))
	r.stats.QuadsBefore, r.stats.NodesBefore = cur.Dataset.Len(), NodeCount(cur.Query, cur.Base)
	for round := 0; round < maxRounds && !r.stats.Stopped; round++ {
		r.fixpoint(&cur)
		next, smaller := r.verify(&cur)
		if !smaller {
			break
		}
		cur = *next
	}
	r.stats.QuadsAfter, r.stats.NodesAfter = cur.Dataset.Len(), NodeCount(cur.Query, cur.Base)
	r.stats.Elapsed = time.Since(start)
	return &cur, r.stats
}

type shrinker struct {
	still func(*oracle.Case) bool
	stop  func() bool
	cache map[string]bool
	stats Stats
}

func (r *shrinker) fixpoint(cur *oracle.Case) {
	for changed := true; changed && !r.stats.Stopped; {
		changed = r.quads(cur)
		for !r.stats.Stopped {
			next, ok := r.firstKept(steps(cur))
			if !ok {
				break
			}
			*cur, changed = *next, true
		}
	}
}

// test asks the oracle about a candidate, once per distinct candidate.
func (r *shrinker) test(c *oracle.Case) bool {
	key := c.Query + "\x00" + datasetKey(c.Dataset)
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
func (r *shrinker) call(c *oracle.Case) (v, ok bool) {
	if r.stop != nil && r.stop() {
		r.stats.Stopped = true
		return false, false
	}
	r.stats.Calls++
	return r.still(c), true
}

func (r *shrinker) firstKept(cands []candidate) (*oracle.Case, bool) {
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
func (r *shrinker) verify(cur *oracle.Case) (*oracle.Case, bool) {
	r.stats.Tried, r.stats.Kept, r.stats.Minimal, r.stats.Flaky = 0, nil, false, false
	if r.stats.Stopped {
		return nil, false
	}
	if v, ok := r.call(cur); !ok || !v {
		r.stats.Flaky = ok
		return nil, false
	}
	var first *oracle.Case
	for _, cd := range append(quadSteps(cur), steps(cur)...) {
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
// Failure-Inducing Input") over the dataset's quads: subsets, then
// complements, at doubling granularity down to single quads. It first
// tries the empty dataset, which many divergences need.
func (r *shrinker) quads(c *oracle.Case) bool {
	qs := quadsOf(c.Dataset)
	if len(qs) == 0 {
		return false
	}
	try := func(sub []rdf.Quad) bool {
		v := *c
		v.Dataset = datasetOf(sub)
		return r.test(&v)
	}
	out := ddmin(qs, try)
	if len(out) == len(qs) {
		return false
	}
	c.Dataset = datasetOf(out)
	return true
}

// quadSteps are the cases with one quad removed.
func quadSteps(c *oracle.Case) []candidate {
	qs := quadsOf(c.Dataset)
	out := make([]candidate, len(qs))
	for i := range qs {
		v := *c
		v.Dataset = datasetOf(remove(append([]rdf.Quad(nil), qs...), i))
		out[i] = candidate{"remove quad " + qs[i].String(), &v}
	}
	return out
}

// steps are the single tree edits and literal shrinks of c that parse
// again and make the case smaller, tree edits first (parents before
// children), in a fixed order.
func steps(c *oracle.Case) []candidate {
	q, err := syntax.Parse(c.Query, syntax.Options{Base: c.Base})
	if err != nil {
		return nil
	}
	var all []candidate
	for _, s := range editSites(q) {
		v := *c
		v.Query = applyEdit(q, s).String()
		all = append(all, candidate{fmt.Sprintf("%s at node %d", s.kind, s.node), &v})
	}
	all = append(all, literalCandidates(c)...)
	cur := sizeOf(c)
	var out []candidate
	for _, cd := range all {
		if sizeOf(cd.c).less(cur) { // a query that does not parse again is never smaller
			out = append(out, cd)
		}
	}
	return out
}
