package engine

import (
	"slices"
	"sort"
	"sync"

	"github.com/sparql-oracle/oracle/internal/rdf"
)

// ID is an interned term. 0 is "no term" (an unbound variable).
type ID = uint32

// trip is one triple in the order of one permutation index: SPO stores
// (s,p,o), POS stores (p,o,s), OSP stores (o,s,p).
type trip struct{ a, b, c ID }

func cmpID(a, b ID) int {
	if a < b {
		return -1
	}
	if a > b {
		return 1
	}
	return 0
}

// pstat is per-predicate statistics used by the planner.
type pstat struct{ n, subjects, objects int }

// gindex holds one graph: three sorted permutations, the node set
// (#defn_nodeSet) and statistics.
type gindex struct {
	spo, pos, osp []trip
	nodes         []ID
	preds         map[ID]pstat
	subjects      int
	objects       int
}

// Store is a dataset loaded into the dictionary and indexes. It is
// read-only after Load, so many queries may run on it at once.
type Store struct {
	dict   *dict
	graphs []*gindex // 0 is the default graph
	names  []ID      // graph name per graph index (names[0] = 0)
	byName map[ID]int
	nums   numCache // exact numeric values per id, decoded on first use (numeric.go)
}

// Load interns every term of ds and builds the indexes of every graph.
func Load(ds *rdf.Dataset) *Store {
	if ds == nil {
		ds = rdf.NewDataset()
	}
	s := &Store{dict: newDict(), byName: map[ID]int{}}
	s.dict.reserve(ds.Len())
	s.addGraph(0, ds.Default)
	for _, n := range ds.Names() {
		id := s.dict.intern(n)
		s.byName[id] = len(s.graphs)
		s.addGraph(id, ds.Named(n, false))
	}
	s.dict.trim()
	return s
}

func (s *Store) addGraph(name ID, g *rdf.Graph) {
	ts := g.Triples()
	spo := make([]trip, len(ts))
	for i, t := range ts {
		spo[i] = trip{s.dict.intern(t.S), s.dict.intern(t.P), s.dict.intern(t.O)}
	}
	s.graphs = append(s.graphs, buildIndex(spo, s.dict.size()))
	s.names = append(s.names, name)
}

// buildIndex sorts the three permutations (ids are below n) and computes
// the statistics.
func buildIndex(spo []trip, n int) *gindex {
	var idx [3][]trip
	var wg sync.WaitGroup
	for pm := range idx {
		wg.Go(func() { idx[pm] = permuted(spo, perm(pm), n) })
	}
	wg.Wait()
	gi := &gindex{spo: idx[permSPO], pos: idx[permPOS], osp: idx[permOSP], preds: map[ID]pstat{}}
	gi.stats()
	return gi
}

// permuted is the sorted index of spo's triples in the order pm: a
// counting sort on the first component (ids are dense, below n), then
// each run of one first component sorted by the other two packed in a
// uint64 (an ordered sort, without a comparison function).
func permuted(spo []trip, pm perm, n int) []trip {
	start := make([]uint32, n+1)
	for _, t := range spo {
		start[reorder(t, pm).a+1]++
	}
	widest := uint32(0)
	for i := 1; i <= n; i++ {
		widest = max(widest, start[i])
		start[i] += start[i-1]
	}
	out := make([]trip, len(spo))
	next := slices.Clone(start[:n])
	for _, t := range spo {
		t = reorder(t, pm)
		out[next[t.a]] = t
		next[t.a]++
	}
	keys := make([]uint64, widest)
	for a := 0; a < n; a++ {
		if run := out[start[a]:start[a+1]]; len(run) > 1 {
			sortRun(run, keys[:len(run)])
		}
	}
	return out
}

// sortRun sorts triples that share their first component by (b, c).
func sortRun(run []trip, keys []uint64) {
	for i, t := range run {
		keys[i] = uint64(t.b)<<32 | uint64(t.c)
	}
	slices.Sort(keys)
	for i, k := range keys {
		run[i].b, run[i].c = ID(k>>32), ID(k)
	}
}

// reorder reads an SPO triple in the order of pm.
func reorder(t trip, pm perm) trip {
	switch pm {
	case permPOS:
		return trip{t.b, t.c, t.a}
	case permOSP:
		return trip{t.c, t.a, t.b}
	}
	return t
}

