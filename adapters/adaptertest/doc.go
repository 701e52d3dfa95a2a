// Package adaptertest holds the checks every adapter's test runs against its
// real engine: the dataset is exactly the case's (a named graph's triple never
// shows in the default graph), each query form answers, a syntax error is
// classified as rejected, and no query reaches the network. reproduce.go
// runs a reproducer's shell text with bash, every engine command a
// recorder (RunRecorded), for adapters/reproducers. update.go checks an
// adapter's native update reproducer against its own store
// (CheckUpdateReproducer); native.go runs a query reproducer for real
// in a folder holding the case's files (RunNative: a release's or a
// master build's script, internal/registry and adapters/rasqal); process.go finds the real engine process a
// kill test kills from outside (ProcessBelow) and checks how the case ended
// (Background, WantKilled, KilledFromOutside; Timed, in adaptertest.go,
// times a case under a deadline). The table-driven checks an
// adapter's test feeds its own cases to: CheckClauses (clauses.go, with
// SourceClauses, the cases every sidecar answers alike) and CheckUpdates
// (adaptertest.go, beside Run: each update's store after it, its failure,
// its outcome). reuse.go holds an engine that keeps a case's store across
// its queries to that contract (CheckReuse: loaded once, another dataset
// loaded, an update or a query naming an absent graph never leaking into
// the next query), for the sidecars and the servers alike.
// setup.go is the setup the adapters' tests share (Starter and
// NodeStarter, node.go: how a test starts its adapter; Local, Command,
// Closed, Source, OnPath, LinkJar, CheckJarReproducer). Only tests import it: it links package testing, which
// no command of the oracle may.
//
// How to change it: a check every adapter must pass is one exported
// function here taking the real engine (Run, CheckClauses, CheckUpdates,
// CheckNativeUpdates), called from each adapter's own test, which passes
// its own cases as data; what two adapters' tests would write alike
// belongs here; a new attack on the sandbox is a query HostileQueries
// returns, which the adapters' tests and the confined tests of cmd/oracle
// and internal/server then run.
package adaptertest
