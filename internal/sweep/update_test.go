package sweep

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/sparql-oracle/oracle/internal/filing"
	"github.com/sparql-oracle/oracle/internal/store"
)

// TestSweepUpdateProfile sweeps 30 cases of an update profile over the
// in-house pair and a buggy updater: every case is recorded once per
// engine, the fast engine agrees with the judge on every store, the
// dropper is caught in missing-quads, and with reduce_calls -1 its
// divergences are filed unreduced against it alone.
func TestSweepUpdateProfile(t *testing.T) {
	st := openStore(t, filepath.Join(t.TempDir(), "sweep.db"))
	spec := store.SweepSpec{Name: "upd", Engines: []string{"dropper"}, ReduceCalls: -1,
		Generated: &store.GenSource{From: 0, To: 30, Profile: "update-data"}}
	start := time.Now()
	s := runSweep(t, st, Options{Workers: 2, Engine: updateEngines}, spec)
	t.Logf("update sweep of %d cases x 3 engines: %v", s.Total, time.Since(start))
	require.Equal(t, store.SweepDone, s.State, s.Error)
	require.Equal(t, 30, s.Done)
	rs, err := st.Results(context.Background(), s.ID, store.ResultFilter{Limit: store.MaxLimit})
	require.NoError(t, err)
	require.Len(t, rs, 90, "one result per case and engine")
	wrong := 0
	for _, r := range rs {
		switch r.Engine {
		case "engine":
			require.Equal(t, "correct", r.Outcome, "%s: the fast engine agrees with the reference", r.Case)
		case "reference":
			require.Equal(t, "judge", r.Outcome, r.Case)
		case "dropper":
			if r.Outcome == "wrong" {
				wrong++
				require.Equal(t, "missing-quads", r.Class, r.Case)
			}
		}
	}
	require.Positive(t, wrong, "the dropper must be caught")
	require.Equal(t, wrong, s.Diverged)
	page, err := st.Reports(context.Background(), store.ReportFilter{SweepID: s.ID})
	require.NoError(t, err)
	require.Positive(t, page.Total)
	for _, rp := range page.Reports {
		require.Equal(t, "dropper", rp.Engine)
		require.Equal(t, "missing-quads", rp.Class)
		require.Nil(t, filing.Bug(rp).Reduction, "reduce_calls -1 files unreduced")
		require.Contains(t, filing.Bug(rp).Reproducer.Query, "DATA")
	}
}

// TestSweepUpdateReduced: with reduction on, the dropper's divergences are
// reduced against the judge alone (reduce.UpdateEngine) before they are
// filed: every filed report carries its reduction figure and a store no
// larger than the case's.
func TestSweepUpdateReduced(t *testing.T) {
	st := openStore(t, filepath.Join(t.TempDir(), "sweep.db"))
	spec := store.SweepSpec{Name: "upd-reduced", Engines: []string{"dropper"}, ReduceCalls: 60, ReduceSeconds: 10,
		Generated: &store.GenSource{From: 0, To: 8, Profile: "update-data"}}
	s := runSweep(t, st, Options{Workers: 2, Engine: updateEngines}, spec)
	require.Equal(t, store.SweepDone, s.State, s.Error)
	require.Positive(t, s.Diverged)
	page, err := st.Reports(context.Background(), store.ReportFilter{SweepID: s.ID})
	require.NoError(t, err)
	require.Positive(t, page.Total, "the dropper's divergence survives reduction")
	for _, rp := range page.Reports {
		require.Equal(t, "dropper", rp.Engine)
		require.NotNil(t, filing.Bug(rp).Reduction, "reduced before it is filed")
		require.LessOrEqual(t, filing.Bug(rp).Reduction.QuadsAfter, filing.Bug(rp).Reduction.QuadsBefore)
		require.NotEmpty(t, filing.Bug(rp).Reproducer.Query)
		require.NotEmpty(t, filing.Bug(rp).Reproducer.Commands["dropper"])
	}
}

// TestSweepUpdateReducesPerKey: an update sweep takes a query sweep's path
// through the reduction memo (run.go: fileDivergence): with
// reduce_per_key 1 no pre-reduction key is reduced twice, the corpus
// repeats keys, so fewer reductions run than there are divergences, and
// every divergence is still filed once.
func TestSweepUpdateReducesPerKey(t *testing.T) {
	st := openStore(t, filepath.Join(t.TempDir(), "memo.db"))
	one := 1
	spec := store.SweepSpec{Engines: []string{"dropper"}, ReduceCalls: 30, ReduceSeconds: 5, ReducePerKey: &one,
		Generated: &store.GenSource{From: 0, To: 16, Profile: "update-data"}}
	reductions, s := sweepReducing(t, st, Options{Workers: 2, Engine: updateEngines}, spec)
	require.Equal(t, store.SweepDone, s.State, s.Error)
	rs, err := st.Results(context.Background(), s.ID, store.ResultFilter{Engine: "dropper", Limit: store.MaxLimit})
	require.NoError(t, err)
	divergences, total := 0, 0
	for _, r := range rs {
		if r.Outcome == "wrong" {
			divergences++ // the dropper's one divergence of the case (missing-quads)
		}
	}
	for key, n := range reductions {
		require.Equal(t, 1, n, "reductions of %q", key)
		total += n
	}
	require.Positive(t, total)
	require.Less(t, total, divergences, "the corpus must repeat a key for the test to mean anything")
	requireFiledOnce(t, st, s, divergences)
}
