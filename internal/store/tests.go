package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
)

// Per-test statuses (migration 003). A W3C test is judged against its own
// expected answer (package w3c); a corpus case against the judge.
const (
	TestPassed      = "passed"
	TestFailed      = "failed"      // with a class
	TestIntended    = "intended"    // failed, and a finding of the engine's on this test, of its class, is an intended deviation (a person's triage or a known.json rule)
	TestKnown       = "known"       // failed, and the engine's baseline lists it: a known failure, not a decision that it is intended
	TestNotRun      = "not-run"     // skipped by the harness (entailment, SERVICE, update) or not judged
	TestUnsupported = "unsupported" // the engine lacks the feature (it says so, or mf:requires)
)

// TestStatuses are the statuses in display order.
var TestStatuses = []string{TestPassed, TestFailed, TestKnown, TestIntended, TestUnsupported, TestNotRun}

// Suites a test belongs to (SuiteOf).
const (
	SuiteQuery10  = "SPARQL 1.0 query"
	SuiteQuery11  = "SPARQL 1.1 query"
	SuiteFormats  = "results formats"
	SuiteUpdate11 = "SPARQL 1.1 update"
	SuiteQuery12  = "SPARQL 1.2"
	SuiteRegress  = "regression corpus"
)

// W3CSuites are the suites a W3C pass rate is given for, in order.
var W3CSuites = []string{SuiteQuery10, SuiteQuery11, SuiteFormats, SuiteUpdate11, SuiteQuery12}

// updateFolders are the SPARQL 1.1 Update manifests' folders.
var updateFolders = []string{"/add/", "/basic-update/", "/clear/", "/copy/", "/delete/", "/delete-data/",
	"/delete-insert/", "/delete-where/", "/delete-with/", "/drop/", "/move/", "/update-silent/"}

// SuiteOf names the suite of a test key ("w3c/<manifest>#<name>",
// "regress/<id>"): by the manifest's folder.
func SuiteOf(key string) string {
	switch {
	case strings.HasPrefix(key, "regress/"):
		return SuiteRegress
	case !strings.HasPrefix(key, "w3c/"):
		return ""
	case strings.HasPrefix(key, "w3c/sparql12/"):
		return SuiteQuery12 // its query, update and syntax tests alike
	case strings.Contains(key, "sparql10/") || strings.Contains(key, "data-r2/"):
		return SuiteQuery10
	case strings.Contains(key, "/json-res/") || strings.Contains(key, "/csv-tsv-res/"):
		return SuiteFormats
	}
	for _, f := range updateFolders {
		if strings.Contains(key, f) {
			return SuiteUpdate11
		}
	}
	return SuiteQuery11
}

// TestCase is what the test page shows of a test: its query, data and
// expected answer (the W3C result file, or the judge's answer for a corpus
// case), as last recorded.
type TestCase struct {
	Key      string `json:"key"`     // w3c/<manifest>#<name> or regress/<id>
	IRI      string `json:"iri"`     // the W3C test's IRI ("" for a corpus case)
	Name     string `json:"name"`    // mf:name, or the case id
	Suite    string `json:"suite"`   // SuiteOf(Key)
	Feature  string `json:"feature"` // the manifest's folder ("sparql11/aggregates"), or the case's feature
	Query    string `json:"query"`
	Data     string `json:"data"` // N-Quads
	Base     string `json:"base,omitempty"`
	Expected *Table `json:"expected,omitempty"`
	Note     string `json:"note,omitempty"`
}

// TestResult is one engine's status on one test in one sweep.
type TestResult struct {
	SweepID   int64   `json:"sweep_id"`
	Test      string  `json:"test"`
	Engine    string  `json:"engine"`
	Version   string  `json:"version"`
	Suite     string  `json:"suite"`
	Status    string  `json:"status"` // one of TestStatuses
	Class     string  `json:"class,omitempty"`
	Reason    string  `json:"reason,omitempty"`
	Baseline  string  `json:"baseline,omitempty"` // the engine's baseline line's reason, when it lists the test
	ElapsedMS float64 `json:"elapsed_ms"`
	Answer    *Table  `json:"answer,omitempty"`
}

// Failing reports whether the status is a failure (known, intended or not).
func (r TestResult) Failing() bool {
	return r.Status == TestFailed || r.Status == TestIntended || r.Status == TestKnown
}

// Table is an answer as the test page shows it: terms in N-Triples form
// ("" unbound), at most MaxTableRows rows (More counts those left out).
type Table struct {
	Kind    string     `json:"kind"` // bindings, boolean, graph
	Vars    []string   `json:"vars,omitempty"`
	Rows    [][]string `json:"rows,omitempty"`
	Boolean bool       `json:"boolean,omitempty"`
	More    int        `json:"more,omitempty"`
}

// Bounds of a stored table: a test page stays readable and a row small.
const (
	MaxTableRows = 200
	MaxCellChars = 2000
)

// TableOf converts an answer (nil: nil).
func TableOf(a *results.Answer) *Table {
	if a == nil {
		return nil
	}
	switch a.Kind {
	case results.Boolean:
		return &Table{Kind: "boolean", Boolean: a.Boolean}
	case results.Graph:
		t := &Table{Kind: "graph", Vars: []string{"subject", "predicate", "object"}}
		for _, tr := range a.Triples {
			t.add([]rdf.Term{tr.S, tr.P, tr.O})
		}
		return t
	}
	t := &Table{Kind: "bindings", Vars: append([]string{}, a.Vars...)}
	for _, row := range a.Rows {
		terms := make([]rdf.Term, len(a.Vars))
		for i, v := range a.Vars {
			terms[i] = row[v]
		}
		t.add(terms)
	}
	return t
}

