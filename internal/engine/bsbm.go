package engine

import (
	"fmt"
	"math/rand"
	"time"

	"github.com/sparql-oracle/oracle/internal/rdf"
)

// BSBM vocabulary and instance namespaces of the benchmark generator.
const (
	BSBMVoc  = "http://bsbm.example/voc#"
	BSBMInst = "http://bsbm.example/inst/"
	rdfsNS   = "http://www.w3.org/2000/01/rdf-schema#"
	dcNS     = "http://purl.org/dc/elements/1.1/"
)

// BSBMCountries are the country codes producers, vendors and reviewers get.
var BSBMCountries = []string{"US", "DE", "FR", "GB", "JP", "CN", "RU", "ES", "AT", "KR"}

var bsbmWords = []string{"alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel",
	"india", "juliet", "kilo", "lima", "mike", "november", "oscar", "papa", "quebec", "romeo",
	"sierra", "tango", "uniform", "victor", "whiskey", "xray", "yankee", "zulu"}

// GenerateBSBM builds a dataset shaped like the Berlin SPARQL Benchmark's
// (products with types in a subclass hierarchy, labels, features and
// numeric and textual properties; producers; vendors; offers with prices,
// dates and delivery days; reviewers; reviews with titles, language-tagged
// texts and ratings) of about the given number of triples, the same for
// the same seed. Product i is BSBMInst+"Product"+i; types are
// "ProductType"+k, type 1 the root.
func GenerateBSBM(triples int, seed int64) *rdf.Dataset {
	b := &bsbm{ds: rdf.NewDataset(), r: rand.New(rand.NewSource(seed))}
	products := max(1, triples/52)
	b.types = max(3, products/40)
	b.producers = max(1, products/20)
	b.vendors = max(1, products/30)
	b.persons = max(1, products/5)
	b.features = max(5, products/10)
	b.hierarchy()
	b.agents()
	for i := 1; i <= products; i++ {
		b.product(i)
	}
	return b.ds
}

type bsbm struct {
	ds                                           *rdf.Dataset
	r                                            *rand.Rand
	types, producers, vendors, persons, features int
	offers, reviews                              int
}

func inst(kind string, i int) rdf.Term { return rdf.IRI(fmt.Sprintf("%s%s%d", BSBMInst, kind, i)) }
func voc(name string) rdf.Term         { return rdf.IRI(BSBMVoc + name) }

func (b *bsbm) add(s rdf.Term, p string, o rdf.Term) {
	var pt rdf.Term
	switch {
	case p == "type":
		pt = rdf.IRI(rdf.RDFNS + "type")
	case p == "label" || p == "comment" || p == "subClassOf":
		pt = rdf.IRI(rdfsNS + p)
	case p == "title" || p == "date" || p == "publisher":
		pt = rdf.IRI(dcNS + p)
	default:
		pt = voc(p)
	}
	b.ds.Add(rdf.Quad{S: s, P: pt, O: o})
}

func (b *bsbm) words(n int) string {
	s := ""
	for i := 0; i < n; i++ {
		if i > 0 {
			s += " "
		}
		s += bsbmWords[b.r.Intn(len(bsbmWords))]
	}
	return s
}

func integer(n int) rdf.Term { return rdf.Literal(fmt.Sprint(n), rdf.XSDInteger) }

func (b *bsbm) date() rdf.Term {
	t := time.Date(2008, 1, 1, 0, 0, 0, 0, time.UTC).Add(time.Duration(b.r.Intn(365*24)) * time.Hour)
	return rdf.Literal(t.Format("2006-01-02T15:04:05"), rdf.XSDDateTime)
}

// hierarchy: type k's parent is type k/2 (a binary tree rooted at type 1).
func (b *bsbm) hierarchy() {
	for k := 1; k <= b.types; k++ {
		t := inst("ProductType", k)
		b.add(t, "type", voc("ProductType"))
		b.add(t, "label", rdf.String("type "+b.words(2)))
		if k > 1 {
			b.add(t, "subClassOf", inst("ProductType", k/2))
		}
	}
	for f := 1; f <= b.features; f++ {
		b.add(inst("ProductFeature", f), "label", rdf.String("feature "+b.words(1)))
	}
}

