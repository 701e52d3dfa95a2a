// Package stub is the smallest engine added the way every engine is added:
// this folder and one registry line (a blank import of this package in
// internal/registry). It is a real engine, not a mock: it evaluates with
// the reference evaluator (internal/reference, the §18.5 transcription)
// and answers as an engine under test does, with one answer and none of
// the judge's freedoms (an order the query leaves open is the order it
// happened to produce). Everything else the oracle needs of it — its
// family, version, installation, EARL project, how a config builds it —
// is its descriptor, below.
//
// It is never linked into the oracle binary: the test that proves the
// claim (internal/registry stub_test.go) builds the binary with that one
// line added and runs the engine through `oracle diff`, a sweep and the
// dashboard. To change it, keep it small: it exists to show what adding
// an engine takes.
//
// How to change it: keep it the smallest engine that is added the
// documented way; when adding an engine takes something new (a descriptor
// field, a registration step), add it here and
// TestStubEngineOneFolderOneLine (internal/registry stub_test.go) proves
// the claim again.
package stub
