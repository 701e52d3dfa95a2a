// Package golden is how tests hold output to a reviewed file: File
// compares a test's output with its golden file, and under
// `go test -update` rewrites the file instead (Update says which), so a
// change of output is reviewed as a diff of testdata. It owns the -update
// flag of every test binary that imports it; such a package's tests define
// no flag of that name themselves.
//
// How to change it: a new way of keeping goldens (a section of a case
// file) is a function here beside File, taken by the tests that wrote it
// by hand; the flag stays the one -update.
package golden
