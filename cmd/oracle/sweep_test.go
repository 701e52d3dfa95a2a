package main

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/filing"
	"github.com/sparql-oracle/oracle/internal/report"
	"github.com/sparql-oracle/oracle/internal/rootcause"
	"github.com/sparql-oracle/oracle/internal/store"
	"github.com/sparql-oracle/oracle/internal/triage"
)

// TestSweepCommand runs two small sweeps through the CLI, then status and compare.
func TestSweepCommand(t *testing.T) {
	db := filepath.Join(t.TempDir(), "o.db")
	for i := 0; i < 2; i++ {
		code, out, errs := runSub(sweepMain, "start", "--db", db, "--gen", "0:6", "--workers", "2", "--engines", "reference")
		if code != 0 || !strings.Contains(out, "done") || !strings.Contains(out, " 6 ") {
			t.Fatalf("start: exit %d\n%s%s", code, out, errs)
		}
	}
	code, out, _ := runSub(sweepMain, "status", "--db", db)
	if code != 0 || strings.Count(out, "done") != 2 {
		t.Fatalf("status: exit %d\n%s", code, out)
	}
	code, out, _ = runSub(sweepMain, "compare", "--db", db, "2")
	if code != 0 || !strings.Contains(out, "sweep 2 against sweep 1: 0 new, 0 fixed, 0 moved, 0 undecided, 0 unchanged findings over 6 cases") {
		t.Fatalf("compare: exit %d\n%s", code, out)
	}
	code, out, _ = runSub(sweepMain, "status", "--db", db, "--json", "1")
	if code != 0 || !strings.Contains(out, `"state": "done"`) {
		t.Fatalf("status --json: exit %d\n%s", code, out)
	}
}

func TestSweepCommandErrors(t *testing.T) {
	db := filepath.Join(t.TempDir(), "o.db")
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{nil, 2, "usage"},
		{[]string{"frobnicate"}, 2, "unknown subcommand"},
		{[]string{"start", "--db", db}, 2, "names no corpus"},
		{[]string{"start", "--db", db, "--gen", "x"}, 2, "want FROM:TO"},
		{[]string{"start", "--db", db, "--gen", "0:2", "--engines", "nope"}, 2, "unknown engine"},
		{[]string{"status", "--db", db, "42"}, 1, "not found"},
		{[]string{"status", "--db", db + ".typo"}, 1, "no such store"},
		{[]string{"reports", "--db", db + ".typo"}, 1, "no such store"},
		{[]string{"compare", "--db", db, "1"}, 1, "not found: sweep 1"},
	} {
		code, _, errs := runSub(sweepMain, c.args...)
		if code != c.code || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, want %d with %q; stderr:\n%s", c.args, code, c.code, c.want, errs)
		}
	}
}

// TestSweepStatusListsUnjudgedAndFlagged: `oracle sweep status ID` counts
// the cases not judged for every engine and the flagged divergences, and
// lists them under the sweep's line (and in --json).
func TestSweepStatusListsUnjudgedAndFlagged(t *testing.T) {
	ctx := context.Background()
	db := filepath.Join(t.TempDir(), "o.db")
	st, err := store.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	sw, err := st.CreateSweep(ctx, store.SweepSpec{Engines: []string{"reference", "engine", "jena"}, Regress: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, rec := range []store.CaseRecord{
		{SweepID: sw.ID, Case: "regress/a", Unjudged: "not every engine could be judged: jena (timeout)"},
		{SweepID: sw.ID, Case: "regress/b", Diverged: true, Flagged: []store.Flag{{Engine: "jena", Class: "wrong-value", Reason: "lost on a re-run"}}},
	} {
		if err := st.RecordCase(ctx, rec); err != nil {
			t.Fatal(err)
		}
	}
	st.Close()
	code, out, errs := runSub(sweepMain, "status", "--db", db, "1")
	for _, want := range []string{"UNJUDGED", "FLAGGED", "unjudged regress/a: not every engine could be judged: jena (timeout)",
		"flagged  regress/b: jena wrong-value: lost on a re-run", "1 case(s) not judged for every engine"} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("status: exit %d, want %q in\n%s%s", code, want, out, errs)
		}
	}
	code, out, _ = runSub(sweepMain, "status", "--db", db, "--json", "1")
	if code != 0 || !strings.Contains(out, `"unjudged": 1`) || !strings.Contains(out, `"flagged": 1`) || !strings.Contains(out, `"case": "regress/b"`) {
		t.Errorf("status --json: exit %d\n%s", code, out)
	}
}

