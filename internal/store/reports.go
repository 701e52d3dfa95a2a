package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rootcause"
)

// reportCols is the column list every report query selects, in scanReport's order.
const reportCols = `id, dedup_key, fingerprint, signature, engine, engine_version, class, kind, status,
	status_url, status_version, status_note, status_by, status_at, feature, title, case_name,
	sweep_id, last_sweep, count, created, last_seen, bug, root_cause, family, severity, symptom, trigger_set, rule, stale`

// FileReport files a divergence as one finding per witness (IdentitiesOf),
// deduplicating by identity, and returns the finding of the record's own
// engine (else its first witness's) and whether it was new. A sweep's
// filing is idempotent per (sweep, finding, case): a retried job links
// each finding once and counts it once. The triage rules apply to every
// finding filed (onFiling: intended deviations, fixed-in re-opened).
func (db *DB) FileReport(ctx context.Context, f Filing) (Report, bool, error) {
	if err := f.Record.check(); err != nil {
		return Report{}, false, err
	}
	ids := IdentitiesOf(f.Record)
	main, created := int64(0), false
	err := db.tx(ctx, func(tx *sql.Tx) error {
		for i, id := range ids {
			rid, fresh, err := db.fileFinding(ctx, tx, f, f.Record.Witnesses[i], id)
			if err != nil {
				return err
			}
			if main == 0 || id.Engine == f.Record.Engine {
				main, created = rid, fresh
			}
		}
		return nil
	})
	if err != nil {
		return Report{}, false, err
	}
	r, err := db.Report(ctx, main)
	return r, created, err
}

// fileFinding files one engine's finding: inserted when new, counted when
// not, then the triage rules.
func (db *DB) fileFinding(ctx context.Context, tx *sql.Tx, f Filing, w Witness, id Identity) (int64, bool, error) {
	rid, created, err := db.insertReport(ctx, tx, f, w, id)
	if err != nil {
		return 0, false, err
	}
	if !created {
		fresh, err := db.refileReport(ctx, tx, rid, f, w)
		if err != nil || !fresh {
			return rid, false, err
		}
	}
	var status string
	var t Triage
	err = tx.QueryRowContext(ctx, db.d.q(`SELECT status, status_version FROM reports WHERE id = ?`), rid).Scan(&status, &t.Version)
	if err != nil {
		return 0, false, fmt.Errorf("store: file report: %w", err)
	}
	return rid, created, db.onFiling(ctx, tx, rid, status, t, id, w.Version, w.RootCause)
}

// insertReport inserts a new finding, or finds the one with the same identity.
func (db *DB) insertReport(ctx context.Context, tx *sql.Tx, f Filing, w Witness, id Identity) (int64, bool, error) {
	t := now()
	var rid int64
	r, rc := f.Record, w.RootCause
	err := tx.QueryRowContext(ctx, db.d.q(`INSERT INTO reports (dedup_key, fingerprint, bug_id, signature, engine,
		engine_version, class, kind, status, feature, title, case_name, sweep_id, last_sweep, count, size, created,
		last_seen, bug, root_cause, family, severity, symptom, trigger_set, rule, stale)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (dedup_key) DO NOTHING RETURNING id`),
		id.Key(), id.Fingerprint, r.ID, r.Signature, id.Engine, w.Version, id.Class, r.Kind, r.Status,
		w.Feature, w.Title, f.Case, f.SweepID, f.SweepID, r.Reproducer.size(), t, t, string(w.Body),
		id.Root(), familyOf(rc, id.Engine), severityOf(rc, id.Class), rc.Symptom, strings.Join(rc.Trigger, "\n"), rc.Rule, rc.Stale).Scan(&rid)
	if err == nil {
		return rid, true, db.link(ctx, tx, f.SweepID, rid, f.Case, nil)
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return 0, false, fmt.Errorf("store: file report: %w", err)
	}
	err = tx.QueryRowContext(ctx, db.d.q(`SELECT id FROM reports WHERE dedup_key = ?`), id.Key()).Scan(&rid)
	if err != nil {
		return 0, false, fmt.Errorf("store: file report: %w", err)
	}
	return rid, false, nil
}

// familyOf is the root cause's family, the engine's for a bug written
// before root causes.
func familyOf(rc rootcause.RootCause, engine string) string {
	if rc.Family != "" {
		return rc.Family
	}
	return oracle.FamilyOf(engine)
}

// severityOf is the root cause's severity, the class's for a bug written
// before root causes.
func severityOf(rc rootcause.RootCause, class string) string {
	if rc.Severity != "" {
		return rc.Severity
	}
	return diff.Class(class).Severity().String()
}

