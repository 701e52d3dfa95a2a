package store

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"io/fs"
	"sort"
	"strconv"
	"strings"
)

//go:embed migrations/*.sql
var migrationFS embed.FS

// migration is one numbered file of migrations/, and the Go step of its
// version when it has one (codeSteps).
type migration struct {
	version int
	name    string
	sql     string
	code    func(*DB, context.Context, *sql.Tx) error
}

// codeSteps are the migrations SQL alone cannot write: they run after
// their version's file, in the same transaction. Version 2 computes each
// report's fingerprint from its stored bug and splits it per engine.
var codeSteps = map[int]func(*DB, context.Context, *sql.Tx) error{
	2: (*DB).rekey002,
	5: (*DB).fill005,
}

// migrations lists the embedded migrations in version order.
func migrations() ([]migration, error) {
	names, err := fs.Glob(migrationFS, "migrations/*.sql")
	if err != nil {
		return nil, err
	}
	var out []migration
	for _, n := range names {
		base := strings.TrimPrefix(n, "migrations/")
		num, _, _ := strings.Cut(base, "_")
		v, err := strconv.Atoi(num)
		if err != nil {
			return nil, fmt.Errorf("store: migration %s: name must start with a number", base)
		}
		body, err := migrationFS.ReadFile(n)
		if err != nil {
			return nil, err
		}
		out = append(out, migration{v, base, string(body), codeSteps[v]})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].version < out[j].version })
	return out, nil
}

// migrate applies every migration not yet in store_migrations, all in one
// transaction (PostgreSQL serialises concurrent starts with an advisory lock;
// SQLite with its write lock, taken at BEGIN IMMEDIATE).
func (db *DB) migrate(ctx context.Context) error { return db.migrateTo(ctx, 1<<30) }

// migrateTo applies the migrations up to version last (tests build the
// schema of an older version with it).
func (db *DB) migrateTo(ctx context.Context, last int) error {
	ms, err := migrations()
	if err != nil {
		return err
	}
	return db.tx(ctx, func(tx *sql.Tx) error {
		if db.d.lock != "" {
			if _, err := tx.ExecContext(ctx, db.d.lock); err != nil {
				return fmt.Errorf("store: migration lock: %w", err)
			}
		}
		if _, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS store_migrations (version BIGINT PRIMARY KEY, applied BIGINT NOT NULL)`); err != nil {
			return fmt.Errorf("store: migrations table: %w", err)
		}
		done, err := appliedVersions(ctx, tx)
		if err != nil {
			return err
		}
		for _, m := range ms {
			if done[m.version] || m.version > last {
				continue
			}
			if err := db.apply(ctx, tx, m); err != nil {
				return err
			}
		}
		return nil
	})
}

func appliedVersions(ctx context.Context, tx *sql.Tx) (map[int]bool, error) {
	rows, err := tx.QueryContext(ctx, `SELECT version FROM store_migrations`)
	done := map[int]bool{}
	err = forRows(rows, err, "read migrations", func() error {
		var v int
		if err := rows.Scan(&v); err != nil {
			return err
		}
		done[v] = true
		return nil
	})
	return done, err
}

// apply runs one migration statement by statement (PostgreSQL's extended
// protocol takes one statement per Exec).
func (db *DB) apply(ctx context.Context, tx *sql.Tx, m migration) error {
	for _, stmt := range statements(db.d.expand(m.sql)) {
		if _, err := tx.ExecContext(ctx, stmt); err != nil {
			return fmt.Errorf("store: migration %s: %w\n%s", m.name, err, stmt)
		}
	}
	if m.code != nil {
		if err := m.code(db, ctx, tx); err != nil {
			return fmt.Errorf("store: migration %s: %w", m.name, err)
		}
	}
	_, err := tx.ExecContext(ctx, db.d.q(`INSERT INTO store_migrations (version, applied) VALUES (?, ?)`), m.version, now())
	return err
}

// statements splits a migration at semicolons that end a line, dropping
// "--" comment lines. Migrations keep one statement per ";"-terminated block.
func statements(src string) []string {
	var out []string
	var cur strings.Builder
	for _, line := range strings.Split(src, "\n") {
		t := strings.TrimSpace(line)
		if t == "" || strings.HasPrefix(t, "--") {
			continue
		}
		cur.WriteString(line + "\n")
		if strings.HasSuffix(t, ";") {
			out = append(out, strings.TrimSpace(cur.String()))
			cur.Reset()
		}
	}
	if s := strings.TrimSpace(cur.String()); s != "" {
		out = append(out, s)
	}
	return out
}
