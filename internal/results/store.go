package results

import (
	"sort"

	"github.com/sparql-oracle/oracle/internal/rdf"
)

// GraphStore is the kind of an update's answer: the graph store after the
// request (SPARQL 1.1 Update #defn_graphStore), in Answer.Store.
const GraphStore Kind = Graph + 1

// Store is a graph store as an answer: the default graph and every named
// graph, an empty named graph included (it exists; an absent one does not).
// Err is set when the request failed: the answer to a failing request is the
// error and the store as the engine left it.
type Store struct {
	Default []rdf.Triple
	Named   []NamedGraph // sorted by name
	Err     string
}

// NamedGraph is one named slot of a Store.
type NamedGraph struct {
	Name    rdf.Term
	Triples []rdf.Triple
}

// StoreOf copies a dataset into a Store.
func StoreOf(ds *rdf.Dataset) *Store {
	s := &Store{}
	if ds == nil {
		return s
	}
	s.Default = append([]rdf.Triple(nil), ds.Default.Triples()...)
	for _, n := range ds.Names() {
		s.Named = append(s.Named, NamedGraph{Name: n, Triples: append([]rdf.Triple(nil), ds.Named(n, false).Triples()...)})
	}
	return s
}

// Dataset builds the dataset the store holds.
func (s *Store) Dataset() *rdf.Dataset {
	ds := rdf.NewDataset()
	for _, t := range s.Default {
		ds.Default.Add(t)
	}
	for _, g := range s.Named {
		ng := ds.Named(g.Name, true)
		for _, t := range g.Triples {
			ng.Add(t)
		}
	}
	return ds
}

// Graph returns the named graph called name, or nil when absent.
func (s *Store) Graph(name rdf.Term) *NamedGraph {
	i := sort.Search(len(s.Named), func(i int) bool { return s.Named[i].Name.String() >= name.String() })
	if i < len(s.Named) && s.Named[i].Name == name {
		return &s.Named[i]
	}
	return nil
}

// Quads lists every quad: the default graph's first (G zero), then the named graphs'.
func (s *Store) Quads() []rdf.Quad {
	var out []rdf.Quad
	for _, t := range s.Default {
		out = append(out, rdf.Quad{S: t.S, P: t.P, O: t.O})
	}
	for _, g := range s.Named {
		for _, t := range g.Triples {
			out = append(out, rdf.Quad{S: t.S, P: t.P, O: t.O, G: g.Name})
		}
	}
	return out
}

// StoreAnswer wraps a store as an Answer.
func StoreAnswer(s *Store) *Answer { return &Answer{Kind: GraphStore, Store: s} }

// StoreFreedom is what the Update text leaves open about a request's
// outcome, attached by the judge (Freedom.Update). The comparator accepts
// the judge's store, or any of Alternatives, with these rules:
//   - a named graph that is empty in the permitted store may be absent
//     (§3.1 "An implementation MAY remove graphs that are left empty";
//     §3.2 "Graph Stores are not required to record the existence of empty
//     named graphs"): always, for every store answer;
//   - Alternatives are the other permitted outcomes: where the text says a
//     failure SHOULD or MAY be returned (CREATE of an existing graph, CLEAR
//     or DROP of an absent one, ADD/MOVE/COPY from an absent graph, LOAD of
//     an unknown document) both the failure and the no-op are listed; a
//     failure leaves the store unchanged (§2.2: a request SHOULD be atomic)
//     or with the operations before the failing one applied;
//   - Choices names each choice point met, for reports.
type StoreFreedom struct {
	Alternatives []*Store
	Capped       bool // more outcomes than listed: an answer matching none is undecided
	Choices      []string
	// Computed lists the quads of the judge's stores whose object the judge
	// computed (BIND, an aggregate...): Cell says what of it the text
	// leaves open, as Freedom.Cells does for a query's answer.
	Computed []ComputedQuad
}

// ComputedQuad is a quad whose object literal was computed.
type ComputedQuad struct {
	Quad rdf.Quad
	Cell Cell
}
