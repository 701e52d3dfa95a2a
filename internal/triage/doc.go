// Package triage judges a case's outcomes with the reference as the judge:
// it runs the engines (Judge), names each engine's outcome, the case's kind
// and its divergences. It compares answers through internal/diff and adds
// the metamorphic checks and the large-case judge of internal/large where
// the reference cannot judge; reduction and reports are internal/reduce's
// and internal/report's, which import this package, never the reverse.
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
// Besides TLP, Judge runs the DISTINCT check (internal/large, metamorphic.go): the
// DISTINCT form's answer must be the plain answer's distinct rows
// (#defn_algDistinct); the plain answer is the engine's answer to the case.
//
// The large case (triage_large.go): when the reference ran out on data
// larger than a sample, Judge runs a large.Run (the samples, the fast
// engine's checks) and lets the fast engine judge when the evidence allows
// (large.Run.Refuse): Report.Judge is TwinName, Report.JudgedBy says so,
// Report.Large holds the evidence (large.Evidence); on data of more than
// large.Options.LargeQuads triples with a deadline (judgeLarge) the
// reference gets a share of the time and the samples overlap the external
// engines. With the fast engine judging, external engines all wrong alike
// make the case oracle-suspect (largeSuspect). JudgeWith takes
// large.Options (Off: the old behaviour).
//
// Updates (update_run.go): RunUpdate runs one request on every engine that
// is an oracle.Updater, for `oracle diff -u` and POST /v1/diff, each store
// compared with the judge's (CompareOptions), a failure judged by whether
// the text permits the request to fail (UpdateErrorOutcome).
//
// # Changing it
//
// Tests are data: testdata/triage/*.txt (TestTriageData, rewritten with
// `go test ./internal/triage -run TestTriageData -update`) give a case's
// outcomes and the report triage makes; testdata/engines/*.txt the
// contested readings on real engines (TestReadingsOnEngines). Tests that
// run engines take them from internal/registry/registrytest: the in-house
// ones as the registry builds them, the others by name as oracle diff
// builds them (closed when the test ends).
//
// How to change it: a triage rule is proved by a file under
// testdata/triage (TestTriageData); a new outcome or kind is a constant in
// triage.go (stable strings: they are in reports and the corpus) and its
// row in docs/report-schema.md.
package triage
