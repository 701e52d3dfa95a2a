package corpus

import (
	"net/url"
	"strings"

	"github.com/sparql-oracle/oracle/internal/rdf"
)

const (
	rdfType  = rdf.RDFNS + "type"
	rdfFirst = rdf.RDFNS + "first"
	rdfRest  = rdf.RDFNS + "rest"
	rdfNil   = rdf.RDFNS + "nil"
)

// graph indexes a manifest's triples by subject and predicate, keeping the
// document order of objects (entries and data files are listed in order).
type graph struct {
	out      map[rdf.Term]map[string][]rdf.Term
	subjects []rdf.Term // in order of first appearance
}

func newGraph(quads []rdf.Quad) *graph {
	g := &graph{out: map[rdf.Term]map[string][]rdf.Term{}}
	for _, q := range quads {
		m, ok := g.out[q.S]
		if !ok {
			m = map[string][]rdf.Term{}
			g.out[q.S] = m
			g.subjects = append(g.subjects, q.S)
		}
		m[q.P.Value] = append(m[q.P.Value], q.O)
	}
	return g
}

// objects returns the objects of (s, p, ?o) in document order.
func (g *graph) objects(s rdf.Term, p string) []rdf.Term { return g.out[s][p] }

// one returns the first object of (s, p, ?o), or the zero Term.
func (g *graph) one(s rdf.Term, p string) rdf.Term {
	if os := g.out[s][p]; len(os) > 0 {
		return os[0]
	}
	return rdf.None
}

// text returns the lexical form of the first literal object of (s, p).
func (g *graph) text(s rdf.Term, p string) string {
	for _, o := range g.objects(s, p) {
		if o.IsLiteral() {
			return o.Value
		}
	}
	return ""
}

// list walks an RDF collection (rdf:first/rdf:rest). A node that is not a
// collection is returned as a one-element list, so `mf:include <m.ttl>` and
// `mf:include (<m.ttl>)` read alike. A cycle ends the walk.
func (g *graph) list(head rdf.Term) []rdf.Term {
	if head == rdf.IRI(rdfNil) {
		return nil
	}
	if !head.IsBlank() || g.one(head, rdfFirst).IsZero() {
		return []rdf.Term{head}
	}
	var out []rdf.Term
	seen := map[rdf.Term]bool{}
	for n := head; n.IsBlank() && !seen[n]; n = g.one(n, rdfRest) {
		seen[n] = true
		if f := g.one(n, rdfFirst); !f.IsZero() {
			out = append(out, f)
		}
	}
	return out
}

// lists flattens every collection that is an object of (s, p).
func (g *graph) lists(s rdf.Term, p string) []rdf.Term {
	var out []rdf.Term
	for _, o := range g.objects(s, p) {
		out = append(out, g.list(o)...)
	}
	return out
}

// manifestNodes returns the nodes that carry mf:entries or mf:include: the
// manifest file's own IRI first, then any other in document order.
func (g *graph) manifestNodes(file string) []rdf.Term {
	var out []rdf.Term
	isManifest := func(s rdf.Term) bool {
		return len(g.objects(s, MF+"entries")) > 0 || len(g.objects(s, MF+"include")) > 0
	}
	self := rdf.IRI(file)
	if isManifest(self) {
		out = append(out, self)
	}
	for _, s := range g.subjects {
		if s != self && isManifest(s) {
			out = append(out, s)
		}
	}
	return out
}

// includes returns the IRIs a manifest node includes.
func (g *graph) includes(m rdf.Term) []string {
	var out []string
	for _, n := range g.lists(m, MF+"include") {
		if n.IsIRI() {
			out = append(out, n.Value)
		}
	}
	return out
}

// entries returns the tests a manifest node lists, in list order.
func (g *graph) entries(m rdf.Term, file string) []*Test {
	var out []*Test
	for _, n := range g.lists(m, MF+"entries") {
		out = append(out, g.test(n, file))
	}
	return out
}

