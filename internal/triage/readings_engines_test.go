package triage_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/registry/registrytest"
	"github.com/sparql-oracle/oracle/internal/regress"
	"github.com/sparql-oracle/oracle/internal/results"
	"github.com/sparql-oracle/oracle/internal/triage"
)

// TestReadingsOnEngines runs testdata/engines/*.txt through the real
// engines named in each "== expect" section ("ENGINE OUTCOME [BASIS-KIND
// [NOTE TEXT]]"): the contested readings evaluated both ways and §17.6's
// extension points, judged as oracle diff judges them. An engine that is
// not installed is skipped, by name.
func TestReadingsOnEngines(t *testing.T) {
	if testing.Short() {
		t.Skip("runs external engines")
	}
	files, _ := filepath.Glob("testdata/engines/*.txt")
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) { runEngineCase(t, f) })
	}
}

func runEngineCase(t *testing.T, path string) {
	sec := parseSections(t, path)
	c := &oracle.Case{Name: path, Query: sec["query"], Dataset: rdf.NewDataset()}
	data, err := os.ReadFile(filepath.Join("testdata/engines", sec["data"]))
	if err != nil {
		t.Fatal(err)
	}
	qs, err := rdf.Parse(bytes.NewReader(data), rdf.Turtle, "", sec["data"])
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range qs {
		c.Dataset.Add(q)
	}
	names, want := []string{oracle.JudgeName}, map[string][]string{}
	for _, line := range strings.Split(strings.TrimSpace(sec["expect"]), "\n") {
		f := strings.Fields(line)
		names, want[f[0]] = append(names, f[0]), f[1:]
	}
	engines := registrytest.Built(t, names...)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	r := triage.Triage(c, oracle.Run(ctx, c, engines, time.Minute))
	for name, w := range want {
		checkEngine(t, r.Verdict(name), name, w)
	}
}

func checkEngine(t *testing.T, v *triage.EngineVerdict, name string, want []string) {
	if v == nil {
		t.Fatalf("%s: no verdict", name)
	}
	if v.Outcome == triage.Unavailable || errors.Is(v.Err, oracle.ErrUnavailable) {
		t.Logf("%s is not installed here: %v", name, v.Err)
		return
	}
	if string(v.Outcome) != want[0] {
		t.Fatalf("%s: outcome %s (%v %v), want %s", name, v.Outcome, v.Classes, v.Err, want[0])
	}
	if len(want) == 1 {
		return
	}
	b := v.Verdict.Basis
	if b == nil || string(b.Kind) != want[1] {
		t.Fatalf("%s: basis %+v, want kind %s", name, b, want[1])
	}
	if note := strings.Join(want[2:], " "); !strings.Contains(b.Note, note) {
		t.Errorf("%s: basis note %q lacks %q", name, b.Note, note)
	}
}

// parseSections reads "== name [arg]" sections; "== data FILE" names the
// data file.
func parseSections(t *testing.T, path string) map[string]string {
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	out, cur := map[string]string{}, ""
	for _, line := range strings.Split(string(src), "\n") {
		if h, ok := strings.CutPrefix(line, "== "); ok {
			name, arg, _ := strings.Cut(h, " ")
			cur, out[name] = name, arg
			continue
		}
		if cur != "" && !strings.HasPrefix(line, "#") {
			out[cur] += line + "\n"
		}
	}
	return out
}

// TestMeasureReadings measures, over corpus/regress, how the judged
// verdicts change with the contested readings and §17.6's extension
// points: each case runs once on the engines of ORACLE_MEASURE_ENGINES
// (comma-separated), and is triaged twice, with the judge's answer as it
// is ("after") and with its Readings and Extension stripped ("before":
// every contested divergence undecided, every extension point wrong). It
// runs only with ORACLE_MEASURE_READINGS=1 and prints the table:
//
//	ORACLE_MEASURE_READINGS=1 ORACLE_MEASURE_ENGINES=oxigraph,jena \
//	  go test ./internal/triage -run TestMeasureReadings -v -timeout 60m
func TestMeasureReadings(t *testing.T) {
	if os.Getenv("ORACLE_MEASURE_READINGS") != "1" {
		t.Skip("set ORACLE_MEASURE_READINGS=1 (and ORACLE_MEASURE_ENGINES) to measure the corpus")
	}
	cases, err := regress.LoadDir("../../corpus/regress")
	if err != nil {
		t.Fatal(err)
	}
	names := []string{oracle.JudgeName}
	for _, n := range strings.Split(os.Getenv("ORACLE_MEASURE_ENGINES"), ",") {
		names = append(names, strings.TrimSpace(n))
	}
	engines := registrytest.Built(t, names...)
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
