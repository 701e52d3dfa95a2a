package store

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/oracle"
)

// fill005 gives the rows written before root causes their columns: the
// engine's family, the class's severity, and the fingerprint as the root
// cause (prefixed "fp-": no trigger or symptom was known). A re-filing of
// the same divergence gets a root cause of its own; the old row stays as
// history.
func (db *DB) fill005(ctx context.Context, tx *sql.Tx) error {
	rows, err := tx.QueryContext(ctx, `SELECT id, engine, class, fingerprint FROM reports WHERE root_cause = ''`)
	if err != nil {
		return fmt.Errorf("store: migration 005: %w", err)
	}
	type row struct {
		id                int64
		engine, class, fp string
	}
	var rs []row
	for rows.Next() {
		var r row
		if err := rows.Scan(&r.id, &r.engine, &r.class, &r.fp); err != nil {
			rows.Close()
			return fmt.Errorf("store: migration 005: %w", err)
		}
		rs = append(rs, r)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("store: migration 005: %w", err)
	}
	for _, r := range rs {
		_, err := tx.ExecContext(ctx, db.d.q(`UPDATE reports SET root_cause = ?, family = ?, severity = ? WHERE id = ?`),
			"fp-"+r.fp, oracle.FamilyOf(r.engine), diff.Class(r.class).Severity().String(), r.id)
		if err != nil {
			return fmt.Errorf("store: migration 005: report %d: %w", r.id, err)
		}
	}
	return nil
}
