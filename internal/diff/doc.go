// Package diff compares SPARQL answers the way the specification allows
// and names the divergences. Judging a case's outcomes is internal/triage's;
// the large-case judge and the metamorphic checks are internal/large's;
// reduction and reports internal/reduce's and internal/report's.
//
// # Comparison (verdict.go, table.go, compare*.go, bijection.go, rowdiff.go, class.go)
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
//   - DESCRIBE: any graph is a correct description (#describe), unless
//     Options.ExactDescribe holds the engine to the judge's own policy;
//     the caller says which engine shares it (triage.CompareOptions): the
//     comparator knows no engine.
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
// exist so that triage uses the same vocabulary. JoinClasses writes a list
// of them by name: reports, logs and tables call it rather than a join of
// their own.
//
// # Who uses it
//
// internal/large (samples, metamorphic checks) and internal/triage (a
// case's outcomes) import this package, never the reverse; it imports only
// oracle (CatalogueCase), rdf and results. It knows no engine: the names
// of the judge and its twin are oracle.JudgeName and oracle.TwinName.
//
// Update answers (results.GraphStore): compare_store.go compares stores
// quad by quad, the graph name a fourth cell, under one blank-node bijection
// over the whole store; the judge's empty graphs may be absent; any outcome
// in Freedom.Update is accepted (classes missing-quads, extra-quads,
// graph-existence, changed-literal, atomicity; error-vs-answer when only
// one side failed). Running an update on every engine is triage's
// (triage.RunUpdate).
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
// How to change it: a new comparison class is a constant in class.go
// (added, never renamed), its row in docs/report-schema.md's class table
// and a case file under testdata/cases (TestCases, compare_format_test.go
// gives the format). A triage rule is internal/triage's, a metamorphic
// relation internal/large's.
package diff
