package store

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
)

const (
	agg01 = "w3c/sparql11/aggregates/manifest.ttl#agg01"
	agg02 = "w3c/sparql11/aggregates/manifest.ttl#agg02"
	opt1  = "w3c/sparql10/optional/manifest.ttl#dawg-optional-001"
	reg1  = "regress/avg-empty"
)

// w3cSweep records one sweep's per-test results through RecordCase, as a
// sweep job does.
func w3cSweep(t *testing.T, db *DB, name string, rs []TestResult) Sweep {
	t.Helper()
	sw, err := db.CreateSweep(ctx, SweepSpec{Name: name, Engines: []string{"reference", "jena", "rdflib"}, W3C: &W3CSource{}})
	require.NoError(t, err)
	require.NoError(t, db.StartSweep(ctx, sw.ID, 3))
	by := map[string][]TestResult{}
	for _, r := range rs {
		by[r.Test] = append(by[r.Test], r)
	}
	for key, trs := range by {
		tc := &TestCase{Key: key, Name: key[len(key)-5:], Feature: "sparql11/aggregates", Query: "SELECT (COUNT(*) AS ?c) {}",
			Data: "", Expected: &Table{Kind: "bindings", Vars: []string{"c"}, Rows: [][]string{{`"1"^^<http://www.w3.org/2001/XMLSchema#integer>`}}}}
		require.NoError(t, db.RecordCase(ctx, CaseRecord{SweepID: sw.ID, Case: key, Tests: trs, TestCase: tc}))
	}
	require.NoError(t, db.FinishSweep(ctx, sw.ID, SweepDone, ""))
	return sw
}

func tr(test, engine, status, class string) TestResult {
	return TestResult{Test: test, Engine: engine, Version: "1", Status: status, Class: class}
}

// TestTestResults: statuses are recorded per sweep, test and engine
// (retries replace), read latest-first per pair, counted per suite, and a
// failure the baseline lists shows as known, one a finding on the test triaged intended as intended.
func TestTestResults(t *testing.T) {
	each(t, func(t *testing.T, b backend) {
		db := b.open(t)
		w3cSweep(t, db, "first", []TestResult{
			tr(agg01, "jena", TestPassed, ""), tr(agg02, "jena", TestPassed, ""), tr(opt1, "jena", TestPassed, ""),
			tr(agg01, "rdflib", TestFailed, "missing-rows"), tr(agg02, "rdflib", TestUnsupported, "unsupported"),
			tr(opt1, "rdflib", TestNotRun, ""),
		})
		listed := tr(agg02, "jena", TestFailed, "wrong-value")
		listed.Baseline = "known: jena's GROUP_CONCAT order"
		second := w3cSweep(t, db, "second", []TestResult{
			tr(agg01, "jena", TestFailed, "extra-rows"), listed, tr(opt1, "jena", TestPassed, ""),
			tr(agg01, "rdflib", TestPassed, ""), tr(agg02, "rdflib", TestFailed, "missing-rows"),
			tr(reg1, "rdflib", TestFailed, "wrong-value"),
		})
		// a retried job writes the same rows again
		require.NoError(t, db.RecordCase(ctx, CaseRecord{SweepID: second.ID, Case: opt1, Tests: []TestResult{tr(opt1, "jena", TestPassed, "")}}))

		page, err := db.Tests(ctx, TestFilter{})
		require.NoError(t, err)
		require.Equal(t, 4, page.Total)
		require.Equal(t, []string{"jena", "rdflib"}, page.Engines)
		require.Equal(t, opt1, page.Rows[0].Case.Key, "SPARQL 1.0 first, the regression corpus last")
		require.Equal(t, reg1, page.Rows[3].Case.Key)
		row := rowOf(t, page, agg02)
		require.Equal(t, TestKnown, row.Results["jena"].Status, "the baseline lists it: a known failure, not an intended one")
		require.Equal(t, second.ID, row.Results["rdflib"].SweepID, "each pair's latest result")
		require.Equal(t, TestNotRun, rowOf(t, page, opt1).Results["rdflib"].Status, "opt1 on rdflib: only the first sweep has it")

		failed, err := db.Tests(ctx, TestFilter{Engine: "rdflib", Status: TestFailed})
		require.NoError(t, err)
		require.Equal(t, []string{agg02, reg1}, keys(failed))
		notRun, err := db.Tests(ctx, TestFilter{Engine: "jena", Status: TestNotRun})
		require.NoError(t, err)
		require.Equal(t, []string{reg1}, keys(notRun), "a test an engine never ran is not-run")
		found, err := db.Tests(ctx, TestFilter{Text: "AGG01", Suite: SuiteQuery11})
		require.NoError(t, err)
		require.Equal(t, []string{agg01}, keys(found))
		first, err := db.Tests(ctx, TestFilter{SweepID: second.ID - 1, Class: "missing-rows"})
		require.NoError(t, err)
		require.Equal(t, []string{agg01}, keys(first))

		// triage: rdflib's missing-rows finding on agg02 is intended from now on
		r, _, err := db.FileReport(ctx, Filing{Record: bug("rdflib", diff.ClassMissingRows, "GROUP BY", "SELECT * {?s ?p ?o}"), Case: agg02})
		require.NoError(t, err)
		_, err = db.SetStatus(ctx, r.ID, StatusChange{Status: StatusIntended, By: "t"})
		require.NoError(t, err)
		c, rs, err := db.Test(ctx, agg02, 0)
		require.NoError(t, err)
		require.Equal(t, "agg02", c.Name)
		require.Equal(t, []string{"c"}, c.Expected.Vars)
		require.Len(t, rs, 2)
		require.Equal(t, TestIntended, rs[1].Status)

		counts, err := db.SuiteCounts(ctx)
		require.NoError(t, err)
		got := map[string]SuiteCount{}
		for _, c := range counts {
			if c.SweepID == second.ID {
				got[c.Engine+"/"+c.Suite] = c
			}
		}
		jena := got["jena/"+SuiteQuery11]
		require.Equal(t, 0, jena.Passed)
		require.Equal(t, 1, jena.Failed)
		require.Equal(t, 1, jena.Known, "the baseline's test")
		require.Equal(t, 0, jena.Intended, "no rule or triage says jena meant it")
		require.Equal(t, 1, got["rdflib/"+SuiteQuery11].Intended, "the intended finding filed on agg02")
		require.Equal(t, 1, got["jena/"+SuiteQuery10].Passed)
		require.InDelta(t, 50.0, got["rdflib/"+SuiteQuery11].Rate(), 0.01)
		require.Equal(t, 1, got["rdflib/"+SuiteRegress].Failed, "wrong-value is not the intended class")

		_, _, err = db.Test(ctx, "w3c/none#x", 0)
		require.ErrorIs(t, err, ErrNotFound)
		require.ErrorIs(t, db.RecordTests(ctx, second.ID, nil, []TestResult{tr(agg01, "jena", "great", "")}), ErrInvalid)
	})
}

