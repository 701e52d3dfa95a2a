// Package pipeline runs one case through the oracle's stages in the order
// its data flows: the case assembled (CatalogueCase), the engines chosen
// (Engines), then judge (triage.Judge), reduce (reduce.All) and report
// (report.Bugs, report.Reduced). `oracle diff` (cmd/oracle diff.go) and
// the service's POST /v1/diff (internal/server diffapi.go) call Run; a
// divergence the fast engine judged (a large case) is reduced by
// reduce.Large instead of reduce.All (large.go, report.LargeReduced);
// `oracle diff -u` calls RunUpdate, the same stages for an update case
// (reduce.JudgeUpdate, reduce.UpdateAll, report.UpdateBugs,
// report.UpdateReduced). No stage drives another: triage never reduces,
// reduce never writes up, report never runs anything.
//
// Engine selection: the judge and its twin (oracle.JudgeName,
// oracle.TwinName) always run, first; then the requested engines, or the
// default set. The default set is the registry's (registry.Defaults, which
// probes each engine); this package does not import the registry (the
// service passes the engines it serves), so the caller hands Engines a
// function that probes, and Engines calls it at most once per run, and
// only when no engine is requested.
//
// How to change it: a new stage goes into Run and RunUpdate at its place
// in the data flow, each stage a call into the package that owns it (this
// package holds no judging, reduction or writing of its own);
// run_test.go proves the order on a real engine with a real bug (the
// reference wrapped to drop a row and a graph), nolocal_test.go that no
// output of the whole pipeline holds a local path, engines_test.go the
// engine selection.
package pipeline
