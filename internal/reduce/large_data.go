package reduce

import (
	"slices"
	"sort"

	"github.com/sparql-oracle/oracle/internal/rdf"
)

// largeData is a large case's data as positions into the original
// dataset's graphs: a candidate is a list of positions (4 bytes a quad),
// and only the candidate being asked is built as a dataset, so the quads
// are never copied as a whole.
type largeData struct {
	graphs []*rdf.Graph // the default graph, then the named graphs in Names order
	names  []rdf.Term   // each graph's name (rdf.DefaultGraph first)
	starts []int        // the position of each graph's first triple
	n      int
}

func indexData(ds *rdf.Dataset) *largeData {
	d := &largeData{}
	if ds == nil {
		return d
	}
	d.add(rdf.DefaultGraph, ds.Default)
	for _, name := range ds.Names() {
		d.add(name, ds.Named(name, false))
	}
	return d
}

func (d *largeData) add(name rdf.Term, g *rdf.Graph) {
	d.graphs, d.names, d.starts = append(d.graphs, g), append(d.names, name), append(d.starts, d.n)
	d.n += g.Len()
}

// all lists every position.
func (d *largeData) all() []int32 {
	out := make([]int32, d.n)
	for i := range out {
		out[i] = int32(i)
	}
	return out
}

// quad is the quad at position p.
func (d *largeData) quad(p int32) rdf.Quad {
	g := sort.Search(len(d.starts), func(i int) bool { return d.starts[i] > int(p) }) - 1
	t := d.graphs[g].Triples()[int(p)-d.starts[g]]
	return rdf.Quad{S: t.S, P: t.P, O: t.O, G: d.names[g]}
}

// dataset builds the dataset of the positions ps (an empty named graph of
// the original is not kept, as the shrinker's normal form does not).
func (d *largeData) dataset(ps []int32) *rdf.Dataset {
	ds := rdf.NewDataset()
	for _, p := range ps {
		ds.Add(d.quad(p))
	}
	return ds
}

// neighbourhoods groups the positions by subject, in order of first
// appearance: all quads of a subject, whatever the graph. A blank node's
// quads go with the first subject that names it as object (an address,
// a reifier's statement): a blank node alone is rarely what a divergence
// needs, and its owner is what a query reaches it through.
func (d *largeData) neighbourhoods() [][]int32 {
	group := map[rdf.Term]int{}
	var groups [][]int32
	var subjects []rdf.Term
	owner := map[rdf.Term]rdf.Term{}
	for p := int32(0); int(p) < d.n; p++ {
		q := d.quad(p)
		if q.O.Kind == rdf.KindBlank && q.O != q.S {
			if _, ok := owner[q.O]; !ok {
				owner[q.O] = q.S
			}
		}
		g, ok := group[q.S]
		if !ok {
			g = len(groups)
			group[q.S] = g
			groups, subjects = append(groups, nil), append(subjects, q.S)
		}
		groups[g] = append(groups[g], p)
	}
	return mergeOwned(groups, subjects, group, owner)
}

// mergeOwned moves each blank subject's group into its owner's (following
// chains of blank nodes, at most len(owner) steps: a cycle stays put), in
// the order of the subjects, each group's positions kept ascending.
func mergeOwned(groups [][]int32, subjects []rdf.Term, group map[rdf.Term]int, owner map[rdf.Term]rdf.Term) [][]int32 {
	for g, s := range subjects {
		if s.Kind != rdf.KindBlank {
			continue
		}
		root, steps := s, 0
		for o, ok := owner[root]; ok && steps <= len(owner); o, ok = owner[root] {
			root, steps = o, steps+1
			if root.Kind != rdf.KindBlank {
				break
			}
		}
		if r, ok := group[root]; ok && r != g && root != s && groups[g] != nil {
			groups[r] = append(groups[r], groups[g]...)
			slices.Sort(groups[r])
			groups[g] = nil
		}
	}
	out := groups[:0]
	for _, g := range groups {
		if g != nil {
			out = append(out, g)
		}
	}
	return out
}

// flatten is the positions of gs, in order.
func flatten(gs [][]int32) []int32 {
	n := 0
	for _, g := range gs {
		n += len(g)
	}
	out := make([]int32, 0, n)
	for _, g := range gs {
		out = append(out, g...)
	}
	return out
}
