package w3c

import (
	"bytes"
	"testing"

	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/registry"
)

const (
	earlNS = "http://www.w3.org/ns/earl#"
	doapNS = "http://usefulinc.com/ns/doap#"
	rdfTyp = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type"
)

// graph indexes triples by subject and predicate.
type graph map[rdf.Term]map[string][]rdf.Term

func (g graph) one(s rdf.Term, p string) rdf.Term {
	if os := g[s][p]; len(os) == 1 {
		return os[0]
	}
	return rdf.None
}

func (g graph) typed(class string) []rdf.Term {
	var out []rdf.Term
	for s, ps := range g {
		for _, o := range ps[rdfTyp] {
			if o.Value == class {
				out = append(out, s)
			}
		}
	}
	return out
}

// TestEARLDescribesSubjectAndAssertor reads the EARL back and checks what
// an implementation report needs: the engine a doap:Project with a name, a
// homepage and the release tested (doap:revision); one earl:Assertor with
// the same; every assertion made by it, about the engine, with a test, a
// mode and an outcome.
func TestEARLDescribesSubjectAndAssertor(t *testing.T) {
	rep := runFixture(t)
	rep.Engine, rep.Version = "oxigraph", "0.5.11"
	quads := earlQuads(t, &rep)
	g := graph{}
	for _, q := range quads {
		if g[q.S] == nil {
			g[q.S] = map[string][]rdf.Term{}
		}
		g[q.S][q.P.Value] = append(g[q.S][q.P.Value], q.O)
	}
	subject, assertor := rdf.IRI(EngineIRI("oxigraph")), rdf.IRI(AssertorIRI)
	for _, who := range []rdf.Term{subject, assertor} {
		rel := g.one(who, doapNS+"release")
		if g.one(who, doapNS+"name") == rdf.None || g.one(who, doapNS+"homepage") == rdf.None ||
			g.one(rel, doapNS+"revision") == rdf.None {
			t.Errorf("%s lacks doap:name, doap:homepage or doap:release/doap:revision", who)
		}
	}
	if v := g.one(g.one(subject, doapNS+"release"), doapNS+"revision"); v.Value != "0.5.11" {
		t.Errorf("the subject's revision is %q, want the engine's version", v.Value)
	}
	if as := g.typed(earlNS + "Assertor"); len(as) != 1 || as[0] != assertor {
		t.Errorf("assertors %v, want only %s", as, assertor)
	}
	assertions := g.typed(earlNS + "Assertion")
	if len(assertions) != len(rep.Results) {
		t.Fatalf("%d assertions, want %d", len(assertions), len(rep.Results))
	}
	for _, a := range assertions {
		if g.one(a, earlNS+"assertedBy") != assertor || g.one(a, earlNS+"subject") != subject ||
			g.one(a, earlNS+"test") == rdf.None || g.one(a, earlNS+"mode") == rdf.None ||
			g.one(g.one(a, earlNS+"result"), earlNS+"outcome") == rdf.None {
			t.Errorf("assertion %v is incomplete: %v", a, g[a])
		}
	}
}

// TestEveryEngineHasAProject: each engine the registry knows has a DOAP
// description (name, homepage, language) for its EARL reports, in its
// descriptor; an undescribed name (a config's endpoint) is its name alone,
// and a release is described as its engine.
func TestEveryEngineHasAProject(t *testing.T) {
	for _, n := range registry.Canonical {
		if p := project(n); n != "sparqlhttp" && (p.Name == n && p.Homepage == "" || p.Homepage == "" || p.Language == "") {
			t.Errorf("engine %s has no complete EARL project in its descriptor: %+v", n, p)
		}
	}
	if p := project("no-such-endpoint"); p.Name != "no-such-endpoint" || p.Homepage != "" {
		t.Errorf("an undescribed engine: %+v, want its name alone", p)
	}
	if p, q := project("jena@5.6.0"), project("jena"); p != q {
		t.Errorf("jena@5.6.0 is described as %+v, jena as %+v", p, q)
	}
}

// earlQuads writes the report's EARL and reads it back as Turtle.
func earlQuads(t *testing.T, rep *Report) []rdf.Quad {
	t.Helper()
	var buf bytes.Buffer
	if err := rep.WriteEARL(&buf); err != nil {
		t.Fatal(err)
	}
	quads, err := rdf.Parse(&buf, rdf.Turtle, "", "earl")
	if err != nil {
		t.Fatal(err)
	}
	return quads
}
