package realistic

import (
	"fmt"
	"math/rand/v2"
)

// kg12Queries ask the RDF 1.2 knowledge graph about its reifiers
// (SPARQL 1.2 triple terms and reified triples): who says what, how sure.
var kg12Queries = []template{
	{"kg12/reifier-confidence", func(r *rand.Rand, s *Sample) (string, bool) {
		return fmt.Sprintf(`VERSION "1.2"
%sSELECT ?s ?o ?c WHERE { ?r rdf:reifies <<( ?s %s ?o )>> ; kg:confidence ?c . FILTER (?c >= 0.%d) }`,
			kgPrefixes12, KGPredicate(r.IntN(6)), 1+r.IntN(8)), true
	}},
	{"kg12/annotation-source", func(r *rand.Rand, s *Sample) (string, bool) {
		return fmt.Sprintf(`VERSION "1.2"
%sSELECT ?s ?o ?src WHERE { GRAPH ?g { ?s %s ?o {| kg:source ?src |} } }`, kgPrefixes12, KGPredicate(r.IntN(6))), true
	}},
	{"kg12/triple-term-parts", func(r *rand.Rand, s *Sample) (string, bool) {
		return fmt.Sprintf(`VERSION "1.2"
%sSELECT ?t (SUBJECT(?t) AS ?s) (OBJECT(?t) AS ?o) WHERE { ?r rdf:reifies ?t . FILTER (PREDICATE(?t) = %s) }`,
			kgPrefixes12, KGPredicate(r.IntN(6))), true
	}},
}

const kgPrefixes12 = kgPrefixes + "PREFIX rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#>\n"
