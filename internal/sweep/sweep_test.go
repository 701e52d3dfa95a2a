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
	require.Equal(t, store.SweepDone, s1.State, s1.Error)
	require.Equal(t, 40, s1.Total)
	require.Equal(t, 40, s1.Done)
	require.EqualValues(t, 40, observed.Load(), "Options.Observe sees every case's report")
	require.Equal(t, []string{"reference", "engine", "lossy"}, s1.Spec.Engines)
	rs, err := st.Results(context.Background(), s1.ID, store.ResultFilter{Limit: store.MaxLimit})
	require.NoError(t, err)
	require.Len(t, rs, 120, "one result per case and engine")
	wrong := 0
	for _, r := range rs {
		if r.Engine == "lossy" && r.Outcome == "wrong" {
			wrong++
			require.NotEmpty(t, r.Class)
		}
		if r.Engine == "engine" {
			require.Equal(t, "correct", r.Outcome, "%s: the fast engine agrees with the reference", r.Case)
		}
	}
	require.Positive(t, wrong, "the lossy engine must be caught")
	require.Equal(t, wrong, s1.Diverged)

	page, err := st.Reports(context.Background(), store.ReportFilter{SweepID: s1.ID, Engine: "lossy"})
	require.NoError(t, err)
	require.Positive(t, page.Total)
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
