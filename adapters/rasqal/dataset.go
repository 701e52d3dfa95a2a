package rasqal

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
)

// Rasqal names a named graph after the URI of the file it was loaded from
// (-G path, or FROM NAMED <file:...>). So each graph of the case goes into a
// file of its own, and the graph's IRI is renamed to that file's URI, in the
// data and in the query alike (oracle.Case.RewriteIRIs); the answer is
// renamed back. A renaming applied to every IRI term on both sides keeps the
// query's meaning, except where the IRI's text shows: STR(?g) of a graph
// name gives the file URI (the adapter's one known distortion).

// dataFiles is a case's dataset as roqet's command line sees it.
type dataFiles struct {
	defaultFile string            // -D (absent when the query has FROM/FROM NAMED)
	namedFiles  []string          // -G, one per named graph
	rename      map[string]string // graph IRI -> file URI
	back        map[string]string // file URI -> graph IRI
}

// writeDataset writes the active dataset into dir. Without a dataset clause
// it is the case's Dataset: its default graph in one file (-D), each named
// graph in its own (-G). With FROM or FROM NAMED (#specifyingDataset), every
// IRI they name is looked up in the local catalogue (Dataset's named graphs,
// then Sources; absent means empty, nothing is fetched) and written to a file
// whose URI replaces the IRI in the query, so roqet reads only local files.
func writeDataset(dir string, c *oracle.Case, info *oracle.QueryInfo) (*dataFiles, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	f := &dataFiles{rename: map[string]string{}, back: map[string]string{}}
	graphs := map[string]*rdf.Graph{}
	var order []string
	add := func(iri string, g *rdf.Graph) {
		if _, dup := graphs[iri]; dup {
			return
		}
		path := filepath.Join(dir, fmt.Sprintf("g%d.nt", len(order)))
		graphs[iri], order = g, append(order, iri)
		f.rename[iri], f.back["file://"+path] = "file://"+path, iri
	}
	clause := len(info.From)+len(info.FromNamed) > 0
	switch {
	case clause:
		for _, iri := range append(append([]string(nil), info.From...), info.FromNamed...) {
			add(iri, lookup(c, iri))
		}
	case c.Dataset != nil:
		for _, n := range c.Dataset.Names() {
			if n.Kind == rdf.KindIRI { // a dataset's graph names are IRIs (#rdfDataset)
				add(n.Value, c.Dataset.Named(n, false))
			}
		}
	}
	for i, iri := range order {
		path := filepath.Join(dir, fmt.Sprintf("g%d.nt", i))
		if err := f.write(path, graphs[iri]); err != nil {
			return nil, err
		}
		if !clause {
			f.namedFiles = append(f.namedFiles, path)
		}
	}
	if !clause {
		f.defaultFile = filepath.Join(dir, "default.nt")
		var g *rdf.Graph
		if c.Dataset != nil {
			g = c.Dataset.Default
		}
		return f, f.write(f.defaultFile, g)
	}
	return f, nil
}

// lookup finds a FROM / FROM NAMED graph in the local catalogue.
func lookup(c *oracle.Case, iri string) *rdf.Graph {
	if c.Dataset != nil {
		if g := c.Dataset.Named(rdf.IRI(iri), false); g != nil {
			return g
		}
	}
	return c.Sources[iri]
}

// write stores g (nil: empty) as N-Triples with graph IRIs renamed.
func (f *dataFiles) write(path string, g *rdf.Graph) error {
	var quads []rdf.Quad
	if g != nil {
		for _, t := range g.Triples() {
			quads = append(quads, rdf.Quad{S: f.to(t.S), P: f.to(t.P), O: f.to(t.O)})
		}
	}
	out, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := rdf.WriteNQuads(out, quads); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

func (f *dataFiles) to(t rdf.Term) rdf.Term {
	if u, ok := f.rename[t.Value]; ok && t.Kind == rdf.KindIRI {
		return rdf.IRI(u)
	}
	return t
}

func (f *dataFiles) from(t rdf.Term) rdf.Term {
	if iri, ok := f.back[t.Value]; ok && t.Kind == rdf.KindIRI {
		return rdf.IRI(iri)
	}
	return t
}

// mapBack renames file URIs in an answer to the graph IRIs they stand for.
func (f *dataFiles) mapBack(a *results.Answer) {
	if len(f.back) == 0 {
		return
	}
	for _, row := range a.Rows {
		for v, t := range row {
			row[v] = f.from(t)
		}
	}
	for i, t := range a.Triples {
		a.Triples[i] = rdf.Triple{S: f.from(t.S), P: f.from(t.P), O: f.from(t.O)}
	}
}