// TestCompareTests: two sweeps of the same spec, one test changed on
// purpose per kind of transition.
func TestCompareTests(t *testing.T) {
	each(t, func(t *testing.T, b backend) {
		db := b.open(t)
		a := w3cSweep(t, db, "a", []TestResult{
			tr(agg01, "jena", TestPassed, ""), tr(agg02, "jena", TestFailed, "wrong-value"), tr(opt1, "jena", TestPassed, ""),
			tr(agg01, "rdflib", TestFailed, "missing-rows"), tr(opt1, "rdflib", TestPassed, ""),
		})
		bb := w3cSweep(t, db, "b", []TestResult{
			tr(agg01, "jena", TestFailed, "extra-rows"), tr(agg02, "jena", TestFailed, "wrong-value"), tr(opt1, "jena", TestPassed, ""),
			tr(agg01, "rdflib", TestFailed, "wrong-value"), tr(agg02, "rdflib", TestPassed, ""), tr(opt1, "rdflib", TestUnsupported, "unsupported"),
		})
		c, err := db.CompareTests(ctx, a.ID, bb.ID)
		require.NoError(t, err)
		require.True(t, c.SameCorpus)
		var got []string
		for _, x := range c.Transitions {
			got = append(got, x.Kind+" "+x.Engine+" "+x.Test[len(x.Test)-5:])
		}
		require.Equal(t, []string{Regressed + " jena agg01", ClassChanged + " rdflib agg01",
			StatusChanged + " rdflib l-001", NewTest + " rdflib agg02"}, got)
		require.Equal(t, 2, c.Unchanged["jena"])
		require.Equal(t, 1, c.Counts["jena"][Regressed])
		back, err := db.CompareTests(ctx, bb.ID, a.ID)
		require.NoError(t, err)
		require.Equal(t, Fixed, back.Transitions[0].Kind)
		require.Equal(t, GoneTest, back.Transitions[len(back.Transitions)-1].Kind)
	})
}

// TestTableOf bounds a stored answer and writes terms as N-Triples.
func TestTableOf(t *testing.T) {
	a := &results.Answer{Kind: results.Bindings, Vars: []string{"x", "y"}}
	for i := 0; i < MaxTableRows+5; i++ {
		a.Rows = append(a.Rows, results.Solution{"x": rdf.IRI("http://e/x")})
	}
	tb := TableOf(a)
	require.Len(t, tb.Rows, MaxTableRows)
	require.Equal(t, 5, tb.More)
	require.Equal(t, []string{"<http://e/x>", ""}, tb.Rows[0])
	require.Equal(t, "boolean", TableOf(&results.Answer{Kind: results.Boolean, Boolean: true}).Kind)
	require.Equal(t, SuiteFormats, SuiteOf("w3c/sparql11/json-res/manifest.ttl#jsonres01"))
	require.Equal(t, SuiteUpdate11, SuiteOf("w3c/sparql11/delete-insert/manifest.ttl#dawg-delete-insert-01"))
	require.Equal(t, SuiteQuery12, SuiteOf("w3c/sparql12/grouping/manifest.ttl#group01"))
}

