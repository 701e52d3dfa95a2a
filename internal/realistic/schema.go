package realistic

import "github.com/sparql-oracle/oracle/internal/rdf"

// edge is one predicate of a shape's schema: its subjects' kind, and its
// objects' kind ("" for a literal). The query-log templates walk these to
// build joins that match the data.
type edge struct {
	from string
	p    rdf.Term
	to   string
}

// schema is a shape's edges and its predicates that link a kind to itself
// (for the + and * paths).
type schema struct {
	prefixes string
	edges    []edge
	loops    []rdf.Term
}

func (sc schema) from(kind string) []edge {
	var out []edge
	for _, e := range sc.edges {
		if e.from == kind {
			out = append(out, e)
		}
	}
	return out
}

func (e edge) literal() bool { return e.to == "" }

func ubE(from, p, to string) edge { return edge{from, ub(p), to} }

var lubmSchema = schema{prefixes: lubmPrefixes, loops: []rdf.Term{ub("subOrganizationOf")}, edges: []edge{
	ubE("UG", "takesCourse", "Course"), ubE("UG", "memberOf", "Dept"), ubE("UG", "advisor", "Prof"),
	ubE("UG", "name", ""), ubE("UG", "emailAddress", ""), ubE("UG", "telephone", ""),
	ubE("Grad", "takesCourse", "GCourse"), ubE("Grad", "advisor", "Prof"), ubE("Grad", "memberOf", "Dept"),
	ubE("Grad", "undergraduateDegreeFrom", "Univ"), ubE("Grad", "name", ""), ubE("Grad", "teachingAssistantOf", "Course"),
	ubE("Prof", "worksFor", "Dept"), ubE("Prof", "teacherOf", "Course"), ubE("Prof", "doctoralDegreeFrom", "Univ"),
	ubE("Prof", "mastersDegreeFrom", "Univ"), ubE("Prof", "name", ""), ubE("Prof", "researchInterest", ""),
	ubE("Prof", "emailAddress", ""), ubE("Dept", "subOrganizationOf", "Univ"), ubE("Dept", "name", ""),
	ubE("Group", "subOrganizationOf", "Dept"), ubE("Pub", "publicationAuthor", "Prof"), ubE("Pub", "name", ""),
	ubE("Course", "name", ""), ubE("GCourse", "name", ""), ubE("Univ", "name", ""),
}}

func bsE(from, p, to string) edge {
	switch p {
	case "label", "comment", "subClassOf":
		return edge{from, rdf.IRI(rdfsNS + p), to}
	case "title", "date":
		return edge{from, rdf.IRI("http://purl.org/dc/elements/1.1/" + p), to}
	}
	return edge{from, bv(p), to}
}

var bsbmSchema = schema{prefixes: bsbmPrefixes, loops: []rdf.Term{bv("knows"), rdf.IRI(rdfsNS + "subClassOf")}, edges: []edge{
	bsE("Product", "producer", "Producer"), bsE("Product", "productFeature", "Feature"), bsE("Product", "label", ""),
	bsE("Product", "productPropertyNumeric1", ""), bsE("Product", "productPropertyNumeric2", ""),
	bsE("Product", "productPropertyNumeric3", ""), bsE("Product", "productPropertyTextual1", ""), bsE("Product", "date", ""),
	bsE("Offer", "product", "Product"), bsE("Offer", "vendor", "Vendor"), bsE("Offer", "price", ""),
	bsE("Offer", "validFrom", ""), bsE("Offer", "validTo", ""), bsE("Offer", "deliveryDays", ""),
	bsE("Review", "reviewFor", "Product"), bsE("Review", "reviewer", "Person"), bsE("Review", "title", ""),
	bsE("Review", "text", ""), bsE("Review", "date", ""), bsE("Review", "rating1", ""), bsE("Review", "rating2", ""),
	bsE("Person", "name", ""), bsE("Person", "country", "Country"), bsE("Person", "knows", "Person"),
	bsE("Vendor", "label", ""), bsE("Vendor", "country", "Country"), bsE("Producer", "label", ""),
	bsE("Producer", "country", "Country"), bsE("Feature", "label", ""),
}}

// kgSchemaPreds is how many of the most used predicates the templates use.
const kgSchemaPreds = 40

var kgSchema = func() schema {
	sc := schema{prefixes: kgPrefixes, loops: []rdf.Term{KGPredicate(0), KGPredicate(3)}}
	for i := 0; i < kgSchemaPreds; i++ {
		to := ""
		if kgPredKind(i) == kgEntity {
			to = "E"
		}
		sc.edges = append(sc.edges, edge{"E", KGPredicate(i), to})
	}
	sc.edges = append(sc.edges, edge{"E", rdf.IRI(rdfsNS + "label"), ""}, edge{"E", rdf.IRI(KGNS + "address"), "Addr"},
		edge{"Addr", rdf.IRI(KGNS + "city"), "E"}, edge{"Addr", rdf.IRI(KGNS + "postcode"), ""})
	return sc
}()

const kgPrefixes = "PREFIX kg: <" + KGNS + ">\nPREFIX rdfs: <" + rdfsNS + ">\n" +
	"PREFIX xsd: <http://www.w3.org/2001/XMLSchema#>\n"
