package attean

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/adapters/adaptertest"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
)

var pinned = map[string]string{"attean": "0.033", "rdfquery": "2.918"}

var modules = map[string]string{
	"attean":   "/usr/share/perl5/Attean.pm",
	"rdfquery": "/usr/share/perl5/RDF/Query.pm",
}

// shared holds one sidecar per engine for the whole test binary: each
// starts in about a second (module loading), so tests do not start their own.
var shared = map[string]*Engine{}

func TestMain(m *testing.M) {
	code := m.Run()
	for _, e := range shared {
		e.Close()
	}
	os.Exit(code)
}

func engines(t *testing.T) map[string]*Engine {
	t.Helper()
	dir, _ := filepath.Abs(".")
	for _, name := range Names {
		adaptertest.Require(t, modules[name], name+" (Debian libattean-perl, librdf-query-perl)")
		if shared[name] == nil {
			shared[name] = New(name, dir, 1)
		}
	}
	return shared
}

// TestRealEngines runs the shared adapter checks on both Perl engines.
func TestRealEngines(t *testing.T) {
	for name, e := range engines(t) {
		t.Run(name, func(t *testing.T) { adaptertest.Run(t, e, pinned[name]) })
	}
}

func eval(t *testing.T, e *Engine, c *oracle.Case) (*results.Answer, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	if c.Dataset == nil {
		c.Dataset = adaptertest.Dataset()
	}
	return e.Eval(ctx, c)
}

// TestTermsKeepDatatypes: the sidecar writes results itself because the
// engines' own JSON writers drop datatypes; language tags, non-ASCII text,
// escapes and blank nodes must come through as terms.
func TestTermsKeepDatatypes(t *testing.T) {
	ds := rdf.NewDataset()
	s, p := rdf.IRI("http://example/s"), rdf.IRI("http://example/p")
	want := []rdf.Term{
		rdf.Literal("1.50", rdf.XSDDecimal),
		rdf.Literal("2", "http://www.w3.org/2001/XMLSchema#int"),
		rdf.LangLiteral("café \"q\"\n", "en-GB"),
		rdf.String("plain"),
	}
	for _, o := range want {
		ds.Add(rdf.Quad{S: s, P: p, O: o})
	}
	ds.Add(rdf.Quad{S: rdf.Blank("x"), P: p, O: rdf.IRI("http://example/o")})
	for name, e := range engines(t) {
		t.Run(name, func(t *testing.T) {
			a, err := eval(t, e, &oracle.Case{Query: "SELECT ?o WHERE { <http://example/s> ?p ?o }", Dataset: ds})
			if err != nil {
				t.Fatal(err)
			}
			got := map[rdf.Term]bool{}
			for _, r := range a.Rows {
				got[r["o"]] = true
			}
			for _, w := range want {
				if !got[w] {
					t.Errorf("missing %v in %v", w, a.Rows)
				}
			}
			a, err = eval(t, e, &oracle.Case{Query: "CONSTRUCT { ?s ?p <http://example/o> } WHERE { ?s ?p <http://example/o> }", Dataset: ds})
			if err != nil || len(a.Triples) != 1 || a.Triples[0].S.Kind != rdf.KindBlank {
				t.Errorf("CONSTRUCT with a blank node: %+v, %v", a, err)
			}
		})
	}
}

// TestDataset: FROM and FROM NAMED read the local catalogue only (Attean
// ignores the clause and RDF::Query would dereference it: the sidecar builds
// the dataset), and the default graph never shows as a named graph.
func TestDataset(t *testing.T) {
	cases := []struct{ query, want string }{
		{"SELECT ?o FROM <http://example/src> WHERE { ?s ?p ?o }", `"source"`},
		{"SELECT ?o FROM <http://example/g> WHERE { ?s ?p ?o }", `"named"`},
		{"SELECT ?g FROM NAMED <http://example/src> WHERE { GRAPH ?g { ?s ?p ?o } }", "<http://example/src>"},
		{"SELECT ?o FROM NAMED <http://example/g> WHERE { ?s ?p ?o }", ""},
		{"SELECT ?o FROM <http://example/nowhere> WHERE { ?s ?p ?o }", ""},
		{"SELECT ?g WHERE { GRAPH ?g { ?s ?p ?o } }", "<http://example/g>"},
	}
	for name, e := range engines(t) {
		for _, c := range cases {
			t.Run(name+"/"+c.query, func(t *testing.T) {
				a, err := eval(t, e, &oracle.Case{Query: c.query, Sources: adaptertest.Source("source")})
				if err != nil {
					t.Fatal(err)
				}
				got := ""
				for _, r := range a.Rows {
					for _, v := range a.Vars {
						got += r[v].String()
					}
				}
				if got != c.want {
					t.Errorf("got %q, want %q", got, c.want)
				}
			})
		}
	}
}

// TestRefusedValidQuery: Attean 0.033's parser refuses a collection in a
// triple pattern (valid SPARQL 1.1, #rCollection); that is a feature it
// lacks, not a syntax error. RDF::Query answers it. A truly invalid query
// stays rejected for both.
func TestRefusedValidQuery(t *testing.T) {
	es := engines(t)
	_, err := eval(t, es["attean"], &oracle.Case{Query: "SELECT * WHERE { ?s ?p ( 1 2 ) }"})
	if got := oracle.Classify(err); got != "unsupported" {
		t.Errorf("attean: collection classified %q (%v), want unsupported", got, err)
	}
	if _, err := eval(t, es["rdfquery"], &oracle.Case{Query: "SELECT * WHERE { ?s ?p ( 1 2 ) }"}); err != nil {
		t.Errorf("rdfquery: %v", err)
	}
	for name, e := range es {
		_, err := eval(t, e, &oracle.Case{Query: "SELECT * WHERE { ?s ?p }"})
		if got := oracle.Classify(err); got != "rejected" {
			t.Errorf("%s: a missing object classified %q (%v), want rejected", name, got, err)
		}
	}
}
