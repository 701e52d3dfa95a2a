// Package report writes divergences up for the people who fix them: one
// Bug per divergence (a root cause: the reduced case and its class, with the
// engines it shows on), and inside it one EngineReport per diverging engine,
// for that engine's tracker. It renders them as Markdown (WriteMarkdown),
// JSON (NewJSON; schema in docs/report-schema.md) and a terminal table
// (WriteTable), and keeps one bug per signature (Dedup).
//
// What a report says, and where it comes from:
//
//   - Names (name.go): the construct that produces the differing cell (the
//     SELECT expression, BIND or GROUP BY alias binding the differing
//     variable) or the operator that drops or adds the row, the effect in
//     plain words ("returns 2 for ?n where the spec gives 1"), and the
//     anchor of that construct at its own level (spec.go; sections and
//     sentences from spec_sentences.tsv, quoted from SPARQL 1.1 Query and
//     embedded: nothing under ../shared is read at run time). Titles name
//     only engines on the wrong side.
//   - Basis (basis.go): what the verdict rests on, a results.Basis: the
//     text (anchor and sentence); an erratum or W3C test the judge follows
//     against the words (results.Freedom.Follows), cited instead of the
//     definition where it decides the divergence (followed: one on a
//     deciding anchor; errata-query-21 only there, scoped, since it
//     decides an implicit group's row, not the value in it); or a
//     contested question (results.Freedom.Contested), which makes the
//     divergence a spec question (question.go, status "spec-question"),
//     never an engine bug unless asked (FileContested). A question is
//     named by the construct that met it (results.Basis.Construct,
//     questionFeature) and cited at that construct's definition (cited:
//     AVG's #defn_aggAvg for w3c/rdf-tests#39). "Every reading rules it
//     out" said of other projected variables cites the projection's text
//     (projectionRuledOut): no reading changes them.
//   - Sections (spec.go): every construct label a title can name
//     (internal/constructs) at the definition that decides it: the §17.3
//     row for an operator (opLink; spec_sentences.tsv keys "OperatorMapping
//     op"), the algebra's definition for DISTINCT, REDUCED, BIND (Extend),
//     EXISTS, GRAPH; §17.4's for functions, IN, = and !=. Sentences are
//     quoted exactly, elisions written " … " (TestSentences checks them
//     against ../shared/spec; TestDecidingAnchors the table).
//   - Reproducers (commands.go): each engine's own, from its adapter through
//     the optional oracle.Reproducer interface (oracle.NativeFor looks
//     through wrappers); this package knows no engine by name. The callers
//     pass the run's engines to Bugs, BugFor and Reduced.
//   - Versions (version.go): the oracle's module version and commit
//     (debug.ReadBuildInfo), and outsiders' names for our own evaluators.
//   - Escaping (escape.go): fences longer than any backtick run in the
//     content, every other string escaped, so a hostile query, dataset or
//     engine message cannot add headings, links, HTML or mentions.
//   - Terms (terms.go): one writing of every term a person reads — the
//     answers, the row diff, the title and effect, the notes: N-Triples,
//     xsd:/rdf: datatypes shortened ("1"^^xsd:integer), TAB escaped
//     (termText; shortTerms for text the diff package wrote). The
//     reproducer's query and data stay as the engines read them.
//   - Root cause (rootcause.go): each engine report says what its finding
//     is a witness of (internal/rootcause), above the reproducer:
//     severity, group, family and members, trigger, symptom, the status of
//     a matching known.json rule with link and quote, and for a stale
//     build the re-check on the newest release (EngineReport.Members,
//     Recheck; the same in update reports), and the corpus case that
//     already records it (rootcause.Recorded).
//   - Attachments (attach.go): a block over attachLines lines or
//     attachChars characters (oxilite's SQL, a long error or answer) is
//     summarised in place and attached after the reproducer in a collapsed
//     <details>; the JSON keeps it in full. The threshold is decided in
//     long() alone.
//   - No local path (local.go): engine messages, errors and evidence go
//     through internal/localpath; a W3C test's case names its files by
//     their published IRIs (internal/w3c/public.go).
//     TestNoLocalPathInAnyOutput greps every format of reports made from
//     W3C tests, a corpus case and generated cases through the real
//     pipeline (rasqal, the reference and the fast engine).
//
// Updates (update*.go): UpdateBugs, UpdateBugFor and UpdateReduced write up
// the divergences of an update run (reduce.UpdateRun) as the same Bug, one
// path for both kinds: what differs is a field. An update's bug has
// Reproducer.Update set, the request as update.ru and the store before it
// as data.nq; the judge's store after it is ExpectedStore (a query's is
// Expected), and each EngineReport holds the engine's store (Store, its
// error in Answer) against the judge's as a per-graph quad diff (Graphs:
// the named graphs that exist on one side only too), where a query's
// holds the rows. The basis is update_spec.go's (the sentence of SPARQL
// 1.1 Update deciding the class for the operation, quoted from the
// embedded update_sentences.tsv, checked against ../shared/spec by
// TestUpdateSentences). WriteMarkdown writes both, one report per wrong
// engine; the words and blocks that differ (the files' headings, the
// basis line, the stores for the rows) are the kind's words
// (render.go, update_render.go). The steps both kinds share are written
// once: writeUp (every divergence), divergenceWith (the one with a
// signature), firstEngine (the bug's engine, effect, root cause and so
// its id: bugID), finishReport (root cause, family, re-check and the
// engine-only reproducer through oracle.NativeFor with the reproducer's
// NativeCase, Update for a request; the oracle line alone when the
// adapter has none), writeParts (the reports separated by rules). It runs
// nothing: internal/pipeline judges, reduces, then calls it.
//
// To change: a step of writing up that holds for both kinds goes in the
// shared helpers, called from bugOf and updateBugOf; a part an update
// words otherwise goes in words (queryWords, updateWords); the JSON of a
// Bug, of either kind, is a published schema (docs/report-schema.md,
// api/openapi.yaml): add fields, never reorder or rename them.
//
// Import rules: report imports diff (verdicts, classes, reduction figures),
// oracle, results, rdf, rootcause, localpath and algebra/syntax; diff never
// imports report (nor do w3c, registry and the adapters, which its tests
// use).
// Goldens: testdata/golden, rewritten with -update (hostile.* hold the
// break-out attempts; basis_cases.txt the real judge on the recorded
// engine answers of testdata/basis, TestBasisCases).
//
// How to change it: a field of the write-up goes into Bug or EngineReport
// and docs/report-schema.md together; TestReportGoldens renders every case
// of testdata/golden (rewrite with `go test ./internal/report -update` and
// read the diff).
package report
