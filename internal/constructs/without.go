package constructs

import (
	"slices"
	"sort"
	"strings"

	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// Variant is a case with one construct replaced by a neutral form or
// removed: a tree and a dataset of its own (nothing shared with the case).
type Variant struct {
	Query *syntax.Query
	Data  *rdf.Dataset
}

// rewriteOf edits a clone of the request (a query or an update request) in
// place and returns the variant's data (a clone it may edit); ok is false
// when the rewrite does not apply.
type rewriteOf[T request] func(req T, ds *rdf.Dataset) (*rdf.Dataset, bool)

// rewrite is a query's rewrite.
type rewrite = rewriteOf[*syntax.Query]

// checkBase is the base the variants are parsed again with: only whether
// they parse matters, not what their relative IRIs resolve to.
const checkBase = "http://constructs.invalid/"

// Without returns the variants of the case in which every occurrence of
// the construct label names is replaced by a neutral form or removed
// (doc.go lists them), each a query that parses again, whose Of no longer
// holds label, and which differs from the case. A label without a neutral
// form, or not in the case, has none.
func Without(q *syntax.Query, ds *rdf.Dataset, label string) []Variant {
	if q == nil {
		return nil
	}
	return keepVariants(q, ds, label, rewritesFor(label, q), Of, syntax.Parse,
		func(c *syntax.Query, d *rdf.Dataset) Variant { return Variant{Query: c, Data: d} })
}

// request is what a variant is made of: a query or an update request.
type request interface {
	syntax.Node
	String() string
}

// keepVariants applies each rewrite to a clone of req (a query or an
// update request) and its data, and returns the variants that no longer
// hold label (of), parse again and differ from the case and from each
// other: what Without and WithoutUpdate promise.
func keepVariants[T request, R ~func(T, *rdf.Dataset) (*rdf.Dataset, bool), V any](
	req T, ds *rdf.Dataset, label string, rws []R, of func(T, *rdf.Dataset) []string,
	parse func(string, syntax.Options) (T, error), variant func(T, *rdf.Dataset) V,
) []V {
	if ds == nil {
		ds = rdf.NewDataset()
	}
	seen := map[string]bool{req.String() + "\x00" + dataKey(ds): true}
	var out []V
	for _, rw := range rws {
		c := syntax.Clone(req)
		d, ok := rw(c, ds.Clone())
		if !ok {
			continue
		}
		text := c.String()
		key := text + "\x00" + dataKey(d)
		if seen[key] || slices.Contains(of(c, d), label) {
			continue
		}
		if _, err := parse(text, syntax.Options{Base: checkBase}); err != nil {
			continue
		}
		seen[key] = true
		out = append(out, variant(c, d))
	}
	return out
}

func dataKey(ds *rdf.Dataset) string {
	var lines []string
	for _, q := range ds.Quads() {
		lines = append(lines, q.String())
	}
	sort.Strings(lines)
	return strings.Join(lines, "\n")
}

// dataRewrites lists the neutral forms of the labels of the data, the same
// for a query and an update request: named graph, blank node in data, and
// the literal kinds, which literals rewrites in the request and the data
// together. Nil for any other label.
func dataRewrites[T request](label string, literals func(string, T, *rdf.Dataset) *rdf.Dataset) []rewriteOf[T] {
	switch {
	case label == "named graph":
		return []rewriteOf[T]{onData[T](mergeGraphs)}
	case label == "blank node in data":
		return []rewriteOf[T]{onData[T](blanksToIRIs)}
	case strings.HasPrefix(label, "literal "):
		return []rewriteOf[T]{func(req T, ds *rdf.Dataset) (*rdf.Dataset, bool) { return literals(label, req, ds), true }}
	}
	return nil
}

// onData lifts a rewrite of the data alone.
func onData[T request](f func(*rdf.Dataset) *rdf.Dataset) rewriteOf[T] {
	return func(_ T, ds *rdf.Dataset) (*rdf.Dataset, bool) { return f(ds), true }
}

// onQuery lifts a rewrite of the tree alone.
func onQuery(f func(q *syntax.Query) bool) rewrite {
	return func(q *syntax.Query, ds *rdf.Dataset) (*rdf.Dataset, bool) { return ds, f(q) }
}

// rewritesFor lists the neutral forms of label, in a fixed order.
func rewritesFor(label string, q *syntax.Query) []rewrite {
	if rws, ok := patternRewrites(label, q); ok {
		return rws
	}
	if rws, ok := exprRewrites(label, q); ok {
		return rws
	}
	if rws, ok := pathRewrites(label, q); ok {
		return rws
	}
	if label == "blank node" {
		return []rewrite{onQuery(blanksToVars)}
	}
	return dataRewrites(label, neutralLiterals)
}

// ---------------------------------------------------------------- patterns and modifiers

func patternRewrites(label string, q *syntax.Query) ([]rewrite, bool) {
	switch label {
	case "DISTINCT", "REDUCED":
		return []rewrite{onQuery(func(q *syntax.Query) bool { return dropFlag(q, label) })}, true
	case "GROUP BY", "HAVING", "ORDER BY", "LIMIT", "OFFSET":
		return []rewrite{onQuery(func(q *syntax.Query) bool { return dropModifier(q, label) })}, true
	case "SELECT *":
		return []rewrite{onQuery(expandStar)}, true
	case "FROM", "FROM NAMED":
		named := label == "FROM NAMED"
		return []rewrite{onQuery(func(q *syntax.Query) bool {
			q.From = slices.DeleteFunc(q.From, func(d *syntax.DatasetClause) bool { return d.Named == named })
			return true
		})}, true
	case "BIND":
		return []rewrite{onQuery(bindNeutral), onQuery(dropElems[*syntax.Bind])}, true
	case "FILTER":
		return []rewrite{onQuery(dropElems[*syntax.Filter])}, true
	case "basic graph pattern":
		return []rewrite{onQuery(dropPlainTriples)}, true
	case "MINUS":
		return []rewrite{onQuery(dropElems[*syntax.Minus])}, true
	case "OPTIONAL":
		return []rewrite{onQuery(unwrap[*syntax.Optional]), onQuery(dropElems[*syntax.Optional])}, true
	case "SERVICE":
		return []rewrite{onQuery(unwrap[*syntax.Service])}, true
	case "GRAPH":
		return []rewrite{func(q *syntax.Query, ds *rdf.Dataset) (*rdf.Dataset, bool) {
			return mergeGraphs(ds), unwrap[*syntax.Graph](q)
		}}, true
	case "UNION":
		var out []rewrite
		for i := 0; i < maxUnionBranches(q); i++ {
			out = append(out, onQuery(func(q *syntax.Query) bool { return pickBranch(q, i) }))
		}
		return out, true
	case "VALUES":
		return []rewrite{onQuery(substValues)}, true
	case "subquery":
		return []rewrite{onQuery(inlineSubqueries)}, true
	}
	return nil, false
}

func dropFlag(q *syntax.Query, label string) bool {
	walk(q, func(n syntax.Node) {
		if p, ok := n.(*syntax.Projection); ok {
			if label == "DISTINCT" {
				p.Distinct = false
			} else {
				p.Reduced = false
			}
		}
	})
	return true
}

// dropModifier removes the modifier from the query and every subquery.
func dropModifier(q *syntax.Query, label string) bool {
	drop := func(m *syntax.Modifiers) {
		switch label {
		case "GROUP BY":
			m.Group = nil
		case "HAVING":
			m.Having = nil
		case "ORDER BY":
			m.Order = nil
		case "LIMIT":
			m.Limit = nil
		case "OFFSET":
			m.Offset = nil
		}
	}
	drop(&q.Mod)
	walk(q, func(n syntax.Node) {
		if s, ok := n.(*syntax.SubSelect); ok {
			drop(&s.Mod)
		}
	})
	return true
}

// dropElems removes every group element of type T.
func dropElems[T syntax.Pattern](q *syntax.Query) bool {
	editGroups(q, func(p syntax.Pattern) []syntax.Pattern {
		if _, ok := p.(T); ok {
			return nil
		}
		return keep(p)
	})
	return true
}

// dropPlainTriples removes every triple pattern whose predicate is a
// variable or an IRI, keeping the path patterns; a block left empty goes.
func dropPlainTriples(q *syntax.Query) bool {
	walk(q, func(n syntax.Node) {
		b, ok := n.(*syntax.TriplesBlock)
		if !ok {
			return
		}
		var ts []*syntax.TriplesSameSubject
		for _, t := range b.Triples {
			t.Props = slices.DeleteFunc(t.Props, func(p *syntax.PropertyObjects) bool { return isPlainVerb(p.Verb) })
			if len(t.Props) > 0 || !isTerm(t.Subject) {
				ts = append(ts, t)
			}
		}
		b.Triples = ts
	})
	editGroups(q, func(p syntax.Pattern) []syntax.Pattern {
		if b, ok := p.(*syntax.TriplesBlock); ok && len(b.Triples) == 0 {
			return nil
		}
		return keep(p)
	})
	return true
}

// isTerm: a subject that is one term, not `[ p o ]` or a collection.
func isTerm(g syntax.GraphNode) bool {
	switch g.(type) {
	case *syntax.BlankNodePropertyList, *syntax.Collection:
		return false
	}
	return true
}

// unwrap replaces every OPTIONAL, GRAPH or SERVICE element by its group:
// OPTIONAL {P} becomes the join with {P}.
func unwrap[T syntax.Pattern](q *syntax.Query) bool {
	editGroups(q, func(p syntax.Pattern) []syntax.Pattern {
		switch p := any(p).(type) {
		case T:
			switch x := any(p).(type) {
			case *syntax.Optional:
				return []syntax.Pattern{x.Pattern}
			case *syntax.Graph:
				return []syntax.Pattern{x.Pattern}
			case *syntax.Service:
				return []syntax.Pattern{x.Pattern}
			}
		}
		return keep(p)
	})
	return true
}

func maxUnionBranches(q *syntax.Query) int {
	n := 0
	walk(q, func(x syntax.Node) {
		if u, ok := x.(*syntax.Union); ok {
			n = max(n, len(u.Groups))
		}
	})
	return n
}

// pickBranch replaces every UNION by its branch i (its last, when it has
// fewer).
func pickBranch(q *syntax.Query, i int) bool {
	editGroups(q, func(p syntax.Pattern) []syntax.Pattern {
		u, ok := p.(*syntax.Union)
		if !ok {
			return keep(p)
		}
		return []syntax.Pattern{u.Groups[min(i, len(u.Groups)-1)]}
	})
	return true
}

// bindNeutral removes every BIND: BIND(?x AS ?v) with ?v renamed ?x,
// BIND(constant AS ?v) with the constant written where ?v is used, any
// other BIND(e AS ?v) with ?v left unbound.
func bindNeutral(q *syntax.Query) bool {
	binds := collect[*syntax.Bind](q)
	if len(binds) == 0 {
		return false
	}
	dropElems[*syntax.Bind](q)
	renamed := map[string]string{}
	resolve := func(name string) string {
		for i := 0; i < len(renamed) && renamed[name] != ""; i++ {
			name = renamed[name]
		}
		return name
	}
	for _, b := range binds {
		switch e := b.Expr.(type) {
		case *syntax.Var:
			to := resolve(e.Name)
			renameVar(q, b.Var.Name, to)
			renamed[b.Var.Name] = to
		case *syntax.IRI, *syntax.Literal:
			substVar(q, b.Var.Name, e)
		}
	}
	return true
}

// substValues removes VALUES blocks of one row, writing each bound value
// where its variable is used; it does not apply when a block has another
// number of rows.
func substValues(q *syntax.Query) bool {
	blocks := collect[*syntax.InlineData](q)
	for _, b := range blocks {
		if len(b.Rows) != 1 {
			return false
		}
	}
	dropElems[*syntax.InlineData](q)
	q.Values = nil
	walk(q, func(n syntax.Node) {
		if s, ok := n.(*syntax.SubSelect); ok {
			s.Values = nil
		}
	})
	for _, b := range blocks {
		for i, v := range b.Vars {
			if cell := b.Rows[0][i]; cell != nil {
				substVar(q, v.Name, cell)
			}
		}
	}
	return true
}

// inlineSubqueries replaces every subquery by its group when none has a
// modifier, DISTINCT, REDUCED, VALUES or an expression in its projection.
func inlineSubqueries(q *syntax.Query) bool {
	plain := true
	walk(q, func(n syntax.Node) {
		s, ok := n.(*syntax.SubSelect)
		if !ok {
			return
		}
		m := s.Mod
		if s.Select.Distinct || s.Select.Reduced || s.Values != nil || len(m.Group) > 0 || len(m.Having) > 0 ||
			len(m.Order) > 0 || m.Limit != nil || m.Offset != nil {
			plain = false
		}
		for _, it := range s.Select.Items {
			if it.Expr != nil {
				plain = false
			}
		}
	})
	if !plain {
		return false
	}
	editGroups(q, func(p syntax.Pattern) []syntax.Pattern {
		if s, ok := p.(*syntax.SubSelect); ok {
			return []syntax.Pattern{s.Where}
		}
		return keep(p)
	})
	return true
}

// expandStar writes every SELECT * as the list of its in-scope variables
// (#variableScope, approximated: the variables of the group's triples,
// GRAPH names, BIND and VALUES, and what subqueries project, in order of
// appearance); it does not apply when one has none.
func expandStar(q *syntax.Query) bool {
	ok := true
	star := func(p *syntax.Projection, where *syntax.GroupPattern) {
		if p == nil || !p.Star {
			return
		}
		vars := inScope(where)
		if len(vars) == 0 {
			ok = false
			return
		}
		p.Star = false
		for _, v := range vars {
			p.Items = append(p.Items, &syntax.SelectItem{Var: &syntax.Var{Name: v}})
		}
	}
	var subs []*syntax.SubSelect
	walk(q, func(n syntax.Node) {
		if s, ok := n.(*syntax.SubSelect); ok {
			subs = append(subs, s)
		}
	})
	for i := len(subs) - 1; i >= 0; i-- { // inner first: an outer star reads the inner projection
		star(subs[i].Select, subs[i].Where)
	}
	star(q.Select, q.Where)
	return ok
}

func inScope(g *syntax.GroupPattern) []string {
	var out []string
	seen := map[string]bool{}
	add := func(v *syntax.Var) {
		if v != nil && !seen[v.Name] {
			seen[v.Name] = true
			out = append(out, v.Name)
		}
	}
	syntax.Inspect(g, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.Filter, *syntax.Minus:
			return false
		case *syntax.Bind:
			add(n.Var)
			return false
		case *syntax.SubSelect:
			if n.Select.Star {
				for _, v := range inScope(n.Where) {
					add(&syntax.Var{Name: v})
				}
			}
			for _, it := range n.Select.Items {
				add(it.Var)
			}
			return false
		case *syntax.Var:
			add(n)
		}
		return true
	})
	return out
}

