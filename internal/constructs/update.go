package constructs

import (
	"maps"
	"slices"

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
	return slices.Sorted(maps.Keys(set))
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

// WithoutUpdate returns the variants of an update case without label:
// the literal kinds (request and store together), named graph (the
// store's named graphs merged), blank node in data (fresh IRIs), WITH,
// USING and USING NAMED removed, GRAPH (every GRAPH block of a template or
// DATA block in the default graph, GRAPH patterns unwrapped, the store's
// named graphs merged), blank node (fresh IRIs in templates and DATA,
// fresh variables in WHERE), and every neutral form of a query construct
// applied to the WHERE patterns of DELETE/INSERT (Without). The operations
// themselves have none. Each variant parses again and lacks the label.
func WithoutUpdate(u *syntax.Update, store *rdf.Dataset, label string) []UpdateVariant {
	if u == nil {
		return nil
	}
	return keepVariants(u, store, label, updateRewrites(label, u), OfUpdate, syntax.ParseUpdate,
		func(c *syntax.Update, d *rdf.Dataset) UpdateVariant { return UpdateVariant{Update: c, Data: d} })
}

// updateRewrite is an update request's rewrite: it returns the variant's
// store.
type updateRewrite = rewriteOf[*syntax.Update]

func updateRewrites(label string, u *syntax.Update) []updateRewrite {
	if rws := dataRewrites(label, neutralUpdateLiterals); rws != nil {
		return rws
	}
	switch {
	case label == "WITH", label == "USING", label == "USING NAMED":
		return []updateRewrite{func(u *syntax.Update, ds *rdf.Dataset) (*rdf.Dataset, bool) {
			dropModifyClause(u, label)
			return ds, true
		}}
	case label == "GRAPH":
		return []updateRewrite{func(u *syntax.Update, ds *rdf.Dataset) (*rdf.Dataset, bool) {
			eachBlock(u, func(b *syntax.QuadBlock) { b.Graph = nil })
			if q := whereQuery(u); q != nil {
				unwrap[*syntax.Graph](q)
			}
			return mergeGraphs(ds), true
		}}
	case label == "blank node":
		return []updateRewrite{func(u *syntax.Update, ds *rdf.Dataset) (*rdf.Dataset, bool) {
			updateBlanks(u)
			return ds, true
		}}
	}
	q := whereQuery(u)
	if q == nil {
		return nil
	}
	var out []updateRewrite
	for _, rw := range rewritesFor(label, q) {
		out = append(out, func(u *syntax.Update, ds *rdf.Dataset) (*rdf.Dataset, bool) {
			return rw(whereQuery(u), ds)
		})
	}
	return out
}

// whereQuery is a query whose group holds the WHERE group of every
// DELETE/INSERT operation (the same nodes: a rewrite of it rewrites the
// request), or nil when the request has none.
func whereQuery(u *syntax.Update) *syntax.Query {
	q := &syntax.Query{Where: &syntax.GroupPattern{}}
	for _, st := range u.Ops {
		if m, ok := st.Op.(*syntax.Modify); ok && m.Where != nil {
			q.Where.Elems = append(q.Where.Elems, m.Where)
		}
	}
	if len(q.Where.Elems) == 0 {
		return nil
	}
	return q
}

// eachBlock calls f on every quad block of the request.
func eachBlock(u *syntax.Update, f func(*syntax.QuadBlock)) {
	eachUpdateNode(u, func(n syntax.Node) {
		if b, ok := n.(*syntax.QuadBlock); ok {
			f(b)
		}
	})
}

// updateBlanks writes the blank nodes of templates and DATA blocks as
// fresh IRIs (one per label) and those of WHERE patterns as fresh
// variables.
func updateBlanks(u *syntax.Update) {
	next := freshNames(map[string]bool{}, blankIRI+"t")
	byLabel := map[string]string{} // one IRI per label across the blocks
	freshIRI := func(label string) string {
		if label == "" {
			return next()
		}
		if _, ok := byLabel[label]; !ok {
			byLabel[label] = next()
		}
		return byLabel[label]
	}
	var blocks []*syntax.QuadBlock
	eachBlock(u, func(b *syntax.QuadBlock) { blocks = append(blocks, b) })
	for _, b := range blocks {
		tb := &syntax.TriplesBlock{Triples: b.Triples}
		blanks(tb, func(label string) syntax.GraphNode { return &syntax.IRI{Value: freshIRI(label)} })
		b.Triples = tb.Triples
	}
	if q := whereQuery(u); q != nil {
		freshVar := freshNames(usedVars(q), "b")
		blanks(q.Where, func(string) syntax.GraphNode { return &syntax.Var{Name: freshVar()} })
	}
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
