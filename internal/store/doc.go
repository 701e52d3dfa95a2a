// Package store is the persistence of the oracle service: bug reports
// (deduplicated by divergence signature and feature), sweeps with their
// progress, and per-case per-engine sweep results.
//
// One implementation (DB) serves two databases: SQLite through
// modernc.org/sqlite, the embedded default (one file, WAL, busy timeout),
// and PostgreSQL through pgx at scale. Open chooses by the DSN: a
// postgres:// or postgresql:// URL is PostgreSQL, anything else a SQLite
// file path.
//
// The schema is one set of migrations (migrations/*.sql, embedded) used by
// both databases; the one phrase that differs, the auto-increment id
// column, is written {{ID}} and expanded by dialect.go. Queries are written with ? placeholders and rewritten to $n for
// PostgreSQL. To change the schema, add a new numbered migration file;
// never edit an applied one. The applied versions live in
// store_migrations.
//
// Every write is a single transaction. Writes that a retried sweep job may
// repeat (RecordCase, FileReport) are upserts on a unique key, so a retry
// never duplicates a row.
package store
