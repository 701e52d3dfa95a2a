package sweep

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/sparql-oracle/oracle/internal/store"
)

// The runs every sweep test goes through (engines_test.go: the engines),
// and the counts of the store's River jobs they check.

func openStore(t *testing.T, path string) *store.DB {
	t.Helper()
	st, err := store.Open(context.Background(), path)
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	return st
}

// startRunner makes a runner on st and starts its workers; the caller
// stops it.
func startRunner(t *testing.T, ctx context.Context, st *store.DB, opts Options) *Runner {
	t.Helper()
	r, err := New(ctx, st, opts)
	require.NoError(t, err)
	require.NoError(t, r.Start(ctx))
	return r
}

// submitWait submits spec to a started runner and waits for the sweep's end.
func submitWait(t *testing.T, ctx context.Context, r *Runner, spec store.SweepSpec) store.Sweep {
	t.Helper()
	s, err := r.Submit(ctx, spec)
	require.NoError(t, err)
	s, err = r.Wait(ctx, s.ID)
	require.NoError(t, err)
	return s
}

// runSweep submits spec on a fresh runner and waits for the end.
func runSweep(t *testing.T, st *store.DB, opts Options, spec store.SweepSpec) store.Sweep {
	t.Helper()
	return runSweepWithin(t, st, opts, spec, 40*time.Second)
}

// runSweepWithin is runSweep with a bound of its own.
func runSweepWithin(t *testing.T, st *store.DB, opts Options, spec store.SweepSpec, within time.Duration) store.Sweep {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), within)
	defer cancel()
	r := startRunner(t, ctx, st, opts)
	defer r.Stop(context.Background())
	return submitWait(t, ctx, r, spec)
}

// nightlyTwice runs r's nightly job twice for night and returns the one
// sweep it started (one per date, however often the job runs).
func nightlyTwice(t *testing.T, ctx context.Context, st *store.DB, r *Runner, night string) store.Sweep {
	t.Helper()
	for range 2 {
		require.NoError(t, r.nightly(ctx, night))
	}
	list, err := st.Sweeps(ctx, store.SweepFilter{})
	require.NoError(t, err)
	require.Len(t, list, 1)
	require.Equal(t, "nightly "+night, list[0].Spec.Name)
	return list[0]
}

// jobs counts the jobs of a kind in a River state.
func jobs(t *testing.T, ctx context.Context, st *store.DB, kind, state string) int {
	return count(t, ctx, st, `SELECT COUNT(*) FROM river_job WHERE kind = ? AND state = ?`, kind, state)
}

// queued counts the jobs not yet started, of any kind.
func queued(t *testing.T, ctx context.Context, st *store.DB) int {
	return count(t, ctx, st, `SELECT COUNT(*) FROM river_job WHERE state IN ('available', 'pending', 'retryable', 'scheduled')`)
}

func count(t *testing.T, ctx context.Context, st *store.DB, q string, args ...any) int {
	t.Helper()
	var n int
	var err error
	if st.Postgres() {
		for i := range args {
			q = strings.Replace(q, "?", fmt.Sprintf("$%d", i+1), 1)
		}
		err = st.Pool().QueryRow(ctx, q, args...).Scan(&n)
	} else {
		err = st.SQL().QueryRowContext(ctx, q, args...).Scan(&n)
	}
	require.NoError(t, err)
	return n
}
