package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
)

// sweepCols is what scanSweep reads; the progress counts come from
// sweep_cases, so they are exact whatever was retried.
const sweepCols = `s.id, s.spec, s.state, s.error, s.total, s.created, s.started, s.finished,
	(SELECT COUNT(*) FROM sweep_cases c WHERE c.sweep_id = s.id),
	(SELECT COUNT(*) FROM sweep_cases c WHERE c.sweep_id = s.id AND c.diverged = 1),
	(SELECT COUNT(*) FROM sweep_cases c WHERE c.sweep_id = s.id AND c.failed = 1),
	(SELECT COUNT(*) FROM sweep_cases c WHERE c.sweep_id = s.id AND c.unjudged = 1),
	(SELECT COALESCE(SUM(c.flagged_n), 0) FROM sweep_cases c WHERE c.sweep_id = s.id)`

// CreateSweep stores a new pending sweep of spec.
func (db *DB) CreateSweep(ctx context.Context, spec SweepSpec) (Sweep, error) {
	if spec.W3C == nil && !spec.Regress && spec.Generated == nil {
		return Sweep{}, fmt.Errorf("%w: the sweep spec names no corpus (w3c, regress or generated)", ErrInvalid)
	}
	body, err := json.Marshal(spec)
	if err != nil {
		return Sweep{}, fmt.Errorf("store: encode spec: %w", err)
	}
	// A new sweep has no progress: it is returned as written, without
	// reading sweep_cases (so an older schema's tests can create one).
	s := Sweep{Spec: spec, State: SweepPending}
	created := now()
	err = db.sql.QueryRowContext(ctx, db.d.q(`INSERT INTO sweeps (name, spec, state, error, total, created, started, finished)
		VALUES (?, ?, ?, '', 0, ?, 0, 0) RETURNING id`), spec.Name, string(body), string(SweepPending), created).Scan(&s.ID)
	if err != nil {
		return Sweep{}, fmt.Errorf("store: create sweep: %w", err)
	}
	s.Created = fromMicros(created)
	return s, nil
}

// Sweep returns the sweep with its progress.
func (db *DB) Sweep(ctx context.Context, id int64) (Sweep, error) {
	s, err := scanSweep(db.sql.QueryRowContext(ctx, db.d.q(`SELECT `+sweepCols+` FROM sweeps s WHERE s.id = ?`), id))
	if errors.Is(err, sql.ErrNoRows) {
		return Sweep{}, fmt.Errorf("%w: sweep %d", ErrNotFound, id)
	}
	return s, err
}

// Sweeps lists sweeps, newest first.
func (db *DB) Sweeps(ctx context.Context, f SweepFilter) ([]Sweep, error) {
	limit, offset, err := page(f.Limit, f.Offset)
	if err != nil {
		return nil, err
	}
	where, args := "", []any{}
	if f.State != "" {
		where, args = " WHERE s.state = ?", append(args, string(f.State))
	}
	return db.querySweeps(ctx, `SELECT `+sweepCols+` FROM sweeps s`+where+` ORDER BY s.id DESC LIMIT ? OFFSET ?`,
		append(args, limit, offset)...)
}

func (db *DB) querySweeps(ctx context.Context, query string, args ...any) ([]Sweep, error) {
	rows, err := db.sql.QueryContext(ctx, db.d.q(query), args...)
	out := []Sweep{}
	err = forRows(rows, err, "list sweeps", func() error {
		s, err := scanSweep(rows)
		if err != nil {
			return err
		}
		out = append(out, s)
		return nil
	})
	return out, err
}

// StartSweep marks the sweep running with total cases.
func (db *DB) StartSweep(ctx context.Context, id int64, total int) error {
	return db.exec1(ctx, id, `UPDATE sweeps SET state = ?, total = ?,
		started = CASE WHEN started = 0 THEN ? ELSE started END WHERE id = ?`,
		string(SweepRunning), total, now(), id)
}

// FinishSweep sets the final state and Finished.
func (db *DB) FinishSweep(ctx context.Context, id int64, state SweepState, errText string) error {
	switch state {
	case SweepDone, SweepFailed, SweepCancelled:
	default:
		return fmt.Errorf("%w: final sweep state %q", ErrInvalid, state)
	}
	return db.exec1(ctx, id, `UPDATE sweeps SET state = ?, error = ?, finished = ? WHERE id = ?`,
		string(state), errText, now(), id)
}

// exec1 runs an update of sweep id, which must exist.
func (db *DB) exec1(ctx context.Context, id int64, query string, args ...any) error {
	res, err := db.sql.ExecContext(ctx, db.d.q(query), args...)
	if err != nil {
		return fmt.Errorf("store: update sweep %d: %w", id, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("%w: sweep %d", ErrNotFound, id)
	}
	return nil
}

func scanSweep(s scanner) (Sweep, error) {
	var w Sweep
	var spec, state string
	var created, started, finished int64
	err := s.Scan(&w.ID, &spec, &state, &w.Error, &w.Total, &created, &started, &finished, &w.Done, &w.Diverged, &w.Failed, &w.Unjudged, &w.Flagged)
	if err != nil {
		return Sweep{}, err
	}
	w.State = SweepState(state)
	w.Created, w.Started, w.Finished = fromMicros(created), fromMicros(started), fromMicros(finished)
	if err := json.Unmarshal([]byte(spec), &w.Spec); err != nil {
		return Sweep{}, fmt.Errorf("store: sweep %d: decode spec: %w", w.ID, err)
	}
	return w, nil
}
