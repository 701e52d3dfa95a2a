// Package sweep runs sweeps: a corpus (generated cases by seed range and
// profile, the regression corpus, the W3C tests) times a
// set of engines, each case a job on River, with the results, reports and
// progress in internal/store.
//
// Jobs (jobs.go): a plan job counts the spec's corpus (cases.go: keys
// gen/<profile>/<seed>, regress/<id>, w3c/<manifest>#<name>; keys, not
// paths, so a worker on another machine resolves the same case; a profile
// given as a file travels in the spec, GenSource.ProfileJSON, under the
// name NAME@HASH of its content, corpus.RegisterInline; the regression
// corpus and the baselines are corpus.DataRoot's: the checkout's, else the
// copies the binary carries), stores
// the total and queues the first feed job. A feed job queues one batch of
// case jobs (500) and the next feed job, at a lower priority than the
// cases, so the next batch is queued only once the workers took the last:
// a sweep of a million seeds holds about one batch of queued jobs, never
// lists its corpus at once, and stops feeding as soon as it is not
// running. A case job (run.go) runs triage.Judge on the engines and reduces
// every divergence per engine: each engine on its wrong side is reduced
// against the judge alone (reduce.Engine, for that engine and class) under
// the spec's bounds (calls and seconds), skipping an engine already wrong
// in the class on a reduced case filed for this divergence (FileReport
// files every wrong engine of a bug). Each surviving engine's reduced bug
// is filed (store.FileReport, deduplicated by identity); an engine whose
// divergence did not survive is flagged, not filed
// (store.CaseRecord.Flagged, counted in Sweep.Flagged). A case the judge
// answered but could not judge for every engine (triage.KindUnjudged: a
// timeout, an unavailable engine) is recorded as unjudged (Sweep.Unjudged),
// never as correct. SweepSpec.ReduceCalls < 0 files every divergence
// unreduced. The job writes the per-engine results with store.RecordCase.
// The last case job to finish marks the sweep done. A periodic job (River
// periodic jobs, schedule daily) starts the nightly spec once per date.
//
// Metamorphic relations (relations.go, relations_reduce.go): a case of a
// profile with Relations set (corpus.Profile.Relations; the realistic
// profile sets it) runs, after the judge, every relation of
// internal/large (large.RunRelations) on every engine that answered the
// case's query: that answer is the one the judge got (known wraps the
// engine so the query is never asked twice), the relations together
// within relationsShare times the spec's deadline, each query within the
// deadline, and no query started with less time left than 1.5 times the
// engine's time on the case. A realistic profile's sweep defaults to
// DefaultRealisticDeadlineMS (30 s) per engine and case: an external
// engine loads the data for the first query of a block of seeds sharing
// it (corpus.RealisticSpec.Block), those that keep a store answer the
// rest on it, and roqet (Rasqal) loads it for every query; an engine is
// not given data over its descriptor's Capacity. The record holds one row per engine and
// relation (store.RelationCheck: held, violated, skipped or error, with
// the reason; an engine that did not answer is skipped for every
// relation), the data's size (DataTriples) and the judge that decided the
// case (JudgedBy: reference, fast engine, relations when only the
// engines' own relations judged, none). A violation is a finding against
// the engine (filing.Violation: the relation and its definitions are the
// basis, the write-up holds both queries and both answers, the root cause
// is keyed by the relation and the rewritten clause's constructs); it is
// reduced first by reduce.Large under the spec's reduce bounds, keeping
// the engine's violation of the relation in the same class group, and
// filed with the reduced case as reproducer and the realistic query as
// witness; one that does not survive is flagged. A judge's verdict on the
// engine stands beside it: the basis says the engine disagrees with itself.
// A divergence the fast engine judged (the reference out of time on a
// large case) is reduced the same way (large_reduce.go: reduce.Large with
// reduce.JudgeKeep, the fast engine in the judge's place while the data
// is large), not against the reference alone on the original case, which
// cannot judge it there. A large reduction gets at least MinLargeReduce.
//
// Reduction memo (memo.go): a divergence whose pre-reduction key (the
// store.KeyOf of its unreduced bug: signature and feature) was already
// reduced K times in the sweep (SweepSpec.ReducePerKey, default 3, 0 =
// always) is filed as an occurrence of the outcome those reductions
// produced most often (its bugs, one per surviving engine, and its flagged
// engines), without reducing it again. Options.ReduceKey = "signature"
// keys it on the signature alone (with many engines the unreduced feature
// makes almost every key unique). The memo is per process and starts empty
// after a restart.
//
// Cancellation (cancel.go): Runner.Cancel, or store.CancelSweep from any
// process, marks the sweep cancelled and deletes its queued jobs
// (store.DropQueuedJobs: every sweep job carries sweep_id in its args); a
// feed job that was inserting meanwhile looks again and drops its batch; a
// case job reads the sweep's state first, so one that slipped through
// finishes at once without running an engine; the plan and the last case
// job change the state only of a sweep still active
// (store.StartActiveSweep, store.FinishRunningSweep).
//
// Drivers: on the embedded SQLite store River runs on riversqlite over the
// store's own *sql.DB (one connection, as that driver asks); on PostgreSQL
// on riverpgxv5 over the store's pgx pool, so any number of worker
// processes (`oracle sweep worker`) share one sweep.
//
// Crash safety: jobs are durable rows; every write of a case job is an
// upsert keyed by (sweep, case, engine), so a job that runs again after a
// crash (River completes jobs asynchronously, so even finished jobs may)
// replaces its rows instead of adding to them. On SQLite one process owns
// the file, so New makes jobs left "running" by a dead process available
// at once; on PostgreSQL River's rescuer takes them back after
// Options.RescueAfter.
//
// Update cases (update.go): a generated key of an update profile
// (corpus/profiles/update-*.json) names a request and the store before it;
// the case runs through the spec's update-capable engines with
// reduce.JudgeUpdate, records one row per engine (outcome, class), and files
// each divergence (report.UpdateBugFor), reduced per engine with
// reduce.UpdateEngine, or unreduced with reduce_calls -1. A query case and
// an update case take one path (run.go: judgeCase, file, fileDivergence,
// reduce, the memo); what differs is the judged interface (updateRun,
// queryRun: the divergences, the unreduced write-up, one engine's
// reduction, the record's rows), so a change to filing, reduction or the
// memo changes both kinds.
//
// W3C tests (w3c.go, w3c_direct.go): a W3C source with no manifests runs
// every test of the query suites, the SPARQL 1.1 Update suite and the
// SPARQL 1.2 suite (W3CPaths: what `oracle w3c` runs, and the corpora the
// dashboard rates over their sizes). A query evaluation or result-format
// test is judged (triage.Judge; divergences reduced and filed) and each
// answer is then held against the test's expectation by w3c.Run; a syntax
// or update test runs through each engine with w3c.Run itself (no
// finding is filed). Either way a test's status is W3CStatus of the
// runner's result, against the engine's baselines merged (ReadBaseline:
// <engine>.tsv, -update.tsv, -sparql12.tsv), so a sweep, `oracle w3c
// --store` and `oracle gate --store` count alike.
//
// How to change it: to add a corpus, add a key prefix to cases.go (enumerate in cases,
// build in resolve) and a field to store.SweepSpec; to add a kind of case,
// implement judged (run.go) and return it from judgeKey.
package sweep
