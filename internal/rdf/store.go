package rdf

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
	for i, u := range g.triples {
		if u == t {
			g.triples = append(g.triples[:i], g.triples[i+1:]...)
			break
		}
	}
	return true
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
	for i, n := range d.names {
		if n == name {
			d.names = append(d.names[:i], d.names[i+1:]...)
			break
		}
	}
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