// stats counts per predicate triples, distinct subjects and objects, and
// builds the node set as the sorted union of subjects and objects.
func (gi *gindex) stats() {
	for i, t := range gi.pos {
		st := gi.preds[t.a]
		st.n++
		if i == 0 || gi.pos[i-1].a != t.a || gi.pos[i-1].b != t.b {
			st.objects++
		}
		gi.preds[t.a] = st
	}
	for i, t := range gi.spo {
		if i == 0 || gi.spo[i-1].a != t.a || gi.spo[i-1].b != t.b {
			st := gi.preds[t.b]
			st.subjects++
			gi.preds[t.b] = st
		}
	}
	var subj, obj []ID
	for i, t := range gi.spo {
		if i == 0 || gi.spo[i-1].a != t.a {
			subj = append(subj, t.a)
		}
	}
	for i, t := range gi.osp {
		if i == 0 || gi.osp[i-1].a != t.a {
			obj = append(obj, t.a)
		}
	}
	gi.subjects, gi.objects = len(subj), len(obj)
	gi.nodes = mergeDistinct(subj, obj)
}

func mergeDistinct(a, b []ID) []ID {
	out := make([]ID, 0, len(a)+len(b))
	out = append(out, a...)
	out = append(out, b...)
	slices.Sort(out)
	return slices.Compact(out)
}

// rng returns the triples of idx whose first n components equal key's.
func rng(idx []trip, key trip, n int) []trip {
	lo := sort.Search(len(idx), func(i int) bool { return prefixCmp(idx[i], key, n) >= 0 })
	hi := lo + sort.Search(len(idx)-lo, func(i int) bool { return prefixCmp(idx[lo+i], key, n) > 0 })
	return idx[lo:hi]
}

func prefixCmp(x, k trip, n int) int {
	if c := cmpID(x.a, k.a); c != 0 || n == 1 {
		return c
	}
	if c := cmpID(x.b, k.b); c != 0 || n == 2 {
		return c
	}
	return cmpID(x.c, k.c)
}

// match returns the triples matching s, p, o (0 = any) from the best index,
// with a decoder back to (s, p, o).
func (gi *gindex) match(s, p, o ID) ([]trip, perm) {
	switch {
	case s != 0 && p != 0 && o != 0:
		return rng(gi.spo, trip{s, p, o}, 3), permSPO
	case s != 0 && p != 0:
		return rng(gi.spo, trip{s, p, 0}, 2), permSPO
	case s != 0 && o != 0:
		return rng(gi.osp, trip{o, s, 0}, 2), permOSP
	case p != 0 && o != 0:
		return rng(gi.pos, trip{p, o, 0}, 2), permPOS
	case s != 0:
		return rng(gi.spo, trip{s, 0, 0}, 1), permSPO
	case p != 0:
		return rng(gi.pos, trip{p, 0, 0}, 1), permPOS
	case o != 0:
		return rng(gi.osp, trip{o, 0, 0}, 1), permOSP
	}
	return gi.spo, permSPO
}

// perm says how to read (s, p, o) back from a trip of an index.
type perm uint8

const (
	permSPO perm = iota
	permPOS
	permOSP
)

func (pm perm) spo(t trip) (ID, ID, ID) {
	switch pm {
	case permPOS:
		return t.c, t.a, t.b
	case permOSP:
		return t.b, t.c, t.a
	}
	return t.a, t.b, t.c
}

// count is the number of triples matching s, p, o (0 = any).
func (gi *gindex) count(s, p, o ID) int {
	ts, _ := gi.match(s, p, o)
	return len(ts)
}

// hasNode reports whether n is in nodes(G) (#defn_nodeSet).
func (gi *gindex) hasNode(n ID) bool {
	_, ok := slices.BinarySearch(gi.nodes, n)
	return ok
}

// dataset rebuilds the loaded dataset (for FROM and FROM NAMED, which
// build a new one from its graphs); the store keeps no other copy.
func (s *Store) dataset() *rdf.Dataset {
	ds := rdf.NewDataset()
	for i, gi := range s.graphs {
		name := s.dict.term(s.names[i])
		if i > 0 {
			ds.Named(name, true)
		}
		for _, t := range gi.spo {
			ds.Add(rdf.Quad{S: s.dict.term(t.a), P: s.dict.term(t.b), O: s.dict.term(t.c), G: name})
		}
	}
	return ds
}
