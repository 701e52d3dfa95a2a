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
//go:embed rasqal/build-master.sh
var Sources embed.FS
