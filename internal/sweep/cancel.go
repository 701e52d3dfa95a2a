package sweep

import (
	"context"

	"github.com/sparql-oracle/oracle/internal/store"
)

// Cancel stops sweep id: it is marked cancelled and its queued jobs are
// deleted (store.CancelSweep: store.ErrNotFound for an unknown id,
// store.ErrFinal when it is already done, failed or cancelled); no feed job
// queues more, and a case job that slipped through finishes at once
// without running an engine (runCase reads the state first). Jobs already
// running finish their case; their record is kept.
// Cancelling from another process (`oracle sweep cancel`, a web front end
// on PostgreSQL) works the same way: the state lives in the store.
func (r *Runner) Cancel(ctx context.Context, id int64) (store.Sweep, error) {
	s, err := r.st.CancelSweep(ctx, id)
	if err == nil {
		r.memo.forget(id)
	}
	return s, err
}

// Reductions counts, since the runner started, the divergences it reduced
// and those it filed from the memo without reducing (memo.go).
func (r *Runner) Reductions() (reduced, reused int64) {
	return r.reduced.Load(), r.reused.Load()
}
