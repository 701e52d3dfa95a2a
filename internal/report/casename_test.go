package report

import "testing"

// TestCaseName: `oracle diff -q /abs/query.rq` names its case by the file;
// a report keeps its base name only.
func TestCaseName(t *testing.T) {
	for in, want := range map[string]string{
		"/home/u/cases/query.rq": "query.rq",
		"http://www.w3.org/2009/sparql/docs/tests/data-sparql11/aggregates/manifest#agg01": "http://www.w3.org/2009/sparql/docs/tests/data-sparql11/aggregates/manifest#agg01",
		"gen/default/7": "gen/default/7", "cases/query.rq": "cases/query.rq",
	} {
		if got := caseName(in); got != want {
			t.Errorf("caseName(%q) = %q, want %q", in, got, want)
		}
	}
}
