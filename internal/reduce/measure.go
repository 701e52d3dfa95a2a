package reduce

import (
	"strings"

	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// size is the order the reducer descends: fewer quads, then fewer syntax
// nodes, then fewer constants (IRIs and literals), then shorter text
// (query and data), then the query text and the data text in byte order.
// Every candidate must be strictly smaller than the current case, so the
// reduction ends whatever the edits do: below a given text length there
// are finitely many texts.
type size struct {
	quads, nodes, consts, length int
	query, data                  string
}

// size of c: data quads, text nodes (the grammar's), constants, text
// length, text. A text that does not parse is never smaller.
func (f form[C]) size(c *C) size {
	ds := *f.data(c)
	s := size{quads: ds.Len(), query: *f.text(c), data: datasetKey(ds)}
	s.length = len(s.query) + len(s.data)
	t, err := f.parse(s.query, f.base(c))
	if err != nil {
		s.nodes, s.consts = 1<<30, 1<<30
		return s
	}
	for _, n := range f.grammar.nodes(t) {
		s.nodes++
		switch n.(type) {
		case *syntax.IRI, *syntax.Literal:
			s.consts++
		}
	}
	return s
}

// less reports whether a is strictly smaller than b.
func (a size) less(b size) bool {
	for _, d := range [...]int{a.quads - b.quads, a.nodes - b.nodes, a.consts - b.consts, a.length - b.length} {
		if d != 0 {
			return d < 0
		}
	}
	if a.query != b.query {
		return a.query < b.query
	}
	return a.data < b.data
}

// NodeCount is the size of the query's syntax tree (syntax.Inspect nodes);
// -1 if it does not parse.
func NodeCount(query, base string) int { return queryGrammar.nodeCount(query, base) }

// UpdateNodeCount is the size of a request's tree (updateNodes); -1 if it
// does not parse.
func UpdateNodeCount(request, base string) int { return updateGrammar.nodeCount(request, base) }

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

// datasetKey is the dataset as N-Quads lines in the dataset's order: the
// cache key and the data text of size.
func datasetKey(ds *rdf.Dataset) string {
	var b strings.Builder
	for _, q := range quadsOf(ds) {
		b.WriteString(q.String())
		b.WriteByte('\n')
	}
	return b.String()
}
