package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
)

// Conformance is the per-test part of the store: what W3C sweeps and
// imported W3C runs recorded, test by test (tests.go writes it).
type Conformance interface {
	// RecordTests writes an imported run's tests and results (RecordCase
	// writes a sweep job's).
	RecordTests(ctx context.Context, sweepID int64, cases []TestCase, res []TestResult) error
	// Tests lists tests × engines with each engine's latest status (or one
	// sweep's), filtered and paged.
	Tests(ctx context.Context, f TestFilter) (TestPage, error)
	// Test is one test with each engine's latest result (answers included),
	// or one sweep's when sweepID > 0; ErrNotFound when nothing has it.
	Test(ctx context.Context, key string, sweepID int64) (TestCase, []TestResult, error)
	// SuiteCounts counts statuses per sweep, engine, version and suite.
	SuiteCounts(ctx context.Context) ([]SuiteCount, error)
	// CorpusCounts counts them per corpus (tests_corpus.go: W3C query,
	// W3C update, SPARQL 1.2, regression corpus); CorpusTests counts the
	// distinct tests of each; TestReports links tests to findings.
	CorpusCounts(ctx context.Context) ([]SuiteCount, error)
	CorpusTests(ctx context.Context) (map[string]int, error)
	TestReports(ctx context.Context, engine string) (map[string][]int64, error)
	// CompareTests compares sweep b with sweep a test by test.
	CompareTests(ctx context.Context, a, b int64) (TestComparison, error)
	// FindingsByClass counts findings per engine, class and status.
	FindingsByClass(ctx context.Context) ([]ClassCount, error)
}

// TestFilter selects the rows of the test browser; empty fields match
// everything. Engine narrows the columns to one engine; Status and Class
// keep the tests where a shown engine has them (a missing result counts
// as not-run); Feature matches the folder by substring; Text searches the
// key, the name and the query, case-insensitively.
type TestFilter struct {
	SweepID                                     int64 // 0: each (test, engine)'s latest result
	Engine, Status, Class, Suite, Feature, Text string
	Limit, Offset                               int
}

// TestRow is one test with its result per engine.
type TestRow struct {
	Case    TestCase              `json:"case"` // without query, data and expected
	Results map[string]TestResult `json:"results"`
}

// TestPage is one page of the test browser.
type TestPage struct {
	Rows    []TestRow      `json:"rows"`
	Engines []string       `json:"engines"` // the columns
	Total   int            `json:"total"`
	Counts  map[string]int `json:"counts"` // status → cells of the matching rows
	Limit   int            `json:"limit"`
	Offset  int            `json:"offset"`
}

// SuiteCount is how one engine's tests of one suite ended in one sweep.
type SuiteCount struct {
	SweepID                                              int64  `json:"sweep_id"`
	Engine                                               string `json:"engine"`
	Version                                              string `json:"version"`
	Suite                                                string `json:"suite"`
	Passed, Failed, Known, Intended, NotRun, Unsupported int
}

// Run is the tests the rate counts: every test but those not run. An
// unsupported test counts against the engine, as a failure does.
func (c SuiteCount) Run() int { return c.Passed + c.Failed + c.Known + c.Intended + c.Unsupported }

// Rate is the pass rate in percent (0 when nothing ran).
func (c SuiteCount) Rate() float64 {
	if c.Run() == 0 {
		return 0
	}
	return 100 * float64(c.Passed) / float64(c.Run())
}

// Add sums another count into c.
func (c *SuiteCount) Add(o SuiteCount) {
	c.Passed += o.Passed
	c.Failed += o.Failed
	c.Known += o.Known
	c.Intended += o.Intended
	c.NotRun += o.NotRun
	c.Unsupported += o.Unsupported
}

func (c *SuiteCount) count(status string, n int) {
	switch status {
	case TestPassed:
		c.Passed += n
	case TestFailed:
		c.Failed += n
	case TestKnown:
		c.Known += n
	case TestIntended:
		c.Intended += n
	case TestUnsupported:
		c.Unsupported += n
	default:
		c.NotRun += n
	}
}

