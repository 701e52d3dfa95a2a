package store

import (
	"context"
	"strings"
)

// The corpora a pass rate is given for (CorpusOf): the W3C query tests
// (SPARQL 1.0 and 1.1 query, syntax and result formats: `oracle w3c
// --suite query`, w3c.DefaultManifests), the W3C update tests (`--suite
// update`, w3c.UpdateManifests: the update folders and the update syntax
// folders), the SPARQL 1.2 suite, and the regression corpus. A generated profile has no per-test results.
const (
	CorpusQuery   = "W3C query"
	CorpusUpdate  = "W3C update"
	Corpus12      = "SPARQL 1.2"
	CorpusRegress = SuiteRegress
)

// Corpora are the test corpora in display order.
var Corpora = []string{CorpusQuery, CorpusUpdate, Corpus12, CorpusRegress}

// corpusExpr is CorpusOf in SQL over test_results (its test key and suite).
const corpusExpr = `CASE WHEN test LIKE 'regress/%' THEN '` + CorpusRegress + `'
	WHEN test LIKE 'w3c/sparql12/%' THEN '` + Corpus12 + `'
	WHEN suite = '` + SuiteUpdate11 + `' OR test LIKE 'w3c/sparql11/syntax-update-%' THEN '` + CorpusUpdate + `'
	ELSE '` + CorpusQuery + `' END`

// CorpusOf is the corpus of a test key and its suite (SuiteOf).
func CorpusOf(key, suite string) string {
	switch {
	case strings.HasPrefix(key, "regress/"):
		return CorpusRegress
	case strings.HasPrefix(key, "w3c/sparql12/"):
		return Corpus12
	case suite == SuiteUpdate11, strings.HasPrefix(key, "w3c/sparql11/syntax-update-"):
		return CorpusUpdate // the update manifest's syntax tests (w3c.IsUpdateTest)
	}
	return CorpusQuery
}

// CorpusCounts counts statuses per sweep, engine, version and corpus
// (CorpusOf), oldest sweep first; SuiteCount.Suite holds the corpus.
// Statuses are read as SuiteCounts reads them (known, intended).
func (db *DB) CorpusCounts(ctx context.Context) ([]SuiteCount, error) {
	return db.countTests(ctx, corpusExpr)
}

// CorpusTests are the distinct test keys the store has results of, per
// corpus: the denominator of a pass rate when the suite's manifests are
// not at hand.
func (db *DB) CorpusTests(ctx context.Context) (map[string]int, error) {
	out := map[string]int{}
	rows, err := db.sql.QueryContext(ctx, `SELECT `+corpusExpr+`, COUNT(DISTINCT test) FROM test_results GROUP BY `+corpusExpr)
	err = forRows(rows, err, "count tests per corpus", func() error {
		var c string
		var n int
		if err := rows.Scan(&c, &n); err != nil {
			return err
		}
		out[c] += n
		return nil
	})
	return out, err
}

// TestReports are the findings of engine filed on each test ("" = every
// engine): the case that first showed each finding and every case a sweep
// linked it to, test key → report ids (ascending). A case named by its
// W3C test IRI (as a sweep files some) is read as that test's key; a case
// that is no test (generated, a catalogue's) is left out.
func (db *DB) TestReports(ctx context.Context, engine string) (map[string][]int64, error) {
	q := `SELECT COALESCE(t.test, x.c), x.id FROM (
		SELECT case_name AS c, id FROM reports WHERE (? = '' OR engine = ?)
		UNION SELECT l.case_name, r.id FROM reports r JOIN sweep_reports l ON l.report_id = r.id WHERE (? = '' OR r.engine = ?)
		) x LEFT JOIN tests t ON t.iri = x.c AND x.c <> ''
		ORDER BY 1, 2`
	rows, err := db.sql.QueryContext(ctx, db.d.q(q), engine, engine, engine, engine)
	out := map[string][]int64{}
	err = forRows(rows, err, "read the findings of tests", func() error {
		var k string
		var id int64
		if err := rows.Scan(&k, &id); err != nil {
			return err
		}
		if !strings.HasPrefix(k, "w3c/") && !strings.HasPrefix(k, "regress/") {
			return nil // a generated or catalogue case: no test page
		}
		if ids := out[k]; len(ids) == 0 || ids[len(ids)-1] != id {
			out[k] = append(ids, id)
		}
		return nil
	})
	return out, err
}
