package sweep

import (
	"context"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/registry"
	"github.com/sparql-oracle/oracle/internal/results"
	"github.com/sparql-oracle/oracle/internal/store"
)

// counting counts evaluations, to prove a cancelled sweep runs no engine.
type counting struct {
	oracle.Engine
	n *atomic.Int64
}

func (c counting) Eval(ctx context.Context, cs *oracle.Case) (*results.Answer, error) {
	c.n.Add(1)
	return c.Engine.Eval(ctx, cs)
}

// TestCancelPendingCases plans a sweep (its case jobs queued, none run),
// cancels it, then starts workers: every case job completes without an
// evaluation and without a record, the sweep stays cancelled, and a second
// cancel is store.ErrFinal. On SQLite, and on PostgreSQL when
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
	build := func(name string) (oracle.Engine, error) {
		e, err := registry.New(name)
		return counting{e, &evals}, err
	}
	enq, err := New(ctx, st, Options{Workers: -1, Engine: build})
	require.NoError(t, err)
	const n = 30
	s, err := enq.Submit(ctx, store.SweepSpec{Generated: &store.GenSource{From: 0, To: n}})
	require.NoError(t, err)
	require.NoError(t, enq.plan(ctx, s.ID), "enqueue the case jobs")
	require.Equal(t, n, jobs(t, ctx, st, "available"), "the plan queued every case")

	got, err := enq.Cancel(ctx, s.ID)
	require.NoError(t, err)
	require.Equal(t, store.SweepCancelled, got.State)
	_, err = enq.Cancel(ctx, s.ID)
	require.ErrorIs(t, err, store.ErrFinal)

	r, err := New(ctx, st, Options{Workers: 2, Engine: build, Poll: 20 * time.Millisecond})
	require.NoError(t, err)
	require.NoError(t, r.Start(ctx))
	defer r.Stop(context.Background())
	for jobs(t, ctx, st, "completed") < n {
		select {
		case <-ctx.Done():
			t.Fatalf("only %d of %d case jobs completed", jobs(t, ctx, st, "completed"), n)
		case <-time.After(20 * time.Millisecond):
		}
	}
	require.Zero(t, evals.Load(), "a cancelled sweep's pending cases run no engine")
	end, err := st.Sweep(ctx, s.ID)
	require.NoError(t, err)
	require.Equal(t, store.SweepCancelled, end.State)
	require.Zero(t, end.Done, "no case recorded")
}

// jobs counts the sweep_case jobs in a River state.
func jobs(t *testing.T, ctx context.Context, st *store.DB, state string) int {
	q := `SELECT COUNT(*) FROM river_job WHERE kind = 'sweep_case' AND state = ?`
	var n int
	var err error
	if st.Postgres() {
		err = st.Pool().QueryRow(ctx, `SELECT COUNT(*) FROM river_job WHERE kind = 'sweep_case' AND state = $1`, state).Scan(&n)
	} else {
		err = st.SQL().QueryRowContext(ctx, q, state).Scan(&n)
	}
	require.NoError(t, err)
	return n
}
