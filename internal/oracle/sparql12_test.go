package oracle

import (
	"context"
	"errors"
	"testing"

	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
)

// engine12 is an engine that answers every case, with or without 1.2.
type engine12 struct {
	name string
	has  bool
	ran  int
}

func (e *engine12) Name() string    { return e.name }
func (e *engine12) Version() string { return "1" }
func (e *engine12) SPARQL12() bool  { return e.has }
func (e *engine12) Eval(context.Context, *Case) (*results.Answer, error) {
	e.ran++
	return &results.Answer{Kind: results.Boolean, Boolean: true}, nil
}

// TestNeeds12: a case needs SPARQL 1.2 when its query follows 1.2
// (VERSION, 1.2 syntax, or Case.Spec) or its data holds RDF 1.2 terms;
// an engine without 1.2 is then unsupported and never run.
func TestNeeds12(t *testing.T) {
	tt := rdf.TripleTerm(rdf.IRI("http://ex/s"), rdf.IRI("http://ex/p"), rdf.IRI("http://ex/o"))
	withTriple := rdf.NewDataset()
	withTriple.Add(rdf.Quad{S: rdf.IRI("http://ex/a"), P: rdf.IRI("http://ex/q"), O: tt})
	withDir := rdf.NewDataset()
	withDir.Add(rdf.Quad{S: rdf.IRI("http://ex/a"), P: rdf.IRI("http://ex/q"), O: rdf.DirLangLiteral("x", "ar", "rtl")})
	cases := []struct {
		c    *Case
		want bool
	}{
		{&Case{Query: "ASK {}"}, false},
		{&Case{Query: "VERSION \"1.2\" ASK {}"}, true},
		{&Case{Query: "ASK { ?s ?p <<( ?a ?b ?c )>> }"}, true},
		{&Case{Query: "ASK { FILTER(isTRIPLE(?x)) }"}, true},
		{&Case{Query: "ASK {}", Spec: syntax.Spec12}, true},
		{&Case{Query: "ASK {}", Dataset: withTriple}, true},
		{&Case{Query: "ASK {}", Dataset: withDir}, true},
		{&Case{Query: "not sparql"}, false},
	}
	for _, c := range cases {
		if got := c.c.Needs12(); got != c.want {
			t.Errorf("Needs12(%q, spec %v) = %v, want %v", c.c.Query, c.c.Spec, got, c.want)
		}
	}
	with, without := &engine12{name: "with", has: true}, &engine12{name: "without"}
	outs := Run(context.Background(), &Case{Query: "ASK { ?s ?p <<( ?a ?b ?c )>> }"}, []Engine{with, without}, 0)
	if outs[0].Err != nil || with.ran != 1 {
		t.Errorf("the 1.2 engine: %v, ran %d", outs[0].Err, with.ran)
	}
	if !errors.Is(outs[1].Err, ErrUnsupported) || without.ran != 0 {
		t.Errorf("the engine without 1.2: %v, ran %d; want unsupported, not run", outs[1].Err, without.ran)
	}
	outs = Run(context.Background(), &Case{Query: "ASK {}"}, []Engine{without}, 0)
	if outs[0].Err != nil || without.ran != 1 {
		t.Errorf("a 1.1 case: %v, ran %d", outs[0].Err, without.ran)
	}
}

// TestUpdateNeeds12: an update request with 1.2 syntax, or a store holding
// a triple term, needs SPARQL 1.2; a 1.1 request over 1.1 data does not.
func TestUpdateNeeds12(t *testing.T) {
	tt := rdf.TripleTerm(rdf.IRI("http://ex/s"), rdf.IRI("http://ex/p"), rdf.IRI("http://ex/o"))
	store := rdf.NewDataset()
	store.Add(rdf.Quad{S: rdf.IRI("http://ex/a"), P: rdf.IRI("http://ex/q"), O: tt})
	for _, c := range []struct {
		c    *Case
		want bool
	}{
		{&Case{Update: "INSERT DATA { <http://ex/a> <http://ex/p> 1 }"}, false},
		{&Case{Update: "INSERT DATA { <http://ex/a> <http://ex/p> <<( <http://ex/s> <http://ex/p> 1 )>> }"}, true},
		{&Case{Update: "CLEAR DEFAULT", Dataset: store}, true},
	} {
		if got := c.c.Needs12(); got != c.want {
			t.Errorf("Needs12(%q) = %v, want %v", c.c.Update, got, c.want)
		}
	}
}
