package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/sparql-oracle/oracle/internal/report"
)

// reportCols is the column list every report query selects, in scanReport's order.
const reportCols = `id, dedup_key, signature, engine, class, kind, status, feature, title, case_name,
	sweep_id, last_sweep, count, created, last_seen, bug`

// FileReport files a divergence, deduplicating by KeyOf(f.Bug). A sweep's
// filing is idempotent per (sweep, report, case): a retried job links the
// report once and counts it once.
func (db *DB) FileReport(ctx context.Context, f Filing) (Report, bool, error) {
	if f.Bug.Signature == "" {
		return Report{}, false, fmt.Errorf("%w: report without a signature", ErrInvalid)
	}
	body, err := json.Marshal(f.Bug)
	if err != nil {
		return Report{}, false, fmt.Errorf("store: encode report: %w", err)
	}
	var id int64
	var created bool
	err = db.tx(ctx, func(tx *sql.Tx) error {
		id, created, err = db.insertReport(ctx, tx, f, string(body))
		if err != nil || created {
			return err
		}
		return db.refileReport(ctx, tx, id, f, string(body))
	})
	if err != nil {
		return Report{}, false, err
	}
	r, err := db.Report(ctx, id)
	return r, created, err
}

// insertReport inserts a new report, or finds the one with the same key.
func (db *DB) insertReport(ctx context.Context, tx *sql.Tx, f Filing, body string) (int64, bool, error) {
	b, t := f.Bug, now()
	var id int64
	err := tx.QueryRowContext(ctx, db.d.q(`INSERT INTO reports (dedup_key, bug_id, signature, engine, class, kind,
		status, feature, title, case_name, sweep_id, last_sweep, count, size, created, last_seen, bug)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?)
		ON CONFLICT (dedup_key) DO NOTHING RETURNING id`),
		KeyOf(b), b.ID, b.Signature, b.Engine, string(b.Class), string(b.Kind), b.Status, b.Feature, b.Title,
		f.Case, f.SweepID, f.SweepID, size(b), t, t, body).Scan(&id)
	if err == nil {
		return id, true, db.link(ctx, tx, f.SweepID, id, f.Case, nil)
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return 0, false, fmt.Errorf("store: file report: %w", err)
	}
	err = tx.QueryRowContext(ctx, db.d.q(`SELECT id FROM reports WHERE dedup_key = ?`), KeyOf(b)).Scan(&id)
	if err != nil {
		return 0, false, fmt.Errorf("store: file report: %w", err)
	}
	return id, false, nil
}

// refileReport counts a repeated filing and keeps the smaller reproducer
// (every expression of an UPDATE sees the row before it, in both dialects).
func (db *DB) refileReport(ctx context.Context, tx *sql.Tx, id int64, f Filing, body string) error {
	fresh := true
	if err := db.link(ctx, tx, f.SweepID, id, f.Case, &fresh); err != nil || !fresh {
		return err
	}
	b, n := f.Bug, size(f.Bug)
	_, err := tx.ExecContext(ctx, db.d.q(`UPDATE reports SET count = count + 1, last_seen = ?,
		last_sweep = CASE WHEN ? > last_sweep THEN ? ELSE last_sweep END,
		bug = CASE WHEN ? < size THEN ? ELSE bug END,
		bug_id = CASE WHEN ? < size THEN ? ELSE bug_id END,
		title = CASE WHEN ? < size THEN ? ELSE title END,
		size = CASE WHEN ? < size THEN ? ELSE size END
		WHERE id = ?`),
		now(), f.SweepID, f.SweepID, n, body, n, b.ID, n, b.Title, n, n, id)
	if err != nil {
		return fmt.Errorf("store: refile report %d: %w", id, err)
	}
	return nil
}

// link records that a sweep's case showed a report; fresh (when not nil)
// tells whether the link is new. Filings outside a sweep are always fresh.
func (db *DB) link(ctx context.Context, tx *sql.Tx, sweep, report int64, caseName string, fresh *bool) error {
	if sweep == 0 {
		return nil
	}
	res, err := tx.ExecContext(ctx, db.d.q(`INSERT INTO sweep_reports (sweep_id, report_id, case_name)
		VALUES (?, ?, ?) ON CONFLICT DO NOTHING`), sweep, report, caseName)
	if err != nil {
		return fmt.Errorf("store: link report %d to sweep %d: %w", report, sweep, err)
	}
	if fresh != nil {
		n, err := res.RowsAffected()
		*fresh = err != nil || n > 0
	}
	return nil
}

// size is the reproducer's length, by which Dedup prefers one bug to another.
func size(b report.Bug) int { return len(b.Reproducer.Query) + len(b.Reproducer.Data) }

