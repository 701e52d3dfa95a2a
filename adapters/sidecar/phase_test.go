package sidecar

import (
	"errors"
	"testing"

	"github.com/sparql-oracle/oracle/internal/oracle"
)

// TestFailurePhases: the phase decides a failure's class, whatever the
// message says; a kind the sidecar decides (its documented rule, its own
// deadline) comes first; a sidecar without phases is still read.
func TestFailurePhases(t *testing.T) {
	cases := []struct {
		f    Failure
		want string
	}{
		{Failure{Kind: "error", Phase: PhaseParse, Message: "division by zero"}, "rejected"},
		{Failure{Kind: "error", Phase: PhasePrepare, Message: "variable already bound"}, "rejected"},
		{Failure{Kind: "error", Phase: PhaseLoad, Message: "bad IRI in data"}, "unsupported"},
		{Failure{Kind: "error", Phase: PhaseEvaluate, Message: "syntax error: parse failed"}, "error"},
		{Failure{Kind: "unsupported", Phase: PhaseParse, Message: "property paths"}, "unsupported"},
		{Failure{Kind: "timeout", Phase: PhaseEvaluate, Message: "cancelled"}, "timeout"},
		{Failure{Kind: "rejected", Message: "no phase: old sidecar"}, "rejected"},
		{Failure{Kind: "error", Message: "no phase: old sidecar"}, "error"},
		{Failure{Kind: "internal", Message: "bad request line"}, "error"},
	}
	for _, c := range cases {
		if got := oracle.Classify(failure(&c.f)); got != c.want {
			t.Errorf("%+v: %q, want %q", c.f, got, c.want)
		}
	}
}

// TestServiceRule: an evaluation failure of a query with a SERVICE clause
// is unsupported (no sidecar has a network); the word in an IRI is not a
// SERVICE clause, and a refusal before evaluation stays a refusal.
func TestServiceRule(t *testing.T) {
	evalErr := failure(&Failure{Phase: PhaseEvaluate, Message: "could not connect"})
	cases := []struct {
		query string
		err   error
		want  string
	}{
		{"SELECT * { SERVICE <http://127.0.0.1:1/> { ?s ?p ?o } }", evalErr, "unsupported"},
		{"SELECT * { <http://e/SERVICE> ?p ?o }", evalErr, "error"},
		{"SELECT * { SERVICE <http://127.0.0.1:1/> { ?s ?p ?o } }", failure(&Failure{Phase: PhaseParse, Message: "x"}), "rejected"},
		{"SELECT * { SERVICE <http://127.0.0.1:1/> { ?s ?p ?o } }", nil, ""},
	}
	for _, c := range cases {
		got := serviceRule(&oracle.Case{Query: c.query}, c.err)
		if oracle.Classify(got) != c.want || c.err != nil && !errors.Is(got, oracle.ErrUnsupported) && !errors.Is(got, c.err) {
			t.Errorf("%s: %v, want %q", c.query, got, c.want)
		}
	}
}
