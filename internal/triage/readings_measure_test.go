package triage_test

import (
	"context"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/reference"
	"github.com/sparql-oracle/oracle/internal/registry"
	"github.com/sparql-oracle/oracle/internal/regress"
	"github.com/sparql-oracle/oracle/internal/results"
	"github.com/sparql-oracle/oracle/internal/triage"
)

// TestMeasureReadings measures, over corpus/regress, how the judged
// verdicts change with the contested readings and §17.6's extension
// points: each case runs once on the engines of ORACLE_MEASURE_ENGINES
// (comma-separated), and is triaged twice, with the judge's answer as it
// is ("after") and with its Readings and Extension stripped ("before":
// every contested divergence undecided, every extension point wrong). It
// runs only with ORACLE_MEASURE_READINGS=1 and prints the table:
//
//	ORACLE_MEASURE_READINGS=1 ORACLE_MEASURE_ENGINES=oxigraph,jena \
//	  go test ./internal/diff -run TestMeasureReadings -v -timeout 60m
func TestMeasureReadings(t *testing.T) {
	if os.Getenv("ORACLE_MEASURE_READINGS") != "1" {
		t.Skip("set ORACLE_MEASURE_READINGS=1 (and ORACLE_MEASURE_ENGINES) to measure the corpus")
	}
	cases, err := regress.LoadDir("../../corpus/regress")
	if err != nil {
		t.Fatal(err)
	}
	engines := []oracle.Engine{registry.Reference(reference.Options{})}
	for _, n := range strings.Split(os.Getenv("ORACLE_MEASURE_ENGINES"), ",") {
		e, err := registry.New(strings.TrimSpace(n))
		if err != nil {
			t.Fatal(err)
		}
		engines = append(engines, e)
	}
	moves := map[string]int{}
	for _, c := range cases {
		oc := &oracle.Case{Name: c.ID, Query: c.Query, Dataset: c.Data}
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		outs := oracle.Run(ctx, oc, engines, 30*time.Second)
		cancel()
		after := triage.Triage(oc, outs)
		before := triage.Triage(oc, stripped(outs))
		for _, v := range after.Verdicts {
			lb, la := label(before, before.Verdict(v.Engine)), label(after, &v)
			move := lb + " -> " + la
			moves[move]++
			if lb != la {
				fmt.Printf("changed\t%s\t%s\t%s\n", c.ID, v.Engine, move)
			}
		}
	}
	var keys []string
	for k := range moves {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	fmt.Printf("\n| before -> after | verdicts |\n| --- | --- |\n")
	for _, k := range keys {
		fmt.Printf("| %s | %d |\n", k, moves[k])
	}
}

// label is an outcome, with an unjudged answer on a contested question
// named a spec question, as the report files it (report.Questions).
func label(r *triage.Report, v *triage.EngineVerdict) string {
	if v == nil {
		return "none"
	}
	contested := r.Expected != nil && r.Expected.Freedom != nil && r.Expected.Freedom.Contested != nil
	if v.Outcome == triage.Unjudged && contested && v.Verdict != nil &&
		(v.Verdict.Basis == nil || v.Verdict.Basis.Kind == results.BasisContested) {
		return "spec-question"
	}
	return string(v.Outcome)
}

// stripped is outs with the judge's readings and extension answer removed.
func stripped(outs []oracle.Outcome) []oracle.Outcome {
	out := append([]oracle.Outcome(nil), outs...)
	for i, o := range out {
		if o.Engine != oracle.JudgeName || o.Answer == nil || o.Answer.Freedom == nil {
			continue
		}
		a, f := *o.Answer, *o.Answer.Freedom
		f.Readings, f.ReadingsComplete, f.Extension = nil, false, nil
		a.Freedom = &f
		out[i].Answer = &a
	}
	return out
}
