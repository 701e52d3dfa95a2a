package realistic

import (
	"maps"
	"math/rand/v2"
	"slices"
)

// LUBM's fourteen queries (Guo, Pan and Heflin 2005, Appendix: "the test
// queries"), with their constants drawn from the data (a department, a
// university, a course, a professor the sample holds) instead of always
// Department0 of University0. LUBM's answers need OWL inference (Student
// and Person by their subclasses, memberOf by worksFor, subOrganizationOf
// being transitive, hasAlumnus the inverse of degreeFrom, Chair as headOf
// some Department); these queries reach the same answers with property
// paths over the rdfs:subClassOf triples the data carries (#propertypaths):
// `a/rdfs:subClassOf*`, `ub:subOrganizationOf+`, `^`, `|`.

const lubmPrefixes = "PREFIX ub: <" + UB + ">\nPREFIX rdfs: <" + rdfsNS + ">\n"

// lubmQuery is one of the fourteen: its text, and which sampled class
// fills each placeholder.
type lubmQuery struct {
	name, text string
	params     map[string]string // placeholder -> class local name
}

var lubmTexts = []lubmQuery{
	{"lubm/q1", `SELECT ?X WHERE { ?X a ub:GraduateStudent ; ub:takesCourse {{GC}} }`, map[string]string{"GC": "GraduateCourse"}},
	{"lubm/q2", `SELECT ?X ?Y ?Z WHERE { ?X a ub:GraduateStudent . ?Y a ub:University . ?Z a ub:Department .
  ?X ub:memberOf ?Z . ?Z ub:subOrganizationOf ?Y . ?X ub:undergraduateDegreeFrom ?Y }`, nil},
	{"lubm/q3", `SELECT ?X WHERE { ?X a ub:Publication ; ub:publicationAuthor {{AP}} }`, map[string]string{"AP": "AssistantProfessor"}},
	{"lubm/q4", `SELECT ?X ?Y1 ?Y2 ?Y3 WHERE { ?X a/rdfs:subClassOf* ub:Professor ; ub:worksFor {{D}} ;
  ub:name ?Y1 ; ub:emailAddress ?Y2 ; ub:telephone ?Y3 }`, map[string]string{"D": "Department"}},
	{"lubm/q5", `SELECT ?X WHERE { ?X a/rdfs:subClassOf* ub:Person ; ub:memberOf|ub:worksFor|ub:headOf {{D}} }`, map[string]string{"D": "Department"}},
	{"lubm/q6", `SELECT ?X WHERE { ?X a/rdfs:subClassOf* ub:Student }`, nil},
	{"lubm/q7", `SELECT ?X ?Y WHERE { ?X a/rdfs:subClassOf* ub:Student . ?Y a/rdfs:subClassOf* ub:Course .
  ?X ub:takesCourse ?Y . {{AP}} ub:teacherOf ?Y }`, map[string]string{"AP": "AssociateProfessor"}},
	{"lubm/q8", `SELECT ?X ?Y ?Z WHERE { ?X a/rdfs:subClassOf* ub:Student . ?Y a ub:Department .
  ?X ub:memberOf ?Y . ?Y ub:subOrganizationOf {{U}} . ?X ub:emailAddress ?Z }`, map[string]string{"U": "University"}},
	{"lubm/q9", `SELECT ?X ?Y ?Z WHERE { ?X a/rdfs:subClassOf* ub:Student . ?Y a/rdfs:subClassOf* ub:Faculty .
  ?Z a/rdfs:subClassOf* ub:Course . ?X ub:advisor ?Y . ?Y ub:teacherOf ?Z . ?X ub:takesCourse ?Z }`, nil},
	{"lubm/q10", `SELECT ?X WHERE { ?X a/rdfs:subClassOf* ub:Student ; ub:takesCourse {{GC}} }`, map[string]string{"GC": "GraduateCourse"}},
	{"lubm/q11", `SELECT ?X WHERE { ?X a ub:ResearchGroup ; ub:subOrganizationOf+ {{U}} }`, map[string]string{"U": "University"}},
	{"lubm/q12", `SELECT ?X ?Y WHERE { ?X ub:headOf ?Y . ?Y a ub:Department ; ub:subOrganizationOf {{U}} }`, map[string]string{"U": "University"}},
	{"lubm/q13", `SELECT ?X WHERE { {{U}} ^(ub:undergraduateDegreeFrom|ub:mastersDegreeFrom|ub:doctoralDegreeFrom) ?X .
  ?X a/rdfs:subClassOf* ub:Person }`, map[string]string{"U": "University"}},
	{"lubm/q14", `SELECT ?X WHERE { ?X a ub:UndergraduateStudent }`, nil},
}

var lubmQueries = func() []template {
	out := make([]template, len(lubmTexts))
	for i, q := range lubmTexts {
		q := q
		out[i] = template{name: q.name, make: func(r *rand.Rand, s *Sample) (string, bool) {
			kv := []string{}
			for _, key := range slices.Sorted(maps.Keys(q.params)) {
				v, ok := instance(r, s, ub(q.params[key]))
				if !ok {
					return "", false
				}
				kv = append(kv, key, v)
			}
			return lubmPrefixes + fill(q.text, kv...), true
		}}
	}
	return out
}()
