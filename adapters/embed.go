// Package adapters carries the sources every external adapter needs at run
// time, so a binary built by `go install` can install its engines anywhere
// (internal/install writes them into a data folder and builds the
// runtimes there). Each adapter's Go code lives in its own package below;
// this package holds nothing but the files the engines' runtimes read:
// the sidecar scripts, the npm manifests and lock files, the Python
// requirements, the Jena and RDF4J sidecars' Maven projects with the Java
// source they share (javasidecar: both poms compile it) and the Perl sidecar.
//
// A file an adapter adds to its runtime must be added to the embed list
// below; TestEmbedsEveryRuntimeFile (internal/install) fails otherwise.
package adapters

import "embed"

// Sources is the runtime files of every adapter, at their paths relative
// to this folder (oxigraph/sidecar.js, jena/src/main/java/...).
//
//go:embed oxigraph/sidecar.js oxigraph/package.json oxigraph/package-lock.json
//go:embed comunica/sidecar.js comunica/package.json comunica/package-lock.json
//go:embed python/sidecar.py python/requirements.txt
//go:embed jena/pom.xml jena/src jena/build.sh jena/jdk.sh
//go:embed rdf4j/pom.xml rdf4j/src
//go:embed javasidecar/src
//go:embed attean/sidecar.pl
var Sources embed.FS
