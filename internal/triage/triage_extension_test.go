package triage

import (
	"errors"
	"testing"

	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/results"
)

// TestExtensionFailureUnsupported: an engine whose evaluation fails on a
// query calling a function §17.5 does not require (xsd:byte) lacks an
// optional feature; the same failure on a query of core functions only is
// error-vs-answer.
func TestExtensionFailureUnsupported(t *testing.T) {
	ans := &results.Answer{Kind: results.Boolean, Boolean: true}
	fail := errors.New("query raised error: RuntimeError: The custom function is not supported (evaluate phase)")
	for _, c := range []struct {
		query string
		want  Outcome
	}{
		{`PREFIX xsd: <http://www.w3.org/2001/XMLSchema#> ASK { BIND(xsd:byte("1") AS ?b) }`, Unsupported},
		{`ASK { BIND(<http://example.org/f>(1) AS ?b) }`, Unsupported},
		{`PREFIX xsd: <http://www.w3.org/2001/XMLSchema#> ASK { BIND(xsd:integer("1") AS ?b) }`, Errored},
		{`ASK { BIND(STRLEN("1") AS ?b) }`, Errored},
	} {
		r := Triage(&oracle.Case{Query: c.query}, []oracle.Outcome{
			{Engine: oracle.JudgeName, Answer: ans}, {Engine: "x", Err: fail}})
		if v := r.Verdict("x"); v == nil || v.Outcome != c.want {
			t.Errorf("%s: %+v, want %s", c.query, v, c.want)
		}
	}
}
