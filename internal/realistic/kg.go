package realistic

import (
	"fmt"
	"math"
	"math/rand/v2"
	"sort"

	"github.com/sparql-oracle/oracle/internal/rdf"
)

// The knowledge-graph shape: the traits of Wikidata- or DBpedia-like data
// that the benchmark shapes lack. Entities of a small class tree; a long
// tail of predicates whose use follows Zipf's law (the first predicates
// carry most triples, hundreds are rare); multi-valued properties;
// rdfs:label in several languages, not every entity in every language;
// numbers as xsd:integer, decimal, double, int and short; xsd:date and
// xsd:dateTime; addresses as blank nodes; a third of the statements in
// named graphs by source. KG12 adds RDF 1.2 reifiers (RDF 1.2 Concepts
// #dfn-reifier): a blank node or IRI that rdf:reifies a triple term
// (#dfn-triple-term) of an asserted statement, with a source and a
// confidence.

// KGNS is the knowledge graph's vocabulary and instance namespace.
const KGNS = "http://kg.example/"

const (
	kgPredicates = 240 // the long tail's length
	kgTriplesPer = 16  // triples an entity is given, about (duplicates fall together)
	// Distinct triples an entity ends with, measured (Dataset's size over
	// the entities, at 10k and 100k): the multi-valued links repeat some,
	// and kg12's reifiers add about half as many. An entity count of
	// Triples over these gives about 3% more than asked, never fewer.
	kgDistinctPer   = 11.5
	kg12DistinctPer = 17
	kgZipfExponent  = 1.1
	kgSources       = 6 // named graphs
)

var rdfReifies = rdf.IRI(rdf.RDFNS + "reifies")

// kgClasses is the class tree (class, superclass; "" a root).
var kgClasses = [][2]string{{"Thing", ""}, {"Agent", "Thing"}, {"Person", "Agent"},
	{"Organisation", "Agent"}, {"Company", "Organisation"}, {"Place", "Thing"}, {"City", "Place"},
	{"Country", "Place"}, {"Work", "Thing"}, {"Book", "Work"}, {"Film", "Work"}}

// kgLeaves are the classes entities get.
var kgLeaves = []string{"Person", "Company", "City", "Country", "Book", "Film", "Organisation"}

var kgLangs = []string{"en", "de", "fr", "es", "ja", "zh-hant", "pt-br"}

// kgKind is what a predicate's objects are.
type kgKind int

const (
	kgEntity kgKind = iota
	kgInteger
	kgDecimal
	kgDouble
	kgInt
	kgShort
	kgDate
	kgDateTime
	kgString
	kgLangString
	kgKinds
)

// kgDatatypes are the datatypes of the literal kinds, by kind.
var kgDatatypes = map[kgKind]string{kgInteger: rdf.XSDInteger, kgDecimal: rdf.XSDDecimal,
	kgDouble: rdf.XSDDouble, kgInt: rdf.XSD + "int", kgShort: rdf.XSD + "short",
	kgDate: rdf.XSD + "date", kgDateTime: rdf.XSDDateTime, kgString: rdf.XSDString}

// KGPredicate is the knowledge graph's i-th predicate (0 the most used).
func KGPredicate(i int) rdf.Term { return rdf.IRI(fmt.Sprintf("%sp%d", KGNS, i)) }

// kgPredKind fixes each predicate's object kind from its index, so a
// predicate's objects share a kind, as in real data: every third is an
// entity link, the rest cycle through the literal kinds.
func kgPredKind(i int) kgKind {
	if i%3 == 0 {
		return kgEntity
	}
	return kgKind(1 + (i/3+i)%int(kgKinds-1))
}

type kg struct {
	r      *rand.Rand
	emit   func(rdf.Quad)
	s      Spec
	cdf    []float64 // Zipf over predicates
	n      int       // entities
	bnodes int
	reifs  int
}

func kgIRI(kind string, i int) rdf.Term { return rdf.IRI(fmt.Sprintf("%s%s%d", KGNS, kind, i)) }

func genKG(s Spec, emit func(rdf.Quad)) {
	k := &kg{r: rand.New(rand.NewPCG(uint64(s.Seed), 0x6b67)), emit: emit, s: s}
	per := kgDistinctPer
	if s.Shape == KG12 {
		per = kg12DistinctPer
	}
	k.n = max(10, int(float64(s.Triples)/per))
	k.cdf = zipfCDF(kgPredicates, kgZipfExponent)
	for _, c := range kgClasses {
		if c[1] != "" {
			k.add(rdf.IRI(KGNS+c[0]), rdf.IRI(rdfsNS+"subClassOf"), rdf.IRI(KGNS+c[1]), rdf.DefaultGraph)
		}
	}
	for i := 0; i < k.n; i++ {
		k.entity(i)
	}
}

// zipfCDF is the cumulative distribution of Zipf's law over n ranks.
func zipfCDF(n int, s float64) []float64 {
	cdf := make([]float64, n)
	sum := 0.0
	for i := range cdf {
		sum += 1 / math.Pow(float64(i+1), s)
		cdf[i] = sum
	}
	for i := range cdf {
		cdf[i] /= sum
	}
	return cdf
}