func (t *Table) add(terms []rdf.Term) {
	if len(t.Rows) >= MaxTableRows {
		t.More++
		return
	}
	row := make([]string, len(terms))
	for i, x := range terms {
		if !x.IsZero() {
			row[i] = truncateCell(x.String())
		}
	}
	t.Rows = append(t.Rows, row)
}

func truncateCell(s string) string {
	if len(s) <= MaxCellChars {
		return s
	}
	return s[:MaxCellChars] + "…"
}

// RecordTests writes test cases and per-test results in one transaction;
// rows are upserts on (sweep, test, engine) and the test key, so recording
// again replaces. Each test also counts as a case done of its sweep.
func (db *DB) RecordTests(ctx context.Context, sweepID int64, cases []TestCase, res []TestResult) error {
	if sweepID == 0 {
		return fmt.Errorf("%w: test results need a sweep", ErrInvalid)
	}
	return db.tx(ctx, func(tx *sql.Tx) error {
		done := map[string]bool{}
		for _, r := range res {
			if !done[r.Test] {
				done[r.Test] = true
				if err := db.markCase(ctx, tx, sweepID, r.Test); err != nil {
					return err
				}
			}
		}
		return db.writeTests(ctx, tx, sweepID, cases, res)
	})
}

// markCase counts a test as a done case of an imported run.
func (db *DB) markCase(ctx context.Context, tx *sql.Tx, sweepID int64, test string) error {
	_, err := tx.ExecContext(ctx, db.d.q(`INSERT INTO sweep_cases (sweep_id, case_name, diverged, failed, recorded)
		VALUES (?, ?, 0, 0, ?) ON CONFLICT (sweep_id, case_name) DO NOTHING`), sweepID, test, now())
	if err != nil {
		return fmt.Errorf("store: record test %s: %w", test, err)
	}
	return nil
}

// writeTests upserts the cases and the results (RecordCase and RecordTests).
func (db *DB) writeTests(ctx context.Context, tx *sql.Tx, sweepID int64, cases []TestCase, res []TestResult) error {
	for _, c := range cases {
		if err := db.upsertTestCase(ctx, tx, c); err != nil {
			return err
		}
	}
	for _, r := range res {
		r.SweepID = sweepID
		if err := db.upsertTestResult(ctx, tx, r); err != nil {
			return err
		}
	}
	return nil
}

func (db *DB) upsertTestCase(ctx context.Context, tx *sql.Tx, c TestCase) error {
	if c.Key == "" {
		return fmt.Errorf("%w: a test case needs a key", ErrInvalid)
	}
	if c.Suite == "" {
		c.Suite = SuiteOf(c.Key)
	}
	_, err := tx.ExecContext(ctx, db.d.q(`INSERT INTO tests (test, iri, name, suite, feature, query, data, base,
		expected, note, updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (test) DO UPDATE SET
		iri = excluded.iri, name = excluded.name, suite = excluded.suite, feature = excluded.feature,
		query = excluded.query, data = excluded.data, base = excluded.base, expected = excluded.expected,
		note = excluded.note, updated = excluded.updated`),
		c.Key, c.IRI, c.Name, c.Suite, c.Feature, c.Query, c.Data, c.Base, tableJSON(c.Expected), c.Note, now())
	if err != nil {
		return fmt.Errorf("store: record test %s: %w", c.Key, err)
	}
	return nil
}

func (db *DB) upsertTestResult(ctx context.Context, tx *sql.Tx, r TestResult) error {
	if r.Test == "" || r.Engine == "" || !knownTestStatus(r.Status) {
		return fmt.Errorf("%w: test result %q/%q: want a test, an engine and a status of %v", ErrInvalid, r.Test, r.Engine, TestStatuses)
	}
	if r.Status == TestIntended || r.Status == TestKnown { // stored raw: known and intended are decided when read
		r.Status = TestFailed
	}
	if r.Suite == "" {
		r.Suite = SuiteOf(r.Test)
	}
	_, err := tx.ExecContext(ctx, db.d.q(`INSERT INTO test_results (sweep_id, test, engine, version, suite, status,
		class, reason, baseline, elapsed_ms, answer) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (sweep_id, test, engine) DO UPDATE SET version = excluded.version, suite = excluded.suite,
		status = excluded.status, class = excluded.class, reason = excluded.reason, baseline = excluded.baseline,
		elapsed_ms = excluded.elapsed_ms, answer = excluded.answer`),
		r.SweepID, r.Test, r.Engine, r.Version, r.Suite, r.Status, r.Class, r.Reason, r.Baseline, r.ElapsedMS, tableJSON(r.Answer))
	if err != nil {
		return fmt.Errorf("store: record test result %s/%s: %w", r.Test, r.Engine, err)
	}
	return nil
}

func knownTestStatus(s string) bool {
	for _, x := range TestStatuses {
		if s == x {
			return true
		}
	}
	return false
}

func tableJSON(t *Table) string {
	if t == nil {
		return ""
	}
	b, _ := json.Marshal(t) // strings and ints only: cannot fail
	return string(b)
}

func parseTable(s string) *Table {
	if s == "" {
		return nil
	}
	var t Table
	if json.Unmarshal([]byte(s), &t) != nil {
		return nil
	}
	return &t
}
