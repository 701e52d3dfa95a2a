// Package filing is the edge between the write-up and the store: Record
// converts a report.Bug (internal/report) to the store.Record the store
// files, and Bug reads a stored finding back as a report.Bug. The store
// depends on no write-up type; the sweep runner, the server and the
// command line file through this package.
//
// Record files a divergence once per engine on its wrong side (its
// signature's; the bug's own engine when the signature does not read),
// each witness carrying that engine's root cause (its tracker report's)
// and the write-up as filed against it (forEngine): that engine's version
// and answer first, its own tracker report alone, its title. The other
// engines stay in the write-up as annotations; they are never part of a
// finding's identity (internal/store identity.go).
//
// Violation (relation.go) writes up a metamorphic relation's violation
// (internal/large): the engine disagreeing with itself, with no judge's
// answer. It is report.BugFor over a report whose expected answer is the
// one the relation derives from the engine's own answer and whose actual
// answer is the rewrite's; the relation and the definitions it cites are
// the basis, the expected answer's note is Check.Explain (both queries,
// both answers), and the root cause is keyed by the relation and
// RelationTrigger: the constructs of the clause the relation rewrites, so
// seeds violating one relation on one construct are one root cause.
//
// How to change it: to change what a finding records, change store.Record and Record here
// together; a field the store does not file stays in the write-up (the
// Witness body, docs/report-schema.md), which the store keeps as given.
package filing
