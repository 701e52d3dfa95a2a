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
	{"distinct", `SELECT DISTINCT ?vendor ?country WHERE {
		?offer voc:vendor ?vendor ; voc:deliveryDays ?d . ?vendor voc:country ?country FILTER(?d < 3) }`},
	{"union", `SELECT ?x ?label WHERE {
		{ ?x a voc:Vendor ; rdfs:label ?label } UNION { ?x a voc:Producer ; rdfs:label ?label } }`},
	{"minus", `SELECT ?review ?prod WHERE {
		?review voc:reviewFor ?prod . MINUS { ?review voc:rating1 ?r } }`},
	{"not_exists", `SELECT ?offer ?prod WHERE {
		?offer voc:vendor inst:Vendor1 ; voc:product ?prod .
		FILTER NOT EXISTS { ?review voc:reviewFor ?prod ; voc:rating1 ?r FILTER(?r > 5) } }`},
	{"path_plus_cycle", `SELECT ?y WHERE { inst:Reviewer1 voc:knows+ ?y }`},
	{"path_star_cycle", `SELECT ?x WHERE { ?x voc:knows* inst:Reviewer2 . ?x voc:country ?c }`},
	{"subselect_limit", `SELECT ?prod ?label WHERE {
		{ SELECT ?prod ?price WHERE { ?offer voc:product ?prod ; voc:price ?price }
		  ORDER BY DESC(?price) ?offer LIMIT 20 }
		?prod rdfs:label ?label }`},
	{"group_having", `SELECT ?prod (COUNT(?review) AS ?n) (SUM(?r) AS ?sum) WHERE {
		?review voc:reviewFor ?prod ; voc:rating1 ?r } GROUP BY ?prod HAVING (SUM(?r) >= 12)`},
}

// BSBMPrefixes declares the prefixes the mix uses; prepend it to a query.
const BSBMPrefixes = "PREFIX voc: <" + BSBMVoc + ">\nPREFIX inst: <" + BSBMInst + ">\n" +
	"PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>\n"
