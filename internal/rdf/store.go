package rdf

import "slices"

// A Dataset serves as a graph store (SPARQL 1.1 Update #defn_graphStore):
// one unnamed slot (Default) and named slots. A named slot may hold the
// empty graph: an empty named graph is present, an absent one is not
// (Has). These helpers let update operations change slots and graphs.

// Remove deletes t; it reports whether t was there.
func (g *Graph) Remove(t Triple) bool {
	if g == nil {
		return false
	}
	if _, ok := g.set[t]; !ok {
		return false
	}
	delete(g.set, t)
	g.triples = deleteFirst(g.triples, t)
	return true
}

// deleteFirst removes the first x from xs, keeping the order of the rest.
func deleteFirst[T comparable](xs []T, x T) []T {
	if i := slices.Index(xs, x); i >= 0 {
		return slices.Delete(xs, i, i+1)
	}
	return xs
}

// Clone returns a copy of g.
func (g *Graph) Clone() *Graph {
	return NewGraph(g.Triples()...)
}

// Has reports whether the named slot name exists (its graph may be empty).
func (d *Dataset) Has(name Term) bool {
	_, ok := d.named[name]
	return ok
}

// Drop removes the named slot name and its graph; it reports whether the
// slot existed.
func (d *Dataset) Drop(name Term) bool {
	if _, ok := d.named[name]; !ok {
		return false
	}
	delete(d.named, name)
	d.names = deleteFirst(d.names, name)
	return true
}

// Clone returns a deep copy of d: changing one never changes the other.
func (d *Dataset) Clone() *Dataset {
	c := NewDataset()
	if d == nil {
		return c
	}
	c.Default = d.Default.Clone()
	for _, n := range d.names {
		c.named[n] = d.named[n].Clone()
		c.names = append(c.names, n)
	}
	return c
}

// Using returns the dataset an update's USING and USING NAMED clauses
// describe over the store d (SPARQL 1.1 Update #defUSING, "in the same way
// as FROM and FROM NAMED"): the graphs named in using merged into the
// default graph, those in named as named graphs. How the graphs are
// obtained is implementation dependent; here they are d's named graphs,
// and one d lacks is empty (docs/spec-questions.md).
func (d *Dataset) Using(using, named []string) *Dataset {
	ds := NewDataset()
	for _, iri := range using {
		for _, t := range d.Named(IRI(iri), false).Triples() {
			ds.Default.Add(t)
		}
	}
	for _, iri := range named {
		g := ds.Named(IRI(iri), true)
		for _, t := range d.Named(IRI(iri), false).Triples() {
			g.Add(t)
		}
	}
	return ds
}