// ---------------------------------------------------------------- data

// mergeGraphs moves every named graph's triples into the default graph.
func mergeGraphs(ds *rdf.Dataset) *rdf.Dataset {
	out := rdf.NewDataset()
	for _, q := range ds.Quads() {
		out.Add(rdf.Quad{S: q.S, P: q.P, O: q.O})
	}
	return out
}

// blankIRI is the IRI a blank node of the data becomes.
const blankIRI = "urn:constructs:blank:"

// blanksToIRIs replaces every blank node of the data (in triple terms and
// graph names too) by an IRI of its own.
func blanksToIRIs(ds *rdf.Dataset) *rdf.Dataset {
	f := func(t rdf.Term) rdf.Term { return rdf.IRI(blankIRI + t.Value) }
	return mapQuads(ds, func(t rdf.Term) rdf.Term {
		if t.Kind == rdf.KindBlank {
			return f(t)
		}
		return rdf.MapBlanks(t, f)
	})
}

// mapQuads is the dataset with f applied to every term of every quad.
func mapQuads(ds *rdf.Dataset, f func(rdf.Term) rdf.Term) *rdf.Dataset {
	out := rdf.NewDataset()
	for _, q := range ds.Quads() {
		g := q.G
		if !g.IsZero() {
			g = f(g)
		}
		out.Add(rdf.Quad{S: f(q.S), P: f(q.P), O: f(q.O), G: g})
	}
	return out
}

