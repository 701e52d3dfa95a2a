package sweep

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/sparql-oracle/oracle/internal/store"
	"github.com/sparql-oracle/oracle/internal/store/storetest"
)

// pgStore opens the store on a fresh schema of ORACLE_TEST_POSTGRES,
// skipping without it (failing under CI=true).
func pgStore(t *testing.T) *store.DB {
	dsn := os.Getenv("ORACLE_TEST_POSTGRES")
	if dsn == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("CI=true but ORACLE_TEST_POSTGRES is unset (scripts/install.sh postgres_server)")
		}
		t.Skip("ORACLE_TEST_POSTGRES unset: PostgreSQL sweep skipped")
	}
	return openStore(t, storetest.Schema(t, dsn, "sweep_test"))
}

// TestSweepPostgresTwoWorkers runs one sweep on PostgreSQL with two
// runners sharing the queue, as two worker machines would.
func TestSweepPostgresTwoWorkers(t *testing.T) {
	st := pgStore(t)
	ctx, cancel := context.WithTimeout(context.Background(), 40*time.Second)
	defer cancel()
	var runners []*Runner
	for range 2 {
		r, err := New(ctx, st, Options{Workers: 2, Poll: 20 * time.Millisecond})
		require.NoError(t, err)
		require.NoError(t, r.Start(ctx))
		defer r.Stop(context.Background())
		runners = append(runners, r)
	}
	const n = 60
	s, err := runners[0].Submit(ctx, store.SweepSpec{Generated: &store.GenSource{From: 0, To: n}})
	require.NoError(t, err)
	s, err = runners[1].Wait(ctx, s.ID)
	require.NoError(t, err)
	require.Equal(t, store.SweepDone, s.State, s.Error)
	require.Equal(t, n, s.Done)
	rs, err := st.Results(ctx, s.ID, store.ResultFilter{Limit: store.MaxLimit})
	require.NoError(t, err)
	require.Len(t, rs, 2*n)
}
