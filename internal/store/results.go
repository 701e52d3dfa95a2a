package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
)

// RecordCase writes one case's results and links its reports in one
// transaction. Every row is an upsert on its key, so a retried job
// replaces what an earlier attempt wrote instead of adding to it.
func (db *DB) RecordCase(ctx context.Context, r CaseRecord) error {
	if r.SweepID == 0 || r.Case == "" {
		return fmt.Errorf("%w: a case record needs a sweep and a case name", ErrInvalid)
	}
	return db.tx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, db.d.q(`INSERT INTO sweep_cases (sweep_id, case_name, diverged, failed, recorded)
			VALUES (?, ?, ?, ?, ?) ON CONFLICT (sweep_id, case_name) DO UPDATE SET
			diverged = excluded.diverged, failed = excluded.failed, recorded = excluded.recorded`),
			r.SweepID, r.Case, b2i(r.Diverged), b2i(r.Failed), now())
		if err != nil {
			return fmt.Errorf("store: record case %s: %w", r.Case, err)
		}
		for _, res := range r.Results {
			if err := db.upsertResult(ctx, tx, r, res); err != nil {
				return err
			}
		}
		for _, id := range r.Reports {
			if err := db.link(ctx, tx, r.SweepID, id, r.Case, nil); err != nil {
				return err
			}
		}
		var cases []TestCase
		if r.TestCase != nil {
			cases = []TestCase{*r.TestCase}
		}
		return db.writeTests(ctx, tx, r.SweepID, cases, r.Tests) // tests.go
	})
}

func (db *DB) upsertResult(ctx context.Context, tx *sql.Tx, r CaseRecord, res Result) error {
	_, err := tx.ExecContext(ctx, db.d.q(`INSERT INTO sweep_results (sweep_id, case_name, engine, version,
		outcome, class, elapsed_ms, error, feature) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (sweep_id, case_name, engine) DO UPDATE SET version = excluded.version,
		outcome = excluded.outcome, class = excluded.class, elapsed_ms = excluded.elapsed_ms,
		error = excluded.error, feature = excluded.feature`),
		r.SweepID, r.Case, res.Engine, res.Version, res.Outcome, res.Class, res.ElapsedMS, res.Error, res.Feature)
	if err != nil {
		return fmt.Errorf("store: record result %s/%s: %w", r.Case, res.Engine, err)
	}
	return nil
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Results lists a sweep's results ordered by case then engine.
func (db *DB) Results(ctx context.Context, sweepID int64, f ResultFilter) ([]Result, error) {
	limit, offset, err := page(f.Limit, f.Offset)
	if err != nil {
		return nil, err
	}
	conds, args := []string{"sweep_id = ?"}, []any{sweepID}
	for _, c := range []struct{ col, v string }{{"case_name", f.Case}, {"engine", f.Engine}, {"outcome", f.Outcome}} {
		if c.v != "" {
			conds, args = append(conds, c.col+" = ?"), append(args, c.v)
		}
	}
	rows, err := db.sql.QueryContext(ctx, db.d.q(`SELECT sweep_id, case_name, engine, version, outcome, class,
		elapsed_ms, error, feature FROM sweep_results WHERE `+strings.Join(conds, " AND ")+
		` ORDER BY case_name, engine LIMIT ? OFFSET ?`), append(args, limit, offset)...)
	if err != nil {
		return nil, fmt.Errorf("store: list results: %w", err)
	}
	defer rows.Close()
	out := []Result{}
	for rows.Next() {
		var r Result
		if err := rows.Scan(&r.SweepID, &r.Case, &r.Engine, &r.Version, &r.Outcome, &r.Class,
			&r.ElapsedMS, &r.Error, &r.Feature); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}
