// Package diff compares SPARQL answers the way the specification allows,
// names the divergences, triages a case's outcomes with the reference as the
// judge (reduction and reports are internal/reduce's and internal/report's).
//
// # Comparison (compare*.go, bijection.go, rowdiff.go, class.go)
//
// Compare(expected, actual) judges an engine's answer against the judge's
// (the reference evaluator's) answer and returns a *Verdict: OK, the
// divergence Classes (most specific first), a human Diff and a Note.
// Answers are compared term by term (RDF 1.1 term equality, rdf.Term ==),
// never by value: "1.0" and "1.00" differ, under their own class.
//
// What counts as correct (docs/architecture.md, "Semantics we commit to"):
//
//   - Bindings: the projected variables as a set (their order is noted, not
//     judged); rows as a bag with exact multiplicities (#defn_algToMultiSet),
//     under ONE blank-node bijection for the whole answer
//     (#BlankNodesInResults).
//   - ORDER BY (Freedom.Ordered): actual must be some permutation of
//     Freedom.Sequence that keeps tie classes (Freedom.Ties) in order, sliced by
//     Offset/Limit (#modOrderBy, #defn_algSlice). Decided without enumerating
//     permutations: each tie class inside the window must match its stretch
//     of actual as a multiset; a class cut by the window edge must contain
//     its stretch. Ordered without a Sequence: expected.Rows as a strict
//     sequence. No Ties: the Sequence is strict.
//   - REDUCED (Freedom.Reduced): the distinct rows must match, each with a
//     multiplicity between 1 and the judge's (#defn_algReduced). REDUCED with
//     ORDER BY accepts the full sequence and the DISTINCT one (first
//     occurrences) only; a rejection whose rows are otherwise right is
//     reported with ClassUndecided.
//   - Freedom.Open variables: only the shape counts (bound or not, term
//     kind, datatype and language of a literal); the Note says so.
//   - Computed cells (Freedom.Cells, SequenceCells, TripleCells;
//     compare_computed.go): an actual row that equals no judge row but is
//     one up to permitted forms of its computed cells (results.Cell.Accepts:
//     any lexical form of a computed number, an xs:decimal within the
//     precision XSD's minimum allows, anything for an open value) is
//     rewritten to the judge's terms before the exact matching; a row that
//     fits judge rows with different terms makes a failure undecided.
//   - Contested readings (Freedom.Readings, compare_readings.go): an
//     answer other than the judge's that equals the judge's answer under
//     another reading is undecided with a contested Verdict.Basis naming
//     the reading (a spec question); one that equals no reading, when the
//     readings are complete, keeps its classes (wrong) with a text basis
//     "every reading of the text rules it out".
//   - §17.6 extension points (Freedom.Extension, compare_extension.go): an
//     answer that differs from the judge's only in cells holding
//     results.ExtensionValue in the judge's extension answer (any value or
//     none) and in rows only that answer keeps is ClassExtension
//     (permitted-extension, outcome Extended: judged, never filed, named in
//     the notes); where an extension point decided elsewhere a differing
//     answer is undecided, with §17.6 as its basis.
//   - CompareAs(engine, ...) is Compare for a named engine: the fast engine
//     (TwinName) is held to the reference's own DESCRIBE policy, any other
//     engine's description is any graph. Triage and selfcheck use it.
//   - Boolean: equal booleans. Graph: RDF graph isomorphism, triples as a set.
//   - Different kinds (bindings vs boolean...): ClassShape.
//   - Other projected variables: ClassVars; no solutions on either side and
//     a head that lists none of the projected variables: ClassEmptyHead.
//   - A graph holding a triple that is not RDF (a literal subject, a
//     predicate that is not an IRI), which CONSTRUCT leaves out:
//     ClassIllegalTriple, whatever the rest of the graph holds.
//
// The bijection search (bijection.go) folds rows into distinct rows with
// counts, buckets them by their blank-free signature (blank nodes numbered
// by first occurrence in the row), matches blank-free rows by key and rows
// whose blank nodes occur nowhere else by counts, and backtracks over the
// rest: the next row is the one with the fewest consistent candidates among
// those holding an already mapped blank node (candidates found through an
// index), and blank nodes may only map to blank nodes with the same
// occurrence profile. The search spends at most Options.Budget steps
// (DefaultBudget); when it runs out the Verdict is not OK, has the single
// class ClassUndecided, and its Note says the answer is unjudged.
//
// When the exact check fails, the Verdict explains it (rowdiff.go): same rows
// in a forbidden order is ClassOrder; same distinct rows with other counts
// is ClassDuplicateRows; otherwise exactly matching rows are removed
// (blank-free rows by key, rows with blank nodes greedily, following the
// blank-node structure), the remaining rows are paired by similarity, and
// each pair's cells are explained (numeric-lexical, numeric-datatype,
// lang-case, simple-vs-string, blank-vs-iri, unbound-vs-bound, wrong-value;
// a computed cell as computed-value or computed-datatype; a copied cell of
// a traced judge that came back in another form of the same value as
// copied-literal-changed beside its specific class);
// unpaired rows give missing-rows and extra-rows. This explanation is best
// effort; OK never depends on it.
//
// Class names (class.go) are stable strings stored in baselines and reports:
// add classes, never rename them. The outcome classes (error-vs-answer,
// timeout, crash, unsupported, rejected) are never produced by Compare; they
// exist so that triage uses the same vocabulary.
//
// # Triage (triage*.go, metamorphic.go)
//
// Triage(case, outcomes) judges every engine's outcome against the
// reference's (JudgeName) and returns a *Report: one EngineVerdict per
// engine (Outcome: correct, wrong, unjudged, permitted-extension, error,
// unsupported, rejected, timeout, crashed, unavailable; the classes of a
// wrong answer), the case's
// Kind, its Reason when unjudged, and
// its Divergences. A Divergence is a Signature (class, the engines on the
// wrong side, the engines on the judge's side, sorted); an engine whose
// answer shows several classes is on the wrong side of each. Kinds:
// all-correct; engine-bug; internal-bug (the fast engine, TwinName, is
// wrong: reported loudly); oracle-suspect (the twin is right and at least
// two external engines are all wrong alike: their outcomes become unjudged
// and the divergence is never filed against them); unjudged, when nothing
// or not everything could be judged: the reference has no answer (any error
// of the judge: a query it rejects, its budget or deadline, a crash; the
// majority is noted, and Judge adds the TLP metamorphic check: FILTER(p),
// FILTER(!p) and "p is an error" must partition the unfiltered solutions,
// as in SQLancer; an engine failing it is wrong), or no engine diverged but
// some engine was not judged correct (timeout, unavailable, unsupported,
// undecided). all-correct means every engine was judged correct (or a
// permitted extension).
// Unsupported, timeout and unavailable are recorded, never divergences.
// Judge (triage_run.go) makes a case whose FROM / FROM NAMED the catalogue
// does not resolve unjudged before any engine runs, and runs the TLP
// queries within the case's deadline, on the engines that answered only.
//
// Besides TLP, Judge runs the DISTINCT check (metamorphic.go): the
// DISTINCT form's answer must be the plain answer's distinct rows
// (#defn_algDistinct); the plain answer is the engine's answer to the case.
//
// # Metamorphic relations (metamorphic_rel.go, metamorphic_pages.go, metamorphic_relrun.go)
//
// Relations are rewrites whose answers the text ties to the original
// query's, so an engine is judged against itself where no judge reaches
// (realistic data, internal/realistic): norec (FILTER's rows against the
// same expression bound as a flag), optional-partition (OPTIONAL as join
// plus NOT EXISTS), union-partition (each UNION branch alone, bags added),
// join-reorder, filter-move (into or out of a group where §18 makes it
// equivalent), subselect-wrap, limit-pages (pages of a totally ordered
// answer concatenate to it; the order is checked total on the answer), and
// distinct-union. Each cites the definitions it holds by (Relation.Cites)
// and skips, saying why, where it does not hold; RunRelations gives a
// Check per engine and relation, a violation carrying the queries and the
// two answers (Check.Answers; Check.Explain writes it up). Answers are
// compared as bags up to blank-node identity (blur). Judge does not run
// them yet: they are for realistic sweeps and `go test` (metamorphic_rel_test.go:
// testdata/relations/plans.txt says where each applies; the relations must
// hold on both in-house engines over realistic data).
//
// # The large-case judge (large*.go; docs/large-judge.md)
//
// When the reference ran out of budget, time or a resource limit on data
// larger than one sample (LargeOptions.SampleQuads) and the fast engine
// answered, the fast engine may judge: Report.Judge is TwinName,
// Report.JudgedBy says so with the reference's real figure, Report.Large
// holds the evidence. On data of more than LargeQuads triples with a
// deadline (judgeLarge) the reference gets RefShare of the time left and
// runs beside the fast engine while the externals run; the samples and
// the fast engine's checks then overlap the externals. The evidence: the
// query on the reference and the fast engine over Samples seeded samples
// (large_sample.go: triples whose predicate the query names, walked
// breadth first from the query's IRIs and random subjects, at most
// sampleFanouts[i] triples per node: broad to deep, capped); a disagreement leaves the case
// unjudged with the sample as evidence (an internal bug); no agreeing
// sample (or only empty ones for a non-empty answer) is no evidence and
// no verdict; the fast engine failing a metamorphic check on the full
// data is no verdict. What the query leaves open that only the
// reference records (large_open.go: slices, REDUCED, aggregates other
// than COUNT, computed numbers, per-call values; or what the reference
// found open on a sample) marks the fast engine's answer Indeterminate:
// another answer is undecided, never wrong. Judge uses DefaultLarge;
// JudgeWith takes LargeOptions (Off: the old behaviour).
//
// # Reduction
//
// Reducing a divergence is internal/reduce's (reduce.Engine: one engine in
// one class against the judge alone); it imports this package, never the
// reverse.
//
// # Reports
//
// Writing divergences up is internal/report's (report.Bugs, report.Run,
// which runs reduce.Run); this package never imports report or reduce.
//
// # Changing this package
//
// Tests are data: testdata/cases/*.txt (format in compare_format_test.go),
// one subtest per file, with a golden "== result" section rewritten by
// `go test ./internal/diff -run TestCases -update`. Property tests check
// permutations, relabellings, drops, duplicates, ties and LIMIT cuts, and
// TestAgainstBruteForce checks Compare against an exponential decision
// procedure on small random answers; FuzzCompare checks self-acceptance and
// symmetry. Run them all after any change to the search. The -update flag
// variable `update` is declared once for the package, in compare_test.go.
//
// Update answers (results.GraphStore): compare_store.go compares stores
// quad by quad, the graph name a fourth cell, under one blank-node bijection
// over the whole store; the judge's empty graphs may be absent; any outcome
// in Freedom.Update is accepted (classes missing-quads, extra-quads,
// graph-existence, changed-literal, atomicity; error-vs-answer when only
// one side failed). update_run.go (RunUpdate) runs one request on every
// engine that is an oracle.Updater, for `oracle diff -u` and POST /v1/diff.
//
// How to change it: a new comparison class is a constant in class.go
// (added, never renamed), its row in docs/report-schema.md's class table
// and a case file under testdata/cases (TestCases, compare_format_test.go
// gives the format); a triage rule is proved by a file under
// testdata/triage (TestTriageData); where a metamorphic relation
// applies, by testdata/relations/plans.txt (TestRelationPlans).
package diff
