package sweep

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/sparql-oracle/oracle/internal/store"
)

// million is a million-case sweep: a cancel 5 s after the 202 once left
// about 997,000 queued jobs and a 353 MB database.
var million = store.SweepSpec{Name: "million", Generated: &store.GenSource{From: 0, To: 1_000_000}}

// TestMillionSeedSweepCancel submits a sweep of a million seeds to a
// runner with workers and cancels it twice over: at once (the plan may not
// have run), and after its cases started running. Each time no queued job
// is left within a few seconds, none appears afterwards, and River's
// table holds at most a couple of batches. While the sweep runs, the
// queue holds at most two batches of it (the feed, jobs.go).
func TestMillionSeedSweepCancel(t *testing.T) {
	t.Run("sqlite", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "million.db")
		st := openStore(t, path)
		cancelMillion(t, st)
		t.Logf("SQLite file after both sweeps: %d bytes", fileBytes(path))
		require.Less(t, fileBytes(path), int64(16<<20), "the database stays small")
	})
	t.Run("postgres", func(t *testing.T) {
		st := pgStore(t)
		cancelMillion(t, st)
		var size int64
		require.NoError(t, st.Pool().QueryRow(context.Background(),
			`SELECT pg_total_relation_size('river_job')`).Scan(&size))
		t.Logf("PostgreSQL river_job after both sweeps: %d bytes", size)
		require.Less(t, size, int64(16<<20), "River's table stays small")
	})
}

func cancelMillion(t *testing.T, st *store.DB) {
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	r := startRunner(t, ctx, st, Options{Workers: 2, Poll: 20 * time.Millisecond})
	defer r.Stop(context.Background())

	s, err := r.Submit(ctx, million)
	require.NoError(t, err)
	_, err = r.Cancel(ctx, s.ID)
	require.NoError(t, err)
	settled(t, ctx, st, "cancelled at once")

	s, err = r.Submit(ctx, million)
	require.NoError(t, err)
	most := 0
	for jobs(t, ctx, st, "sweep_case", "completed") < 2*batch {
		most = max(most, queued(t, ctx, st))
		time.Sleep(20 * time.Millisecond)
	}
	require.LessOrEqual(t, most, 2*batch+2, "a running sweep queues at most two batches")
	t.Logf("while running: at most %d queued jobs", most)
	_, err = r.Cancel(ctx, s.ID)
	require.NoError(t, err)
	settled(t, ctx, st, "cancelled while running")
	end, err := st.Sweep(ctx, s.ID)
	require.NoError(t, err)
	require.Equal(t, store.SweepCancelled, end.State)
	require.Less(t, end.Done, 10*batch, "the cancelled sweep stopped early")
}

// settled waits (at most 3 s) until no job is queued, then checks that
// none appears in the next second and that River's table holds few rows.
func settled(t *testing.T, ctx context.Context, st *store.DB, what string) {
	t.Helper()
	start := time.Now()
	for queued(t, ctx, st) > 0 {
		require.Less(t, time.Since(start), 3*time.Second, "%s: queued jobs left after 3 s", what)
		time.Sleep(10 * time.Millisecond)
	}
	t.Logf("%s: no queued job after %s", what, time.Since(start).Round(time.Millisecond))
	time.Sleep(time.Second)
	require.Zero(t, queued(t, ctx, st), "%s: jobs queued after the cancel", what)
	rows := count(t, ctx, st, `SELECT COUNT(*) FROM river_job`)
	require.Less(t, rows, 6*batch, "%s: River's table holds %d rows", what, rows)
}

func fileBytes(path string) int64 {
	var n int64
	for _, p := range []string{path, path + "-wal", path + "-shm"} {
		if fi, err := os.Stat(p); err == nil {
			n += fi.Size()
		}
	}
	return n
}
