// Package oracle defines what every engine shares: a Case (one query over one
// dataset), the Engine interface (Name, Version, Eval), the typed engine
// errors that triage classifies, and Run, which evaluates one case on several
// engines concurrently, each under its own deadline.
//
// rewrite.go gives adapters what they need of a query without importing the
// algebra: its form and dataset clauses (Case.Info) and a copy with IRIs
// renamed (Case.RewriteIRIs, for Rasqal, which names graphs after files).
//
// The reference evaluator and the fast engine are wrapped as Engines in
// internal/registry; external engines are adapters under adapters/. To add an
// error class, add a sentinel here and a case to Classify, then teach triage
// (internal/diff) its outcome.
//
// update.go: UpdateCase and the optional Updater interface, the seam for
// engines that apply SPARQL 1.1 Update requests (the registry's reference
// and engine implement it; adapters may later). AsUpdater finds it through
// wrappers that have Unwrap() Engine.
package oracle
