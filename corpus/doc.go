// Package corpusdata carries the generator profiles (profiles/*.json) and
// the regression corpus (regress/) inside the binary, so `oracle sweep
// start --profile NAME`, the nightly sweep and `oracle gate` work from a
// binary built by `go install`, with no checkout. internal/corpus reads
// them (DataRoot); inside a checkout the checkout's files come first, so an
// edited profile or a newly recorded case is seen without a rebuild.
//
// How to change it: a new profile is a JSON file under profiles/
// (internal/corpus reads it; TestProfiles in internal/selfcheck loads
// and runs every profile); a regression case is recorded under regress/ by
// internal/regress. A file added under profiles/ or regress/ is carried by
// the patterns of embed.go; a new folder beside them needs a pattern there.
package corpusdata
