package engine

// BSBMQuery is one named query of the BSBM-like mix.
type BSBMQuery struct{ Name, Query string }

// BSBMQueries is the explore-like query mix of the benchmarks over
// GenerateBSBM data (BenchmarkQuery, `oracle bench`). Each query omits its
// prefixes: run BSBMPrefixes+Query.
var BSBMQueries = []BSBMQuery{
	{"star", `SELECT ?label ?comment ?producer ?n1 ?n2 WHERE {
		inst:Product7 rdfs:label ?label ; rdfs:comment ?comment ; voc:producer ?p ;
			voc:productPropertyNumeric1 ?n1 ; voc:productPropertyNumeric2 ?n2 .
		?p rdfs:label ?producer }`},
	{"chain", `SELECT ?review ?name ?country WHERE {
		?review voc:reviewFor ?prod ; voc:reviewer ?person .
		?prod voc:producer inst:Producer1 .
		?person voc:name ?name ; voc:country ?country }`},
	{"optional", `SELECT ?prod ?label ?r1 ?r2 WHERE {
		?prod voc:producer inst:Producer2 ; rdfs:label ?label .
		?review voc:reviewFor ?prod .
		OPTIONAL { ?review voc:rating1 ?r1 }
		OPTIONAL { ?review voc:rating2 ?r2 } }`},
	{"filter_numeric", `SELECT ?prod ?n1 WHERE {
		?prod voc:productPropertyNumeric1 ?n1 ; voc:productPropertyNumeric2 ?n2 ; voc:productFeature inst:ProductFeature3 .
		FILTER(?n1 > 500 && ?n2 < 1500) }`},
	{"filter_string", `SELECT ?prod ?label WHERE {
		?prod a voc:Product ; rdfs:label ?label .
		FILTER(CONTAINS(?label, "zulu") || REGEX(?label, "^alpha")) }`},
	{"order_limit", `SELECT ?offer ?price WHERE {
		?offer voc:vendor inst:Vendor1 ; voc:price ?price ; voc:deliveryDays ?d .
		FILTER(?d <= 10) } ORDER BY ?price LIMIT 10`},
	{"group_aggregate", `SELECT ?country (COUNT(?offer) AS ?n) (AVG(?price) AS ?avg) (MAX(?price) AS ?max) WHERE {
		?offer voc:vendor ?v ; voc:price ?price . ?v voc:country ?country } GROUP BY ?country`},
	{"path", `SELECT ?prod WHERE { ?prod a/rdfs:subClassOf* inst:ProductType2 } LIMIT 1000`},
}

// BSBMPrefixes declares the prefixes the mix uses; prepend it to a query.
const BSBMPrefixes = "PREFIX voc: <" + BSBMVoc + ">\nPREFIX inst: <" + BSBMInst + ">\n" +
	"PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>\n"
