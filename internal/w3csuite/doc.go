// Package w3csuite finds the W3C rdf-tests checkout that the tests and
// `oracle w3c` read. The repository pins the suite itself, as a git
// submodule at third_party/rdf-tests (commit ad541a5f, the snapshot named
// in docs/architecture.md); `make` initialises it when it is missing. Where
// the network cannot reach it, a local copy serves: $W3C_TESTS, or
// ../shared/w3c/rdf-tests beside the repository. When none exists, every
// test that needs the suite fails with Missing's one message; none skips.
//
// It imports only the standard library, so every package's tests can use it,
// and not package testing, so the oracle's commands can too (Require takes
// a TB, which *testing.T satisfies).
//
// How to change it: a new place to look for the suite goes into the search
// order here, with a test in w3csuite_test.go (TestEnvironmentWins shows
// the form); a new pinned snapshot is the submodule's commit, named again
// in docs/architecture.md.
package w3csuite