func rowOf(t *testing.T, p TestPage, key string) TestRow {
	for _, r := range p.Rows {
		if r.Case.Key == key {
			return r
		}
	}
	t.Fatalf("no row %s", key)
	return TestRow{}
}

func keys(p TestPage) []string {
	var out []string
	for _, r := range p.Rows {
		out = append(out, r.Case.Key)
	}
	return out
}

// TestCorpusCounts: results are counted per corpus (a sparql12 key is
// SPARQL 1.2, an update folder W3C update, the rest W3C query), tests are
// linked to the findings filed on them, and one bulk decision reaches
// every finding in one transaction with one history entry each.
func TestCorpusCounts(t *testing.T) {
	each(t, func(t *testing.T, b backend) {
		db := b.open(t)
		const upd, s12 = "w3c/sparql11/delete/manifest.ttl#dawg-delete-01", "w3c/sparql12/lang-basedir/manifest.ttl#x"
		const syn = "w3c/sparql11/syntax-update-1/manifest.ttl#test_1"
		sw := w3cSweep(t, db, "mixed", []TestResult{
			tr(agg01, "jena", TestPassed, ""), tr(agg02, "jena", TestFailed, "wrong-value"),
			tr(upd, "jena", TestFailed, "missing-rows"), tr(syn, "jena", TestPassed, ""), tr(s12, "jena", TestUnsupported, ""), tr(reg1, "jena", TestPassed, ""),
		})
		counts, err := db.CorpusCounts(ctx)
		require.NoError(t, err)
		got := map[string]SuiteCount{}
		for _, c := range counts {
			got[c.Suite] = c
		}
		require.Equal(t, 1, got[CorpusQuery].Passed)
		require.Equal(t, 1, got[CorpusQuery].Failed)
		require.Equal(t, 1, got[CorpusUpdate].Failed)
		require.Equal(t, 1, got[CorpusUpdate].Passed, "the update syntax test counts as update")
		require.Equal(t, 1, got[Corpus12].Unsupported)
		require.Equal(t, 1, got[CorpusRegress].Passed)
		sizes, err := db.CorpusTests(ctx)
		require.NoError(t, err)
		require.Equal(t, map[string]int{CorpusQuery: 2, CorpusUpdate: 2, Corpus12: 1, CorpusRegress: 1}, sizes)
		require.Equal(t, CorpusUpdate, CorpusOf(upd, SuiteOf(upd)))
		require.Equal(t, CorpusUpdate, CorpusOf(syn, SuiteOf(syn)), "the update manifest's syntax tests are update tests")

		r1, _, err := db.FileReport(ctx, Filing{Record: bug("jena", diff.ClassWrongValue, "GROUP BY", "SELECT * {?s ?p ?o}"), Case: agg02, SweepID: sw.ID})
		require.NoError(t, err)
		r2, _, err := db.FileReport(ctx, Filing{Record: bug("jena", diff.ClassMissingRows, "DELETE", "SELECT * {?s ?p ?o . ?o ?p ?s}"), Case: upd})
		require.NoError(t, err)
		require.NoError(t, db.RecordTests(ctx, sw.ID, []TestCase{{Key: agg01, IRI: "http://w3c/agg#agg01", Name: "agg01"}}, nil))
		r3, _, err := db.FileReport(ctx, Filing{Record: bug("jena", diff.ClassExtraRows, "COUNT", "SELECT * {?s ?p ?o . ?s ?p ?x}"), Case: "http://w3c/agg#agg01"})
		require.NoError(t, err)
		links, err := db.TestReports(ctx, "jena")
		require.NoError(t, err)
		require.Equal(t, []int64{r1.ID}, links[agg02])
		require.Equal(t, []int64{r2.ID}, links[upd])
		require.Equal(t, []int64{r3.ID}, links[agg01], "a case named by its test's IRI is that test")

		n, err := db.SetStatuses(ctx, []int64{r1.ID, r2.ID}, StatusChange{Status: StatusIntended, Note: "the maintainers say so", By: "t"})
		require.NoError(t, err)
		require.Equal(t, 2, n)
		for _, id := range []int64{r1.ID, r2.ID} {
			h, err := db.History(ctx, id)
			require.NoError(t, err)
			require.Len(t, h, 1)
			require.Equal(t, StatusIntended, h[0].Status)
		}
		_, err = db.SetStatuses(ctx, []int64{r1.ID, 999999}, StatusChange{Status: StatusOpen})
		require.ErrorIs(t, err, ErrNotFound)
		again, err := db.Report(ctx, r1.ID)
		require.NoError(t, err)
		require.Equal(t, StatusIntended, again.Status, "an unknown id rolls the whole action back")
		counts, err = db.CorpusCounts(ctx)
		require.NoError(t, err)
		for _, c := range counts {
			if c.Suite == CorpusQuery {
				require.Equal(t, 1, c.Intended, "the intended finding filed on agg02 makes its failure intended")
			}
		}
	})
}
