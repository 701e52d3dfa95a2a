// Package adapters carries the sources every external adapter needs at run
// time, so a binary built by `go install` can install its engines anywhere
// (internal/install writes them into a data folder and builds the
// runtimes there). Each adapter's Go code lives in its own package below;
// this package holds nothing but the files the engines' runtimes read:
// the sidecar scripts, the npm manifests and lock files, the Python
// requirements, the Jena and RDF4J sidecars' Maven projects with the Java
// source they share (javasidecar: both poms compile it) and the Perl sidecar.
//
// How to change it: a file an adapter's runtime reads goes into the embed
// list of embed.go; TestEmbedsEveryRuntimeFile (internal/install) fails
// when one is missing. A new adapter's Go code is a package of its own
// below this folder (docs/architecture.md, "Each engine described once;
// adding an engine").
package adapters
