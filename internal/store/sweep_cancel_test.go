package store

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestCancelSweep walks the cancel transitions on every backend: a pending
// and a running sweep are cancelled; a final one is left as it is (ErrFinal);
// an unknown id is ErrNotFound; a cancelled sweep is neither started nor
// finished again by a late plan or case job.
func TestCancelSweep(t *testing.T) {
	each(t, func(t *testing.T, b backend) {
		db := b.open(t)
		pending, err := db.CreateSweep(ctx, genSpec(0, 3))
		require.NoError(t, err)
		got, err := db.CancelSweep(ctx, pending.ID)
		require.NoError(t, err)
		require.Equal(t, SweepCancelled, got.State)
		require.False(t, got.Finished.IsZero())

		ok, err := db.StartActiveSweep(ctx, pending.ID, 3)
		require.NoError(t, err)
		require.False(t, ok, "a late plan job must not restart a cancelled sweep")
		_, err = db.CancelSweep(ctx, pending.ID)
		require.True(t, errors.Is(err, ErrFinal), "cancel twice: %v", err)

		running, err := db.CreateSweep(ctx, genSpec(0, 3))
		require.NoError(t, err)
		ok, err = db.StartActiveSweep(ctx, running.ID, 3)
		require.NoError(t, err)
		require.True(t, ok)
		_, err = db.CancelSweep(ctx, running.ID)
		require.NoError(t, err)
		ok, err = db.FinishRunningSweep(ctx, running.ID, SweepDone, "")
		require.NoError(t, err)
		require.False(t, ok, "a late case job must not mark a cancelled sweep done")
		s, err := db.Sweep(ctx, running.ID)
		require.NoError(t, err)
		require.Equal(t, SweepCancelled, s.State)

		done, err := db.CreateSweep(ctx, genSpec(0, 1))
		require.NoError(t, err)
		require.NoError(t, db.StartSweep(ctx, done.ID, 1))
		ok, err = db.FinishRunningSweep(ctx, done.ID, SweepDone, "")
		require.NoError(t, err)
		require.True(t, ok)
		_, err = db.CancelSweep(ctx, done.ID)
		require.True(t, errors.Is(err, ErrFinal), "cancel a done sweep: %v", err)

		_, err = db.CancelSweep(ctx, 999_999)
		require.True(t, errors.Is(err, ErrNotFound), "unknown sweep: %v", err)
	})
}