// ClassCount is the number of findings of one engine, class and status.
type ClassCount struct {
	Engine string `json:"engine"`
	Class  string `json:"class"`
	Status string `json:"status"`
	N      int    `json:"n"`
}

const testResultCols = `r.sweep_id, r.test, r.engine, r.version, r.suite, r.status, r.class, r.reason, r.baseline, r.elapsed_ms`

// latestOnly keeps each (test, engine)'s latest row.
const latestOnly = ` r.sweep_id = (SELECT MAX(u.sweep_id) FROM test_results u WHERE u.test = r.test AND u.engine = r.engine)`

// results reads test results (answers only when withAnswer), marking
// failures intended (intended).
func (db *DB) testResults(ctx context.Context, where string, args []any, withAnswer bool) ([]TestResult, error) {
	cols := testResultCols + ", ''"
	if withAnswer {
		cols = testResultCols + ", r.answer"
	}
	rows, err := db.sql.QueryContext(ctx, db.d.q(`SELECT `+cols+` FROM test_results r WHERE `+where+
		` ORDER BY r.test, r.engine, r.sweep_id`), args...)
	var out []TestResult
	err = forRows(rows, err, "read test results", func() error {
		var r TestResult
		var answer string
		if err := rows.Scan(&r.SweepID, &r.Test, &r.Engine, &r.Version, &r.Suite, &r.Status, &r.Class, &r.Reason,
			&r.Baseline, &r.ElapsedMS, &answer); err != nil {
			return err
		}
		r.Answer = parseTable(answer)
		out = append(out, r)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, db.markIntended(ctx, out)
}

// markIntended shows a failure as known when the engine's baseline lists
// the test, and as intended when a finding of the engine's on the test, of
// the failure's class, is an intended deviation (its status set by a
// person or by a rule of the family's known.json at filing). A baseline
// says a failure is expected, not that its maintainers meant it.
func (db *DB) markIntended(ctx context.Context, rs []TestResult) error {
	intended, err := db.intendedTests(ctx)
	if err != nil {
		return err
	}
	for i := range rs {
		r := &rs[i]
		if r.Status == TestFailed {
			r.Status = failedStatus(r.Baseline != "", intended[intendedKey(r.Engine, r.Test, r.Class)])
		}
	}
	return nil
}

// failedStatus is a failure's status: intended over known over failed.
func failedStatus(listed, intended bool) string {
	switch {
	case intended:
		return TestIntended
	case listed:
		return TestKnown
	}
	return TestFailed
}

func intendedKey(engine, test, class string) string { return engine + "\x00" + test + "\x00" + class }

// intendedTests are the (engine, test, class) of intended-deviation
// findings: the case that first showed each and every case a sweep linked
// it to (a case named by its W3C test IRI read as that test's key).
func (db *DB) intendedTests(ctx context.Context) (map[string]bool, error) {
	out := map[string]bool{}
	rows, err := db.sql.QueryContext(ctx, db.d.q(`SELECT x.engine, COALESCE(t.test, x.c), x.class FROM (
		SELECT r.engine, r.case_name AS c, r.class FROM reports r WHERE r.status = ?
		UNION SELECT r.engine, l.case_name, r.class FROM reports r JOIN sweep_reports l ON l.report_id = r.id WHERE r.status = ?
		) x LEFT JOIN tests t ON t.iri = x.c AND x.c <> ''`),
		StatusIntended, StatusIntended)
	err = forRows(rows, err, "read intended findings", func() error {
		var e, t, c string
		if err := rows.Scan(&e, &t, &c); err != nil {
			return err
		}
		out[intendedKey(e, t, c)] = true
		return nil
	})
	return out, err
}

// Tests lists the test browser's page.
func (db *DB) Tests(ctx context.Context, f TestFilter) (TestPage, error) {
	limit, offset, err := page(f.Limit, f.Offset)
	if err != nil {
		return TestPage{}, err
	}
	where, args := latestOnly, []any{}
	if f.SweepID > 0 {
		where, args = ` r.sweep_id = ?`, []any{f.SweepID}
	}
	rs, err := db.testResults(ctx, where, args, false)
	if err != nil {
		return TestPage{}, err
	}
	meta, err := db.testMeta(ctx)
	if err != nil {
		return TestPage{}, err
	}
	p := TestPage{Engines: columns(rs, f.Engine), Counts: map[string]int{}, Limit: limit, Offset: offset}
	all := p.rows(rs, meta, f)
	p.Total = len(all)
	p.Rows = all[min(offset, len(all)):min(offset+limit, len(all))]
	return p, nil
}

// columns are the engines with a result, or the one the filter names.
func columns(rs []TestResult, engine string) []string {
	if engine != "" {
		return []string{engine}
	}
	var out []string
	for _, r := range rs {
		if !slices.Contains(out, r.Engine) {
			out = append(out, r.Engine)
		}
	}
	sort.Strings(out)
	return out
}

// rows groups the results by test, keeps the rows the filter matches and
// counts their cells, in suite then key order.
func (p *TestPage) rows(rs []TestResult, meta map[string]TestCase, f TestFilter) []TestRow {
	by := map[string]*TestRow{}
	var keys []string
	for _, r := range rs {
		row := by[r.Test]
		if row == nil {
			c, ok := meta[r.Test]
			if !ok {
				c = TestCase{Key: r.Test, Name: r.Test, Suite: r.Suite}
			}
			row = &TestRow{Case: c, Results: map[string]TestResult{}}
			by[r.Test] = row
			keys = append(keys, r.Test)
		}
		row.Results[r.Engine] = r
	}
	sort.Slice(keys, func(i, j int) bool { return testLess(by[keys[i]].Case, by[keys[j]].Case) })
	var out []TestRow
	for _, k := range keys {
		if row := by[k]; p.match(row, f) {
			out = append(out, *row)
		}
	}
	return out
}

func testLess(a, b TestCase) bool {
	ia, ib := suiteRank(a.Suite), suiteRank(b.Suite)
	if ia != ib {
		return ia < ib
	}
	return a.Key < b.Key
}

func suiteRank(s string) int {
	if i := slices.Index(append(slices.Clone(W3CSuites), SuiteRegress), s); i >= 0 {
		return i
	}
	return 99
}

// match applies the filter to a row and, when it matches, counts its cells.
func (p *TestPage) match(row *TestRow, f TestFilter) bool {
	c := row.Case
	if (f.Suite != "" && c.Suite != f.Suite) || (f.Feature != "" && !strings.Contains(c.Feature, f.Feature)) {
		return false
	}
	if t := strings.ToLower(f.Text); t != "" && !strings.Contains(strings.ToLower(c.Key+"\x00"+c.Name+"\x00"+c.Query), t) {
		return false
	}
	hit := f.Status == "" && f.Class == ""
	for _, e := range p.Engines {
		r, ok := row.Results[e]
		if !ok {
			r = TestResult{Status: TestNotRun}
		}
		hit = hit || ((f.Status == "" || r.Status == f.Status) && (f.Class == "" || r.Class == f.Class))
	}
	if hit {
		for _, e := range p.Engines {
			st := TestNotRun
			if r, ok := row.Results[e]; ok {
				st = r.Status
			}
			p.Counts[st]++
		}
	}
	return hit
}

// testMeta reads every test's name, suite, feature and query (for search).
func (db *DB) testMeta(ctx context.Context) (map[string]TestCase, error) {
	rows, err := db.sql.QueryContext(ctx, `SELECT test, iri, name, suite, feature, query FROM tests`)
	out := map[string]TestCase{}
	err = forRows(rows, err, "read tests", func() error {
		var c TestCase
		if err := rows.Scan(&c.Key, &c.IRI, &c.Name, &c.Suite, &c.Feature, &c.Query); err != nil {
			return err
		}
		out[c.Key] = c
		return nil
	})
	return out, err
}

// Test is one test and its results, answers included.
func (db *DB) Test(ctx context.Context, key string, sweepID int64) (TestCase, []TestResult, error) {
	var c TestCase
	var expected string
	err := db.sql.QueryRowContext(ctx, db.d.q(`SELECT test, iri, name, suite, feature, query, data, base, expected, note
		FROM tests WHERE test = ?`), key).Scan(&c.Key, &c.IRI, &c.Name, &c.Suite, &c.Feature, &c.Query, &c.Data, &c.Base, &expected, &c.Note)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return c, nil, fmt.Errorf("store: read test %s: %w", key, err)
	}
	c.Expected = parseTable(expected)
	where, args := ` r.test = ? AND`+latestOnly, []any{key}
	if sweepID > 0 {
		where, args = ` r.test = ? AND r.sweep_id = ?`, []any{key, sweepID}
	}
	rs, rerr := db.testResults(ctx, where, args, true)
	if rerr != nil {
		return c, nil, rerr
	}
	if c.Key == "" && len(rs) == 0 {
		return c, nil, fmt.Errorf("%w: test %s", ErrNotFound, key)
	}
	if c.Key == "" {
		c = TestCase{Key: key, Name: key, Suite: rs[0].Suite}
	}
	return c, rs, nil
}

// SuiteCounts counts statuses per sweep, engine, version and suite, oldest
// sweep first.
func (db *DB) SuiteCounts(ctx context.Context) ([]SuiteCount, error) {
	return db.countTests(ctx, "suite")
}

// countTests counts statuses per sweep, engine, version and group (a
// column or an expression over test_results), oldest sweep first; a
// failure is known or intended as markIntended says.
func (db *DB) countTests(ctx context.Context, group string) ([]SuiteCount, error) {
	intended, err := db.intendedTests(ctx)
	if err != nil {
		return nil, err
	}
	rows, err := db.sql.QueryContext(ctx, `SELECT sweep_id, engine, version, `+group+`, status, class,
		CASE WHEN baseline = '' THEN 0 ELSE 1 END, CASE WHEN status = 'failed' THEN test ELSE '' END, COUNT(*) FROM test_results
		GROUP BY sweep_id, engine, version, `+group+`, status, class, CASE WHEN baseline = '' THEN 0 ELSE 1 END,
		CASE WHEN status = 'failed' THEN test ELSE '' END
		ORDER BY sweep_id, engine, 4`)
	var out []SuiteCount
	err = forRows(rows, err, "count tests", func() error {
		var c SuiteCount
		var status, class, test string
		var listed, n int
		if err := rows.Scan(&c.SweepID, &c.Engine, &c.Version, &c.Suite, &status, &class, &listed, &test, &n); err != nil {
			return err
		}
		if status == TestFailed {
			status = failedStatus(listed == 1, intended[intendedKey(c.Engine, test, class)])
		}
		if k := len(out) - 1; k >= 0 && out[k].SweepID == c.SweepID && out[k].Engine == c.Engine && out[k].Suite == c.Suite && out[k].Version == c.Version {
			out[k].count(status, n)
			return nil
		}
		c.count(status, n)
		out = append(out, c)
		return nil
	})
	return out, err
}

// FindingsByClass counts findings per engine, class and status.
func (db *DB) FindingsByClass(ctx context.Context) ([]ClassCount, error) {
	rows, err := db.sql.QueryContext(ctx, `SELECT engine, class, status, COUNT(*) FROM reports
		GROUP BY engine, class, status ORDER BY engine, class, status`)
	var out []ClassCount
	err = forRows(rows, err, "count findings by class", func() error {
		var c ClassCount
		if err := rows.Scan(&c.Engine, &c.Class, &c.Status, &c.N); err != nil {
			return err
		}
		out = append(out, c)
		return nil
	})
	return out, err
}
