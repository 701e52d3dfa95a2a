package large

import (
	"math/rand"
	"slices"

	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// needs is what of the data a query can touch: the predicates its triple
// patterns and paths name, whether some pattern leaves the predicate open
// (a variable, a negated property set, a triple term), and the IRIs it
// names anywhere (constants a sample grows from).
type needs struct {
	preds   map[rdf.Term]bool
	anyPred bool
	consts  []rdf.Term
}

// queryNeeds reads a query's needs from its syntax tree.
func queryNeeds(query, base string) (needs, error) {
	q, err := syntax.Parse(query, syntax.Options{Base: base})
	if err != nil {
		return needs{}, err
	}
	n := needs{preds: map[rdf.Term]bool{}}
	seen := map[rdf.Term]bool{}
	syntax.Inspect(q, func(x syntax.Node) bool {
		switch x := x.(type) {
		case *syntax.Decl, *syntax.DatasetClause, *syntax.Literal:
			return false // prologue IRIs, FROM names, datatypes: no data node
		case *syntax.PropertyObjects:
			n.verb(x.Verb)
		case *syntax.Collection:
			n.preds[rdf.IRI(rdfNS+"first")], n.preds[rdf.IRI(rdfNS+"rest")] = true, true
		case *syntax.TripleTerm, *syntax.ReifiedTriple, *syntax.Annotation:
			n.anyPred = true // RDF 1.2 reifiers: follow every predicate
		case *syntax.IRI:
			if t := rdf.IRI(x.Value); !seen[t] {
				seen[t] = true
				n.consts = append(n.consts, t)
			}
		}
		return true
	})
	return n, nil
}

const rdfNS = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"

// verb records the predicates a verb can match (#defn_PropertyPathExpr):
// every IRI of a path; a variable or a negated set matches any.
func (n *needs) verb(v syntax.Verb) {
	switch v := v.(type) {
	case *syntax.Var, *syntax.PathNegated:
		n.anyPred = true
	case *syntax.IRI:
		n.preds[rdf.IRI(v.Value)] = true
	case *syntax.PathAlt:
		for _, p := range v.Alts {
			n.verb(p)
		}
	case *syntax.PathSeq:
		for _, p := range v.Steps {
			n.verb(p)
		}
	case *syntax.PathInverse:
		n.verb(v.Path)
	case *syntax.PathMod:
		n.verb(v.Path)
	default:
		n.anyPred = true
	}
}

// located is one triple of the case's data with the graph it is in.
type located struct {
	g int // index into universe.graphs
	t rdf.Triple
}

// graphRef names a graph of the case: the default graph, a named graph of
// the dataset, or a catalogue source.
type graphRef struct {
	name   rdf.Term // the named graph's name; zero for the default graph
	source string   // the catalogue IRI of a source; "" otherwise
	g      *rdf.Graph
}

// universe indexes the case's triples a sample may take: those whose
// predicate the query names (every triple when it leaves one open), by
// the IRIs and blank nodes at either end.
type universe struct {
	graphs []graphRef
	quads  []located
	byNode map[rdf.Term][]int
}

func newUniverse(c *oracle.Case, n needs) *universe {
	u := &universe{byNode: map[rdf.Term][]int{}}
	if c.Dataset != nil {
		u.graphs = append(u.graphs, graphRef{g: c.Dataset.Default})
		for _, name := range c.Dataset.Names() {
			u.graphs = append(u.graphs, graphRef{name: name, g: c.Dataset.Named(name, false)})
		}
	}
	for _, iri := range sortedSources(c.Sources) {
		u.graphs = append(u.graphs, graphRef{source: iri, g: c.Sources[iri]})
	}
	for gi, gr := range u.graphs {
		for _, t := range gr.g.Triples() {
			if n.anyPred || n.preds[t.P] {
				u.add(located{gi, t})
			}
		}
	}
	return u
}

func (u *universe) add(l located) {
	i := len(u.quads)
	u.quads = append(u.quads, l)
	u.byNode[l.t.S] = append(u.byNode[l.t.S], i)
	if !l.t.O.IsLiteral() {
		u.byNode[l.t.O] = append(u.byNode[l.t.O], i)
	}
}

func sortedSources(m map[string]*rdf.Graph) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// DataQuads counts the triples of the case: its dataset and its sources
// (a sweep records it as the case's size).
func DataQuads(c *oracle.Case) int {
	n := 0
	if c.Dataset != nil {
		n = c.Dataset.Len()
	}
	for _, g := range c.Sources {
		n += g.Len()
	}
	return n
}

// sampleFanouts are how many of one node's triples a sample follows, so
// that a hub (a class with every product as its instance) does not fill
// the sample by itself: sample i takes sampleFanouts[i%3], from broad
// (12 of each node's triples, about two joins deep in 256 triples) to
// deep (2: long chains, such as a class hierarchy down to its instances
// for a `*` path).
var sampleFanouts = []int{12, 4, 2}

// sample picks at most limit triples: a walk from the query's constants,
// then from random subjects, that at each IRI or blank node takes up to
// fanout of its triples (pick: every kind of triple before a second of
// any kind) and goes on from their other ends, breadth first. A triple pattern's matches join
// through shared nodes, so the walk keeps the chains the query follows
// together. Literals are ends, never followed.
func (u *universe) sample(rng *rand.Rand, consts []rdf.Term, limit, fanout int) map[int]bool {
	picked := map[int]bool{}
	seen := map[rdf.Term]bool{}
	var queue []rdf.Term
	push := func(t rdf.Term) {
		if !seen[t] && !t.IsLiteral() && len(u.byNode[t]) > 0 {
			seen[t] = true
			queue = append(queue, t)
		}
	}
	for _, c := range consts {
		push(c)
	}
	for tries := 0; len(picked) < limit && len(u.quads) > 0 && tries < 4*limit; {
		if len(queue) == 0 {
			push(u.quads[rng.Intn(len(u.quads))].t.S)
			tries++
			continue
		}
		node := queue[0]
		queue = queue[1:]
		for _, id := range u.pick(rng, node, fanout) {
			if len(picked) >= limit {
				break
			}
			picked[id] = true
			push(u.quads[id].t.S)
			push(u.quads[id].t.O)
		}
	}
	return picked
}

// pick chooses up to fanout of node's triples, one of each kind (its
// predicate, and whether node is the subject) in turn, each kind from a
// random start: a producer with twenty products and one label keeps its
// label, which a star query's join needs, whatever the fanout.
func (u *universe) pick(rng *rand.Rand, node rdf.Term, fanout int) []int {
	type kind struct {
		p       rdf.Term
		subject bool
	}
	var order []kind
	groups := map[kind][]int{}
	for _, id := range u.byNode[node] {
		k := kind{u.quads[id].t.P, u.quads[id].t.S == node}
		if _, ok := groups[k]; !ok {
			order = append(order, k)
		}
		groups[k] = append(groups[k], id)
	}
	starts := make([]int, len(order))
	for i, k := range order {
		starts[i] = rng.Intn(len(groups[k]))
	}
	var out []int
	for round := 0; len(out) < fanout; round++ {
		took := false
		for i, k := range order {
			if g := groups[k]; round < len(g) && len(out) < fanout {
				out, took = append(out, g[(starts[i]+round)%len(g)]), true
			}
		}
		if !took {
			break
		}
	}
	return out
}

// sampleCase is c over the picked triples only: every graph of c keeps
// its name (an empty named graph stays), the query and base are c's.
func (u *universe) sampleCase(c *oracle.Case, picked map[int]bool, name string) *oracle.Case {
	out := &oracle.Case{Name: name, Query: c.Query, Base: c.Base, Dataset: rdf.NewDataset()}
	graphs := make([]*rdf.Graph, len(u.graphs))
	for i, gr := range u.graphs {
		switch {
		case gr.source != "":
			if out.Sources == nil {
				out.Sources = map[string]*rdf.Graph{}
			}
			graphs[i] = rdf.NewGraph()
			out.Sources[gr.source] = graphs[i]
		case gr.name.IsZero():
			graphs[i] = out.Dataset.Default
		default:
			graphs[i] = out.Dataset.Named(gr.name, true)
		}
	}
	for i := range u.quads {
		if picked[i] {
			graphs[u.quads[i].g].Add(u.quads[i].t)
		}
	}
	return out
}
