package reduce

import (
	"fmt"

	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// A tree is a parsed request of either kind: a *syntax.Query or a
// *syntax.Update.
type tree interface {
	syntax.Node
	String() string
}

// A grammar is the set of edit operations of one kind of request, all the
// shrinker knows of its syntax: how its text parses (candidates are
// printed and parsed again; one that does not parse is never asked), the
// order its nodes are visited in (an edit site's node index, so a site
// computed on a tree applies to any syntax.Clone of it), and the edits of
// one node (edits*.go for queries, update_edits.go for updates).
type grammar struct {
	parse func(text, base string) (tree, error)
	nodes func(tree) []syntax.Node
	edits func(n syntax.Node, sc scope) []edit
}

// queryGrammar: the tree in syntax.Inspect order, the edits of nodeEdits.
var queryGrammar = grammar{
	parse: func(text, base string) (tree, error) { return syntax.Parse(text, syntax.Options{Base: base}) },
	nodes: inspectNodes,
	edits: nodeEdits,
}

// updateGrammar: the request in updateNodes order, the edits of
// updateNodeEdits (which reach the query edits below the operations).
var updateGrammar = grammar{
	parse: func(text, base string) (tree, error) {
		return syntax.ParseUpdate(text, syntax.Options{Base: base})
	},
	nodes: func(t tree) []syntax.Node { return updateNodes(t.(*syntax.Update)) },
	edits: updateNodeEdits,
}

// inspectNodes lists every node under root in syntax.Inspect order.
func inspectNodes(root tree) []syntax.Node {
	var out []syntax.Node
	syntax.Inspect(root, func(n syntax.Node) bool { out = append(out, n); return true })
	return out
}

// sites lists every single edit of t, in the grammar's node order (parents
// before children: the edits that remove the most are tried first).
func (g grammar) sites(t tree) []editSite {
	var out []editSite
	sc := g.scope(t)
	for i, n := range g.nodes(t) {
		for k, e := range g.edits(n, sc) {
			out = append(out, editSite{i, k, e.kind})
		}
	}
	return out
}

// apply returns a copy of t with the edit at s applied.
func (g grammar) apply(t tree, s editSite) tree {
	c := syntax.Clone(t)
	g.edits(g.nodes(c)[s.node], g.scope(c))[s.k].apply()
	return c
}

// scope picks the fresh variable: ?c, else ?c1, ?c2... whichever no
// variable of t is named.
func (g grammar) scope(t tree) scope {
	used := map[string]bool{}
	for _, n := range g.nodes(t) {
		if v, ok := n.(*syntax.Var); ok {
			used[v.Name] = true
		}
	}
	name := "c"
	for i := 1; used[name]; i++ {
		name = "c" + itoa(i)
	}
	return scope{fresh: name}
}

// nodeCount is the size of text's tree; -1 if it does not parse.
func (g grammar) nodeCount(text, base string) int {
	t, err := g.parse(text, base)
	if err != nil {
		return -1
	}
	return len(g.nodes(t))
}

// singleEdits prints every request one edit makes from text.
func (g grammar) singleEdits(text, base string) []string {
	t, err := g.parse(text, base)
	if err != nil {
		return nil
	}
	var out []string
	for _, s := range g.sites(t) {
		out = append(out, g.apply(t, s).String())
	}
	return out
}

// A form is one kind of case as the shrinker sees it: its text (a query or
// a request), its base, its data (the dataset or the store before the
// request), and the grammar of its text. Everything else of the case is
// carried over to every candidate unchanged.
type form[C any] struct {
	grammar
	text func(*C) *string
	base func(*C) string
	data func(*C) **rdf.Dataset
}

var queryForm = form[oracle.Case]{
	grammar: queryGrammar,
	text:    func(c *oracle.Case) *string { return &c.Query },
	base:    func(c *oracle.Case) string { return c.Base },
	data:    func(c *oracle.Case) **rdf.Dataset { return &c.Dataset },
}

var updateForm = form[oracle.Case]{
	grammar: updateGrammar,
	text:    func(c *oracle.Case) *string { return &c.Update },
	base:    func(c *oracle.Case) string { return c.Base },
	data:    func(c *oracle.Case) **rdf.Dataset { return &c.Dataset },
}

// A candidate is one case a single step of the reducer makes, named for
// Stats.Kept.
type candidate[C any] struct {
	what string
	c    *C
}

// variant is a copy of c with text and data ds.
func (f form[C]) variant(c *C, text string, ds *rdf.Dataset) *C {
	v := *c
	*f.text(&v), *f.data(&v) = text, ds
	return &v
}

// withData is a copy of c with data ds.
func (f form[C]) withData(c *C, ds *rdf.Dataset) *C { return f.variant(c, *f.text(c), ds) }

func (f form[C]) quads(c *C) []rdf.Quad { return quadsOf(*f.data(c)) }

// key is the cache key of a candidate: its text and data.
func (f form[C]) key(c *C) string { return *f.text(c) + "\x00" + datasetKey(*f.data(c)) }

func (f form[C]) nodes(c *C) int { return f.nodeCount(*f.text(c), f.base(c)) }

// normal is c with its data as a set of quads (an empty named graph of the
// original is not kept: data.nq cannot hold one).
func (f form[C]) normal(c *C) *C { return f.withData(c, datasetOf(f.quads(c))) }

// quadSteps are the cases with one quad removed.
func (f form[C]) quadSteps(c *C) []candidate[C] {
	qs := f.quads(c)
	out := make([]candidate[C], len(qs))
	for i := range qs {
		v := f.withData(c, datasetOf(remove(append([]rdf.Quad(nil), qs...), i)))
		out[i] = candidate[C]{"remove quad " + qs[i].String(), v}
	}
	return out
}

// steps are the single edits and literal shrinks of c that parse again and
// make the case smaller, edits first (parents before children), in a fixed
// order.
func (f form[C]) steps(c *C) []candidate[C] {
	t, err := f.parse(*f.text(c), f.base(c))
	if err != nil {
		return nil
	}
	var all []candidate[C]
	for _, s := range f.sites(t) {
		v := f.variant(c, f.apply(t, s).String(), *f.data(c))
		all = append(all, candidate[C]{fmt.Sprintf("%s at node %d", s.kind, s.node), v})
	}
	all = append(all, f.literalCandidates(c, t)...)
	cur := f.size(c)
	var out []candidate[C]
	for _, cd := range all {
		if f.size(cd.c).less(cur) { // a text that does not parse again is never smaller
			out = append(out, cd)
		}
	}
	return out
}
