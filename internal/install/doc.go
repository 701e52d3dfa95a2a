// Package install installs the external engines' runtimes into a data
// folder, so a binary built by `go install` runs them from anywhere:
// `oracle engines install [NAME...]`.
//
// The data folder mirrors the checkout's layout (adapters/<folder>/ with
// the sidecar and its runtime, .venv/ for the Python engines), so the
// registry finds an engine there exactly as it finds it in a checkout
// (internal/registry, adapters.go). The sources come from the binary
// itself (package adapters' embedded Sources).
//
// What to install for an engine is its descriptor's Install part
// (oracle.Descriptor, adapters/<name>/descriptor.json): the
// folder whose sources are written, the steps, where the version is
// pinned, the releases installed beside the pin. This package knows the
// methods (internal/oracle descriptor_install.go lists them: npm ci from
// a lock file, a .venv from requirements.txt, a Maven build, Debian
// packages, a runnable jar from Maven Central with a Java found by a jdk
// script, and the three release methods) and no engine by name: a new
// engine describes its installation with these steps, and a new method is
// one Step kind here plus its case in stepRuntime or releaseRuntime. The
// descriptors are registered when the adapter packages are linked in (the
// registry imports them all): the tests import the registry.
//
// This package is the one installer: scripts/install.sh (and through it
// the Dockerfile) runs `oracle engines install --all` (Everything: every
// engine and every release beside a pin) into the checkout, and names no
// engine itself (internal/archtest TestNoEngineNamedInInstallFiles). The
// shell steps an adapter needs (build.sh, jdk.sh, build-master.sh) live in
// its folder and are embedded.
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
//
// How to change it: a new installation method is one Step kind here plus
// its case in stepRuntime or releaseRuntime; a runtime file the step needs
// is embedded by package adapters. TestEmbedsEveryRuntimeFile and
// TestEverything keep the embedded files and the --all list true to the
// descriptors; TestInstallEndpointAndRelease installs for real.
package install
