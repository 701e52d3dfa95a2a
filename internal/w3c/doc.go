// Package w3c runs W3C SPARQL test manifests through any oracle.Engine and
// reports the outcome per test: pass, fail (with divergence classes and a
// row diff), error (the engine's error class), or skip (with a reason).
//
// Run loads the manifests with package corpus and, per test:
//   - syntax tests are parse-only: the engine's verdict is whether it
//     rejects the query (oracle.ErrRejected) over an empty dataset;
//   - evaluation and result-format tests get a Case: the query text, base
//     = the query file's IRI, qt:data merged into the default graph,
//     qt:graphData as named graphs, and, for FROM/FROM NAMED, every RDF
//     file of the query's folder as Sources keyed by file IRI (never
//     fetched); the expectation is read by package results from .srx,
//     .srj, .tsv, .csv, or an rs: result set / graph in .ttl or .rdf;
//   - a file of the suite is named by its published IRI (public.go:
//     PublicBase + its path under sparql/), never by this machine's
//     file: IRI: the case's name and base, graph names, the catalogue,
//     the base of every data and result file, error messages, EARL and
//     JUnit; reports made from the case hold no local path. Files outside
//     the suite (the fixture, a manifest of one's own) keep file: IRIs;
//   - the engine runs under a per-test deadline (Options.Timeout; a
//     hung engine is abandoned) and diff.Compare judges the answer.
//
// The expectations are result files, so the runner asks the judge which
// cells are computed (provenance.go): the reference evaluates the test and
// each expected row matched with one of its rows takes the Cells of its
// computed cells, so a computed number's lexical form is accepted by the
// comparator's own predicate (there is no tolerance in the runner).
//
// What the expectations leave open is made explicit before comparing: with
// ORDER BY the expected rows get a results.Freedom whose tie classes come
// from evaluating the ORDER BY keys on the expected rows (ops.Eval,
// ops.OrderCompare, #modOrderBy); a key that needs a variable the rows
// lack puts every row in one class. CSV expectations are compared with
// results.CSVView of the answer; mf:LaxCardinality compares distinct rows.
// Skipped: entailment tests, SERVICE (qt:serviceData or a SERVICE in the
// query: "SERVICE: no network"), update tests, withdrawn tests, and tests
// whose mf:requires the engine lacks (Options.Lacks, or a Lacker engine).
//
// Outputs: WriteTable (by folder), WriteEARL (EARL 1.0 Turtle), WriteJUnit
// (through WriteXML, which `oracle gate` writes its JUnit file with too),
// WriteBaseline, and Compare against a Baseline (test-id, class, reason):
// a new failure, a changed class or an unexpected pass is fatal; a baseline
// entry not run is only reported as stale.
//
// To change: the runner is plain data in, Report out; add a test to the
// fixture manifest in testdata/suite (run by a fake engine in
// runner_test.go) for each behaviour, and regenerate the goldens with
// `go test ./internal/w3c -run Outputs -update`.
//
// The SPARQL 1.2 suite (sparql12/manifest.ttl) runs through the reference
// and the fast engine in w3c_test.go against
// testdata/sparql12-{reference,engine}.tsv; a TriG or N-Quads qt:data keeps
// its named graphs, and the update syntax types without the "11" suffix
// that suite uses run like the 1.1 ones.
//
// Update tests (update_run.go): engines that are an oracle.Updater run the
// update syntax tests (and the .ru syntax tests of delete-insert) and the
// UpdateEvaluationTest entries of UpdateManifests (not in DefaultManifests);
// the store after the request is compared with mf:result's, the engine's
// empty graphs left out (the manifests cannot state them). Others skip them.
// `oracle w3c` runs DefaultManifests and UpdateManifests unless told
// otherwise (--suite), and counts the two kinds apart (Report.Split,
// IsUpdateTest).
//
// How to change it: a runner change is proved on the small suite of
// testdata/suite (TestRunnerOutcomes; TestRunnerOutputs against the
// report.* goldens, rewritten with -update); the engines' accepted
// deviations on the real suite are baselines/ (engines_test.go). The
// tests over the real suite share w3c_test.go's runManifests (a run of
// one engine) and holdTo (a run against its baseline, #exclude lines aside).
package w3c
