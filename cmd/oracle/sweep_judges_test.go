package main

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sparql-oracle/oracle/internal/store"
)

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
