package sparqlhttp

import (
	"sort"
	"strings"

	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// plan is how one case is laid out in the store and named in the request.
//
// The strategy (see doc.go): the default graph goes to a graph IRI unique to
// the case (urn:sparql-oracle:<run>:<n>:default); named graphs and FROM
// sources keep their real IRIs, because GRAPH ?g must bind them; every graph
// loaded is dropped after the case, and cases on one store run one at a time.
// The request always names the dataset (default-graph-uri, named-graph-uri):
// an endpoint's own default is often the union of all its graphs.
type plan struct {
	graphs  []graph  // what to load (non-empty graphs only)
	Default []string // default-graph-uri values, never empty
	Named   []string // named-graph-uri values, never empty
	prefix  string   // the case's own IRIs start with it
}

type graph struct {
	IRI     string
	Triples []rdf.Triple
}

// makePlan lays out case c; prefix is unique to the case.
func makePlan(c *oracle.Case, h *oracle.QueryInfo, prefix string) *plan {
	p := &plan{prefix: prefix}
	catalogue := map[string]bool{}
	ds := c.Dataset
	if ds == nil {
		ds = rdf.NewDataset()
	}
	for _, n := range ds.Names() {
		p.add(n.Value, ds.Named(n, false).Triples())
		catalogue[n.Value] = true
	}
	if !h.HasDataset() {
		p.add(prefix+":default", ds.Default.Triples())
		p.Default = []string{prefix + ":default"}
		p.Named = names(ds)
	} else {
		p.sources(c.Sources, catalogue)
		p.Default = pick(h.From, catalogue, prefix+":absent")
		p.Named = pick(h.FromNamed, catalogue, "")
	}
	if len(p.Default) == 0 {
		p.Default = []string{prefix + ":empty"}
	}
	if len(p.Named) == 0 {
		// Without named-graph-uri some endpoints (Virtuoso) let GRAPH ?g
		// range over every graph they hold: name one that does not exist.
		p.Named = []string{prefix + ":none"}
	}
	return p
}

// sources adds the catalogue's further graphs, for FROM and FROM NAMED
// (#specifyingDataset); a dataset's named graph of the same IRI wins.
func (p *plan) sources(src map[string]*rdf.Graph, catalogue map[string]bool) {
	iris := make([]string, 0, len(src))
	for iri := range src {
		iris = append(iris, iri)
	}
	sort.Strings(iris)
	for _, iri := range iris {
		if !catalogue[iri] {
			p.add(iri, src[iri].Triples())
			catalogue[iri] = true
		}
	}
}

func (p *plan) add(iri string, ts []rdf.Triple) {
	if len(ts) > 0 {
		p.graphs = append(p.graphs, graph{IRI: iri, Triples: ts})
	}
}

func names(ds *rdf.Dataset) []string {
	var out []string
	for _, n := range ds.Names() {
		out = append(out, n.Value)
	}
	return out
}

// pick keeps the IRIs the catalogue holds. An IRI outside it is an empty
// graph: it becomes absent (a graph IRI that exists nowhere) or is dropped,
// so a graph the store happens to hold can never leak into the answer.
func pick(iris []string, catalogue map[string]bool, absent string) []string {
	var out []string
	for _, iri := range iris {
		switch {
		case catalogue[iri]:
			out = append(out, iri)
		case absent != "":
			out = append(out, absent)
		}
	}
	return out
}

// toDrop lists the named graphs of the request that must be emptied before
// the query: those not loaded, except the case's own placeholder IRIs.
func (p *plan) toDrop() []string {
	var out []string
	for _, iri := range p.Named {
		if !p.loaded(iri) && !strings.HasPrefix(iri, p.prefix+":") {
			out = append(out, iri)
		}
	}
	return out
}

func (p *plan) loaded(iri string) bool {
	for _, g := range p.graphs {
		if g.IRI == iri {
			return true
		}
	}
	return false
}

// sharedBlank reports a blank node that occurs in more than one graph of the
// plan. Graph Store requests load each graph on its own, so such a node would
// split in two: the case cannot be loaded faithfully that way.
func (p *plan) sharedBlank() (rdf.Term, bool) {
	seen := map[rdf.Term]string{}
	for _, g := range p.graphs {
		for _, t := range g.Triples {
			for _, x := range []rdf.Term{t.S, t.O} {
				if x.Kind != rdf.KindBlank {
					continue
				}
				if other, ok := seen[x]; ok && other != g.IRI {
					return x, true
				}
				seen[x] = g.IRI
			}
		}
	}
	return rdf.Term{}, false
}
