package sweep

import (
	"context"
	"github.com/sparql-oracle/oracle/internal/triage"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/sparql-oracle/oracle/internal/filing"
	"github.com/sparql-oracle/oracle/internal/store"
)

// TestSweepEndToEnd sweeps 40 generated cases over the in-house pair and a
// buggy copy of the fast engine on SQLite: every case is recorded once per
// engine, the bug is reduced and filed, and a second sweep with the bug
// fixed compares as "fixed".
func TestSweepEndToEnd(t *testing.T) {
	st := openStore(t, filepath.Join(t.TempDir(), "sweep.db"))
	spec := store.SweepSpec{Name: "e2e", Engines: []string{"lossy"}, Generated: &store.GenSource{From: 0, To: 40},
		ReduceCalls: 40, ReduceSeconds: 5}
	start := time.Now()
	var observed atomic.Int64
	observe := func(*triage.Report) { observed.Add(1) }
	s1 := runSweep(t, st, Options{Workers: 2, Engine: engines(true), Observe: observe}, spec)
	t.Logf("sweep of %d cases x 3 engines with reduction: %v", s1.Total, time.Since(start))
	requireCaught(t, st, s1, 40, "lossy", "")
	require.Equal(t, 40, s1.Total)
	require.EqualValues(t, 40, observed.Load(), "Options.Observe sees every case's report")
	require.Equal(t, []string{"reference", "engine", "lossy"}, s1.Spec.Engines)

	page := filed(t, st, store.ReportFilter{SweepID: s1.ID, Engine: "lossy"})
	reduced := 0
	for _, rp := range page.Reports {
		require.Equal(t, s1.ID, rp.SweepID)
		if filing.Bug(rp).Reduction != nil && filing.Bug(rp).Reduction.QuadsAfter < filing.Bug(rp).Reduction.QuadsBefore {
			reduced++
		}
	}
	require.Positive(t, reduced, "divergences are reduced before they are filed")

	s2 := runSweep(t, st, Options{Workers: 2, Engine: engines(false)}, spec)
	require.Equal(t, store.SweepDone, s2.State, s2.Error)
	require.Zero(t, s2.Diverged)
	cmp, err := st.Compare(context.Background(), s1.ID, s2.ID)
	require.NoError(t, err)
	require.Len(t, cmp.Fixed, page.Total)
	require.Empty(t, cmp.New)
	require.Empty(t, cmp.Unchanged)
}

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
	requireCaught(t, st, s, 30, "dropper", "missing-quads")
	for _, rp := range filed(t, st, store.ReportFilter{SweepID: s.ID}).Reports {
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
	for _, rp := range filed(t, st, store.ReportFilter{SweepID: s.ID}).Reports { // the dropper's divergence survives reduction
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

// requireCaught checks a finished sweep of n cases over the in-house pair
// and the buggy engine: one result per case and engine, the judge's on
// every case, the fast engine correct on every case, buggy wrong (in
// class, any class when "") on some, and one diverged case per wrong
// result.
func requireCaught(t *testing.T, st *store.DB, s store.Sweep, n int, buggy, class string) {
	t.Helper()
	require.Equal(t, store.SweepDone, s.State, s.Error)
	require.Equal(t, n, s.Done)
	rs, err := st.Results(context.Background(), s.ID, store.ResultFilter{Limit: store.MaxLimit})
	require.NoError(t, err)
	require.Len(t, rs, 3*n, "one result per case and engine")
	wrong := 0
	for _, r := range rs {
		switch {
		case r.Engine == "engine":
			require.Equal(t, "correct", r.Outcome, "%s: the fast engine agrees with the reference", r.Case)
		case r.Engine == "reference":
			require.Equal(t, "judge", r.Outcome, r.Case)
		case r.Engine == buggy && r.Outcome == "wrong":
			wrong++
			require.NotEmpty(t, r.Class, r.Case)
			if class != "" {
				require.Equal(t, class, r.Class, r.Case)
			}
		}
	}
	require.Positive(t, wrong, "the %s engine must be caught", buggy)
	require.Equal(t, wrong, s.Diverged)
}

// filed is the page of a sweep's reports f selects, at least one.
func filed(t *testing.T, st *store.DB, f store.ReportFilter) store.ReportPage {
	t.Helper()
	page, err := st.Reports(context.Background(), f)
	require.NoError(t, err)
	require.Positive(t, page.Total, "nothing filed")
	return page
}

func TestSubmitRejectsBadSpecs(t *testing.T) {
	st := openStore(t, filepath.Join(t.TempDir(), "sweep.db"))
	ctx := context.Background()
	r, err := New(ctx, st, Options{Workers: -1})
	require.NoError(t, err)
	for _, spec := range []store.SweepSpec{
		{},
		{Generated: &store.GenSource{From: 5, To: 1}},
		{Generated: &store.GenSource{From: 0, To: 2, Profile: "nope"}},
		{Generated: &store.GenSource{From: 0, To: 2}, Engines: []string{"no-such-engine"}},
		{W3C: &store.W3CSource{Manifests: []string{"../etc/passwd"}}},
	} {
		_, err := r.Submit(ctx, spec)
		require.ErrorIs(t, err, store.ErrInvalid, "%+v", spec)
	}
	list, err := st.Sweeps(ctx, store.SweepFilter{})
	require.NoError(t, err)
	require.Empty(t, list, "a rejected spec stores nothing")
}

func TestDailySchedule(t *testing.T) {
	d := daily{2 * time.Hour}
	at := func(s string) time.Time { t, _ := time.Parse(time.RFC3339, s); return t }
	require.Equal(t, at("2026-01-01T02:00:00Z"), d.Next(at("2026-01-01T01:59:00Z")))
	require.Equal(t, at("2026-01-02T02:00:00Z"), d.Next(at("2026-01-01T02:00:00Z")))
	require.Equal(t, at("2026-01-02T02:00:00Z"), d.Next(at("2026-01-01T23:00:00Z")))
}

// TestNightly: the periodic job is accepted by River, and the nightly job
// starts one sweep per date however often it runs.
func TestNightly(t *testing.T) {
	st := openStore(t, filepath.Join(t.TempDir(), "sweep.db"))
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	spec := store.SweepSpec{Generated: &store.GenSource{From: 0, To: 3}}
	r := startRunner(t, ctx, st, Options{Workers: 2, Nightly: &spec})
	defer r.Stop(context.Background())
	s, err := r.Wait(ctx, nightlyTwice(t, ctx, st, r, "2026-01-01").ID)
	require.NoError(t, err)
	require.Equal(t, store.SweepDone, s.State)
	require.Equal(t, 3, s.Done)
}
