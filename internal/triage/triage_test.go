package triage

import (
	"fmt"
	"strings"
	"testing"

	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/large"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
)

// triAnswer is a one-column answer ?x over the given integer lexical forms.
func triAnswer(xs ...string) *results.Answer {
	a := &results.Answer{Kind: results.Bindings, Vars: []string{"x"}}
	for _, x := range xs {
		a.Rows = append(a.Rows, results.Solution{"x": rdf.Literal(x, rdf.XSDInteger)})
	}
	return a
}

func triOK(engine string, a *results.Answer) oracle.Outcome {
	return oracle.Outcome{Engine: engine, Version: "1", Answer: a}
}

func triErr(engine string, err error) oracle.Outcome {
	return oracle.Outcome{Engine: engine, Version: "1", Err: fmt.Errorf("%s failed: %w", engine, err)}
}

// triSummary renders what a test asserts: kind, outcomes, signatures.
func triSummary(r *Report) string {
	var b strings.Builder
	b.WriteString(string(r.Kind))
	for _, v := range r.Verdicts {
		fmt.Fprintf(&b, " %s=%s", v.Engine, v.Outcome)
		if v.Class != "" {
			fmt.Fprintf(&b, "/%s", v.Class)
		}
	}
	for _, d := range r.Divergences {
		fmt.Fprintf(&b, " [%s", d.Signature)
		if d.Suspect {
			b.WriteString(" suspect")
		}
		if d.Internal {
			b.WriteString(" internal")
		}
		b.WriteString("]")
	}
	return b.String()
}

// TestTriage covers what the data files (TestTriageData) cannot write: an
// ORDER BY answer with tie classes.
func TestTriage(t *testing.T) {
	a := triAnswer("1", "2")
	ordered := triAnswer("1", "2", "3")
	ordered.Freedom = &results.Freedom{Ordered: true, Sequence: triAnswer("1", "2", "3").Rows, Ties: []int{0, 0, 1}, Limit: -1}
	tests := []struct {
		name string
		outs []oracle.Outcome
		want string
	}{
		{"all correct, bag order free", []oracle.Outcome{triOK("reference", a), triOK("engine", triAnswer("2", "1")), triOK("x", a)},
			"all-correct engine=correct x=correct"},
		{"ties may come in any order", []oracle.Outcome{triOK("reference", ordered), triOK("x", triAnswer("2", "1", "3"))},
			"all-correct x=correct"},
		{"order between tie classes is judged", []oracle.Outcome{triOK("reference", ordered), triOK("x", triAnswer("3", "1", "2"))},
			"engine-bug x=wrong/order [order: x | reference]"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := triSummary(Triage(&oracle.Case{Query: "SELECT ?x {}"}, tc.outs)); got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
		})
	}
}

func TestSignatureRoundTrip(t *testing.T) {
	s := Signature{Class: diff.ClassWrongValue, Wrong: []string{"a", "b"}, Right: []string{"reference"}}
	got, err := ParseSignature(s.String())
	if err != nil || !got.Equal(s) {
		t.Errorf("ParseSignature(%q) = %v, %v", s, got, err)
	}
	for _, bad := range []string{"", "wrong-value a | b", "nope: a | b"} {
		if _, err := ParseSignature(bad); err == nil {
			t.Errorf("ParseSignature(%q): want an error", bad)
		}
	}
}

func TestTLPQueries(t *testing.T) {
	qs, err := large.TLPQueries("SELECT ?s { ?s ?p ?o FILTER(?o > 1) }", "")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"?s ?p ?o .", "FILTER(?o > 1)", "FILTER(!(?o > 1))", "FILTER(COALESCE(IF(?o > 1, false, false), true))"}
	for i, q := range qs {
		if i == 0 && strings.Contains(q, "FILTER") || !strings.Contains(strings.Join(strings.Fields(q), " "), want[i]) {
			t.Errorf("part %d:\n%s\nwant it to contain %q", i, q, want[i])
		}
	}
	for _, q := range []string{"SELECT (COUNT(*) AS ?n) { ?s ?p ?o FILTER(?o) }", "SELECT ?s { ?s ?p ?o } LIMIT 1", "SELECT ?s { ?s ?p ?o }", "ASK { FILTER(true) }"} {
		if _, err := large.TLPQueries(q, ""); err == nil {
			t.Errorf("%q: TLP should not apply", q)
		}
	}
}
