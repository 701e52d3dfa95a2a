package constructs

import (
	"slices"
	"strings"

	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// UpdateVariant is an update case with one construct replaced by a
// neutral form or removed.
type UpdateVariant struct {
	Update *syntax.Update
	Data   *rdf.Dataset // the store before the request
}

// OfUpdate names the constructs of an update request and its store: each
// operation (INSERT DATA, DELETE WHERE, DELETE/INSERT, WITH, USING, CLEAR,
// DROP, CREATE, LOAD, ADD, MOVE, COPY, ...), GRAPH blocks, what its WHERE
// patterns and templates hold (the query labels), and the store's.
func OfUpdate(u *syntax.Update, store *rdf.Dataset) []string {
	set := map[string]bool{}
	if u != nil {
		eachUpdateNode(u, func(n syntax.Node) {
			for _, l := range nodeLabels(n) {
				set[l] = true
			}
		})
	}
	for _, l := range dataLabels(store) {
		set[l] = true
	}
	return sortedSet(set)
}

// eachUpdateNode calls f on every node of the request: each operation, its
// quad blocks and everything under them, its WHERE pattern. The prologue
// and USING clauses (named by modifyLabels) are not visited.
func eachUpdateNode(u *syntax.Update, f func(syntax.Node)) {
	inspect := func(n syntax.Node) {
		syntax.Inspect(n, func(m syntax.Node) bool { f(m); return true })
	}
	blocks := func(bs []*syntax.QuadBlock) {
		for _, b := range bs {
			f(b)
			if b.Graph != nil {
				inspect(b.Graph)
			}
			for _, t := range b.Triples {
				inspect(t)
			}
		}
	}
	for _, st := range u.Ops {
		f(st.Op)
		switch op := st.Op.(type) {
		case *syntax.InsertData:
			blocks(op.Quads)
		case *syntax.DeleteData:
			blocks(op.Quads)
		case *syntax.DeleteWhere:
			blocks(op.Quads)
		case *syntax.Modify:
			blocks(op.Delete)
			blocks(op.Insert)
			if op.Where != nil {
				inspect(op.Where)
			}
		}
	}
}

// WithoutUpdate returns the variants of an update case without label, for
// the labels whose neutral form leaves the operations as they are: the
// literal kinds (request and store together), named graph (the store's
// named graphs merged), blank node in data (fresh IRIs), and WITH, USING
// and USING NAMED removed. Each variant parses again and lacks the label.
func WithoutUpdate(u *syntax.Update, store *rdf.Dataset, label string) []UpdateVariant {
	if u == nil {
		return nil
	}
	if store == nil {
		store = rdf.NewDataset()
	}
	var rw func(u *syntax.Update, ds *rdf.Dataset) *rdf.Dataset
	switch {
	case label == "named graph":
		rw = func(_ *syntax.Update, ds *rdf.Dataset) *rdf.Dataset { return mergeGraphs(ds) }
	case label == "blank node in data":
		rw = func(_ *syntax.Update, ds *rdf.Dataset) *rdf.Dataset { return blanksToIRIs(ds) }
	case strings.HasPrefix(label, "literal "):
		rw = func(u *syntax.Update, ds *rdf.Dataset) *rdf.Dataset { return neutralUpdateLiterals(label, u, ds) }
	case label == "WITH", label == "USING", label == "USING NAMED":
		rw = func(u *syntax.Update, ds *rdf.Dataset) *rdf.Dataset { dropModifyClause(u, label); return ds }
	default:
		return nil
	}
	c := syntax.Clone(u)
	d := rw(c, store.Clone())
	text := c.String()
	if text == u.String() && dataKey(d) == dataKey(store) || slices.Contains(OfUpdate(c, d), label) {
		return nil
	}
	if _, err := syntax.ParseUpdate(text, syntax.Options{Base: checkBase}); err != nil {
		return nil
	}
	return []UpdateVariant{{Update: c, Data: d}}
}

func neutralUpdateLiterals(label string, u *syntax.Update, ds *rdf.Dataset) *rdf.Dataset {
	var lits []*syntax.Literal
	eachUpdateNode(u, func(n syntax.Node) {
		if l, ok := n.(*syntax.Literal); ok {
			lits = append(lits, l)
		}
	})
	q := &syntax.Query{Where: &syntax.GroupPattern{}}
	for _, l := range lits {
		q.Where.Elems = append(q.Where.Elems, &syntax.Filter{Expr: l})
	}
	return neutralLiterals(label, q, ds) // rewrites the literal nodes in place
}

func dropModifyClause(u *syntax.Update, label string) {
	for _, st := range u.Ops {
		m, ok := st.Op.(*syntax.Modify)
		if !ok {
			continue
		}
		switch label {
		case "WITH":
			m.With = nil
		case "USING":
			m.Using = slices.DeleteFunc(m.Using, func(d *syntax.DatasetClause) bool { return !d.Named })
		case "USING NAMED":
			m.Using = slices.DeleteFunc(m.Using, func(d *syntax.DatasetClause) bool { return d.Named })
		}
	}
}
