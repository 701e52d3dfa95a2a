// Command arrows counts the arrows between the files of Go packages and
// those that run back up: `go run ./scripts/arrows internal/diff
// internal/triage` prints, per package, the files that use a declaration
// of another file, the arrows (distinct pairs of files A -> B where A uses
// a top-level declaration or a method declared in B; test files left
// out), and how many point up.
//
// Up is against the order data flows in: the files are ordered so that a
// file comes after the files it uses (dependencies first). Files that use
// each other (a cycle) cannot all be ordered that way; inside such a set
// the order is the greedy one of Eades, Lin and Smyth (take a file that
// uses nothing left, else one nothing left uses, else the one whose uses
// outnumber its users least), and an arrow to a file placed later is an
// upward arrow. Arrows between different sets always point down, so the
// count is zero exactly when the files form no cycle. -v lists the order
// and the upward arrows with the names they use; -v -all every arrow.
//
// It type-checks the packages from source (go/types), so a name is the
// declaration it resolves to, not a string.
//
// How to change it: what counts as an arrow is decided in run (main.go),
// the order in report and els (order.go); check a change by running it
// on internal/diff at a commit whose figures are known (the closing note
// of the split of internal/diff gives them).
package main
