package sweep

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/store"
)

// crashEnv tells a re-executed test binary to be the worker that gets killed.
const crashEnv = "SWEEP_CRASH_CHILD_DB"

// slowEngines delays every evaluation so that the sweep is still running
// when the parent kills the worker.
var slowEngines = hooked(func(*oracle.Case) error { time.Sleep(15 * time.Millisecond); return nil })

// TestCrashResume starts a sweep in a child process (this test binary run
// again), SIGKILLs it mid-sweep, resumes in this process, and checks that
// the sweep finishes with every case recorded exactly once per engine.
func TestCrashResume(t *testing.T) {
	if db := os.Getenv(crashEnv); db != "" {
		crashChild(t, db)
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Second)
	defer cancel()
	path := filepath.Join(t.TempDir(), "crash.db")
	st := openStore(t, path)
	enq, err := New(ctx, st, Options{Workers: -1})
	require.NoError(t, err)
	const n = 200
	s, err := enq.Submit(ctx, store.SweepSpec{Name: "crash", Generated: &store.GenSource{From: 1000, To: 1000 + n}})
	require.NoError(t, err)

	child := exec.Command(os.Args[0], "-test.run=^TestCrashResume$", "-test.v")
	child.Env = append(os.Environ(), crashEnv+"="+path)
	child.Stdout, child.Stderr = os.Stderr, os.Stderr
	require.NoError(t, child.Start())
	atKill := waitDone(t, ctx, st, s.ID, 25)
	require.NoError(t, child.Process.Signal(syscall.SIGKILL))
	child.Wait()
	before, _ := st.Sweep(ctx, s.ID)
	require.Less(t, before.Done, n, "the child finished before it was killed: nothing to resume")
	t.Logf("killed the worker at %d/%d cases (%d when last polled)", before.Done, n, atKill)

	orphans := count(t, ctx, st, `SELECT COUNT(*) FROM river_job WHERE state = 'running'`)
	t.Logf("%d jobs left running by the dead worker", orphans)
	resumed := time.Now()
	r, err := New(ctx, st, Options{Workers: 2})
	require.NoError(t, err)
	require.NoError(t, r.Start(ctx))
	defer r.Stop(context.Background())
	end, err := r.Wait(ctx, s.ID)
	require.NoError(t, err)
	require.Equal(t, store.SweepDone, end.State, end.Error)
	t.Logf("resumed and finished in %v", time.Since(resumed))
	require.Equal(t, n, end.Total)
	require.Equal(t, n, end.Done, "no case lost")
	rs, err := st.Results(ctx, s.ID, store.ResultFilter{Limit: store.MaxLimit})
	require.NoError(t, err)
	seen := map[[2]string]bool{}
	for _, res := range rs {
		k := [2]string{res.Case, res.Engine}
		require.False(t, seen[k], "duplicate result %v", k)
		seen[k] = true
	}
	require.Len(t, rs, 2*n, "one result per case and engine: none lost, none duplicated")
}

// waitDone polls until the sweep has at least k cases done.
func waitDone(t *testing.T, ctx context.Context, st *store.DB, id int64, k int) int {
	for {
		s, err := st.Sweep(ctx, id)
		require.NoError(t, err)
		if s.Done >= k {
			return s.Done
		}
		select {
		case <-ctx.Done():
			t.Fatalf("the child recorded only %d cases", s.Done)
		case <-time.After(10 * time.Millisecond):
		}
	}
}

// crashChild runs the sweep's workers until it is killed.
func crashChild(t *testing.T, path string) {
	ctx := context.Background()
	st, err := store.Open(ctx, path)
	require.NoError(t, err)
	r, err := New(ctx, st, Options{Workers: 2, Engine: slowEngines})
	require.NoError(t, err)
	require.NoError(t, r.Start(ctx))
	time.Sleep(40 * time.Second) // the parent kills us long before
	t.Fatal("the parent did not kill the child")
}
