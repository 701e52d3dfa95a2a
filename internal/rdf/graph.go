package rdf

import "sort"

// Graph is a set of triples kept in insertion order.
type Graph struct {
	triples []Triple
	set     map[Triple]struct{}
}

// NewGraph returns an empty graph holding the given triples (duplicates dropped).
func NewGraph(ts ...Triple) *Graph {
	g := &Graph{set: map[Triple]struct{}{}}
	for _, t := range ts {
		g.Add(t)
	}
	return g
}

// Add inserts t; it reports whether t was new.
func (g *Graph) Add(t Triple) bool {
	if g.set == nil {
		g.set = map[Triple]struct{}{}
	}
	if _, ok := g.set[t]; ok {
		return false
	}
	g.set[t] = struct{}{}
	g.triples = append(g.triples, t)
	return true
}

// Has reports whether t is in the graph.
func (g *Graph) Has(t Triple) bool {
	if g == nil {
		return false
	}
	_, ok := g.set[t]
	return ok
}

// Triples returns the triples in insertion order. The caller must not modify the slice.
func (g *Graph) Triples() []Triple {
	if g == nil {
		return nil
	}
	return g.triples
}

// Len is the number of triples.
func (g *Graph) Len() int {
	if g == nil {
		return 0
	}
	return len(g.triples)
}

// Dataset is an RDF dataset: one default graph and zero or more named graphs.
// A named graph may be empty (it is still a member of the dataset).
type Dataset struct {
	Default *Graph
	named   map[Term]*Graph
	names   []Term
}

// NewDataset returns an empty dataset.
func NewDataset() *Dataset {
	return &Dataset{Default: NewGraph(), named: map[Term]*Graph{}}
}

// Add inserts a quad; q.G == DefaultGraph adds to the default graph.
func (d *Dataset) Add(q Quad) bool {
	if q.G.IsZero() {
		return d.Default.Add(q.Triple())
	}
	return d.Named(q.G, true).Add(q.Triple())
}

// Named returns the named graph called name; with create it is made when absent,
// otherwise nil is returned for an absent name.
func (d *Dataset) Named(name Term, create bool) *Graph {
	if d.named == nil {
		d.named = map[Term]*Graph{}
	}
	g, ok := d.named[name]
	if !ok && create {
		g = NewGraph()
		d.named[name] = g
		d.names = append(d.names, name)
	}
	return g
}

// Names returns the named graphs' names, sorted by their N-Triples form.
func (d *Dataset) Names() []Term {
	out := append([]Term(nil), d.names...)
	sort.Slice(out, func(i, j int) bool { return out[i].String() < out[j].String() })
	return out
}

// Quads returns every quad: the default graph first, then named graphs in Names order.
func (d *Dataset) Quads() []Quad {
	var out []Quad
	for _, t := range d.Default.Triples() {
		out = append(out, Quad{t.S, t.P, t.O, DefaultGraph})
	}
	for _, n := range d.Names() {
		for _, t := range d.named[n].Triples() {
			out = append(out, Quad{t.S, t.P, t.O, n})
		}
	}
	return out
}

// Len is the number of quads.
func (d *Dataset) Len() int {
	n := d.Default.Len()
	for _, g := range d.named {
		n += g.Len()
	}
	return n
}