// mapTerm applies f to a term and, inside a triple term, to its parts.
func mapTerm(t rdf.Term, f func(rdf.Term) rdf.Term) rdf.Term {
	if s, p, o, ok := t.TripleParts(); ok {
		return rdf.TripleTerm(mapTerm(s, f), mapTerm(p, f), mapTerm(o, f))
	}
	return f(t)
}

// neutralLiterals replaces every literal of the kind label names, in the
// query and in the data (neutralTerm).
func neutralLiterals(label string, q *syntax.Query, ds *rdf.Dataset) *rdf.Dataset {
	walk(q, func(n syntax.Node) {
		l, ok := n.(*syntax.Literal)
		if !ok {
			return
		}
		if label == datatypeLabel(rdf.XSDString) && l.Kind == syntax.LitString && l.Lang == "" && l.Datatype != nil && l.Datatype.Value == rdf.XSDString {
			l.Datatype = nil
			return
		}
		if t, ok := neutralTerm(label, l.Term()); ok {
			*l = *literalNode(t)
		}
	})
	return mapQuads(ds, func(t rdf.Term) rdf.Term {
		return mapTerm(t, func(x rdf.Term) rdf.Term {
			if n, ok := neutralTerm(label, x); ok {
				return n
			}
			return x
		})
	})
}

