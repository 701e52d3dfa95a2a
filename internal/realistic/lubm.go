package realistic

import (
	"fmt"
	"math/rand/v2"

	"github.com/sparql-oracle/oracle/internal/rdf"
)

// The LUBM-like university graph, written from the description of the
// Univ-Bench data in Guo, Pan and Heflin, "LUBM: A benchmark for OWL
// knowledge base systems", Journal of Web Semantics 3(2), 2005, §2.2 and
// its generator's published profile (no code of the UBA generator is
// used): per university 15-25 departments; per department 7-10 full, 10-14
// associate and 8-11 assistant professors and 5-7 lecturers, 10-20
// research groups (sub-organisations of the department, itself one of the
// university); 8-14 undergraduate and 3-4 graduate students per faculty
// member; each faculty member teaches 1-2 courses and 1-2 graduate
// courses; undergraduates take 2-4 courses, graduate students 1-3
// graduate courses; every graduate student and a fifth of the
// undergraduates have a professor as advisor; a fifth of the graduate
// students assist teaching, a quarter research; publications: 15-20 per
// full professor, 10-18 per associate, 5-10 per assistant, 0-5 per
// lecturer, graduate students as co-authors; each department's head is
// one of its full professors; degrees come from any university. LUBM(1,0)
// is about 100k triples, so a department is about 6,700.
//
// The ontology's class and property hierarchy is written as rdfs:subClassOf
// and rdfs:subPropertyOf triples: no engine here reasons, so the queries
// (queries_lubm.go) reach the inferred answers through property paths.

// UB is the Univ-Bench ontology namespace, as LUBM's data uses it.
const UB = "http://swat.cse.lehigh.edu/onto/univ-bench.owl#"

const (
	rdfsNS = "http://www.w3.org/2000/01/rdf-schema#"
	// triplesPerDept sizes the graph: a department holds 6,300 to 6,700
	// distinct triples (measured), so counting 6,000 a department gives at
	// least the triples asked for, up to a department more.
	triplesPerDept  = 6_000
	lubmUnivsFactor = 4 // degrees come from 4x as many universities as generated (at least 8)
)

// lubmClasses is the class hierarchy: each class and its superclass.
var lubmClasses = [][2]string{
	{"Employee", "Person"}, {"Faculty", "Employee"}, {"Professor", "Faculty"},
	{"FullProfessor", "Professor"}, {"AssociateProfessor", "Professor"},
	{"AssistantProfessor", "Professor"}, {"Chair", "Professor"}, {"Lecturer", "Faculty"},
	{"Student", "Person"}, {"UndergraduateStudent", "Student"}, {"GraduateStudent", "Student"},
	{"TeachingAssistant", "Person"}, {"ResearchAssistant", "Person"},
	{"University", "Organization"}, {"Department", "Organization"}, {"ResearchGroup", "Organization"},
	{"Course", "Work"}, {"GraduateCourse", "Course"}, {"Publication", "Work"},
}

// lubmProps is the property hierarchy (worksFor and headOf are memberships).
var lubmProps = [][2]string{{"worksFor", "memberOf"}, {"headOf", "worksFor"},
	{"undergraduateDegreeFrom", "degreeFrom"}, {"mastersDegreeFrom", "degreeFrom"},
	{"doctoralDegreeFrom", "degreeFrom"}}

type lubm struct {
	r     *rand.Rand
	emit  func(rdf.Quad)
	univs int // universities degrees may come from
}

func ub(name string) rdf.Term { return rdf.IRI(UB + name) }

func (l *lubm) add(s rdf.Term, p string, o rdf.Term) {
	pt := ub(p)
	switch p {
	case "type":
		pt = rdfType
	case "subClassOf", "subPropertyOf":
		pt = rdf.IRI(rdfsNS + p)
	}
	l.emit(rdf.Quad{S: s, P: pt, O: o, G: rdf.DefaultGraph})
}

func (l *lubm) between(lo, hi int) int { return lo + l.r.IntN(hi-lo+1) }

// LUBMUniversity is university u's IRI; LUBMDept department d of it.
func LUBMUniversity(u int) rdf.Term { return rdf.IRI(fmt.Sprintf("http://www.University%d.edu", u)) }

func lubmDeptBase(u, d int) string {
	return fmt.Sprintf("http://www.Department%d.University%d.edu", d, u)
}

func genLUBM(s Spec, emit func(rdf.Quad)) {
	l := &lubm{r: rand.New(rand.NewPCG(uint64(s.Seed), 0x10b3)), emit: emit}
	depts := max(1, (s.Triples+triplesPerDept/2)/triplesPerDept)
	var perUniv []int
	for left := depts; left > 0; {
		n := min(left, l.between(15, 25))
		perUniv = append(perUniv, n)
		left -= n
	}
	l.univs = max(8, lubmUnivsFactor*len(perUniv))
	l.ontology()
	for u, n := range perUniv {
		univ := LUBMUniversity(u)
		l.add(univ, "type", ub("University"))
		l.add(univ, "name", rdf.String(fmt.Sprintf("University%d", u)))
		for d := 0; d < n; d++ {
			l.department(u, d)
		}
	}
}

func (l *lubm) ontology() {
	for _, c := range lubmClasses {
		l.add(ub(c[0]), "subClassOf", ub(c[1]))
	}
	for _, p := range lubmProps {
		l.add(ub(p[0]), "subPropertyOf", ub(p[1]))
	}
}

// dept holds one department's members while it is generated (a few
// hundred IRIs: bounded by the department, not the graph).
type dept struct {
	base              string
	iri               rdf.Term
	faculty, profs    []rdf.Term
	courses, gcourses []rdf.Term
	grads             []rdf.Term
}

