package store

import (
	"context"
)

// Findings counts the reports matching f (paging ignored) by identity and
// by root cause (CountFindings).
func (db *DB) Findings(ctx context.Context, f ReportFilter) (FindingCounts, error) {
	where, args := reportWhere(f)
	rows, err := db.sql.QueryContext(ctx, db.d.q(`SELECT engine, class, fingerprint, status, root_cause, family, severity FROM reports`+where), args...)
	var fs []Finding
	err = forRows(rows, err, "count findings", func() error {
		var x Finding
		if err := rows.Scan(&x.Engine, &x.Class, &x.Fingerprint, &x.Status, &x.RootCause, &x.Family, &x.Severity); err != nil {
			return err
		}
		fs = append(fs, x)
		return nil
	})
	if err != nil {
		return FindingCounts{}, err
	}
	return CountFindings(fs), nil
}
