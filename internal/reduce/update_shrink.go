package reduce

import (
	"fmt"
	"time"

	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// ShrinkUpdate is Shrink for an update case (a request and the store before
// it): ddmin over the store's quads, then single steps (the edits of
// update_edits.go, a literal shrunk in store and request together) taken
// when the candidate is strictly smaller by updateSize and still holds, to
// a fixpoint; then the same verification as Shrink (Stats.Tried,
// Stats.Minimal, Stats.Kept, Stats.Flaky). Candidates are printed and
// parsed again (syntax.ParseUpdate, its static checks included): one that
// does not parse is never asked.
func ShrinkUpdate(c *oracle.UpdateCase, still func(*oracle.UpdateCase) bool, stop func() bool) (*oracle.UpdateCase, Stats) {
	start := time.Now()
	r := &updateShrinker{still: still, stop: stop, cache: map[string]bool{}}
	cur := *c
	cur.Store = datasetOf(quadsOf(c.Store))
	r.stats.QuadsBefore, r.stats.NodesBefore = cur.Store.Len(), UpdateNodeCount(cur.Update, cur.Base)
	for round := 0; round < maxRounds && !r.stats.Stopped; round++ {
		r.fixpoint(&cur)
		next, smaller := r.verify(&cur)
		if !smaller {
			break
		}
		cur = *next
	}
	r.stats.QuadsAfter, r.stats.NodesAfter = cur.Store.Len(), UpdateNodeCount(cur.Update, cur.Base)
	r.stats.Elapsed = time.Since(start)
	return &cur, r.stats
}

// UpdateNodeCount is the size of a request's tree (updateNodes); -1 if it
// does not parse.
func UpdateNodeCount(request, base string) int {
	u, err := syntax.ParseUpdate(request, syntax.Options{Base: base})
	if err != nil {
		return -1
	}
	return len(updateNodes(u))
}

type updateCandidate struct {
	what string
	c    *oracle.UpdateCase
}

type updateShrinker struct {
	still func(*oracle.UpdateCase) bool
	stop  func() bool
	cache map[string]bool
	stats Stats
}

func (r *updateShrinker) fixpoint(cur *oracle.UpdateCase) {
	for changed := true; changed && !r.stats.Stopped; {
		changed = r.quads(cur)
		for !r.stats.Stopped {
			next, ok := r.firstKept(updateSteps(cur))
			if !ok {
				break
			}
			*cur, changed = *next, true
		}
	}
}

func (r *updateShrinker) test(c *oracle.UpdateCase) bool {
	key := c.Update + "\x00" + datasetKey(c.Store)
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

func (r *updateShrinker) call(c *oracle.UpdateCase) (v, ok bool) {
	if r.stop != nil && r.stop() {
		r.stats.Stopped = true
		return false, false
	}
	r.stats.Calls++
	return r.still(c), true
}

func (r *updateShrinker) firstKept(cands []updateCandidate) (*oracle.UpdateCase, bool) {
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
// cache, as shrinker.verify does.
func (r *updateShrinker) verify(cur *oracle.UpdateCase) (*oracle.UpdateCase, bool) {
	r.stats.Tried, r.stats.Kept, r.stats.Minimal, r.stats.Flaky = 0, nil, false, false
	if r.stats.Stopped {
		return nil, false
	}
	if v, ok := r.call(cur); !ok || !v {
		r.stats.Flaky = ok
		return nil, false
	}
	var first *oracle.UpdateCase
	for _, cd := range append(storeSteps(cur), updateSteps(cur)...) {
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

// quads runs ddmin over the store's quads (the empty store first).
func (r *updateShrinker) quads(c *oracle.UpdateCase) bool {
	qs := quadsOf(c.Store)
	if len(qs) == 0 {
		return false
	}
	try := func(sub []rdf.Quad) bool {
		v := *c
		v.Store = datasetOf(sub)
		return r.test(&v)
	}
	out := ddmin(qs, try)
	if len(out) == len(qs) {
		return false
	}
	c.Store = datasetOf(out)
	return true
}

// storeSteps are the cases with one quad of the store removed.
func storeSteps(c *oracle.UpdateCase) []updateCandidate {
	qs := quadsOf(c.Store)
	out := make([]updateCandidate, len(qs))
	for i := range qs {
		v := *c
		v.Store = datasetOf(remove(append([]rdf.Quad(nil), qs...), i))
		out[i] = updateCandidate{"remove quad " + qs[i].String(), &v}
	}
	return out
}

// updateSteps are the single edits and literal shrinks of c that parse
// again and make the case smaller, edits first, in a fixed order.
func updateSteps(c *oracle.UpdateCase) []updateCandidate {
	u, err := syntax.ParseUpdate(c.Update, syntax.Options{Base: c.Base})
	if err != nil {
		return nil
	}
	var all []updateCandidate
	for _, s := range updateSites(u) {
		v := *c
		v.Update = applyUpdateEdit(u, s).String()
		all = append(all, updateCandidate{fmt.Sprintf("%s at node %d", s.kind, s.node), &v})
	}
	all = append(all, updateLiteralCandidates(c, u)...)
	cur := updateSizeOf(c)
	var out []updateCandidate
	for _, cd := range all {
		if updateSizeOf(cd.c).less(cur) {
			out = append(out, cd)
		}
	}
	return out
}

// updateSizeOf is size for an update case: store quads, request nodes,
// constants, text length, text. A request that does not parse is never
// smaller.
func updateSizeOf(c *oracle.UpdateCase) size {
	s := size{quads: c.Store.Len(), query: c.Update, data: datasetKey(c.Store)}
	s.length = len(s.query) + len(s.data)
	u, err := syntax.ParseUpdate(c.Update, syntax.Options{Base: c.Base})
	if err != nil {
		s.nodes, s.consts = 1<<30, 1<<30
		return s
	}
	for _, n := range updateNodes(u) {
		s.nodes++
		switch n.(type) {
		case *syntax.IRI, *syntax.Literal:
			s.consts++
		}
	}
	return s
}

// updateLiteralCandidates shrink one literal everywhere at once, in the
// store and in the request (literalCandidates for updates).
func updateLiteralCandidates(c *oracle.UpdateCase, u *syntax.Update) []updateCandidate {
	var lits []rdf.Term
	seen := map[rdf.Term]bool{}
	add := func(t rdf.Term) {
		if t.IsLiteral() && !seen[t] {
			seen[t] = true
			lits = append(lits, t)
		}
	}
	for _, q := range quadsOf(c.Store) {
		add(q.S)
		add(q.O)
	}
	for _, n := range updateNodes(u) {
		if l, ok := n.(*syntax.Literal); ok {
			add(termOf(l))
		}
	}
	var out []updateCandidate
	for _, t := range lits {
		for _, s := range shrinkTerm(t) {
			v := *c
			v.Store = replaceInData(c.Store, t, s)
			v.Update = replaceInUpdate(u, t, s).String()
			out = append(out, updateCandidate{"shrink-literal-everywhere " + t.String() + " -> " + s.String(), &v})
		}
	}
	return out
}

func replaceInUpdate(u *syntax.Update, from, to rdf.Term) *syntax.Update {
	c := syntax.Clone(u)
	for _, n := range updateNodes(c) {
		if l, ok := n.(*syntax.Literal); ok && termOf(l) == from {
			*l = literalOf(l, to)
		}
	}
	return c
}