func (d *dept) node(kind string, i int) rdf.Term {
	return rdf.IRI(fmt.Sprintf("%s/%s%d", d.base, kind, i))
}

func (l *lubm) department(u, n int) {
	d := &dept{base: lubmDeptBase(u, n)}
	d.iri = rdf.IRI(d.base)
	l.add(d.iri, "type", ub("Department"))
	l.add(d.iri, "name", rdf.String(fmt.Sprintf("Department%d", n)))
	l.add(d.iri, "subOrganizationOf", LUBMUniversity(u))
	for i, k := 0, l.between(10, 20); i < k; i++ {
		g := d.node("ResearchGroup", i)
		l.add(g, "type", ub("ResearchGroup"))
		l.add(g, "subOrganizationOf", d.iri)
	}
	for _, f := range []struct {
		kind         string
		lo, hi       int
		pubLo, pubHi int
	}{{"FullProfessor", 7, 10, 15, 20}, {"AssociateProfessor", 10, 14, 10, 18},
		{"AssistantProfessor", 8, 11, 5, 10}, {"Lecturer", 5, 7, 0, 5}} {
		for i, k := 0, l.between(f.lo, f.hi); i < k; i++ {
			l.facultyMember(d, f.kind, i, f.pubLo, f.pubHi)
		}
	}
	l.add(d.profs[0], "headOf", d.iri)
	l.students(d)
}

func (l *lubm) person(x rdf.Term, kind, name string, d *dept) {
	l.add(x, "type", ub(kind))
	l.add(x, "name", rdf.String(name))
	l.add(x, "emailAddress", rdf.String(name+"@"+d.base[len("http://www."):]))
	l.add(x, "telephone", rdf.String(fmt.Sprintf("xxx-xxx-%04d", l.r.IntN(10000))))
}

func (l *lubm) facultyMember(d *dept, kind string, i, pubLo, pubHi int) {
	x := d.node(kind, i)
	l.person(x, kind, fmt.Sprintf("%s%d", kind, i), d)
	l.add(x, "worksFor", d.iri)
	l.add(x, "researchInterest", rdf.String(fmt.Sprintf("Research%d", l.r.IntN(30))))
	for _, deg := range []string{"undergraduateDegreeFrom", "mastersDegreeFrom", "doctoralDegreeFrom"} {
		l.add(x, deg, LUBMUniversity(l.r.IntN(l.univs)))
	}
	d.faculty = append(d.faculty, x)
	if kind != "Lecturer" {
		d.profs = append(d.profs, x)
	}
	l.teaches(d, x, "Course", &d.courses)
	l.teaches(d, x, "GraduateCourse", &d.gcourses)
	for j, k := 0, l.between(pubLo, pubHi); j < k; j++ {
		p := rdf.IRI(fmt.Sprintf("%s/Publication%d", x.Value, j))
		l.add(p, "type", ub("Publication"))
		l.add(p, "name", rdf.String(fmt.Sprintf("Publication%d", j)))
		l.add(p, "publicationAuthor", x)
	}
}

// teaches gives x one or two new courses of class kind to teach, numbered
// on from those in *courses, which it adds them to.
func (l *lubm) teaches(d *dept, x rdf.Term, kind string, courses *[]rdf.Term) {
	for j, k := 0, l.between(1, 2); j < k; j++ {
		c := d.node(kind, len(*courses))
		*courses = append(*courses, c)
		l.add(c, "type", ub(kind))
		l.add(c, "name", rdf.String(fmt.Sprintf("%s%d", kind, len(*courses)-1)))
		l.add(x, "teacherOf", c)
	}
}

func (l *lubm) students(d *dept) {
	nf := len(d.faculty)
	for i, k := 0, nf*l.between(8, 14); i < k; i++ {
		x := d.node("UndergraduateStudent", i)
		l.person(x, "UndergraduateStudent", fmt.Sprintf("UndergraduateStudent%d", i), d)
		l.add(x, "memberOf", d.iri)
		for j, m := 0, l.between(2, 4); j < m; j++ {
			l.add(x, "takesCourse", d.courses[l.r.IntN(len(d.courses))])
		}
		if l.r.IntN(5) == 0 {
			l.add(x, "advisor", d.profs[l.r.IntN(len(d.profs))])
		}
	}
	for i, k := 0, nf*l.between(3, 4); i < k; i++ {
		l.graduate(d, i)
	}
}

func (l *lubm) graduate(d *dept, i int) {
	x := d.node("GraduateStudent", i)
	l.person(x, "GraduateStudent", fmt.Sprintf("GraduateStudent%d", i), d)
	l.add(x, "memberOf", d.iri)
	l.add(x, "undergraduateDegreeFrom", LUBMUniversity(l.r.IntN(l.univs)))
	l.add(x, "advisor", d.profs[l.r.IntN(len(d.profs))])
	for j, m := 0, l.between(1, 3); j < m; j++ {
		l.add(x, "takesCourse", d.gcourses[l.r.IntN(len(d.gcourses))])
	}
	switch l.r.IntN(20) {
	case 0, 1, 2, 3: // a fifth assist teaching
		l.add(x, "type", ub("TeachingAssistant"))
		l.add(x, "teachingAssistantOf", d.courses[l.r.IntN(len(d.courses))])
	case 4, 5, 6, 7, 8: // a quarter assist research
		l.add(x, "type", ub("ResearchAssistant"))
	}
	if l.r.IntN(3) == 0 { // a co-author of one of the advisor's department's professors
		p := rdf.IRI(fmt.Sprintf("%s/Publication%d", x.Value, 0))
		l.add(p, "type", ub("Publication"))
		l.add(p, "name", rdf.String("Publication0"))
		l.add(p, "publicationAuthor", x)
		l.add(p, "publicationAuthor", d.profs[l.r.IntN(len(d.profs))])
	}
}
