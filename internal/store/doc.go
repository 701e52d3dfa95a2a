// Package store is the persistence of the oracle service: findings
// (reports), their triage, sweeps with their progress, and per-case
// per-engine sweep results.
//
// What it files is its own type, Record (record.go): the divergence's
// signature, class, kind and status, the reduced case's text, and one
// Witness per engine on its wrong side (that engine's version, title,
// root cause, and its write-up as a JSON object, kept as given and
// returned as Report.Bug with the current status). The store imports no
// write-up type: internal/filing converts a report.Bug to a Record at the
// edge and reads Report.Bug back. To store a new fact, add it to Record
// (and a column by a migration when it is queried), then to filing.Record.
//
// A finding's identity (identity.go) is (engine, root cause): the root
// cause its divergence is a witness of (internal/rootcause: engine
// family, class group, trigger, symptom), carried by each witness
// (Witness.RootCause). FileReport files a divergence as one finding per
// witness; the engines that agreed, and the
// other wrong ones, are annotations, so adding or removing a bystander
// engine changes no finding, and another witness of the same root cause on
// the same engine (another seed, another reduced case) is the same finding,
// counted, keeping the smaller reproducer. The members of a family showing
// one root cause are its findings; CountFindings counts findings and root
// causes, per engine, family and severity, untriaged and intended (the
// dashboard, /metrics, /v1/findings and docs/findings.md through
// internal/regress). Lists lead with severity (severityRank). A report
// written before root causes (migration 005) keeps its old identity
// (engine, class, fingerprint of the reduced case) and the fingerprint as
// its root cause. Migration 002 re-keys write-ups stored by 001 by their
// JSON members (migrate_002_body.go), not by a Go type of the write-up.
//
// Triage (triage.go): the statuses open, known-upstream (URL), fixed-in
// (version), wont-fix, intended-deviation, spec-question, not-a-bug, set by
// SetStatus with who and a note, every change kept in report_history.
// SetStatuses (triage_bulk.go) applies one decision to many findings in
// one transaction, each change in its own history. Filing applies them: a rule of the family's known.json matching the
// root cause gives an untriaged finding its status (by "rule:<id>", with
// the maintainers' link and sentence); an open finding whose root cause a
// person marked an intended deviation on any member becomes one; an open
// finding seen only on a build older than its maintainers' newest release
// is re-check (re-check it there before filing; not untriaged); an open
// finding whose root cause the regression corpus records
// (rootcause.Recorded) is recorded, its note naming the case and upstream
// status (not untriaged: found again, not news); a fixed-in
// finding seen failing on its fixed version or a later one is re-opened;
// the others keep their status.
//
// Comparison (compare.go): a sweep is compared with the previous sweep of
// the same corpus (SweepSpec.CorpusKey), over the engines both specs run
// and the cases both recorded; Comparison.Notes say when they differ.
//
// A sweep's case record (CaseRecord) also says why the case was only
// partly judged (Unjudged) and which divergences were flagged instead of
// filed (Flagged: their reduction lost them); Sweep.Unjudged and
// Sweep.Flagged count them, CaseFlags lists them (migration 004).
//
// What decided a case (relations.go, sweep_cases.go, judges.go;
// migration 006): CaseRecord.DataTriples is the size of the case's
// dataset, JudgedBy the judge that decided it (Judges: the reference, the
// fast engine as large-case judge, the engines' own metamorphic relations,
// none), Relations every relation checked on every engine (held,
// violated, skipped, error), one row per (sweep, case, engine, relation)
// that a recorded case replaces as a whole. SweepCases lists a sweep's
// cases with them, filtered by judge, engine, violation and size;
// JudgeSummary counts cases by judge, large cases (LargeCase triples or
// more) and the relation checks per engine and relation. A finding of a
// large case keeps its original query and sizes in its write-up
// (Witness.Body, returned as Report.Bug): no column, nothing filters on
// them.
//
// Per-test results (tests.go, tests_read.go, tests_compare.go; migration
// 003): a case's status on each engine (passed, failed with its class,
// not-run, unsupported; a failure shows as known when the engine's
// baseline lists it, and as intended only when a finding of the engine's
// on that test, of its class, is an intended deviation: a baseline lists
// what fails, it does not say the maintainers meant it),
// written by RecordCase with the case's results (CaseRecord.Tests: a W3C
// test judged against its expected answer, a corpus case against the
// judge) or by RecordTests for an imported `oracle w3c`/`oracle gate` run;
// tests holds what a test's page shows. Tests (the browser), Test,
// SuiteCounts (pass rates), CompareTests (transitions between two
// sweeps) read them; tests_corpus.go counts them per corpus (W3C query,
// W3C update, SPARQL 1.2, regression corpus: CorpusOf, CorpusCounts,
// CorpusTests) and links each test to the findings filed on it
// (TestReports).
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
// never duplicates a row. A read of several rows loops through forRows
// (rows.go: the query's error wrapped, the rows closed, rows.Err checked);
// the migrations' Go steps keep their own loops, as applied code does.
//
// How to change it: a schema change is a new numbered file under
// migrations/ (with a Go step in codeSteps when SQL alone cannot write it),
// never an edit of an old one; the tests run on SQLite, and on PostgreSQL
// too when ORACLE_TEST_POSTGRES is set (helpers_test.go: backends, each; storetest.Schema
// gives each test a fresh schema, and the sweep tests use it too).
package store
