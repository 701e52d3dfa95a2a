package store

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sparql-oracle/oracle/internal/diff"
)

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
