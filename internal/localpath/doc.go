// Package localpath keeps this machine's paths out of what the oracle
// writes for others: reports (internal/report), W3C outputs (internal/w3c:
// EARL, JUnit, tables, baselines). The cases themselves hold none (a W3C
// test's files are named by their published IRIs, internal/w3c/public.go);
// what can still carry one is an engine's own message: rasqal names the
// temporary file it loaded (file:///tmp/rasqal-.../g0.nt), a stack trace
// names a jar under the home directory. Text rewrites such text.
//
// It imports only the standard library and internal/w3csuite (where the
// suite and the repository are).
//
// How to change it: to keep another folder out, add it to prefixes; TestText (localpath_test.go) lists what is rewritten.
package localpath
