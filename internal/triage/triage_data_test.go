package triage

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sparql-oracle/oracle/internal/golden"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/results"
)

// A triage file (testdata/triage/*.txt) gives one case's outcomes, one
// engine a line, in the order oracle.Run returns them, and the golden
// triage after "== result" (rewritten by -update). Lines starting with '#'
// are comments.
//
//	query: SELECT ?x {}      the case's query (optional; this is the default)
//	NAME: rows 1 2 2         an answer: ?x bound to these integers, one row each
//	NAME: rows               an answer with no row
//	reference: rows 1 reading 1 2
//	                         the judge's answer, and its answer under the
//	                         other (complete) reading of a contested question
//	reference: rows 1 extension 1 2
//	                         the judge's answer, and its answer with §17.6's
//	                         extension points open (rows a top FILTER dropped)
//	NAME: error KIND         an error wrapping the oracle sentinel of KIND
//	                         (unsupported rejected timeout crashed error
//	                         budget unavailable resource), or "other" (none)
//
// The result lists the kind, the reason, each verdict (engine, outcome,
// classes), each divergence, each note.

var triageErrors = map[string]error{
	"unsupported": oracle.ErrUnsupported, "rejected": oracle.ErrRejected, "timeout": oracle.ErrTimeout,
	"crashed": oracle.ErrCrashed, "error": oracle.ErrQueryError, "budget": oracle.ErrBudget,
	"unavailable": oracle.ErrUnavailable, "resource": oracle.ErrResource, "other": errors.New("odd"),
}

func parseTriage(src string) (*oracle.Case, []oracle.Outcome, error) {
	c := &oracle.Case{Query: "SELECT ?x {}"}
	var outs []oracle.Outcome
	for n, line := range strings.Split(src, "\n") {
		t := strings.TrimSpace(line)
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		name, spec, ok := strings.Cut(t, ":")
		if !ok {
			return nil, nil, fmt.Errorf("line %d: want NAME: rows ... | error KIND", n+1)
		}
		if name == "query" {
			c.Query = strings.TrimSpace(spec)
			continue
		}
		o, err := triageOutcome(name, strings.Fields(spec))
		if err != nil {
			return nil, nil, fmt.Errorf("line %d: %v", n+1, err)
		}
		outs = append(outs, o)
	}
	return c, outs, nil
}

func triageOutcome(name string, f []string) (oracle.Outcome, error) {
	switch {
	case len(f) >= 1 && f[0] == "rows":
		rows, alt, kind := splitAlt(f[1:])
		return triOK(name, withAlt(triAnswer(rows...), kind, triAnswer(alt...))), nil
	case len(f) == 2 && f[0] == "error" && triageErrors[f[1]] != nil:
		return triErr(name, triageErrors[f[1]]), nil
	}
	return oracle.Outcome{}, fmt.Errorf("%s: %q: want rows ... or error KIND", name, strings.Join(f, " "))
}

// splitAlt cuts "1 2 reading 1 3" (or "extension") at the keyword.
func splitAlt(f []string) (rows, alt []string, kind string) {
	for i, s := range f {
		if s == "reading" || s == "extension" {
			return f[:i], f[i+1:], s
		}
	}
	return f, nil, ""
}

// withAlt attaches a reading or an extension answer to the judge's.
func withAlt(a *results.Answer, kind string, alt *results.Answer) *results.Answer {
	switch kind {
	case "reading":
		b := results.Basis{Kind: results.BasisContested, Anchor: "defn_aggSum", Ref: "w3c/rdf-tests#39"}
		a.Freedom = &results.Freedom{Limit: -1, Indeterminate: "contested", Contested: &b, ReadingsComplete: true,
			Readings: []results.Reading{{Bases: []results.Basis{b}, Takes: []string{"errors skipped"}, Answer: alt}}}
	case "extension":
		a.Freedom = &results.Freedom{Limit: -1, Extension: &results.Extension{Rows: true, Answer: alt}}
	}
	return a
}

// triageText is the golden form of a report.
func triageText(r *Report) string {
	var b strings.Builder
	fmt.Fprintf(&b, "kind: %s\n", r.Kind)
	if r.Reason != "" {
		fmt.Fprintf(&b, "reason: %s\n", r.Reason)
	}
	for _, v := range r.Verdicts {
		fmt.Fprintf(&b, "verdict: %s %s", v.Engine, v.Outcome)
		for _, c := range v.Classes {
			fmt.Fprintf(&b, " %s", c)
		}
		b.WriteString("\n")
	}
	for _, d := range r.Divergences {
		fmt.Fprintf(&b, "divergence: %s\n", d.Signature)
	}
	for _, n := range r.Notes {
		fmt.Fprintf(&b, "note: %s\n", n)
	}
	return b.String()
}

func TestTriageData(t *testing.T) {
	files, _ := filepath.Glob("testdata/triage/*.txt")
	if len(files) == 0 {
		t.Fatal("no testdata/triage/*.txt")
	}
	for _, path := range files {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".txt"), func(t *testing.T) {
			checkTriageFile(t, path)
		})
	}
}

func checkTriageFile(t *testing.T, path string) {
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	input, want, _ := strings.Cut(string(raw), "== result\n")
	c, outs, err := parseTriage(input)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	got := triageText(Triage(c, outs))
	if golden.Update() {
		if err := os.WriteFile(path, []byte(strings.TrimRight(input, "\n")+"\n== result\n"+got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if got != want {
		t.Errorf("%s: triage differs (run with -update if intended)\ngot:\n%s\nwant:\n%s", path, got, want)
	}
}
