package w3c

import (
	"bufio"
	"fmt"
	"io"
	"runtime/debug"
	"strings"
	"time"

	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// EARL output for a W3C implementation report: the format the rdf-tests
// README asks for (reports/, merged by earl-report): the subject is a
// doap:Project with a name, a
// homepage, its language and the release tested; the assertor (this
// oracle) an earl:Assertor with its own release; then one earl:Assertion
// per test (EARL 1.0 Schema, #Assertion, #TestResult, #outcome).

// EngineIRI identifies an engine in EARL reports.
func EngineIRI(name string) string { return "urn:sparql-oracle:engine:" + name }

// AssertorIRI identifies the oracle, the assertor of every assertion.
const AssertorIRI = "https://github.com/sparql-oracle/oracle#oracle"

// homepage is the oracle's.
const homepage = "https://github.com/sparql-oracle/oracle"

// project is the DOAP description of the engine called name: its
// descriptor's EARL part (oracle.Descriptor, declared in its adapter
// folder; the registry describes the in-house evaluators), else its name
// alone (an endpoint named in a config file). "engine@release" is its
// engine's project.
func project(name string) oracle.Project {
	d, _ := oracle.Describe(name)
	if d.EARL.Name == "" {
		return oracle.Project{Name: name}
	}
	return d.EARL
}

// WriteEARL writes the report as EARL 1.0 Turtle
// (https://www.w3.org/TR/EARL10-Schema/): the subject's and the assertor's
// DOAP descriptions, then one earl:Assertion per test, with outcome
// earl:passed, earl:failed (fail and error) or earl:untested (skip).
func (r *Report) WriteEARL(w io.Writer) error {
	bw := bufio.NewWriter(w)
	subject := "<" + EngineIRI(r.Engine) + ">"
	date := literal(r.Started.UTC().Format(time.RFC3339)) + "^^xsd:dateTime"
	fmt.Fprint(bw, `@prefix earl: <http://www.w3.org/ns/earl#> .
@prefix doap: <http://usefulinc.com/ns/doap#> .
@prefix dc: <http://purl.org/dc/terms/> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .

`)
	r.writeSubject(bw, subject)
	writeAssertor(bw)
	for i := range r.Results {
		writeAssertion(bw, subject, &r.Results[i], date)
	}
	return bw.Flush()
}

// writeSubject describes the engine under test and the release tested.
func (r *Report) writeSubject(w io.Writer, subject string) {
	p := project(r.Engine)
	fmt.Fprintf(w, "%s a doap:Project, earl:TestSubject, earl:Software ;\n  doap:name %s", subject, literal(p.Name))
	if p.Homepage != "" {
		fmt.Fprintf(w, " ;\n  doap:homepage <%s> ;\n  doap:programming-language %s", p.Homepage, literal(p.Language))
	}
	fmt.Fprintf(w, " ;\n  doap:release [ a doap:Version ; doap:name %s ; doap:revision %s ] .\n\n",
		literal(strings.TrimSpace(p.Name+" "+r.Version)), literal(r.Version))
}

// writeAssertor describes this oracle, the tool that ran the tests.
func writeAssertor(w io.Writer) {
	v := oracleRevision()
	fmt.Fprintf(w, "<%s> a earl:Assertor, earl:Software, doap:Project ;\n  doap:name \"sparql-oracle\" ;\n", AssertorIRI)
	fmt.Fprintf(w, "  doap:description %s ;\n", literal("differential-testing oracle for SPARQL 1.1 engines; the judge is a transcription of the SPARQL 1.1 Query semantics"))
	fmt.Fprintf(w, "  doap:homepage <%s> ;\n  doap:programming-language \"Go\" ;\n", homepage)
	fmt.Fprintf(w, "  doap:release [ a doap:Version ; doap:name %s ; doap:revision %s ] .\n", literal("sparql-oracle "+v), literal(v))
}

func writeAssertion(w io.Writer, subject string, res *Result, date string) {
	fmt.Fprintf(w, "\n[] a earl:Assertion ;\n  earl:assertedBy <%s> ;\n  earl:subject %s ;\n", AssertorIRI, subject)
	fmt.Fprintf(w, "  earl:test %s ;\n  earl:mode earl:automatic ;\n", rdf.IRI(PublicIRI(res.Test.ID)).String())
	fmt.Fprintf(w, "  earl:result [ a earl:TestResult ; earl:outcome earl:%s ; dc:date %s", earlOutcome(res.Outcome), date)
	if d := res.description(); d != "" {
		fmt.Fprintf(w, " ;\n    dc:description %s", literal(d))
	}
	fmt.Fprint(w, " ] .\n")
}

// oracleRevision is this binary's module version and, when built from a
// checkout, its commit (debug.ReadBuildInfo).
func oracleRevision() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "(devel)"
	}
	v := bi.Main.Version
	if v == "" {
		v = "(devel)"
	}
	for _, s := range bi.Settings {
		if s.Key == "vcs.revision" && len(s.Value) >= 12 {
			v += " " + s.Value[:12]
		}
	}
	return v
}
