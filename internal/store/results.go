package store

import (
	"context"
	"database/sql"
	"encoding/json"
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
	if err := r.checkJudged(); err != nil { // relations.go
		return err
	}
	return db.tx(ctx, func(tx *sql.Tx) error {
		if err := db.upsertCase(ctx, tx, r); err != nil {
			return err
		}
		if err := db.writeRelations(ctx, tx, r); err != nil {
			return err
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

// upsertCase writes the case's row: its progress flags, why it was only
// partly judged, its flagged divergences (as JSON, with their number for
// the sweep's progress), its data size and the judge that decided it.
func (db *DB) upsertCase(ctx context.Context, tx *sql.Tx, r CaseRecord) error {
	flagged := ""
	if len(r.Flagged) > 0 {
		body, err := json.Marshal(r.Flagged)
		if err != nil {
			return fmt.Errorf("store: record case %s: encode flags: %w", r.Case, err)
		}
		flagged = string(body)
	}
	_, err := tx.ExecContext(ctx, db.d.q(`INSERT INTO sweep_cases (sweep_id, case_name, diverged, failed, recorded,
		unjudged, unjudged_reason, flagged, flagged_n, data_triples, judged_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (sweep_id, case_name) DO UPDATE SET diverged = excluded.diverged, failed = excluded.failed,
		recorded = excluded.recorded, unjudged = excluded.unjudged, unjudged_reason = excluded.unjudged_reason,
		flagged = excluded.flagged, flagged_n = excluded.flagged_n, data_triples = excluded.data_triples,
		judged_by = excluded.judged_by`),
		r.SweepID, r.Case, b2i(r.Diverged), b2i(r.Failed), now(), b2i(r.Unjudged != ""), r.Unjudged, flagged, len(r.Flagged),
		r.DataTriples, r.JudgedBy)
	if err != nil {
		return fmt.Errorf("store: record case %s: %w", r.Case, err)
	}
	return nil
}

// CaseFlags lists the cases of a sweep that were only partly judged or
// flagged a divergence, ordered by case; limit 0 = DefaultLimit, capped at
// MaxLimit.
func (db *DB) CaseFlags(ctx context.Context, sweepID int64, limit int) ([]CaseFlags, error) {
	limit, _, err := page(limit, 0)
	if err != nil {
		return nil, err
	}
	rows, err := db.sql.QueryContext(ctx, db.d.q(`SELECT case_name, unjudged_reason, flagged FROM sweep_cases
		WHERE sweep_id = ? AND (unjudged = 1 OR flagged_n > 0) ORDER BY case_name LIMIT ?`), sweepID, limit)
	out := []CaseFlags{}
	err = forRows(rows, err, "list case flags", func() error {
		var c CaseFlags
		var flagged string
		if err := rows.Scan(&c.Case, &c.Unjudged, &flagged); err != nil {
			return err
		}
		if flagged != "" {
			if err := json.Unmarshal([]byte(flagged), &c.Flagged); err != nil {
				return fmt.Errorf("store: case %s: decode flags: %w", c.Case, err)
			}
		}
		out = append(out, c)
		return nil
	})
	return out, err
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
	out := []Result{}
	err = forRows(rows, err, "list results", func() error {
		var r Result
		if err := rows.Scan(&r.SweepID, &r.Case, &r.Engine, &r.Version, &r.Outcome, &r.Class,
			&r.ElapsedMS, &r.Error, &r.Feature); err != nil {
			return err
		}
		out = append(out, r)
		return nil
	})
	return out, err
}