func (k *kg) zipf() int {
	u := k.r.Float64()
	return min(len(k.cdf)-1, sort.SearchFloat64s(k.cdf, u))
}

func (k *kg) add(s, p, o, g rdf.Term) { k.emit(rdf.Quad{S: s, P: p, O: o, G: g}) }

// graph is where one statement goes: the default graph two times in three,
// else one of the sources' named graphs.
func (k *kg) graph() rdf.Term {
	if k.r.IntN(3) != 0 {
		return rdf.DefaultGraph
	}
	return kgIRI("source/", k.r.IntN(kgSources))
}

func (k *kg) entity(i int) {
	e := kgIRI("e", i)
	k.add(e, rdfType, rdf.IRI(KGNS+kgLeaves[i%len(kgLeaves)]), rdf.DefaultGraph)
	for j, lang := range kgLangs {
		if j == 0 || k.r.IntN(3) == 0 {
			k.add(e, rdf.IRI(rdfsNS+"label"), rdf.LangLiteral(fmt.Sprintf("%s %d (%s)", kgLeaves[i%len(kgLeaves)], i, lang), lang), rdf.DefaultGraph)
		}
	}
	if i%5 == 0 {
		k.address(e)
	}
	for left := kgTriplesPer - 4; left > 0; left-- {
		p := k.zipf()
		for v, m := 0, k.values(p); v < m && left > 0; v++ {
			k.statement(e, p)
			left--
		}
	}
}

// values is how many values the entity gets for a predicate: entity links
// of the ten most used predicates are often multi-valued.
func (k *kg) values(p int) int {
	if p < 10 && kgPredKind(p) == kgEntity {
		return 1 + k.r.IntN(4)
	}
	return 1
}

func (k *kg) statement(e rdf.Term, p int) {
	pt, o, g := KGPredicate(p), k.object(kgPredKind(p)), k.graph()
	k.add(e, pt, o, g)
	if k.s.Shape == KG12 && k.r.IntN(4) == 0 {
		k.reifier(e, pt, o, g)
	}
}

// reifier states who said e p o and how sure: a blank node or an IRI that
// rdf:reifies the triple term, in the statement's graph.
func (k *kg) reifier(s, p, o, g rdf.Term) {
	k.reifs++
	r := rdf.Blank(fmt.Sprintf("r%d", k.reifs))
	if k.reifs%2 == 0 {
		r = kgIRI("claim/", k.reifs)
	}
	k.add(r, rdfReifies, rdf.TripleTerm(s, p, o), g)
	k.add(r, rdf.IRI(KGNS+"source"), kgIRI("source/", k.r.IntN(kgSources)), g)
	k.add(r, rdf.IRI(KGNS+"confidence"), rdf.Literal(fmt.Sprintf("0.%d", 1+k.r.IntN(9)), rdf.XSDDecimal), g)
}

func (k *kg) object(kind kgKind) rdf.Term {
	switch kind {
	case kgEntity:
		return kgIRI("e", k.zipfEntity())
	case kgInteger:
		return rdf.Literal(fmt.Sprint(k.r.IntN(100000)-1000), rdf.XSDInteger)
	case kgDecimal:
		return rdf.Literal(fmt.Sprintf("%d.%02d", k.r.IntN(1000), k.r.IntN(100)), rdf.XSDDecimal)
	case kgDouble:
		return rdf.Literal(fmt.Sprintf("%.3E", k.r.Float64()*1e6), rdf.XSDDouble)
	case kgInt, kgShort:
		return rdf.Literal(fmt.Sprint(k.r.IntN(30000)), kgDatatypes[kind])
	case kgDate:
		return rdf.Literal(fmt.Sprintf("%04d-%02d-%02d", 1900+k.r.IntN(125), 1+k.r.IntN(12), 1+k.r.IntN(28)), kgDatatypes[kind])
	case kgDateTime:
		return rdf.Literal(fmt.Sprintf("%04d-%02d-%02dT%02d:%02d:00Z", 1990+k.r.IntN(35), 1+k.r.IntN(12), 1+k.r.IntN(28), k.r.IntN(24), k.r.IntN(60)), rdf.XSDDateTime)
	case kgLangString:
		return rdf.LangLiteral(fmt.Sprintf("text %d", k.r.IntN(500)), kgLangs[k.r.IntN(len(kgLangs))])
	}
	return rdf.String(fmt.Sprintf("value %d", k.r.IntN(5000)))
}

// zipfEntity links to popular entities more often: the square of a uniform
// draw favours low indexes.
func (k *kg) zipfEntity() int {
	u := k.r.Float64()
	return int(u * u * float64(k.n))
}

func (k *kg) address(e rdf.Term) {
	k.bnodes++
	b := rdf.Blank(fmt.Sprintf("addr%d", k.bnodes))
	k.add(e, rdf.IRI(KGNS+"address"), b, rdf.DefaultGraph)
	k.add(b, rdf.IRI(KGNS+"city"), kgIRI("e", k.zipfEntity()), rdf.DefaultGraph)
	k.add(b, rdf.IRI(KGNS+"postcode"), rdf.String(fmt.Sprintf("%05d", k.r.IntN(100000))), rdf.DefaultGraph)
}