// refileReport counts a repeated filing, notes the latest annotations
// (the signature with its bystanders, the engine's version, the kind and an
// untriaged status: open, internal or suspect follow the latest triage of
// the case; a person's decision stays) and keeps the smaller reproducer (every expression of an UPDATE sees the row before
// it, in both dialects). fresh is false for a retried sweep job's filing,
// which changes nothing.
func (db *DB) refileReport(ctx context.Context, tx *sql.Tx, id int64, f Filing, w Witness) (bool, error) {
	fresh := true
	if err := db.link(ctx, tx, f.SweepID, id, f.Case, &fresh); err != nil || !fresh {
		return false, err
	}
	r, n := f.Record, f.Record.Reproducer.size()
	_, err := tx.ExecContext(ctx, db.d.q(`UPDATE reports SET count = count + 1, last_seen = ?,
		last_sweep = CASE WHEN ? > last_sweep THEN ? ELSE last_sweep END,
		signature = ?, engine_version = ?, kind = ?,
		status = CASE WHEN status IN (?, ?, ?) AND ? IN (?, ?, ?) THEN ? ELSE status END,
		bug = CASE WHEN ? < size THEN ? ELSE bug END,
		bug_id = CASE WHEN ? < size THEN ? ELSE bug_id END,
		title = CASE WHEN ? < size THEN ? ELSE title END,
		size = CASE WHEN ? < size THEN ? ELSE size END
		WHERE id = ?`),
		now(), f.SweepID, f.SweepID, r.Signature, w.Version, r.Kind,
		StatusOpen, StatusInternal, StatusSuspect, r.Status, StatusOpen, StatusInternal, StatusSuspect, r.Status,
		n, string(w.Body), n, r.ID, n, w.Title, n, n, id)
	if err != nil {
		return false, fmt.Errorf("store: refile report %d: %w", id, err)
	}
	return true, nil
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

// Report returns the report with the store id.
func (db *DB) Report(ctx context.Context, id int64) (Report, error) {
	row := db.sql.QueryRowContext(ctx, db.d.q(`SELECT `+reportCols+` FROM reports WHERE id = ?`), id)
	r, err := scanReport(row)
	if errors.Is(err, sql.ErrNoRows) {
		return Report{}, fmt.Errorf("%w: report %d", ErrNotFound, id)
	}
	return r, err
}

// ReportByBugID returns the report filed with Record.ID bugID.
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
		` ORDER BY `+severityRank+`, last_seen DESC, id DESC LIMIT ? OFFSET ?`), append(args, limit, offset)...)
	err = forRows(rows, err, "list reports", func() error {
		r, err := scanReport(rows)
		if err != nil {
			return err
		}
		p.Reports = append(p.Reports, r)
		return nil
	})
	return p, err
}

// severityRank orders reports worst first (diff.Severity): every list
// leads with severity.
const severityRank = `CASE severity WHEN 'wrong-answer' THEN 1 WHEN 'crash' THEN 2 WHEN 'error' THEN 3
	WHEN 'refusal' THEN 4 WHEN 'cosmetic' THEN 5 ELSE 6 END`

// reportWhere builds the WHERE clause of a filter.
func reportWhere(f ReportFilter) (string, []any) {
	var conds []string
	var args []any
	add := func(cond string, v any) {
		conds = append(conds, cond)
		args = append(args, v)
	}
	for _, c := range []struct{ col, v string }{{"engine", f.Engine}, {"class", f.Class}, {"status", f.Status},
		{"feature", f.Feature}, {"fingerprint", f.Fingerprint}, {"root_cause", f.RootCause}, {"family", f.Family},
		{"severity", f.Severity}} {
		if c.v != "" {
			add(c.col+" = ?", c.v)
		}
	}
	if f.SweepID != 0 {
		add("id IN (SELECT report_id FROM sweep_reports WHERE sweep_id = ?)", f.SweepID)
	}
	if f.NoCosmetic {
		add("severity <> ?", diff.SeverityCosmetic.String())
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

type scanner interface{ Scan(dest ...any) error }

func scanReport(s scanner) (Report, error) {
	var r Report
	var created, seen, at int64
	var body, trig string
	err := s.Scan(&r.ID, &r.Key, &r.Fingerprint, &r.Signature, &r.Engine, &r.Version, &r.Class, &r.Kind, &r.Status,
		&r.Triage.URL, &r.Triage.Version, &r.Triage.Note, &r.Triage.By, &at, &r.Feature, &r.Title, &r.Case,
		&r.SweepID, &r.LastSweep, &r.Count, &created, &seen, &body, &r.RootCause, &r.Family, &r.Severity, &r.Symptom,
		&trig, &r.Rule, &r.Stale)
	if err != nil {
		return Report{}, err
	}
	r.Trigger = []string{}
	if trig != "" {
		r.Trigger = strings.Split(trig, "\n")
	}
	r.Created, r.LastSeen, r.Triage.At = fromMicros(created), fromMicros(seen), fromMicros(at)
	bug, err := withStatus([]byte(body), r.Status) // the store's status is the current one
	if err != nil {
		bug = standIn(r, err)
	}
	r.Bug = bug
	return r, nil
}
