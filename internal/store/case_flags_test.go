package store

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestCaseFlags: a case only partly judged counts as unjudged, a flagged
// divergence counts as flagged, both are listed per case, and recording a
// case again (a retried job) replaces what it said.
func TestCaseFlags(t *testing.T) {
	each(t, func(t *testing.T, b backend) {
		db := b.open(t)
		s, err := db.CreateSweep(ctx, genSpec(0, 3, "jena", "rasqal"))
		require.NoError(t, err)
		flags := []Flag{{Engine: "jena", Class: "wrong-value", Reason: "jena is not wrong in wrong-value against the judge alone"},
			{Engine: "rasqal", Class: "wrong-value", Reason: "the reduced case lost rasqal's wrong-value on a re-run"}}
		for range 2 {
			require.NoError(t, db.RecordCase(ctx, CaseRecord{SweepID: s.ID, Case: "gen/default/0", Unjudged: "not every engine could be judged: rasqal (timeout)"}))
			require.NoError(t, db.RecordCase(ctx, CaseRecord{SweepID: s.ID, Case: "gen/default/1", Diverged: true, Flagged: flags}))
			require.NoError(t, db.RecordCase(ctx, CaseRecord{SweepID: s.ID, Case: "gen/default/2"}))
		}
		got, err := db.Sweep(ctx, s.ID)
		require.NoError(t, err)
		require.Equal(t, 3, got.Done)
		require.Equal(t, 1, got.Diverged)
		require.Equal(t, 1, got.Unjudged)
		require.Equal(t, 2, got.Flagged)
		list, err := db.CaseFlags(ctx, s.ID, 0)
		require.NoError(t, err)
		require.Equal(t, []CaseFlags{
			{Case: "gen/default/0", Unjudged: "not every engine could be judged: rasqal (timeout)"},
			{Case: "gen/default/1", Flagged: flags},
		}, list)

		require.NoError(t, db.RecordCase(ctx, CaseRecord{SweepID: s.ID, Case: "gen/default/1", Diverged: true}))
		got, err = db.Sweep(ctx, s.ID)
		require.NoError(t, err)
		require.Zero(t, got.Flagged, "a case recorded again replaces its flags")
	})
}

// TestMigrate004KeepsCases: a sweep recorded before migration 004 reads
// back with no unjudged and no flagged cases.
func TestMigrate004KeepsCases(t *testing.T) {
	each(t, func(t *testing.T, b backend) {
		id := oldSweepCase(t, b, 3)

		db := b.reopen(t)
		s, err := db.Sweep(ctx, id)
		require.NoError(t, err)
		require.Equal(t, 1, s.Done)
		require.Equal(t, 1, s.Diverged)
		require.Zero(t, s.Unjudged)
		require.Zero(t, s.Flagged)
		list, err := db.CaseFlags(ctx, id, 0)
		require.NoError(t, err)
		require.Empty(t, list)
	})
}
