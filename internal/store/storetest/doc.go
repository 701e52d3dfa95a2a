// Package storetest holds what the tests of internal/store and of the
// packages storing through it share: Schema, a fresh PostgreSQL schema
// per test (ORACLE_TEST_POSTGRES, .ci/run), so a store opened on it sees
// no other test's tables. It imports no oracle package, so internal/store's
// own tests use it too.
//
// How to change it: add a helper here only when two packages' tests need
// it; a test helper of one package stays in that package's helpers_test.go.
package storetest
