// Package archtest holds the tests that keep docs/architecture.md true:
// every package imports only what its row of the import table allows
// (docs/imports.txt, checked against `go list`), the page's table equals
// that file, and the README and the docs link only to files in the
// repository. It has no code of its own.
package archtest
