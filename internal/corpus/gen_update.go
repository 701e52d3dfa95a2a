package corpus

import (
	"strings"
	"sync"

	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// Update cases (gen_update*.go): a SPARQL 1.1 Update request printed from a
// syntax.Update built by code, and the graph store before it. A profile is
// an update profile when some update.* weight is positive (IsUpdate); the
// store is the query generator's dataset (same vocabulary: ex:s0..s3,
// ex:p0..p2, graphs ex:g0 ex:g1), plus, with p.empty_graph, the named graph
// ex:g2 present and empty, while ex:g9 is never in the store (an absent
// graph for CLEAR, DROP, COPY, MOVE, ADD, USING and WITH to name).

// GenUpdate is one generated update case; its data is the store's quads
// (Name, NQuads as a query case's: generated).
type GenUpdate struct {
	generated
	Request string         // SPARQL Update text printed from Tree
	Tree    *syntax.Update // the syntax tree the text was printed from
	Empty   []rdf.Term     // named graphs in the store that hold no quad (N-Quads cannot write them)
}

// Dataset builds the graph store before the request, empty graphs included.
func (c *GenUpdate) Dataset() *rdf.Dataset {
	ds := c.generated.Dataset()
	for _, g := range c.Empty {
		ds.Named(g, true)
	}
	return ds
}

// IsUpdate reports whether p generates update requests (some update.*
// weight is positive) rather than queries.
func (p *Profile) IsUpdate() bool { return p.groupTotal("update.") > 0 }

// UpdateProfile is the built-in update profile "update": every operation
// of §3 by weight, sequences, SILENT, WITH, USING and empty graphs, over
// the default profile's data and WHERE patterns. corpus/profiles/update-*.json
// aim at one family each.
func UpdateProfile() *Profile {
	p := DefaultProfile()
	p.Name = "update"
	for k, v := range map[string]int{
		"update.insert_data": 12, "update.delete_data": 10, "update.delete_where": 10,
		"update.modify": 30, "update.clear": 6, "update.drop": 6, "update.create": 5,
		"update.copy": 5, "update.move": 5, "update.add": 5, "update.load": 2,
		"p.seq": 40, "p.silent": 40, "p.with": 20, "p.using": 15, "p.empty_graph": 30,
		"p.data_hit": 40, "p.template_bnode": 40, "p.named_graph": 40,
	} {
		p.Weights[k] = v
	}
	return p
}

// emptyGraph is the graph p.empty_graph puts in the store with no quad;
// absentGraph is never in the store.
var (
	emptyGraph  = rdf.IRI(ns + "g2")
	absentGraph = rdf.IRI(ns + "g9")
)

// GenerateUpdate builds the update case for seed under an update profile
// (p.IsUpdate()). Like Generate it is a pure function of (seed, p).
func GenerateUpdate(seed int64, p *Profile) *GenUpdate {
	g := newGen(seed, p)
	c := &GenUpdate{generated: generated{Seed: seed, Profile: p.Name, Data: g.dataset()}}
	if g.maybe("empty_graph") {
		c.Empty = []rdf.Term{emptyGraph}
	}
	u := &syntax.Update{}
	for i, n := 0, g.opCount(); i < n; i++ {
		st := &syntax.UpdateStep{Op: g.updateOp(i)}
		if g.maybe("prologue") { // a PREFIX after ';' (#rUpdate: each Update has its Prologue)
			st.Prologue = []*syntax.Decl{{Kind: syntax.DeclPrefix, Prefix: "ex", IRI: iri(ns)}}
		}
		u.Ops = append(u.Ops, st)
	}
	c.Tree, c.Request = u, u.String()
	return c
}

// opCount is the length of the request: 1, and one more operation with
// the chance p.seq each, at most 4 (#rUpdate: operations separated by ';').
func (g *gen) opCount() int {
	n := 1
	for n < 4 && g.maybe("seq") {
		n++
	}
	return n
}

// updateOp builds the i-th operation of the request, of a kind drawn from
// the update.* weights.
func (g *gen) updateOp(i int) syntax.UpdateOp {
	switch k := g.pick("update", nil); k {
	case "insert_data":
		return &syntax.InsertData{Quads: g.dataQuads(i, true)}
	case "delete_data":
		return &syntax.DeleteData{Quads: g.dataQuads(i, false)}
	case "delete_where":
		return &syntax.DeleteWhere{Quads: g.deleteWhereQuads()}
	case "modify":
		return g.modifyOp(i)
	case "clear", "drop", "create":
		return g.management(k)
	case "copy", "move", "add":
		return g.transfer(k)
	case "load":
		return g.load()
	}
	panic("corpus: update profile without update.* weights") // IsUpdate guards this
}

// plainPool are the pool terms whose written form no engine may change on
// load: IRIs, simple literals and language-tagged strings (tags are stored
// lower-cased). With p.plain_terms a case draws its terms from them and
// writes only canonical numerals (canonicalNumerals), so that a store
// whose literals an engine canonicalises (a divergence of its own, in
// every case that holds one) does not hide the engine's other update
// divergences.
func plainPool() []rdf.Term {
	plainOnce.Do(func() {
		base, _ := poolParts()
		for _, t := range base {
			if t.IsIRI() || t.IsLiteral() && (t.Datatype == rdf.XSDString || t.Lang != "" && t.Lang == strings.ToLower(t.Lang) && t.Dir == "") {
				plainTerms = append(plainTerms, t)
			}
		}
	})
	return plainTerms
}

var (
	plainOnce  sync.Once
	plainTerms []rdf.Term
)

// canonicalNumerals are numerals whose lexical form is the canonical one
// of their datatype (XML Schema Part 2 §3.3.13, §3.2.2).
var canonicalNumerals = []struct {
	kind syntax.LitKind
	lex  string
}{
	{syntax.LitInteger, "0"}, {syntax.LitInteger, "1"}, {syntax.LitInteger, "-2"}, {syntax.LitInteger, "3"},
	{syntax.LitBoolean, "true"}, {syntax.LitBoolean, "false"},
}
