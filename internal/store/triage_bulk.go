package store

import (
	"context"
	"database/sql"
	"errors"
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
			var prev, prevURL string
			err := tx.QueryRowContext(ctx, db.d.q(`SELECT status, status_url FROM reports WHERE id = ?`), id).Scan(&prev, &prevURL)
			if errors.Is(err, sql.ErrNoRows) {
				return fmt.Errorf("%w: report %d", ErrNotFound, id)
			}
			if err != nil {
				return fmt.Errorf("store: set status of report %d: %w", id, err)
			}
			one := c
			if one.URL == "" {
				one.URL = prevURL // as SetStatus: the upstream issue stays
			}
			if err := db.changeStatus(ctx, tx, id, prev, one); err != nil {
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