// ---------------------------------------------------------------- blank nodes

// blanksToVars replaces the blank nodes of the query's patterns by fresh
// variables (one per label; `[ p o ]` becomes a variable with its
// properties as triples of their own) and those of a CONSTRUCT template by
// fresh IRIs.
func blanksToVars(q *syntax.Query) bool {
	used := usedVars(q)
	freshVar := freshNames(used, "b")
	freshIRI := freshNames(map[string]bool{}, blankIRI+"t")
	templ := &syntax.TriplesBlock{Triples: q.Template}
	q.Template = nil
	blanks(templ, func(label string) syntax.GraphNode { return &syntax.IRI{Value: freshIRI()} })
	blanks(q, func(string) syntax.GraphNode { return &syntax.Var{Name: freshVar()} })
	q.Template = templ.Triples
	return true
}

// blanks rewrites the blank nodes under root with fresh(label): the same
// label gets the same node, each `[]` and `[ ... ]` a new one.
func blanks(root syntax.Node, fresh func(label string) syntax.GraphNode) {
	byLabel := map[string]syntax.GraphNode{}
	node := func(label string) syntax.GraphNode {
		if label == "" {
			return fresh("")
		}
		if _, ok := byLabel[label]; !ok {
			byLabel[label] = fresh(label)
		}
		return syntax.Clone(byLabel[label])
	}
	walk(root, func(n syntax.Node) {
		if b, ok := n.(*syntax.TriplesBlock); ok {
			b.Triples = flattenLists(b.Triples, func() syntax.GraphNode { return node("") })
		}
	})
	editNodes(root, func(g syntax.GraphNode) syntax.GraphNode {
		if b, ok := g.(*syntax.BlankNode); ok {
			if b.Anon {
				return node("")
			}
			return node(b.Label)
		}
		return nil
	})
}

// flattenLists writes every `[ p o ]` as a subject or an object as a fresh
// node with triples of its own.
func flattenLists(ts []*syntax.TriplesSameSubject, fresh func() syntax.GraphNode) []*syntax.TriplesSameSubject {
	var out []*syntax.TriplesSameSubject
	for _, t := range ts {
		var extra []*syntax.TriplesSameSubject
		if l, ok := t.Subject.(*syntax.BlankNodePropertyList); ok {
			t.Subject = fresh()
			t.Props = append(l.Props, t.Props...)
		}
		for _, po := range t.Props {
			for i, o := range po.Objects {
				if l, ok := o.(*syntax.BlankNodePropertyList); ok {
					v := fresh()
					po.Objects[i] = v
					extra = append(extra, &syntax.TriplesSameSubject{Subject: syntax.Clone(v), Props: l.Props})
				}
			}
		}
		out = append(out, t)
		out = append(out, flattenLists(extra, fresh)...)
	}
	return out
}
