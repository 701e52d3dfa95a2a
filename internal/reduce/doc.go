// Package reduce shrinks one engine's divergence from the judge to a
// verified 1-minimal case, and gives reduced cases their identity
// (Fingerprint).
//
// # What it owns
//
// Per-engine reduction (engine.go, session.go). Engine(case, engines,
// engine, class, limits) reduces the divergence of ONE engine in ONE class
// against the judge alone (oracle.JudgeName, the reference): a candidate is
// kept when that engine is still on the wrong side of a divergence of that
// class when only the judge and the engine run (triage.Triage; triage.Judge
// adds the metamorphic check when the judge cannot answer). Never "some
// difference", never the whole two-sided signature: a bystander engine
// that changes its answer on a candidate does not block the step. The
// other engines (the fast engine among them) run once, on the result:
// Result.Report and Result.Others are annotations for reports ("what the
// other engines answer"), never part of a finding's identity. Divergence
// reduces one triage.Divergence once per engine on its wrong side; All
// reduces every (engine, class) of a report. A session caches the judge's
// outcome by query text and data across its reductions.
//
// Flagged, not filed: when the engine is not wrong in the class on the
// original case against the judge alone, or the reduced case loses it on a
// re-run, the Result has Survived false and a Reason (Engine also returns
// ErrNotSurvived). Callers never file such a result.
//
// The shrinker (shrink.go, ddmin.go, form.go): one driver for both kinds
// of case. Shrink(case, still, stop) and ShrinkUpdate run shrink over a
// form: where a case keeps its text and its data (a query and its
// dataset, a request and the store before it) and the grammar of its text
// (how it parses, the order its nodes are visited in, the edits of one
// node: queryGrammar, updateGrammar). The driver runs ddmin over the
// data's quads, then single steps to a fixpoint: tree edits (edits*.go,
// update_edits.go) and literals shrunk in data and text together
// (literals.go), each taken only when the candidate is strictly smaller by
// the order of measure.go (quads, syntax nodes, constants, text length,
// text), so the loop ends whatever an edit does. Candidates are printed
// and parsed again (one that does not parse is never asked), and cached by
// text and data. After the fixpoint every single step is re-run without
// the cache: Stats.Tried counts them, Stats.Minimal says all lost the
// divergence (the result is verified 1-minimal), Stats.Kept names any that
// kept it (the fixpoint then resumes from it, at most maxRounds times),
// Stats.Flaky says the result itself lost it. Limits bound oracle calls
// and wall time (the stop func); a stopped reduction is never Minimal.
// Deterministic for deterministic engines.
//
// One reduction (session.go): both sessions (session for queries,
// updateSession) share a base (engines, judge, limits, the judge's answer
// cached by candidate unless it says the machine's state), reduction (the
// divergence checked on the original, then shrink under the limits) and
// Engine/All over either session (reduceEngine, reduceAll). What differs
// is a check: a query's candidate keeps the engine wrong in the class in
// triage.Triage against the judge's rows; an update's, its store compared
// with the judge's and the same failure (errorKey).
//
// The edits. An edit site is (node index in the grammar's node order:
// syntax.Inspect's for a query, updateNodes' for a request; edit index);
// sites computed on a tree apply to any syntax.Clone of it. Kinds
// (stable names, testdata/edits.txt has one case per kind): drop-element,
// drop-triple, drop-property, drop-object, drop-union-branch,
// pick-union-branch, unwrap-optional, unwrap-minus, unwrap-graph,
// unwrap-service, inline-subselect, flatten-group, unwrap-exists (FILTER
// (NOT) EXISTS {P} by P), drop-not (NOT EXISTS, NOT IN), project-star,
// drop-select-item, drop-distinct, drop-reduced, drop-decl (the IRIs it
// served are written in full), drop-from, drop-template-triple,
// drop-describe-term, drop-values, drop-values-row,
// drop-values-column, undef-values-cell, drop-order, drop-order-key,
// drop-order-direction, drop-slice, lower-slice, drop-group-key,
// drop-having, count-star, drop-separator, drop-silent, operand (an
// expression by an operand: a conjunct dropped, `!e` by e), expr-to-var,
// expr-to-const, const-to-var (an IRI or literal by a fresh variable),
// shrink-literal, drop-in-member, path-operand, drop-negated-member; and
// on the whole case, shrink-literal-everywhere.
//
// Updates (update.go, update_judge.go, update_edits.go). An update case
// (an oracle.Case holding Update, its Dataset the store before it: the
// query side's own type, updateForm reading Update where queryForm reads
// Query) is judged by JudgeUpdate (the judge's store, each oracle.Updater's store compared
// with triage.CompareOptions; a refusal is rejected, another failure
// error-vs-answer unless the text permits the request to fail) and reduced
// per engine by UpdateEngine / UpdateAll, against the judge alone, by the
// same driver over updateGrammar: the request's own edits
// (drop-operation, the last one too: the empty request is one; drop-decl,
// drop-tail-prologue, drop-silent, target-to-default, drop-into,
// drop-data-block, drop-template-triple, unwrap-graph-block, drop-with,
// drop-delete-clause, drop-insert-clause, drop-using,
// drop-template-block; testdata/update_edits.txt) and every query edit
// reaching into the WHERE pattern and the templates' triples, and a
// literal shrunk in store and request together. The store is reduced as
// N-Quads (an empty named graph of the original is not kept: data.nq
// cannot hold one). A failing engine is kept failing for the same reason:
// its message, without numbers, quoted strings and IRIs, must stay the
// same (errorKey), so a reduction never slips to another failure (an
// engine refusing the empty request).
// UpdateFingerprint and CanonicalUpdateVars give reduced requests their
// identity.
//
// Triggers (trigger.go, trigger_update.go). A reduced case is 1-minimal
// for the shrinking edits yet may carry constructs its divergence does
// not need (a BIND that only renames, `[]` where a variable would do).
// Trigger(case, engines, engine, class, limits) ablates them: the labels
// of internal/constructs (constructs.Of) in a fixed order (the data's,
// then patterns and modifiers, then operators and calls, literal kinds
// last: when either of two would do, the more specific stays), each
// replaced by its neutral forms (constructs.Without); a variant is
// adopted when the engine is still wrong against the judge (session.pair,
// as Engine judges) in a class of the same diff.Class.Group, and later
// labels are ablated on it; a row dropped or added over a value the
// engine computed wrongly is looked under: HAVING's variants include the
// HAVING dropped and its aggregate projected (havingOperands), and a
// variant where the engine is wrong on the value itself is adopted and
// the value group kept from then on (valueUnderneath; Ablation.Face and
// Stats.Faces carry its report, whose class and symptom name the root
// cause: an AVG left unbound, not the row a HAVING over it dropped); up to maxAblationPasses passes while one
// removes something. Ablation.Trigger is the final case's labels (what
// no variant removed), Removed what went, Case the final case, Calls the
// oracle calls; Complete false when Limits stopped it (the untried labels
// stay in Trigger). UpdateTrigger does the same for update cases with
// constructs.OfUpdate / WithoutUpdate (the operations have no neutral
// form; the same failure kept by errorKey). testdata/triggers.tsv lists
// corpus cases, the engine wrong on them and what Trigger finds
// (TestTrigger, golden with -update, real engines, skipped when one is not
// installed).
//
// Large cases (large.go, large_data.go). Large(ctx, case, accused,
// judges, keep, LargeLimits) reduces a realistic case (10k to 1M quads)
// for the engine it accuses while keep holds. A Keep is any
// func(ctx, *oracle.Case) bool: JudgeKeep for a divergence from a judge
// (triage.Judge on the judges and the engine, the engine's answer against
// the judge's, not a metamorphic check alone; past PilotQuads the fast
// engine's answer is the pilot, without the large-case judge's evidence),
// RelationKeep for a metamorphic relation's violation (large.Relations).
// The data goes first, by ddmin over positions into the original's
// graphs (largeData: a candidate is a list of int32, built as a dataset
// only while it is asked, so the data is never copied whole): subject
// neighbourhoods (all quads of a subject, a blank node's with the subject
// that names it), then single quads. Then the query, by shrink: with the
// data too, and verified 1-minimal, once the data is at most SmallQuads;
// otherwise the query alone, over queryOnlyForm, whose cache keys hold no
// data. When the reference, among the judges, answers on the
// data-reduced case and finds the engine wrong, the query phase keeps
// its verdict as well as keep (Switched). The reduced case is judged at
// the end on the judges and the engine: LargeResult.Judge is the
// reference, the fast engine, or LargeSelf (keep alone, re-checked).
// LargeLimits bound calls, time (a context ending at MaxTime: a call in
// progress ends too; the final verdict has the caller's) and live heap
// (runtime/metrics). The case's Sources (FROM graphs) are carried over,
// not reduced. ddmin (ddmin.go) is the one ddmin, generic over what it
// drops, building a complement only when it tries it. LargeResult
// carries the witness (the original query, its triple count) for
// report.Bug's original_query, original_triples and reduced_triples.
//
// Identity (fingerprint.go). Fingerprint(query, base, dataset) is the
// normalised reduced query and canonical N-Quads, UpdateFingerprint the
// same for a request and its store: a finding is (engine, class,
// Fingerprint).
//
// # Changing it
//
// A new edit operation is a small function returning []edit (a stable
// kind name and the change, in place), reached from the grammar's edits
// of a node: nodeEdits (edits*.go) for an edit of queries, which the
// update grammar reaches too below the operations; updateNodeEdits
// (update_edits.go) for an edit of the request's own nodes. Nothing else
// changes: the driver, the verification and the sessions take every edit
// a grammar lists. Add a case to testdata/edits.txt or
// testdata/update_edits.txt (input, kind, every output; rewrite with `go
// test ./internal/reduce -run TestEdits -update`, then read the diff). It
// must make the tree smaller by size or it is never taken. A node the
// edit needs to reach must be in the grammar's node order (inspectNodes,
// updateNodes); changing that order changes the order candidates are
// tried in, so reductions change: the goldens say so. A new kind of case
// is a form (its text, base and data) with a grammar, and a check for its
// session. TestShrinkIsOneMinimal and TestShrinkUpdateIsOneMinimal check
// a reduction against an independent 1-minimality check; the engine tests
// (engine_test.go) need installed engines and skip without them
// (helpers_test.go: installed, and the case folders a test reads, a
// query's or an update's, through one reader). TestCorpusReduction and
// TestCorpusTrigger (behind -corpus, both in corpus_test.go) walk
// corpus/regress's wrong sides through one corpusTargets, measure per
// engine and never write the corpus.
//
// Imports: diff (triage, classes), oracle, rdf, algebra/syntax, results,
// constructs (the trigger's labels and variants; ExprSlots and DataBlocks,
// the slots the edits replace, shared with its neutral forms)
// (tests: registry, reference, regress). diff must not import reduce;
// report rendering imports reduce, never the reverse.
//
// How to change it: a new edit of the query's tree is proved by its
// expected candidates in testdata/edits.txt (TestEdits, rewrite with `go
// test ./internal/reduce -run TestEdits -update` and read the diff; updates
// in testdata/update_edits.txt); what a reduced case's trigger is, by
// testdata/triggers.tsv (trigger_test.go); a large reduction, by
// large_test.go (a realistic graph of 10k quads and a test engine that
// drops a row under a FILTER must end at a handful of quads the reference
// judges, 1-minimal; BenchmarkLarge100k measures it at 100k).
package reduce
