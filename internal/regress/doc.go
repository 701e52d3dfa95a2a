// Package regress owns the regression corpus (corpus/regress/ at the
// repository root): every divergence the oracle found, reduced, with the
// verdict each engine gave when it was recorded, and the findings page
// (docs/findings.md) generated from it.
//
// A case is a directory:
//
//	corpus/regress/<id>/query.rq    the minimal query
//	corpus/regress/<id>/data.nq     the minimal dataset, N-Quads (may be empty)
//	corpus/regress/<id>/expect.tsv  "# key: value" header lines (origin,
//	                                signature, status, reduction figures),
//	                                then engine, version, outcome, classes
//
// The corpus test (regress_test.go) runs every case through the same
// runner as `oracle diff` (diff.Judge) on every installed engine and fails
// when an outcome or a class changed: a fixed engine bug shows up as a
// change, and the expectation is then re-recorded. Engines that are not
// installed are skipped with a message, except in CI (CI=true) for the
// engines scripts/install.sh installs.
//
// Recording: `go test ./internal/regress -run TestRecord -record` judges
// each seed under testdata/seeds (a query whose first line is
// "# origin: ..." over testdata/seeds/library.ttl) on every installed
// engine, reduces each divergence once per engine on its wrong side with
// reduce.Engine (against the judge alone; flagged ones are not recorded),
// and rewrites the corpus. `go test ./internal/regress -run TestFindings -update`
// regenerates docs/findings.md from the corpus (only the reference runs, to
// print the expected answers); without -update the test checks the page is
// current.
//
// This package imports diff, reduce, oracle, rdf, results, algebra/syntax
// and registry; nothing imports it but tests (reduce's corpus measurement).
package regress
