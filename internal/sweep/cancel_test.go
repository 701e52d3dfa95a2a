package sweep

import (
	"context"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/store"
)

// TestCancelPendingCases feeds a sweep's first batch (its case jobs
// queued, none run), cancels it: its queued jobs are gone at once, a second
// cancel is store.ErrFinal, and workers started afterwards run no engine
// and record nothing. On SQLite, and on PostgreSQL when
// ORACLE_TEST_POSTGRES is set.
func TestCancelPendingCases(t *testing.T) {
	t.Run("sqlite", func(t *testing.T) {
		cancelPending(t, openStore(t, filepath.Join(t.TempDir(), "cancel.db")))
	})
	t.Run("postgres", func(t *testing.T) { cancelPending(t, pgStore(t)) })
}

func cancelPending(t *testing.T, st *store.DB) {
	ctx, cancel := context.WithTimeout(context.Background(), 40*time.Second)
	defer cancel()
	var evals atomic.Int64
	// Counting evaluations proves a cancelled sweep runs no engine.
	build := hooked(func(*oracle.Case) error { evals.Add(1); return nil })
	enq, err := New(ctx, st, Options{Workers: -1, Engine: build})
	require.NoError(t, err)
	const n = 30
	s, err := enq.Submit(ctx, store.SweepSpec{Generated: &store.GenSource{From: 0, To: n}})
	require.NoError(t, err)
	require.NoError(t, enq.plan(ctx, s.ID), "count the corpus, queue the feed")
	require.NoError(t, enq.feed(ctx, FeedArgs{SweepID: s.ID}), "queue the cases")
	require.Equal(t, n, jobs(t, ctx, st, "sweep_case", "available"), "the feed queued every case")

	got, err := enq.Cancel(ctx, s.ID)
	require.NoError(t, err)
	require.Equal(t, store.SweepCancelled, got.State)
	require.Zero(t, queued(t, ctx, st), "cancel deletes the queued jobs")
	_, err = enq.Cancel(ctx, s.ID)
	require.ErrorIs(t, err, store.ErrFinal)
	require.NoError(t, enq.feed(ctx, FeedArgs{SweepID: s.ID, Next: n}), "a late feed job")
	require.Zero(t, queued(t, ctx, st), "a feed job of a cancelled sweep enqueues nothing")

	r, err := New(ctx, st, Options{Workers: 2, Engine: build, Poll: 20 * time.Millisecond})
	require.NoError(t, err)
	require.NoError(t, r.Start(ctx))
	time.Sleep(300 * time.Millisecond)
	require.NoError(t, r.Stop(context.Background()))
	require.Zero(t, evals.Load(), "a cancelled sweep's pending cases run no engine")
	end, err := st.Sweep(ctx, s.ID)
	require.NoError(t, err)
	require.Equal(t, store.SweepCancelled, end.State)
	require.Zero(t, end.Done, "no case recorded")
}
