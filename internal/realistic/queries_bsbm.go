package realistic

import (
	"fmt"
	"math/rand/v2"

	"github.com/sparql-oracle/oracle/internal/engine"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// The BSBM explore mix (Bizer and Schultz, "The Berlin SPARQL Benchmark",
// IJSWIS 5(2), 2009, §3.3 and the BSBM V3 specification's explore use
// case, queries 1-12), over internal/engine's BSBM vocabulary (which has
// no productPropertyNumeric4-6, no publishers and no vendor homepages, so
// those clauses are left out), with each parameter drawn from the data: a
// product type with instances, a feature, a product, an offer, a review, a
// country, a word of the labels, a numeric threshold. Query 9 is a
// DESCRIBE in BSBM; a DESCRIBE's graph is the engine's choice (#describe),
// so it becomes the SELECT of the reviewer's properties. Query 12 stays a
// CONSTRUCT.

const bsbmPrefixes = engine.BSBMPrefixes + "PREFIX dc: <http://purl.org/dc/elements/1.1/>\n" +
	"PREFIX xsd: <http://www.w3.org/2001/XMLSchema#>\n"

var bsbmTexts = []struct{ name, text string }{
	{"bsbm/explore1", `SELECT DISTINCT ?product ?label WHERE {
  ?product rdfs:label ?label ; a {{TYPE}} ; voc:productFeature {{F1}} ; voc:productPropertyNumeric1 ?value1 .
  FILTER (?value1 > {{X}}) } ORDER BY ?label ?product LIMIT 10`},
	{"bsbm/explore2", `SELECT ?label ?comment ?producer ?f ?t1 ?n1 ?n2 WHERE {
  {{P}} rdfs:label ?label ; rdfs:comment ?comment ; voc:producer ?p ; voc:productFeature ?f ;
    voc:productPropertyTextual1 ?t1 ; voc:productPropertyNumeric1 ?n1 .
  ?p rdfs:label ?producer .
  OPTIONAL { {{P}} voc:productPropertyNumeric2 ?n2 } }`},
	{"bsbm/explore3", `SELECT ?product ?label WHERE {
  ?product rdfs:label ?label ; a {{TYPE}} ; voc:productFeature {{F1}} ; voc:productPropertyNumeric1 ?p1 .
  FILTER (?p1 > {{X}})
  OPTIONAL { ?product voc:productFeature {{F2}} ; rdfs:label ?testVar }
  FILTER (!BOUND(?testVar)) } ORDER BY ?label ?product LIMIT 10`},
	{"bsbm/explore4", `SELECT DISTINCT ?product ?label ?propertyTextual WHERE {
  { ?product rdfs:label ?label ; a {{TYPE}} ; voc:productFeature {{F1}} ;
      voc:productPropertyTextual1 ?propertyTextual ; voc:productPropertyNumeric1 ?p1 . FILTER (?p1 > {{X}}) }
  UNION
  { ?product rdfs:label ?label ; a {{TYPE}} ; voc:productFeature {{F2}} ;
      voc:productPropertyTextual1 ?propertyTextual ; voc:productPropertyNumeric2 ?p2 . FILTER (?p2 > {{Y}}) }
} ORDER BY ?label ?product ?propertyTextual OFFSET 2 LIMIT 10`},
	{"bsbm/explore5", `SELECT DISTINCT ?product ?productLabel WHERE {
  ?product rdfs:label ?productLabel . FILTER ({{P}} != ?product)
  {{P}} voc:productFeature ?prodFeature . ?product voc:productFeature ?prodFeature .
  {{P}} voc:productPropertyNumeric1 ?origProperty1 . ?product voc:productPropertyNumeric1 ?simProperty1 .
  FILTER (?simProperty1 < (?origProperty1 + 120) && ?simProperty1 > (?origProperty1 - 120))
  {{P}} voc:productPropertyNumeric2 ?origProperty2 . ?product voc:productPropertyNumeric2 ?simProperty2 .
  FILTER (?simProperty2 < (?origProperty2 + 170) && ?simProperty2 > (?origProperty2 - 170))
} ORDER BY ?productLabel ?product LIMIT 5`},
	{"bsbm/explore6", `SELECT ?product ?label WHERE { ?product rdfs:label ?label ; a voc:Product . FILTER regex(?label, "{{WORD}}") }`},
	{"bsbm/explore7", `SELECT ?productLabel ?offer ?price ?vendor ?vendorTitle ?review ?revTitle ?reviewer ?revName ?rating1 ?rating2 WHERE {
  {{P}} rdfs:label ?productLabel .
  OPTIONAL { ?offer voc:product {{P}} ; voc:price ?price ; voc:vendor ?vendor ; voc:validTo ?date .
    ?vendor rdfs:label ?vendorTitle ; voc:country {{C}} . FILTER (?date > {{DATE}}) }
  OPTIONAL { ?review voc:reviewFor {{P}} ; voc:reviewer ?reviewer ; dc:title ?revTitle .
    ?reviewer voc:name ?revName .
    OPTIONAL { ?review voc:rating1 ?rating1 } OPTIONAL { ?review voc:rating2 ?rating2 } } }`},
	{"bsbm/explore8", `SELECT ?title ?text ?reviewDate ?reviewer ?reviewerName ?rating1 ?rating2 WHERE {
  ?review voc:reviewFor {{P}} ; dc:title ?title ; voc:text ?text ; dc:date ?reviewDate ; voc:reviewer ?reviewer .
  ?reviewer voc:name ?reviewerName .
  FILTER langMatches(lang(?text), "{{LANG}}")
  OPTIONAL { ?review voc:rating1 ?rating1 } OPTIONAL { ?review voc:rating2 ?rating2 }
} ORDER BY DESC(?reviewDate) ?review LIMIT 20`},
	{"bsbm/explore9", `SELECT ?x ?p ?o WHERE { {{R}} voc:reviewer ?x . ?x ?p ?o }`},
	{"bsbm/explore10", `SELECT DISTINCT ?offer ?price WHERE {
  ?offer voc:product {{P}} ; voc:vendor ?vendor ; voc:deliveryDays ?deliveryDays ; voc:price ?price ; voc:validTo ?date .
  ?vendor voc:country {{C}} . FILTER (?deliveryDays <= {{DAYS}}) FILTER (?date > {{DATE}})
} ORDER BY xsd:double(str(?price)) ?offer LIMIT 10`},
	{"bsbm/explore11", `SELECT ?property ?hasValue ?isValueOf WHERE {
  { {{O}} ?property ?hasValue } UNION { ?isValueOf ?property {{O}} } }`},
	{"bsbm/explore12", `CONSTRUCT { {{O}} voc:product ?p ; voc:price ?price ; voc:vendor ?v ; voc:deliveryDays ?d . ?v rdfs:label ?vl ; voc:country ?c }
WHERE { {{O}} voc:product ?p ; voc:price ?price ; voc:vendor ?v ; voc:deliveryDays ?d . ?v rdfs:label ?vl ; voc:country ?c }`},
}

var bsbmQueries = func() []template {
	out := make([]template, len(bsbmTexts))
	for i, q := range bsbmTexts {
		q := q
		out[i] = template{name: q.name, make: func(r *rand.Rand, s *Sample) (string, bool) {
			kv, ok := bsbmParams(r, s)
			return bsbmPrefixes + fill(q.text, kv...), ok
		}}
	}
	return out
}()

func bv(name string) rdf.Term { return rdf.IRI(engine.BSBMVoc + name) }

// bsbmParams draws every parameter of the mix from the sample: the text of
// a query uses those it names.
func bsbmParams(r *rand.Rand, s *Sample) ([]string, bool) {
	types := classesWithPrefix(s, engine.BSBMInst+"ProductType")
	feat1, ok1 := s.Pick(r, bv("productFeature"))
	feat2, ok2 := s.Pick(r, bv("productFeature"))
	offer, ok3 := s.Pick(r, bv("product"))
	review, ok4 := s.Pick(r, bv("reviewFor"))
	vendor, ok5 := s.Pick(r, bv("country"))
	label, ok6 := s.Pick(r, rdf.IRI(rdfsNS+"label"))
	if len(types) == 0 || !(ok1 && ok2 && ok3 && ok4 && ok5 && ok6) {
		return nil, false
	}
	word := firstWord(label.O.Value)
	return []string{"TYPE", types[r.IntN(len(types))].String(), "F1", feat1.O.String(), "F2", feat2.O.String(),
		"X", fmt.Sprint(r.IntN(1500)), "Y", fmt.Sprint(r.IntN(1500)), "P", feat1.S.String(),
		"O", offer.S.String(), "R", review.S.String(), "C", vendor.O.String(), "WORD", word,
		"LANG", []string{"en", "de", "fr"}[r.IntN(3)], "DAYS", fmt.Sprint(1 + r.IntN(10)),
		"DATE", fmt.Sprintf(`"2008-%02d-%02dT00:00:00"^^xsd:dateTime`, 1+r.IntN(12), 1+r.IntN(28))}, true
}

func firstWord(s string) string {
	for i, c := range s {
		if c == ' ' {
			return s[:i]
		}
	}
	return s
}