// `sweep status ID` says what decided a realistic sweep's cases: the
// cases by judge, the large ones, and each engine's relation checks.
func TestSweepStatusJudges(t *testing.T) {
	ctx := context.Background()
	db := filepath.Join(t.TempDir(), "o.db")
	st, err := store.Open(ctx, db)
	require.NoError(t, err)
	sw, err := st.CreateSweep(ctx, store.SweepSpec{Engines: []string{"reference", "engine", "jena"}, Regress: true})
	require.NoError(t, err)
	checks := func(outcome string) []store.RelationCheck {
		return []store.RelationCheck{{Engine: "jena", Relation: "norec", Outcome: outcome},
			{Engine: "jena", Relation: "limit-pages", Outcome: store.RelationSkipped, Reason: "no ORDER BY"}}
	}
	for _, rec := range []store.CaseRecord{
		{SweepID: sw.ID, Case: "gen/realistic/1", DataTriples: 100_412, JudgedBy: store.JudgeFast, Relations: checks(store.RelationHeld)},
		{SweepID: sw.ID, Case: "gen/realistic/2", Diverged: true, DataTriples: 120_007, JudgedBy: store.JudgeRelations, Relations: checks(store.RelationViolated)},
		{SweepID: sw.ID, Case: "gen/realistic/3", DataTriples: 9_800, JudgedBy: store.JudgeReference, Relations: checks(store.RelationHeld)},
	} {
		require.NoError(t, st.RecordCase(ctx, rec))
	}
	st.Close()
	code, out, errs := runSub(sweepMain, "status", "--db", db, "1")
	require.Equal(t, 0, code, errs)
	for _, want := range []string{
		"judged by: reference 1, fast engine 1, relations 1; 2 case(s) of 100000 triples or more (largest 120007); 1 case(s) with a relation violated",
		"jena             relations checked 3: held 2, violated 1; skipped 3, errors 0",
	} {
		require.True(t, strings.Contains(out, want), "want %q in\n%s", want, out)
	}
	code, out, _ = runSub(sweepMain, "status", "--db", db, "--json", "1")
	require.Equal(t, 0, code)
	require.Contains(t, out, `"by_judge"`)
	require.Contains(t, out, `"large_cases": 2`)
}

// A sweep's untriaged root causes lead with those that change a value,
// rows or an outcome; cosmetic ones are one line below, never dropped.
func TestSplitCosmetic(t *testing.T) {
	rc := func(sev string) []store.Report { return []store.Report{{Severity: sev}} }
	roots := [][]store.Report{rc("wrong-answer"), rc("cosmetic"), rc("error"), rc("cosmetic"), rc("refusal")}
	severe, cosmetic := splitCosmetic(roots)
	require.Equal(t, [][]store.Report{rc("wrong-answer"), rc("error"), rc("refusal")}, severe)
	require.Equal(t, [][]store.Report{rc("cosmetic"), rc("cosmetic")}, cosmetic)
}

// A root cause the regression corpus records, found again by a sweep, is
// listed as recorded, not among the sweep's new untriaged root causes.
func TestSweepRecordedRootCause(t *testing.T) {
	ctx := context.Background()
	db := filepath.Join(t.TempDir(), "o.db")
	st, err := store.Open(ctx, db)
	require.NoError(t, err)
	defer st.Close()
	s, err := st.CreateSweep(ctx, store.SweepSpec{Generated: &store.GenSource{From: 0, To: 2, Profile: "numeric"}})
	require.NoError(t, err)
	file := func(engine string, recorded *rootcause.Recorded) {
		sig := triage.Signature{Class: diff.ClassErrorVsAnswer, Wrong: []string{engine}, Right: []string{"reference"}}
		rc := rootcause.Of(rootcause.Finding{Engine: engine, Class: diff.ClassErrorVsAnswer, Trigger: []string{"SUM"}, Ablated: true,
			Symptom: "error: " + engine + " failed"})
		rc.Recorded = recorded
		b := report.Bug{ID: "b-" + engine, Title: "SUM: raises an error", Engine: engine, Class: diff.ClassErrorVsAnswer,
			Kind: triage.KindEngineBug, Status: "open", Signature: sig.String(), Feature: "SUM",
			Reproducer: report.Reproducer{Query: "SELECT (SUM(?x) AS ?s) { ?a ?b ?x }"},
			Reports:    []report.EngineReport{{EngineRef: report.EngineRef{Engine: engine, Version: "1"}, Title: "SUM: raises an error", RootCause: rc}}}
		_, _, err := st.FileReport(ctx, store.Filing{Record: filing.Record(b), SweepID: s.ID, Case: "gen/numeric/" + engine})
		require.NoError(t, err)
	}
	file("rdflib", &rootcause.Recorded{Case: "rdflib-sum-error-vs-answer", Status: "open", Upstream: "not found (2026-12-02)"})
	file("jena", nil)
	s, err = st.Sweep(ctx, s.ID)
	require.NoError(t, err)
	recorded, err := newRecorded(ctx, st, s)
	require.NoError(t, err)
	fresh, err := newRoots(ctx, st, s)
	require.NoError(t, err)
	require.Len(t, recorded, 1)
	require.Equal(t, "rdflib", recorded[0][0].Engine)
	require.Equal(t, store.StatusRecorded, recorded[0][0].Status)
	require.Contains(t, recorded[0][0].Triage.Note, "corpus/regress/rdflib-sum-error-vs-answer")
	require.Len(t, fresh, 1)
	require.Equal(t, "jena", fresh[0][0].Engine, "only the root cause the corpus does not hold is new and untriaged")

	// The CLI lists them by status and by root cause id.
	code, out, errs := runSub(triageMain, "list", "--db", db, "--status", "recorded")
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, recorded[0][0].RootCause)
	require.NotContains(t, out, fresh[0][0].RootCause)
	code, out, errs = runSub(triageMain, "list", "--db", db, "--root-cause", fresh[0][0].RootCause)
	require.Equal(t, 0, code, errs)
	require.Equal(t, 2, strings.Count(out, "\n"), out)
	require.Contains(t, out, "jena")
}