// Report returns the report with the store id.
func (db *DB) Report(ctx context.Context, id int64) (Report, error) {
	row := db.sql.QueryRowContext(ctx, db.d.q(`SELECT `+reportCols+` FROM reports WHERE id = ?`), id)
	r, err := scanReport(row)
	if errors.Is(err, sql.ErrNoRows) {
		return Report{}, fmt.Errorf("%w: report %d", ErrNotFound, id)
	}
	return r, err
}

// ReportByBugID returns the report whose Bug.ID is bugID.
func (db *DB) ReportByBugID(ctx context.Context, bugID string) (Report, error) {
	row := db.sql.QueryRowContext(ctx, db.d.q(`SELECT `+reportCols+` FROM reports WHERE bug_id = ? ORDER BY id LIMIT 1`), bugID)
	r, err := scanReport(row)
	if errors.Is(err, sql.ErrNoRows) {
		return Report{}, fmt.Errorf("%w: report %q", ErrNotFound, bugID)
	}
	return r, err
}

// Reports lists reports matching f, newest first.
func (db *DB) Reports(ctx context.Context, f ReportFilter) (ReportPage, error) {
	limit, offset, err := page(f.Limit, f.Offset)
	if err != nil {
		return ReportPage{}, err
	}
	where, args := reportWhere(f)
	p := ReportPage{Limit: limit, Offset: offset, Reports: []Report{}}
	if err := db.sql.QueryRowContext(ctx, db.d.q(`SELECT COUNT(*) FROM reports`+where), args...).Scan(&p.Total); err != nil {
		return ReportPage{}, fmt.Errorf("store: count reports: %w", err)
	}
	rows, err := db.sql.QueryContext(ctx, db.d.q(`SELECT `+reportCols+` FROM reports`+where+
		` ORDER BY last_seen DESC, id DESC LIMIT ? OFFSET ?`), append(args, limit, offset)...)
	if err != nil {
		return ReportPage{}, fmt.Errorf("store: list reports: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		r, err := scanReport(rows)
		if err != nil {
			return ReportPage{}, err
		}
		p.Reports = append(p.Reports, r)
	}
	return p, rows.Err()
}

// reportWhere builds the WHERE clause of a filter.
func reportWhere(f ReportFilter) (string, []any) {
	var conds []string
	var args []any
	add := func(cond string, v any) {
		conds = append(conds, cond)
		args = append(args, v)
	}
	for _, c := range []struct{ col, v string }{{"engine", f.Engine}, {"class", f.Class}, {"status", f.Status}, {"feature", f.Feature}} {
		if c.v != "" {
			add(c.col+" = ?", c.v)
		}
	}
	if f.SweepID != 0 {
		add("id IN (SELECT report_id FROM sweep_reports WHERE sweep_id = ?)", f.SweepID)
	}
	if len(conds) == 0 {
		return "", nil
	}
	return " WHERE " + strings.Join(conds, " AND "), args
}

// page checks and defaults paging arguments.
func page(limit, offset int) (int, int, error) {
	if limit < 0 || offset < 0 {
		return 0, 0, fmt.Errorf("%w: negative limit or offset", ErrInvalid)
	}
	if limit == 0 {
		limit = DefaultLimit
	}
	return min(limit, MaxLimit), offset, nil
}

// SetReportStatus changes a report's status.
func (db *DB) SetReportStatus(ctx context.Context, id int64, status string) error {
	if !slices.Contains(Statuses, status) {
		return fmt.Errorf("%w: status %q (want one of %s)", ErrInvalid, status, strings.Join(Statuses, ", "))
	}
	res, err := db.sql.ExecContext(ctx, db.d.q(`UPDATE reports SET status = ? WHERE id = ?`), status, id)
	if err != nil {
		return fmt.Errorf("store: set status: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("%w: report %d", ErrNotFound, id)
	}
	return nil
}

type scanner interface{ Scan(dest ...any) error }

func scanReport(s scanner) (Report, error) {
	var r Report
	var created, seen int64
	var body string
	err := s.Scan(&r.ID, &r.Key, &r.Signature, &r.Engine, &r.Class, &r.Kind, &r.Status, &r.Feature, &r.Title,
		&r.Case, &r.SweepID, &r.LastSweep, &r.Count, &created, &seen, &body)
	if err != nil {
		return Report{}, err
	}
	r.Created, r.LastSeen = fromMicros(created), fromMicros(seen)
	if err := json.Unmarshal([]byte(body), &r.Bug); err != nil {
		return Report{}, fmt.Errorf("store: report %d: decode: %w", r.ID, err)
	}
	r.Bug.Status = r.Status // the store's status is the current one
	return r, nil
}
