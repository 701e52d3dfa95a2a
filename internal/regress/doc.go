// Package regress owns the regression corpus (corpus/regress/ at the
// repository root): every divergence the oracle found, reduced, with the
// verdict each engine gave when it was recorded, and the findings page
// (docs/findings.md) generated from it.
//
// A case is a directory, one per root cause's face: the smallest reduced
// case witnessing a root cause (internal/rootcause: the engine family,
// class group, trigger found by ablation, symptom); one face may be the
// face of several root causes (engines of several families wrong on it):
//
//	corpus/regress/<id>/query.rq    the minimal query
//	corpus/regress/<id>/data.nq     the minimal dataset, N-Quads (may be empty)
//	corpus/regress/<id>/expect.tsv  "# key: value" header lines (origin, seeds,
//	                                fingerprint, title, feature, signature,
//	                                status, reduction), then per engine:
//	                                engine, version, outcome, classes, basis
//	                                (of a wrong verdict: kind:anchor or
//	                                kind:ref) and reduction (the verification
//	                                of that engine's reduction: minimal=verified
//	                                tried=N, or why not)
//
// Beside the cases: record.tsv (what came of each seed: filed as which case,
// a witness of which root cause, flagged and why, or no divergence),
// rasqal-master.tsv (what Rasqal's git master does on each Rasqal finding:
// `go test ./internal/regress -run TestRasqalMaster -rasqal-master` rewrites
// it after a regeneration) and upstream.tsv (what each engine's
// public tracker says of a root cause: known / fixed / not-found, the issue
// seen in a search result, the date checked; upstream.go reads it). The
// record is data: testdata/upstream/rules.py holds one rule per issue seen
// in a search of the engines' public trackers and the searches run per
// engine; `python3 internal/regress/testdata/upstream/mkupstream.py
// corpus/regress` rewrites upstream.tsv after a regeneration (lookups go by
// fingerprint, then case id, so a renamed case loses its record until then).
//
// The corpus test (regress_test.go) runs every case through the same
// runner as `oracle diff` (triage.Judge) on every installed engine and fails
// when an outcome or a class changed: a fixed engine bug shows up as a
// change, and the expectation is then re-recorded. Engines that are not
// installed are skipped with a message, except in CI (CI=true) for the
// engines scripts/install.sh installs.
//
// Regenerating (regen.go, seeds.go), one command:
//
//	go test ./internal/regress -run TestRecord -record -timeout 60m
//
// first writes as seeds the corpus cases no seed under testdata/seeds
// accounts for (SeedOrphans), then judges every seed (a query whose first
// line is "# origin: ...", over <seed>.nq or the library example) on every
// installed engine, reduces each (engine, class) on a wrong side with
// reduce.All (per engine, against the judge alone, verified 1-minimal),
// finds each reduction's trigger by ablation (reduce.Trigger, run by every
// reduction for each engine wrong on its result), groups the reductions by
// root cause and takes each root cause's smallest witness as its face (the
// others are kept in the face's witnesses.tsv; the same reduced case wrong
// on several engines is one case), confirms each on a run of its own (and
// runs it once more: engines that answer otherwise are recorded as
// "# flaky:", whose changes the corpus test logs instead of failing; a
// flaky mark of the previous corpus carries over by fingerprint: Virtuoso
// orders DISTINCT rows one way per server start, which one process never
// sees), names it after its reduced divergence (report's feature and
// class; cases that would share a name take the engine the case was
// reduced for, then a number),
// and rewrites every case directory. Divergences that did not survive
// reduction or confirmation are flagged in record.tsv, never filed. Flags:
// -workers (seeds at once, default 3), -maxcalls and -maxtime (per
// reduction, default 300 calls and 30 s; measured: 3.5 to 5.5 minutes on
// 2 shared cores with 14 engines, 208 of 209 reductions verified). Quick
// sync without reducing: -rejudge re-runs every case and rewrites only the
// verdicts and titles (about 40 s; titles named with the triggers
// expect.tsv records, as the recording named them). The corpus holds one
// case per root cause: TestOneCasePerRootCause fails on a case that faces
// none (its findings' root causes all have smaller faces), and -merge
// turns such a duplicate into witnesses of those faces. A new seed is checked with -record -seeds REGEXP:
// only the matching query seeds, recorded into a temporary folder the log
// names (corpus/regress untouched; about a minute for the seven sparql12-*
// seeds). An engine refusing a SPARQL 1.2 query (follows12) is flagged,
// never filed: it lacks 1.2. After a regeneration: `python3
// internal/regress/testdata/upstream/mkupstream.py corpus/regress`, then
// `go test ./internal/regress -run TestFindings -update` regenerates
// docs/findings.md (findings.go) from the corpus and upstream.tsv: root causes per engine with status, basis and upstream
// link, the counts and the reduced sizes; only the reference runs, to print
// the expected answers; without -update the test checks the page is
// current. The same run writes corpus/regress/roots.tsv (RootsIndex), the
// root causes the corpus records, which the binary carries: rootcause
// names a root cause found again by its corpus case, and a store files it
// recorded, not untriaged.
//
// Update findings (regen_update.go). An update case is a folder holding
// update.ru (the minimal request), data.nq (the store before it) and
// expect.tsv (each engine's verdict on the store after it, basis
// "text:<anchor of SPARQL 1.1 Update>"); LoadDir skips them (its readers run
// cases as queries) and LoadUpdateDir reads them. Seeds are
// testdata/seeds/<id>.ru ("# origin:" first) over <id>.nq or the empty
// store. TestRecord -record regenerates them with the query cases
// (RegenerateUpdates: reduce.JudgeUpdate, reduce.UpdateAll per engine
// against the judge alone, verified 1-minimal, grouped by
// reduce.UpdateFingerprint, confirmed, named "update-<operation>-<class>");
// -record -updates regenerates the update cases alone (the query cases and
// record.tsv stay; the update log is record-update.tsv); -rejudge
// [-updates] re-runs them. TestCorpus checks them (CheckUpdate) and
// TestFindings lists them with the query cases.
//
// One path for both kinds: a judged case is a judgedRun (run.go: queryRun
// over triage.Report, updateRun over reduce.UpdateRun), which gives each
// engine's verdict (expectations) and what is recorded of a wrong engine
// (wrongOf: basis, title, root cause). Checking (changes), rejudging
// (rejudgeWith), the flaky rerun (flakyEngines), the expect.tsv rows
// (verdicts), the seed pool (eachSeed), the keep-or-flag rule of each
// reduction (reduced.keep), the seeds header (seedList) and writing the
// corpus (Regen.write) are written once. What stays per kind: the
// judging and reduction calls, the fingerprint, and for queries the root
// causes' faces, witnesses, actual answers and bisect lines.
//
// How to change it: a rule of the corpus for both kinds goes in the
// shared functions above; what a kind records of a wrong engine goes in its
// wrongOf; a new kind of case is a judgedRun plus its seed loader.
//
// This package imports diff, reduce, report, oracle, rdf, results,
// algebra/syntax (canon.go) and registry (bisect.go); sweep and cmd/oracle
// read the corpus through LoadDir.
package regress
