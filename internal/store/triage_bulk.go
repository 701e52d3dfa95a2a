package store

import (
	"context"
	"database/sql"
	"fmt"
)

// MaxBulk bounds one bulk triage: a filter matching more is narrowed first.
const MaxBulk = 5000

// SetStatuses triages every report of ids with one decision, in one
// transaction: each change is checked as SetStatus checks it and kept in
// that report's history, so a bulk action reads, report by report, as
// the same action taken one at a time. An unknown id rolls everything back.
func (db *DB) SetStatuses(ctx context.Context, ids []int64, c StatusChange) (int, error) {
	if err := c.Check(); err != nil {
		return 0, err
	}
	if len(ids) > MaxBulk {
		return 0, fmt.Errorf("%w: %d reports in one bulk triage, at most %d", ErrInvalid, len(ids), MaxBulk)
	}
	err := db.tx(ctx, func(tx *sql.Tx) error {
		for _, id := range ids {
			if err := db.setStatusTx(ctx, tx, id, c); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	return len(ids), nil
}