// test reads one entry.
func (g *graph) test(n rdf.Term, file string) *Test {
	t := &Test{
		ID:          n.Value,
		Type:        g.typeOf(n),
		Name:        g.text(n, MF+"name"),
		Comment:     g.text(n, RDFS+"comment"),
		Manifest:    file,
		Result:      resultIRI(g.one(n, MF+"result")),
		Requires:    iris(g.objects(n, MF+"requires")),
		Features:    iris(g.objects(n, MF+"feature")),
		Lax:         g.one(n, MF+"resultCardinality") == rdf.IRI(MF+"LaxCardinality"),
		Approval:    localName(g.one(n, DAWGT+"approval").Value, DAWGT),
		SpecVersion: g.one(n, MF+"specVersion").Value,
	}
	if !n.IsIRI() {
		t.ID = file + "#" + url.PathEscape(t.Name)
	}
	g.action(t, g.one(n, MF+"action"))
	if r := g.one(n, MF+"result"); r.Kind == rdf.KindBlank {
		t.UpdateResult = &StoreFiles{Data: iris(g.objects(r, UT+"data")), GraphData: g.graphData(r)}
	}
	return t
}

// resultIRI is mf:result when it names a file; an update test's result is a
// blank node describing the store (read into Test.UpdateResult).
func resultIRI(r rdf.Term) string {
	if r.IsIRI() {
		return r.Value
	}
	return ""
}

// typeOf returns the test type: an mf: local name when the entry has one,
// else the first rdf:type IRI.
func (g *graph) typeOf(n rdf.Term) string {
	types := g.objects(n, rdfType)
	for _, ty := range types {
		if strings.HasPrefix(ty.Value, MF) {
			return localName(ty.Value, MF)
		}
	}
	if len(types) > 0 {
		return types[0].Value
	}
	return ""
}

// action reads mf:action: an IRI is the query file itself (syntax tests); a
// node carries qt:query, qt:data, qt:graphData, qt:serviceData and
// sd:entailmentRegime (query evaluation tests).
func (g *graph) action(t *Test, a rdf.Term) {
	if a.IsIRI() {
		t.Query = a.Value
		return
	}
	if a.IsZero() {
		return
	}
	t.Query = g.one(a, QT+"query").Value
	t.Update = g.one(a, UT+"request").Value
	t.Data = iris(append(g.objects(a, QT+"data"), g.objects(a, UT+"data")...))
	t.GraphData = g.graphData(a)
	for _, s := range g.objects(a, QT+"serviceData") {
		t.ServiceData = append(t.ServiceData, ServiceData{
			Endpoint:  g.one(s, QT+"endpoint").Value,
			Data:      iris(g.objects(s, QT+"data")),
			GraphData: g.graphData(s),
		})
	}
	// The suite writes sd:entailmentRegime; some manifests use the ent: namespace.
	t.Entailment = iris(append(g.lists(a, SD+"entailmentRegime"), g.lists(a, ENT+"entailmentRegime")...))
}

// graphData reads qt:graphData (and the update tests' ut:graphData) objects: an IRI names the file and the graph;
// a blank node gives the file as qt:graph or ut:graph and the graph name as
// rdfs:label (the style of the update tests and of later suites).
func (g *graph) graphData(a rdf.Term) []GraphData {
	var out []GraphData
	for _, o := range append(g.objects(a, QT+"graphData"), g.objects(a, UT+"graphData")...) {
		if o.IsIRI() {
			out = append(out, GraphData{File: o.Value, Name: o.Value})
			continue
		}
		file := g.one(o, QT+"graph")
		if file.IsZero() {
			file = g.one(o, UT+"graph")
		}
		if !file.IsIRI() {
			continue
		}
		gd := GraphData{File: file.Value, Name: file.Value}
		if l := g.text(o, RDFS+"label"); l != "" {
			gd.Name = l
		}
		out = append(out, gd)
	}
	return out
}

// iris keeps the IRI values of terms.
func iris(ts []rdf.Term) []string {
	var out []string
	for _, t := range ts {
		if t.IsIRI() {
			out = append(out, t.Value)
		}
	}
	return out
}

// localName strips ns from iri when iri is in ns, else returns iri.
func localName(iri, ns string) string {
	return strings.TrimPrefix(iri, ns)
}