func (b *bsbm) agents() {
	country := func() rdf.Term {
		return rdf.IRI("http://downlode.org/rdf/iso-3166/countries#" + BSBMCountries[b.r.Intn(len(BSBMCountries))])
	}
	for i := 1; i <= b.producers; i++ {
		p := inst("Producer", i)
		b.add(p, "type", voc("Producer"))
		b.add(p, "label", rdf.String("producer "+b.words(2)))
		b.add(p, "country", country())
	}
	for i := 1; i <= b.vendors; i++ {
		v := inst("Vendor", i)
		b.add(v, "type", voc("Vendor"))
		b.add(v, "label", rdf.String("vendor "+b.words(2)))
		b.add(v, "country", country())
	}
	for i := 1; i <= b.persons; i++ {
		p := inst("Reviewer", i)
		b.add(p, "type", voc("Person"))
		b.add(p, "name", rdf.String(b.words(2)))
		b.add(p, "country", country())
	}
	b.knows()
}

// knows links reviewers into cycles without drawing from the random
// stream (the rest of the data stays as it was): reviewer i knows i+1 (a
// ring over all of them) and 2i+1 (mod the count), for the * and + paths
// of the mix.
func (b *bsbm) knows() {
	for i := 1; i <= b.persons; i++ {
		b.add(inst("Reviewer", i), "knows", inst("Reviewer", i%b.persons+1))
		b.add(inst("Reviewer", i), "knows", inst("Reviewer", (2*i)%b.persons+1))
	}
}

// product adds one product (about 16 triples), 2 offers (7 each) and 2
// reviews (9 each, ratings sometimes missing).
func (b *bsbm) product(i int) {
	p := inst("Product", i)
	leaf := b.types/2 + 1 + b.r.Intn(b.types-b.types/2)
	b.add(p, "type", voc("Product"))
	b.add(p, "type", inst("ProductType", leaf))
	b.add(p, "label", rdf.String(b.words(3)))
	b.add(p, "comment", rdf.String(b.words(12)))
	b.add(p, "producer", inst("Producer", 1+b.r.Intn(b.producers)))
	for f := 0; f < 4; f++ {
		b.add(p, "productFeature", inst("ProductFeature", 1+b.r.Intn(b.features)))
	}
	for k := 1; k <= 3; k++ {
		b.add(p, fmt.Sprintf("productPropertyNumeric%d", k), integer(1+b.r.Intn(2000)))
	}
	for k := 1; k <= 2; k++ {
		b.add(p, fmt.Sprintf("productPropertyTextual%d", k), rdf.String(b.words(4)))
	}
	b.add(p, "date", b.date())
	for k := 0; k < 2; k++ {
		b.offer(p)
		b.review(p)
	}
}

func (b *bsbm) offer(p rdf.Term) {
	b.offers++
	o := inst("Offer", b.offers)
	b.add(o, "type", voc("Offer"))
	b.add(o, "product", p)
	b.add(o, "vendor", inst("Vendor", 1+b.r.Intn(b.vendors)))
	b.add(o, "price", rdf.Literal(fmt.Sprintf("%d.%02d", 5+b.r.Intn(10000), b.r.Intn(100)), rdf.XSDDecimal))
	b.add(o, "validFrom", b.date())
	b.add(o, "validTo", b.date())
	b.add(o, "deliveryDays", integer(1+b.r.Intn(21)))
}

func (b *bsbm) review(p rdf.Term) {
	b.reviews++
	r := inst("Review", b.reviews)
	b.add(r, "type", voc("Review"))
	b.add(r, "reviewFor", p)
	b.add(r, "reviewer", inst("Reviewer", 1+b.r.Intn(b.persons)))
	b.add(r, "title", rdf.String(b.words(4)))
	b.add(r, "text", rdf.LangLiteral(b.words(20), []string{"en", "de", "fr"}[b.r.Intn(3)]))
	b.add(r, "date", b.date())
	for k := 1; k <= 2; k++ {
		if b.r.Intn(4) != 0 {
			b.add(r, fmt.Sprintf("rating%d", k), integer(1+b.r.Intn(10)))
		}
	}
}
