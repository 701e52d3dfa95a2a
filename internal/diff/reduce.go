package diff

import (
	"strings"
	"time"

	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// ReduceStats records what a reduction cost and achieved: the figures the
// findings page reports for every divergence.
type ReduceStats struct {
	Calls       int           // calls of stillDiverges (oracle calls)
	CacheHits   int           // candidates answered from the cache
	Elapsed     time.Duration //
	QuadsBefore int           //
	QuadsAfter  int           //
	NodesBefore int           // syntax-tree nodes (syntax.Inspect) of the query
	NodesAfter  int           //
	Stopped     bool          // stop() ended the reduction early: not minimal
}

// Reduce shrinks c while stillDiverges holds (ARCHITECTURE.md, "Reduction
// and reports"): ddmin over the dataset's quads, then one edit at a time over
// the query's syntax tree (see queryEdits), repeated until neither changes
// anything. Every candidate query is printed back to SPARQL, so every engine
// can run it; one that does not parse again is skipped without a call.
// stillDiverges must check the same divergence signature, not "some
// difference". The result is deterministic for a deterministic
// stillDiverges, and 1-minimal unless stop() ended it: removing any single
// quad, or applying any single edit, loses the divergence. stop is polled
// before every call; nil means never.
func Reduce(c *oracle.Case, stillDiverges func(*oracle.Case) bool, stop func() bool) *oracle.Case {
	out, _ := ReduceWithStats(c, stillDiverges, stop)
	return out
}

// ReduceWithStats is Reduce, also returning its figures.
func ReduceWithStats(c *oracle.Case, stillDiverges func(*oracle.Case) bool, stop func() bool) (*oracle.Case, ReduceStats) {
	start := time.Now()
	r := &reducer{still: stillDiverges, stop: stop, cache: map[string]bool{}}
	cur := *c
	cur.Dataset = datasetOf(quadsOf(c.Dataset))
	r.stats.QuadsBefore, r.stats.NodesBefore = cur.Dataset.Len(), nodeCount(cur.Query, cur.Base)
	for changed := true; changed && !r.stats.Stopped; {
		changed = r.quads(&cur)
		if r.query(&cur) {
			changed = true
		}
	}
	r.stats.QuadsAfter, r.stats.NodesAfter = cur.Dataset.Len(), nodeCount(cur.Query, cur.Base)
	r.stats.Elapsed = time.Since(start)
	return &cur, r.stats
}

type reducer struct {
	still func(*oracle.Case) bool
	stop  func() bool
	cache map[string]bool
	stats ReduceStats
}

// test asks the oracle about a candidate, once per distinct candidate.
func (r *reducer) test(c *oracle.Case) bool {
	key := c.Query + "\x00" + datasetKey(c.Dataset)
	if v, ok := r.cache[key]; ok {
		r.stats.CacheHits++
		return v
	}
	if r.stop != nil && r.stop() {
		r.stats.Stopped = true
		return false
	}
	r.stats.Calls++
	v := r.still(c)
	r.cache[key] = v
	return v
}

// quads runs ddmin (Zeller and Hildebrandt, "Simplifying and Isolating
// Failure-Inducing Input") over the dataset's quads: subsets, then
// complements, at doubling granularity down to single quads. It first
// tries the empty dataset, which many divergences need.
func (r *reducer) quads(c *oracle.Case) bool {
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

func ddmin(c []rdf.Quad, test func([]rdf.Quad) bool) []rdf.Quad {
	if test(nil) {
		return nil
	}
	n := 2
	for len(c) >= 2 {
		chunks := split(c, n)
		if next, ok := firstPassing(chunks, test); ok {
			c, n = next, 2
			continue
		}
		if next, ok := firstPassing(complements(c, chunks), test); ok {
			c, n = next, max(n-1, 2)
			continue
		}
		if n >= len(c) {
			break
		}
		n = min(2*n, len(c))
	}
	return c
}

func firstPassing(cands [][]rdf.Quad, test func([]rdf.Quad) bool) ([]rdf.Quad, bool) {
	if len(cands) < 2 {
		return nil, false // a single chunk is the whole input
	}
	for _, s := range cands {
		if test(s) {
			return s, true
		}
	}
	return nil, false
}

// split cuts c into n nearly equal consecutive chunks.
func split(c []rdf.Quad, n int) [][]rdf.Quad {
	var out [][]rdf.Quad
	for i, start := 0, 0; i < n; i++ {
		end := start + (len(c)-start)/(n-i)
		out = append(out, c[start:end])
		start = end
	}
	return out
}

func complements(c []rdf.Quad, chunks [][]rdf.Quad) [][]rdf.Quad {
	var out [][]rdf.Quad
	start := 0
	for _, ch := range chunks {
		rest := append(append([]rdf.Quad(nil), c[:start]...), c[start+len(ch):]...)
		out = append(out, rest)
		start += len(ch)
	}
	return out
}

// query applies single edits to the query tree, keeping the first that
// preserves the divergence, until none does. It reports a change.
func (r *reducer) query(c *oracle.Case) bool {
	q, err := syntax.Parse(c.Query, syntax.Options{Base: c.Base})
	if err != nil {
		return false
	}
	changed := false
	for !r.stats.Stopped {
		next, ok := r.oneEdit(c, q)
		if !ok {
			break
		}
		q, changed = next, true
	}
	return changed
}

// oneEdit tries every edit of q in order and returns the first kept one.
func (r *reducer) oneEdit(c *oracle.Case, q *syntax.Query) (*syntax.Query, bool) {
	for _, s := range editSites(q) {
		cand := applyEdit(q, s)
		text := cand.String()
		parsed, err := syntax.Parse(text, syntax.Options{Base: c.Base})
		if err != nil || text == c.Query {
			continue
		}
		v := *c
		v.Query = text
		if r.test(&v) {
			c.Query = text
			return parsed, true
		}
		if r.stats.Stopped {
			break
		}
	}
	return nil, false
}

func quadsOf(ds *rdf.Dataset) []rdf.Quad {
	if ds == nil {
		return nil
	}
	return ds.Quads()
}

func datasetOf(qs []rdf.Quad) *rdf.Dataset {
	ds := rdf.NewDataset()
	for _, q := range qs {
		ds.Add(q)
	}
	return ds
}

func datasetKey(ds *rdf.Dataset) string {
	var b strings.Builder
	for _, q := range quadsOf(ds) {
		b.WriteString(q.String())
		b.WriteByte('\n')
	}
	return b.String()
}

// nodeCount is the size of the query's syntax tree; -1 if it does not parse.
func nodeCount(query, base string) int {
	q, err := syntax.Parse(query, syntax.Options{Base: base})
	if err != nil {
		return -1
	}
	n := 0
	syntax.Inspect(q, func(syntax.Node) bool { n++; return true })
	return n
}
