// Package corpusdata carries the generator profiles (profiles/*.json) and
// the regression corpus (regress/) inside the binary, so `oracle sweep
// start --profile NAME`, the nightly sweep and `oracle gate` work from a
// binary built by `go install`, with no checkout. internal/corpus reads
// them (DataRoot); inside a checkout the checkout's files come first, so an
// edited profile or a newly recorded case is seen without a rebuild.
//
// A file added under profiles/ or regress/ is carried by the patterns
// below; a new folder beside them needs a pattern here.
package corpusdata

import "embed"

// Files holds profiles/*.json and regress/ at their paths relative to this
// folder.
//
//go:embed profiles/*.json regress
var Files embed.FS
