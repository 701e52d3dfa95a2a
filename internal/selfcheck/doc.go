// Package selfcheck runs generated cases through two engines and compares
// them: the equivalence property "the fast engine answers every generated
// case as the reference does", checked by TestEquivalence (ORACLE_CASES or
// -cases, default 20,000), FuzzEquivalence (the seed is the fuzz input) and
// `oracle selfcheck`.
//
// One case: corpus.Generate(seed, profile) gives a query and its data; the
// judge (the reference) and the engine under test evaluate it, each under a
// deadline and with panics turned into oracle.ErrCrashed; diff.Compare
// judges the engine's answer against the judge's, freedom included. A case
// is
//
//	Agree         the answers agree, or both engines raised a query error
//	Disagree      a wrong answer, or an error on one side only
//	Unjudged      the judge ran out of budget or time, or Compare could not decide
//	Invalid       the judge rejected the query (a generator bug: see TestGenerateAccepted)
//	ActualBudget  the engine under test ran out of budget or time
//
// Every disagreement is printed (seed, query, N-Quads, verdict) and, with
// Config.FailDir, written as seed-S.rq (the seed and verdict as # comments)
// and seed-S.nq. Replay one with `oracle selfcheck --seed S --cases 1`.
// Cases run on a pool of GOMAXPROCS workers; a run is reproducible from
// (first seed, count, profile) whatever the scheduling.
//
// Update cases (update.go): GenerateUpdate (corpus.GenerateUpdate under an
// update profile, corpus/profiles/update-*.json; a query profile stands for
// the built-in "update"), CheckUpdate, RunUpdates: requests of every §3
// form over a generated store, the stores compared by diff.CompareWith
// (triage.CompareOptions)
// (TestUpdateEquivalence; `oracle selfcheck --update` or an update
// profile; TestProfiles -only update- measures the update profiles).
//
// One path for both kinds: a seed's case is a trial (its text and data,
// how an engine runs it: eval or update, both bounded by guarded, and how a
// failure shows a one-sided error); judge classifies every trial and
// runSeeds is the one worker pool (RunWith, RunUpdates). Check and
// CheckUpdate only build the trial.
//
// To change: an outcome rule for both kinds goes in judge or
// judgeOutcome, never in Check or CheckUpdate; a new kind of case is a
// function building a trial plus a run function over runSeeds. The engines
// come from the registry by name, so a new engine needs no change here.
//
// How to change it: every corpus/profiles/*.json is run by TestProfiles; a
// disagreement worth keeping goes under testdata/regress (TestRegress
// replays it). The tests take their engines and datasets from
// helpers_test.go (engines: the judge and the fast engine; installed: an
// external engine, skipped unless installed or CI; readDataset, datasetOf).
package selfcheck
