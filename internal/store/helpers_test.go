package store

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/store/storetest"
	"github.com/sparql-oracle/oracle/internal/triage"
)

// backend opens a fresh store; reopen opens the same database again.
type backend struct {
	name   string
	dsn    string
	open   func(t *testing.T) *DB
	reopen func(t *testing.T) *DB
}

// backends are SQLite (a real file in t.TempDir()) and, when
// ORACLE_TEST_POSTGRES is set, PostgreSQL in a schema of its own per test.
// Under CI=true PostgreSQL is required.
func backends(t *testing.T) []backend {
	out := []backend{sqliteBackend(t)}
	dsn := os.Getenv("ORACLE_TEST_POSTGRES")
	switch {
	case dsn != "":
		out = append(out, pgBackend(t, dsn))
	case os.Getenv("CI") == "true":
		t.Fatal("CI=true but ORACLE_TEST_POSTGRES is unset: the store must be tested on PostgreSQL (scripts/install.sh postgres_server)")
	default:
		t.Log("ORACLE_TEST_POSTGRES unset: PostgreSQL skipped (set it to a postgres:// URL to test it)")
	}
	return out
}

func sqliteBackend(t *testing.T) backend {
	path := filepath.Join(t.TempDir(), "oracle.db")
	open := func(t *testing.T) *DB { return mustOpen(t, path) }
	return backend{name: "sqlite", dsn: path, open: open, reopen: open}
}

func pgBackend(t *testing.T, dsn string) backend {
	full := storetest.Schema(t, dsn, "store_test")
	open := func(t *testing.T) *DB { return mustOpen(t, full) }
	return backend{name: "postgres", dsn: full, open: open, reopen: open}
}

func mustOpen(t *testing.T, dsn string) *DB {
	t.Helper()
	db, err := Open(context.Background(), dsn)
	require.NoError(t, err)
	t.Cleanup(func() { db.Close() })
	return db
}

// each runs fn as a subtest on every backend.
func each(t *testing.T, fn func(t *testing.T, b backend)) {
	for _, b := range backends(t) {
		t.Run(b.name, func(t *testing.T) { fn(t, b) })
	}
}

// bug builds a Record of one wrong engine with the given signature parts.
func bug(engine string, class diff.Class, feature, query string) Record {
	sig := triage.Signature{Class: class, Wrong: []string{engine}, Right: []string{"engine", "reference"}}
	r := Record{Engine: engine, Class: string(class), Kind: string(triage.KindEngineBug), Status: "open",
		Signature: sig.String(), Feature: feature,
		Reproducer: Reproducer{Query: query, Data: "<http://e/s> <http://e/p> <http://e/o> .\n"}}
	r.ID = fmt.Sprintf("%x", len(query)) + engine
	r.Witnesses = []Witness{witness(engine, "", feature+" "+string(class)+" in "+engine, feature)}
	return r
}

// witness is engine's finding with a write-up naming it.
func witness(engine, version, title, feature string) Witness {
	body, _ := json.Marshal(map[string]string{"engine": engine, "version": version, "title": title,
		"effect": "drops a row in " + engine, "status": "open"})
	return Witness{Engine: engine, Version: version, Title: title, Feature: feature, Body: body}
}

// member reads one string member of a stored write-up.
func member(t *testing.T, body json.RawMessage, key string) string {
	t.Helper()
	var m map[string]any
	require.NoError(t, json.Unmarshal(body, &m))
	s, _ := m[key].(string)
	return s
}

var ctx = context.Background()

var time0 time.Time

// genSpec is a spec of generated cases from..to run by the judge, the
// fast engine and engines.
func genSpec(from, to int64, engines ...string) SweepSpec {
	return SweepSpec{Name: "t", Engines: append([]string{"reference", "engine"}, engines...), Generated: &GenSource{From: from, To: to}}
}

// correct is a record-shaped marker for record: the engine answered correctly.
func correct(engine string) Record { return Record{Engine: engine, Status: "correct"} }

// record files the given bugs for one case of sweep s and records its
// results (a correct(engine) marker records a correct answer).
func record(t *testing.T, db *DB, sweep int64, caseName string, bugs ...Record) {
	t.Helper()
	rec := CaseRecord{SweepID: sweep, Case: caseName}
	rec.Results = append(rec.Results, Result{Engine: "reference", Outcome: "judge", ElapsedMS: 1})
	for _, b := range bugs {
		if b.Status == "correct" {
			rec.Results = append(rec.Results, Result{Engine: b.Engine, Outcome: string(triage.Correct)})
			continue
		}
		rec.Diverged = true
		r, _, err := db.FileReport(ctx, Filing{Record: b, SweepID: sweep, Case: caseName})
		require.NoError(t, err)
		rec.Reports = append(rec.Reports, r.ID)
		rec.Results = append(rec.Results, Result{Engine: b.Engine, Outcome: string(triage.Wrong), Class: b.Class, Feature: b.Feature, ElapsedMS: 2.5})
	}
	require.NoError(t, db.RecordCase(ctx, rec))
}

// openAt opens dsn with the migrations up to version only: the database
// an older oracle made.
func openAt(t *testing.T, dsn string, version int) *DB {
	t.Helper()
	db, err := openDriver(ctx, dsn)
	require.NoError(t, err)
	require.NoError(t, db.migrateTo(ctx, version))
	return db
}

// oldSweepCase records, in the schema of migration version, a done sweep
// with one diverged case, regress/x, as that version wrote it; it returns
// the sweep's id.
func oldSweepCase(t *testing.T, b backend, version int) int64 {
	t.Helper()
	old := openAt(t, b.dsn, version)
	var id int64
	require.NoError(t, old.sql.QueryRowContext(ctx, old.d.q(`INSERT INTO sweeps (name, spec, state, error, total, created, started, finished)
		VALUES ('old', '{"engines":["reference"],"regress":true}', 'done', '', 1, 1, 1, 2) RETURNING id`)).Scan(&id))
	_, err := old.sql.ExecContext(ctx, old.d.q(`INSERT INTO sweep_cases (sweep_id, case_name, diverged, failed, recorded)
		VALUES (?, 'regress/x', 1, 0, 3)`), id)
	require.NoError(t, err)
	require.NoError(t, old.Close())
	return id
}
