// Package large holds what judges a case where the reference cannot: the
// metamorphic checks (an engine against itself: TLP, DISTINCT), the
// metamorphic relations for realistic data, and the large-case judge (the
// fast engine judging on the evidence of samples). It compares answers
// through internal/diff and knows nothing of triage's reports:
// internal/triage runs it and writes its findings into a triage.Report.
//
// # Metamorphic checks (metamorphic.go)
//
// TLP: FILTER(p), FILTER(!p) and "p is an error" must partition the
// unfiltered solutions, as in SQLancer; an engine failing it is wrong.
// DISTINCT: the DISTINCT form's answer must be the plain answer's distinct
// rows (#defn_algDistinct); the plain answer is the engine's answer to the
// case (Checks takes the answers already known). Each gives a Check per
// engine.
//
// # Metamorphic relations (metamorphic_plan.go, metamorphic_rel.go, metamorphic_pages.go, metamorphic_relrun.go)
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
// compared as bags up to blank-node identity (blur). triage.Judge does not
// run them: a sweep of a profile with "relations" does, after the judge, on
// every engine that answered (internal/sweep relations.go, which files a
// violation through filing.Violation), and `go test` (metamorphic_rel_test.go:
// testdata/relations/plans.txt says where each applies; the relations must
// hold on both in-house engines over realistic data).
//
// # The large-case judge (large*.go; docs/large-judge.md)
//
// When the reference ran out of budget, time or a resource limit on data
// larger than one sample (Options.SampleQuads) and the fast engine
// answered, the fast engine may judge: triage.Report.Judge is
// TwinName, Report.JudgedBy says so with the reference's real figure,
// Report.Large holds the evidence (Evidence). On data of more than
// LargeQuads triples with a deadline (Options.Splits; triage's
// judgeLarge) the reference gets RefShare of the time left (Options.Share)
// and runs beside the fast engine while the externals run; the samples and
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
// another answer is undecided, never wrong. triage.Judge uses Default;
// triage.JudgeWith takes Options (Off: the old behaviour). A Run is one
// attempt: NewRun, Prepare (samples, the fast engine's checks), SetOutcomes
// (every engine's outcome), Checks, Refuse (why the fast engine may not
// judge), then Accept or Decline (the Evidence).
//
// How to change it: a new metamorphic relation is a Relation in
// metamorphic_rel.go citing the definitions it holds by, with a plan
// function that says where it does not hold; testdata/relations/plans.txt
// says where each applies (TestRelationPlans) and the relations must hold
// on both in-house engines over realistic data (metamorphic_rel_test.go).
// A change to the large-case judge is proved by large_test.go (real
// reference and fast engine) and docs/large-judge.md says what it decides.
// A test's buggy engine is a faulty (helpers_test.go: the fast engine's
// answer rewritten by one bug), not a new engine type; tests take their
// engines from internal/registry/registrytest, as the registry builds them. TLP and the DISTINCT
// check share their parse-and-refuse step (parseFit) and plain-SELECT test
// (plainSelectUnfit): a new metamorphic check takes both.
package large
