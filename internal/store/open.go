package store

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"path/filepath"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
	_ "modernc.org/sqlite" // registers the "sqlite" database/sql driver
)

// DB is the Store on SQLite or PostgreSQL.
type DB struct {
	sql  *sql.DB
	pool *pgxpool.Pool // nil on SQLite
	d    dialect
	path string // the SQLite file, "" on PostgreSQL
}

var _ Store = (*DB)(nil)

// BusyTimeout is how long a SQLite statement waits for a lock held by
// another connection or process before failing with SQLITE_BUSY.
const BusyTimeout = 10 * time.Second

// IsPostgres reports whether dsn names a PostgreSQL database.
func IsPostgres(dsn string) bool {
	return strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://")
}

// openDriver connects to dsn on its driver, migrating nothing.
func openDriver(ctx context.Context, dsn string) (*DB, error) {
	if IsPostgres(dsn) {
		return openPostgres(ctx, dsn)
	}
	return openSQLite(dsn)
}

// Open opens (creating and migrating when needed) the store at dsn: a
// postgres:// or postgresql:// URL, or a SQLite file path.
func Open(ctx context.Context, dsn string) (*DB, error) {
	if dsn == "" {
		return nil, fmt.Errorf("%w: empty database name", ErrInvalid)
	}
	db, err := openDriver(ctx, dsn)
	if err != nil {
		return nil, err
	}
	if err := db.migrate(ctx); err != nil {
		db.Close()
		return nil, err
	}
	return db, nil
}

// openSQLite opens the file in WAL mode with a busy timeout and full
// synchronous commits: a committed transaction survives a crash of the
// process and of the machine. One connection: River's SQLite driver asks
// for it (SQLite runs one writer at a time), and it makes every
// transaction in the process serial, so none fails with SQLITE_BUSY.
func openSQLite(path string) (*DB, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	q := url.Values{}
	q.Add("_pragma", fmt.Sprintf("busy_timeout(%d)", BusyTimeout.Milliseconds()))
	q.Add("_pragma", "journal_mode(WAL)")
	q.Add("_pragma", "synchronous(FULL)")
	q.Add("_pragma", "foreign_keys(1)")
	q.Set("_txlock", "immediate")
	sdb, err := sql.Open("sqlite", "file:"+abs+"?"+q.Encode())
	if err != nil {
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	sdb.SetMaxOpenConns(1)
	return &DB{sql: sdb, d: sqliteDialect, path: abs}, nil
}

func openPostgres(ctx context.Context, dsn string) (*DB, error) {
	pool, err := pgxpool.New(ctx, dsn)
	if err != nil {
		return nil, fmt.Errorf("store: open postgres: %w", err)
	}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("store: connect postgres: %w", err)
	}
	return &DB{sql: stdlib.OpenDBFromPool(pool), pool: pool, d: pgDialect}, nil
}

// SQL is the database handle (River's SQLite driver runs on it).
func (db *DB) SQL() *sql.DB { return db.sql }

// Pool is the pgx pool on PostgreSQL (River's pgx driver runs on it), nil on SQLite.
func (db *DB) Pool() *pgxpool.Pool { return db.pool }

// Postgres reports whether the store is on PostgreSQL.
func (db *DB) Postgres() bool { return db.pool != nil }

// Path is the SQLite file ("" on PostgreSQL).
func (db *DB) Path() string { return db.path }

// Ping checks the database answers.
func (db *DB) Ping(ctx context.Context) error { return db.sql.PingContext(ctx) }

// Close releases the database.
func (db *DB) Close() error {
	err := db.sql.Close()
	if db.pool != nil {
		db.pool.Close()
	}
	return err
}

// tx runs fn in one transaction, committing when it returns nil.
func (db *DB) tx(ctx context.Context, fn func(*sql.Tx) error) error {
	tx, err := db.sql.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: begin: %w", err)
	}
	if err := fn(tx); err != nil {
		tx.Rollback()
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: commit: %w", err)
	}
	return nil
}

// now is the store's clock, in Unix microseconds (the schema's time unit).
func now() int64 { return time.Now().UnixMicro() }

// fromMicros converts a stored time; 0 is the zero time.
func fromMicros(us int64) time.Time {
	if us == 0 {
		return time.Time{}
	}
	return time.UnixMicro(us).UTC()
}
