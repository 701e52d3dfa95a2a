package store

import (
	"context"
	"errors"
	"fmt"
	"strconv"
)

// ErrFinal is returned (wrapped) when a sweep that is already done, failed
// or cancelled is asked to change state again. Test with errors.Is.
var ErrFinal = errors.New("store: sweep already final")

// active is the WHERE condition of a sweep that may still change state.
const active = ` AND state IN ('pending', 'running')`

// CancelSweep marks a pending or running sweep cancelled, deletes its
// queued jobs (DropQueuedJobs) and returns it. The update is conditional,
// so a sweep that finished meanwhile is left as it is: ErrFinal;
// ErrNotFound when there is no such sweep.
func (db *DB) CancelSweep(ctx context.Context, id int64) (Sweep, error) {
	ok, err := db.update(ctx, id, `UPDATE sweeps SET state = ?, finished = ? WHERE id = ?`+active,
		string(SweepCancelled), now(), id)
	if err != nil {
		return Sweep{}, err
	}
	if ok {
		if _, err := db.DropQueuedJobs(ctx, id); err != nil {
			return Sweep{}, err
		}
	}
	s, err := db.Sweep(ctx, id)
	if err == nil && !ok {
		return s, fmt.Errorf("%w: sweep %d is %s", ErrFinal, id, s.State)
	}
	return s, err
}

// StartActiveSweep is StartSweep for a sweep that is still pending or
// running: it reports false, changing nothing, when the sweep reached a
// final state (a cancel between a plan job's read and its write must not
// bring the sweep back to running).
func (db *DB) StartActiveSweep(ctx context.Context, id int64, total int) (bool, error) {
	return db.update(ctx, id, `UPDATE sweeps SET state = ?, total = ?,
		started = CASE WHEN started = 0 THEN ? ELSE started END WHERE id = ?`+active,
		string(SweepRunning), total, now(), id)
}

// FinishRunningSweep sets a running sweep's final state; it reports false,
// changing nothing, when the sweep is not running (cancelled meanwhile).
func (db *DB) FinishRunningSweep(ctx context.Context, id int64, state SweepState, errText string) (bool, error) {
	if state != SweepDone && state != SweepFailed {
		return false, fmt.Errorf("%w: final sweep state %q", ErrInvalid, state)
	}
	return db.update(ctx, id, `UPDATE sweeps SET state = ?, error = ?, finished = ? WHERE id = ? AND state = 'running'`,
		string(state), errText, now(), id)
}

// update runs a conditional update of sweep id and reports whether a row
// changed.
func (db *DB) update(ctx context.Context, id int64, query string, args ...any) (bool, error) {
	res, err := db.sql.ExecContext(ctx, db.d.q(query), args...)
	if err != nil {
		return false, fmt.Errorf("store: update sweep %d: %w", id, err)
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

// queuedStates are River's states of a job that has not started (River
// never runs a deleted job; a running one is left to finish).
const queuedStates = `('available', 'pending', 'retryable', 'scheduled')`

// DropQueuedJobs deletes the queued jobs of sweep id from River's table,
// which lives beside the store's (internal/sweep): every sweep job (plan,
// feed, case) carries the sweep's id as sweep_id in its args. A store whose
// database has no River table yet has nothing to drop. It returns how many
// jobs it deleted.
func (db *DB) DropQueuedJobs(ctx context.Context, id int64) (int64, error) {
	if ok, err := db.hasRiver(ctx); err != nil || !ok {
		return 0, err
	}
	arg := `json_extract(args, '$.sweep_id') = ?`
	if db.Postgres() {
		arg = `args->>'sweep_id' = ?`
	}
	res, err := db.sql.ExecContext(ctx, db.d.q(`DELETE FROM river_job WHERE state IN `+queuedStates+` AND `+arg),
		sweepIDArg(db, id))
	if err != nil {
		return 0, fmt.Errorf("store: drop the queued jobs of sweep %d: %w", id, err)
	}
	return res.RowsAffected()
}

// sweepIDArg is the id as the JSON accessor returns it: text on
// PostgreSQL (->>), a number on SQLite (json_extract).
func sweepIDArg(db *DB, id int64) any {
	if db.Postgres() {
		return strconv.FormatInt(id, 10)
	}
	return id
}

// hasRiver reports whether River's job table exists in the store's schema.
func (db *DB) hasRiver(ctx context.Context) (bool, error) {
	q := `SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = 'river_job'`
	if db.Postgres() {
		q = `SELECT COUNT(*) FROM (SELECT to_regclass('river_job') AS t) r WHERE r.t IS NOT NULL`
	}
	var n int
	if err := db.sql.QueryRowContext(ctx, q).Scan(&n); err != nil {
		return false, fmt.Errorf("store: look for River's table: %w", err)
	}
	return n > 0, nil
}
