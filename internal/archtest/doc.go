// Package archtest holds the tests that keep docs/architecture.md true:
// every package imports only what its row of the import table allows
// (docs/imports.txt, checked against `go list`), the page's table equals
// that file, and the README and the docs link only to files in the
// repository; every package has a doc.go saying how to change it, and no
// comment cites a project issue number or a file not in the repository
// (hygiene_test.go). It has no code of its own.
//
// How to change it: a new package needs its row in docs/imports.txt and in
// the import table of docs/architecture.md (the same imports in both) and
// a doc.go with a "How to change it:" paragraph; a new rule about the
// repository's shape is one more test here, failing with a message that
// says what to do.
package archtest
